#!/usr/bin/env bash
# Long fuzzing outside CI: builds the libFuzzer targets with clang, ASan and UBSan in build-fuzz/
# and runs one for SECONDS (default 600), keeping its corpus in build-fuzz/corpus/TARGET.
# Usage: scripts/fuzz.sh pcm|eel|milk|milk2|shader|playlist|config|json|sprite|message [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-600}
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHOSPHENE_FUZZ=ON -DPHOSPHENE_SANITIZE=ON \
  -DPHOSPHENE_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "fuzz_${target}"
exe=$(find build-fuzz/tests/fuzz -type f -name "fuzz_${target}" -perm -u+x | head -n1)
mkdir -p "build-fuzz/corpus/${target}"
"$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  "build-fuzz/corpus/${target}" "tests/fuzz/seeds/fuzz_${target}"
