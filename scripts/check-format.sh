#!/usr/bin/env bash
# Fails when a tracked C or C++ source is not formatted as .clang-format says (clang-format from
# Debian, installed by scripts/deps.sh), naming each file and the first difference. CTest runs it
# as the `source_format` test, so CI checks formatting on every run.
#   scripts/check-format.sh        every tracked .c/.cpp/.h/.hpp file
#   scripts/check-format.sh FILE…  only those (an editor hook, a pre-commit check)
# The fix for a reported file: clang-format -i FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || {
  echo "check-format.sh: clang-format not found (scripts/deps.sh installs it)" >&2
  exit 1
}
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' '*.hpp')
fi
[ ${#files[@]} -gt 0 ] || { echo "check-format.sh: no files to check" >&2; exit 1; }
bad=0
for f in "${files[@]}"; do
  if ! out=$(clang-format --dry-run -Werror "$f" 2>&1); then
    echo "$out" | head -3 >&2
    bad=$((bad + 1))
  fi
done
if [ "$bad" -gt 0 ]; then
  echo "check-format.sh: $bad of ${#files[@]} files need clang-format -i" >&2
  exit 1
fi
echo "check-format.sh: ${#files[@]} files formatted"
