#!/bin/sh
# Hostile inputs as data: limits, truncations, garbage, unreadable
# arguments, output faults; every case under tests/hostile/cases/ (the
# case format is described in tests/run-cases.sh).  run.sh [BIN_DIR]
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../run-cases.sh" hostile "$here/cases" "${1:-build/bin}"
