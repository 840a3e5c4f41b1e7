#!/usr/bin/env bash
# The whole composition matrix of docs/architecture.md: every backend x system x variant x statistics, a run held in
# memory against the same run in slabs, bitwise (CompositionMatrixTest, tag matrix; the default test command runs a
# reduced set). Prints the JUnit summary; the last result goes into benchmarks/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -o -q test -Dgeomech.excludedGroups= -Dgroups=matrix -Dtest=CompositionMatrixTest -Dsurefire.failIfNoSpecifiedTests=false
grep -o 'tests="[0-9]*" errors="[0-9]*" skipped="[0-9]*" failures="[0-9]*"' target/surefire-reports/TEST-org.geomech.api.CompositionMatrixTest.xml
