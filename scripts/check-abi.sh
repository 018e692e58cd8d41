#!/usr/bin/env bash
# The ABI guard: compares the ABI that libphosphene.so exports (its public functions and every type
# they reach, read from the library's debug information by libabigail's abidw) with the approved
# description in abi/libphosphene.abi, using abidiff (abigail-tools, installed by scripts/deps.sh).
#
#   scripts/check-abi.sh [LIB]            check (LIB: default build/src/libphosphene.so)
#   scripts/check-abi.sh --update [LIB]   approve: write LIB's ABI as the new description
#
# Outcomes:
#   identical                      passes.
#   added functions only           fails until approved: a new function is a promise kept for the
#                                  life of the SONAME, so it is approved on purpose: run --update
#                                  and commit abi/libphosphene.abi with the change.
#   removed or changed             fails: a removed or changed function, a struct whose size or
#                                  layout changed. Either undo it, or make a new major version
#                                  (project(VERSION) in CMakeLists.txt, which is the SONAME) and
#                                  approve the new ABI with --update.
# LIB must be built with debug information (RelWithDebInfo, as scripts/test.sh builds) by GCC, as
# the description was. CTest runs the check as the test `abi_compatible` (label abi).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
update=0
if [ "${1:-}" = --update ]; then
  update=1
  shift
fi
lib=${1:-$repo/${PHOSPHENE_BUILD_DIR:-build}/src/libphosphene.so}
baseline=$repo/abi/libphosphene.abi
die() {
  echo "check-abi.sh: $*" >&2
  exit 1
}
for tool in abidw abidiff; do
  command -v "$tool" >/dev/null || die "$tool not found (scripts/deps.sh installs abigail-tools)"
done
[ -f "$lib" ] || die "$lib not found (build the library first)"
# Only what include/phosphene/ declares counts: the exported functions and the
# types they reach (the library's internal C++ is hidden and not part of its ABI). No source
# locations or build folders, so the description does not change when lines move.
describe() {
  abidw --headers-dir "$repo/include/phosphene" --exported-interfaces-only --drop-private-types \
    --no-show-locs --no-comp-dir-path --no-corpus-path --out-file "$1" "$lib"
}
if [ "$update" = 1 ]; then
  describe "$baseline"
  echo "check-abi.sh: wrote $baseline from $lib ($(grep -c '<elf-symbol ' "$baseline") symbols);" \
    "commit it with the change it approves"
  exit 0
fi
[ -f "$baseline" ] || die "$baseline missing (scripts/check-abi.sh --update writes it)"
current=$(mktemp)
report=$(mktemp)
trap 'rm -f "$current" "$report"' EXIT
describe "$current"
set +e
abidiff --no-show-locs "$baseline" "$current" >"$report" 2>&1
rc=$?
set -e
if [ "$rc" -eq 0 ]; then
  echo "check-abi.sh: $(basename "$lib") matches abi/libphosphene.abi" \
    "($(grep -c '<elf-symbol ' "$baseline") symbols)"
  exit 0
fi
cat "$report" >&2
# abidiff's exit status is a bit field: 1 error, 2 usage error, 4 ABI change, 8 incompatible change
# (libabigail keeps 8 for removed functions; a struct whose size or layout changed comes as 4 with
# a "[C]" entry), so the report decides what kind of change this is.
if [ $((rc & 3)) -ne 0 ]; then
  die "abidiff failed (exit status $rc)"
elif [ $((rc & 8)) -ne 0 ] || grep -qE '^ *\[(C|D)\] ' "$report"; then
  die "the ABI CHANGED (above: removed or changed functions or types). A removed function or a" \
    "struct whose size or layout changed breaks every host built against the old library: undo" \
    "it, or raise the major version (the SONAME, project(VERSION) in CMakeLists.txt) and approve" \
    "the new ABI with scripts/check-abi.sh --update. Only a change that old hosts cannot see (a" \
    "new enumerator after the existing ones) may be approved without a new major version."
else
  die "the ABI grew (above: added functions). If intended, approve it:" \
    "scripts/check-abi.sh --update, and commit abi/libphosphene.abi with the change"
fi
