#!/bin/sh
# Runs every cmocka unit-test binary given; prints one closing count line.
passed=0 failed=0
for t in "$@"; do
	if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t" >&2; fi
done
echo "unit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
