#!/usr/bin/env bash
# Builds Phosphene for the browser (WebAssembly + WebGL 2) and leaves a static site:
#   scripts/build-web.sh [OUT]      (OUT defaults to build-web/ in the repository)
#   OUT/demo/index.html             the demo page
#   OUT/phosphene.js, .wasm, .mjs   the module and its ES-module wrapper (web/src/), beside it
#
# Every dependency is compiled with emcc from Debian's *source* packages (apt-get source, with
# deb-src enabled for the suites apt already uses): glslang (HLSL front end only), SPIRV-Cross (GLSL
# back end and C API only) and kissfft (float). They go into a cache folder outside the repository,
# keyed by the source package versions, emcc's version and this recipe, so CI builds them once.
#   PHOSPHENE_WEB_CACHE   cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/phosphene-web)
#   PHOSPHENE_WEB_JOBS    parallel jobs (default 2)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(realpath -m "${1:-$repo/build-web}")
cache=${PHOSPHENE_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/phosphene-web}
jobs=${PHOSPHENE_WEB_JOBS:-2}
# Debian's emscripten runs its JS tools with node; a node that is not Debian's (nodesource, nvm)
# does not look in /usr/share/nodejs, where Debian's acorn and friends live.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

die() { echo "build-web.sh: $*" >&2; exit 1; }
command -v emcc >/dev/null || die "emcc not found (scripts/deps.sh installs emscripten)"
command -v emcmake >/dev/null || die "emcmake not found (scripts/deps.sh installs emscripten)"
if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi

source_packages=(glslang spirv-cross kissfft)

# --- Source packages: deb-src for the suites apt already uses --------------------------------
ensure_deb_src() {
  if apt-cache showsrc glslang 2>/dev/null | grep -q '^Package: glslang'; then return; fi
  local list=/etc/apt/sources.list.d/phosphene-deb-src.sources
  echo "build-web.sh: enabling deb-src ($list)"
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    # deb822 (Debian 12+): the same entries with Types: deb-src.
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      "${SUDO[@]}" tee "$list" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    list=/etc/apt/sources.list.d/phosphene-deb-src.list
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
      "${SUDO[@]}" tee "$list" >/dev/null
  else
    die "no apt sources found to derive deb-src entries from"
  fi
  "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=900 update -qq
}

# The version apt would fetch for a source package.
source_version() {
  apt-cache showsrc "$1" | awk '/^Version:/ {print $2; exit}'
}

# Bump when the dependency recipe below changes in a way that needs a rebuild.
recipe=3
dep_cflags="-Os -fexceptions"

ensure_deb_src
versions=""
for p in "${source_packages[@]}"; do
  v=$(source_version "$p")
  [ -n "$v" ] || die "apt-cache showsrc $p found no version"
  versions+="$p=$v "
done
emcc_version=$(emcc --version | head -n1)
key=$(printf '%s|%s|%s|%s' "$versions" "$emcc_version" "$recipe" "$dep_cflags" | sha256sum | cut -c1-16)
prefix=$cache/deps-$key

