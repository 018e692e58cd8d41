#!/usr/bin/env bash
# Builds Phosphene with sanitizers in its own folder and runs what they should watch; exits
# non-zero on any sanitizer report, failed or skipped test, or crash.
#
#   scripts/sanitize.sh address        ASan + UBSan (build-asan/): unit, API, CLI and GL tests and
#                                      the fuzz replays, `phosphene lint --frames 30
#                                      --compile-shaders` over projectm-data, a sampled corpus
#                                      render (each preset alone, then a few in one transition
#                                      sequence)
#   scripts/sanitize.sh address --ci   the part CI runs (scripts/test.sh): unit, API and CLI tests
#                                      and the corpus lint (10 frames, no GL)
#   scripts/sanitize.sh thread         TSan (build-tsan/): the tests that run threads (audio
#                                      producer, preset loader, two engines, render calls from a
#                                      thread without a context) and a render with background loads
#
# ccache is used when installed. Suppressions, each explained, live beside this script: lsan.supp
# and tsan.supp, for Mesa/llvmpipe internals only, never our code.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-address}
ci=0
[ "${2:-}" = "--ci" ] && ci=1
case "$mode" in
  address) build=${PHOSPHENE_SANITIZE_BUILD_DIR:-build-asan} ;;
  thread) build=${PHOSPHENE_SANITIZE_BUILD_DIR:-build-tsan} ;;
  *)
    echo "usage: scripts/sanitize.sh address|thread [--ci]" >&2
    exit 2
    ;;
esac

scripts/deps.sh
jobs=$(nproc)
source scripts/compiler-cache.sh
started=$(date +%s)
# Benchmarks stay out: timing loops under a sanitizer check nothing the tests do not (the option
# still instruments them when they are turned on). The CI run configures only the test folders it
# runs (unit, API, CLI, player): the GL, corpus, fuzz and install tests cost a third of an
# instrumented build and none of them runs there. -g1 (line tables) is all a sanitizer report
# needs to name files and lines, and compiles faster than full debug information.
if [ "$ci" = 1 ]; then suites="-DPHOSPHENE_TEST_SUITES=unit;api;cli;player"; else suites=-UPHOSPHENE_TEST_SUITES; fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHOSPHENE_SANITIZE="$mode" \
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
  -DPHOSPHENE_WERROR=ON -DPHOSPHENE_BUILD_BENCH=OFF "$suites" "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
echo "sanitize.sh: $mode build took $(($(date +%s) - started)) s"

supp=$(pwd)/scripts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# ASan, LSan and TSan write each report to a file here (log_path), so that a report in a child
# process (the CLI run by a test script) cannot go unnoticed: any file here fails the run.
# GCC's UBSan runtime ignores log_path and always prints to stderr, so its reports are caught by
# the abort (abort_on_error; -fno-sanitize-recover makes every check fatal) and by scanning the
# output of everything run here for "runtime error:".
reports=$work/reports
mkdir "$reports"
export ASAN_OPTIONS="abort_on_error=1:halt_on_error=1:detect_leaks=1:log_path=$reports/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp:log_path=$reports/tsan"
# Headless GL: EGL without a window system (Mesa's llvmpipe when there is no GPU).
export EGL_PLATFORM=surfaceless
signature='runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|ThreadSanitizer:'

