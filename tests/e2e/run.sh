#!/bin/sh
# End-to-end tests as data: every case under tests/e2e/cases/ (the case
# format is described in tests/run-cases.sh).  run.sh [BIN_DIR]
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../run-cases.sh" e2e "$here/cases" "${1:-build/bin}"