build_deps() {
  local src=$cache/src-$key
  rm -rf "$prefix.tmp"
  mkdir -p "$src" "$prefix.tmp"
  # An interrupted build resumes: the unpacked sources and build folders are kept until the end.
  if [ ! -f "$src/.unpacked" ]; then
    rm -rf "$src" && mkdir -p "$src"
    echo "build-web.sh: fetching source packages: $versions"
    (cd "$src" && apt-get source -qq "${source_packages[@]}" >/dev/null 2>&1) ||
      (cd "$src" && apt-get source "${source_packages[@]}") ||
      die "apt-get source failed (dpkg-dev installed? deb-src enabled?)"
    touch "$src/.unpacked"
  fi
  local glslang_dir spirv_cross_dir kissfft_dir
  glslang_dir=$(find "$src" -maxdepth 1 -type d -name 'glslang-*' | head -n1)
  spirv_cross_dir=$(find "$src" -maxdepth 1 -type d -name 'spirv-cross-*' | head -n1)
  kissfft_dir=$(find "$src" -maxdepth 1 -type d -name 'kissfft-*' | head -n1)
  local common=(-G "Unix Makefiles" -DCMAKE_BUILD_TYPE=MinSizeRel
    "-DCMAKE_C_FLAGS_MINSIZEREL=$dep_cflags -DNDEBUG" "-DCMAKE_CXX_FLAGS_MINSIZEREL=$dep_cflags -DNDEBUG"
    "-DCMAKE_INSTALL_PREFIX=$prefix.tmp" -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF)

  # glslang: the HLSL front end and SPIR-V writer. No SPIRV-Tools: Phosphene turns glslang's
  # optimiser and validator off (src/shader/HlslCompiler.cpp), so ENABLE_OPT=OFF drops it from the
  # link entirely. The StandAlone folder is what provides glslang-default-resource-limits, so the
  # binaries stay on (they are not installed into the site). wasm-ld has no --no-undefined (it
  # fails on undefined symbols by default), so glslang's request for it is dropped.
  sed -i 's/^\( *\)add_link_options("-Wl,--no-undefined")/\1# (build-web.sh) &/' "$glslang_dir/CMakeLists.txt"
  emcmake cmake -S "$glslang_dir" -B "$src/build-glslang" "${common[@]}" \
    -DENABLE_OPT=OFF -DENABLE_HLSL=ON -DENABLE_GLSLANG_BINARIES=ON -DENABLE_SPVREMAPPER=OFF \
    -DENABLE_CTEST=OFF -DBUILD_EXTERNAL=OFF -DENABLE_PCH=OFF -DENABLE_EXCEPTIONS=ON -DENABLE_RTTI=ON \
    >"$src/glslang.configure.log"
  cmake --build "$src/build-glslang" -j"$jobs" >"$src/glslang.build.log"
  cmake --install "$src/build-glslang" >/dev/null

  # SPIRV-Cross: core + GLSL back end + C API, static; no CLI, no other back ends, no tests.
  emcmake cmake -S "$spirv_cross_dir" -B "$src/build-spirv-cross" "${common[@]}" \
    -DSPIRV_CROSS_STATIC=ON -DSPIRV_CROSS_SHARED=OFF -DSPIRV_CROSS_CLI=OFF \
    -DSPIRV_CROSS_ENABLE_TESTS=OFF -DSPIRV_CROSS_ENABLE_GLSL=ON -DSPIRV_CROSS_ENABLE_HLSL=OFF \
    -DSPIRV_CROSS_ENABLE_MSL=OFF -DSPIRV_CROSS_ENABLE_CPP=OFF -DSPIRV_CROSS_ENABLE_REFLECT=OFF \
    -DSPIRV_CROSS_ENABLE_UTIL=OFF -DSPIRV_CROSS_ENABLE_C_API=ON \
    >"$src/spirv-cross.configure.log"
  cmake --build "$src/build-spirv-cross" -j"$jobs" >"$src/spirv-cross.build.log"
  cmake --install "$src/build-spirv-cross" >/dev/null

  # kissfft: float, static, with its pkg-config file (src/audio finds kissfft-float).
  emcmake cmake -S "$kissfft_dir" -B "$src/build-kissfft" "${common[@]}" \
    -DCMAKE_C_FLAGS_MINSIZEREL="-O2 -DNDEBUG" -DKISSFFT_DATATYPE=float -DKISSFFT_STATIC=ON \
    -DKISSFFT_TEST=OFF -DKISSFFT_TOOLS=OFF -DKISSFFT_PKGCONFIG=ON -DKISSFFT_OPENMP=OFF \
    >"$src/kissfft.configure.log"
  cmake --build "$src/build-kissfft" -j"$jobs" >"$src/kissfft.build.log"
  cmake --install "$src/build-kissfft" >/dev/null

  printf '%s\n%s\nrecipe %s, %s\n' "$versions" "$emcc_version" "$recipe" "$dep_cflags" \
    >"$prefix.tmp/BUILT_FROM"
  # pkg-config files carry absolute paths: make them name the final folder.
  find "$prefix.tmp" -name '*.pc' -exec sed -i "s|$prefix.tmp|$prefix|g" {} +
  rm -rf "$prefix"
  mv "$prefix.tmp" "$prefix"
  rm -rf "$src"
}

if [ ! -f "$prefix/BUILT_FROM" ]; then
  echo "build-web.sh: building WebAssembly dependencies into $prefix (once per version)"
  build_deps
else
  echo "build-web.sh: dependencies cached in $prefix"
fi

if [ "${PHOSPHENE_WEB_DEPS_ONLY:-0}" = 1 ]; then exit 0; fi

# --- Phosphene: the library and the web module -------------------------------------------------
# emcc runs clang underneath: ccache wraps that call, so CI's repeated builds of the module are cheap.
if command -v ccache >/dev/null; then export EM_COMPILER_WRAPPER=ccache; fi
emcmake cmake -S "$repo" -B "$out" -DPHOSPHENE_WEB=ON -DCMAKE_BUILD_TYPE=Release \
  "-DPHOSPHENE_WEB_DEPS=$prefix" >/dev/null
cmake --build "$out" -j"$jobs"
echo "build-web.sh: site in $out (demo: $out/demo/index.html)"