fail() {
  echo "sanitize.sh: $*" >&2
  for f in "$reports"/*; do
    if [ -e "$f" ]; then
      echo "---- $f" >&2
      head -80 "$f" >&2
    fi
  done
  exit 1
}
# check WHAT [OUTPUT-FILE...]: fails on a report file or a sanitizer message in the given output.
check() {
  local what=$1
  shift
  if compgen -G "$reports/*" >/dev/null; then fail "sanitizer reports ($what)"; fi
  local f
  for f in "$@"; do
    if grep -qE "$signature" "$f"; then
      cp "$f" "$reports/$(basename "$f")"
      fail "sanitizer report in the output ($what)"
    fi
  done
}

# run_ctest WHAT CTEST-ARGS...: the selected tests; fails on a failed or skipped test (a skip is a
# test that did not run: deps.sh installs everything the tests need) and on any report.
tests_run=0
run_ctest() {
  local what=$1
  shift
  local junit=$work/ctest.xml log=$work/ctest.log
  # The JUnit file keeps every test's output (up to the sizes given), passed ones included, for
  # the scan for sanitizer messages.
  if ! (cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 900 --output-junit "$junit" \
    --test-output-size-passed 1000000 --test-output-size-failed 1000000 "$@") | tee "$log"; then
    fail "tests failed ($what)"
  fi
  local suite count skipped
  suite=$(tr '\n' ' ' <"$junit" | grep -oE '<testsuite [^>]*')
  count=$(grep -oE '[[:space:]]tests="[0-9]+"' <<<"$suite" | grep -oE '[0-9]+')
  skipped=$(grep -oE '[[:space:]]skipped="[0-9]+"' <<<"$suite" | grep -oE '[0-9]+')
  if [ "${skipped:-0}" != 0 ] || grep -q "Not Run" "$log"; then
    grep -E "\(Skipped\)|\(Disabled\)|Not Run" "$log" >&2 || true
    fail "$skipped tests skipped ($what)"
  fi
  [ "${count:-0}" -gt 0 ] || fail "no tests selected ($what)"
  check "$what" "$junit"
  tests_run=$((tests_run + count))
  echo "sanitize.sh: $what: $count tests passed"
}

cli="$build/apps/phosphene/phosphene"
corpus=/usr/share/projectM/presets
[ -d "$corpus" ] || fail "$corpus missing (scripts/deps.sh installs projectm-data)"
linted=0
rendered=0

# lint_corpus: every preset of the collection parsed, compiled, run, shaders translated; the full
# run also compiles the shaders on GL and runs 30 frames, CI (--ci) 10 frames without GL, which
# keeps its share of the CI time to a few minutes.
lint_corpus() {
  local t0 rc
  local args=(--frames 30 --compile-shaders)
  [ "$ci" = 1 ] && args=(--frames 10)
  t0=$(date +%s)
  linted=$(find "$corpus" -name '*.milk' | wc -l)
  # Exit status 1 only means some preset has errors; a sanitizer report aborts (134) instead.
  set +e
  "$cli" lint "${args[@]}" "$corpus" >/dev/null 2>"$work/lint.stderr"
  rc=$?
  set -e
  [ "$rc" -le 1 ] || fail "lint exited with $rc ($(tail -3 "$work/lint.stderr"))"
  check "lint" "$work/lint.stderr"
  echo "sanitize.sh: lint ${args[*]} over $linted presets: $(($(date +%s) - t0)) s"
}

# render_sample: one preset in 120 of the sorted collection (35 presets, every folder), each alone
# at 96x72 for 30 frames with shaders and textures, then every 600th in one transition sequence
# (the engine's loader thread and two presets blending).
render_sample() {
  local t0 preset
  t0=$(date +%s)
  while IFS= read -r preset; do
    "$cli" render --preset "$preset" --frames 30 --size 96x72 \
      --texture-dir "$corpus/presets_tryptonaut" --out - >/dev/null 2>"$work/render.stderr" ||
      fail "render failed: $preset ($(tail -3 "$work/render.stderr"))"
    check "render $preset" "$work/render.stderr"
    rendered=$((rendered + 1))
  done < <(find "$corpus" -name '*.milk' | LC_ALL=C sort | awk 'NR % 120 == 1')
  transition_render 600 0 "sequence"
  echo "sanitize.sh: rendered $rendered presets alone and $sequence in a transition sequence:" \
    "$(($(date +%s) - t0)) s"
}

# transition_render EVERY ASYNC WHAT: every EVERY-th preset in one render, 0.4 s each with 0.3 s
# transitions; ASYNC=1 renders as a live player does (loads on the loader thread, never waited
# for).
sequence=0
transition_render() {
  local every=$1 async=$2 what=$3
  local some args=() extra=()
  mapfile -t some < <(find "$corpus" -name '*.milk' | LC_ALL=C sort | awk -v n="$every" 'NR % n == 3')
  for p in "${some[@]}"; do args+=(--preset "$p"); done
  [ "$async" = 1 ] && extra=(--async-loads)
  "$cli" render "${args[@]}" "${extra[@]}" --preset-duration 0.4 --transition 0.3 --fps 30 \
    --frames $((${#some[@]} * 12 + 12)) --size 96x72 --out - >/dev/null 2>"$work/seq.stderr" ||
    fail "transition render failed ($what: $(tail -3 "$work/seq.stderr"))"
  check "$what" "$work/seq.stderr"
  sequence=${#some[@]}
}

if [ "$mode" = address ]; then
  # The install test is left out: it builds a host program without sanitizers against the
  # installed (instrumented) library, which cannot load without preloading the runtime; the normal
  # build runs it.
  if [ "$ci" = 1 ]; then
    run_ctest "unit, API, CLI and player tests" -LE 'gl|corpus|bench|fuzz|install|web|package|format' -E '^gl_'
    lint_corpus
  else
    run_ctest "unit, API, CLI, GL tests and fuzz replays" -LE 'corpus|bench|install|web|package|format'
    lint_corpus
    render_sample
  fi
else
  # The threads: the audio producer (ring buffer, PCM input), the preset loader (PresetLoader,
  # transitions), two engines at once, render calls from a thread without a context.
  run_ctest "threaded tests" -LE 'corpus|bench|web|package|format' -R 'RingBuffer|PcmInput|Loader|Transition|TwoEngines|NoContext|EngineShaders|HeadlessContext|PresetHandles|CApiFrame'
  t0=$(date +%s)
  transition_render 300 1 "async transition render"
  echo "sanitize.sh: $sequence presets with async loads and transitions: $(($(date +%s) - t0)) s"
fi
echo "sanitize.sh: $mode$([ "$ci" = 1 ] && echo ' --ci'): no sanitizer reports; $tests_run tests," \
  "$linted presets linted, $rendered rendered alone, $sequence in a sequence;" \
  "$(($(date +%s) - started)) s in all"
