#!/usr/bin/env bash
# Installs dependencies, builds everything with warnings as errors, and runs every test.
# This is the README's test command and exactly what CI runs. Each step prints its time, and the
# last line sums them up (CI's budget for all of this on a fresh 2-core machine is 45 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step_start=$started
steps=""
# step_done NAME: records how long the step that just ended took.
step_done() {
  local now
  now=$(date +%s)
  steps+="$1 $((now - step_start)) s, "
  echo "test.sh: $1 took $((now - step_start)) s"
  step_start=$now
}

scripts/deps.sh
step_done deps
build=${PHOSPHENE_BUILD_DIR:-build}
jobs=$(nproc)
source scripts/compiler-cache.sh
# Every test folder (a folder configured by scripts/demo.sh or by hand may have fewer).
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHOSPHENE_WERROR=ON \
  -DPHOSPHENE_BUILD_TESTS=ON -DPHOSPHENE_BUILD_BENCH=ON -UPHOSPHENE_TEST_SUITES "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
step_done build
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 900) | tee "$log"
# A skipped test did not run (no EGL display, no projectm-data, ...): deps.sh installs everything
# the tests need, so here a skip is a failure. GoogleTest skips show as "Skipped" in CTest
# (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt), and CTest lists every test that did not run.
if grep -qE "^The following tests did not run:|\*\*\*Skipped|\*\*\*Not Run" "$log"; then
  echo "test.sh: some tests were skipped or not run:" >&2
  grep -E "\((Skipped|Disabled)\)|\*\*\*Not Run" "$log" >&2 || true
  exit 1
fi
step_done tests
# The minimal configuration (library only, no optional dependency), built with Clang, and its
# tests: one step covers "minimal" and "Clang" (PHOSPHENE_SKIP_MINIMAL=1 leaves it out locally).
if [ "${PHOSPHENE_SKIP_MINIMAL:-0}" != 1 ]; then
  scripts/test-minimal.sh
  step_done minimal
fi
# The part of the sanitizer run CI can afford, ASan + UBSan over the unit, API, CLI and player
# tests and the corpus lint (scripts/sanitize.sh address runs all of it); PHOSPHENE_SKIP_SANITIZE=1
# leaves it out locally.
if [ "${PHOSPHENE_SKIP_SANITIZE:-0}" != 1 ]; then
  scripts/sanitize.sh address --ci
  step_done sanitize
fi
echo "test.sh: passed: ${steps%, }; $(($(date +%s) - started)) s in all"
