# Sourced by the build scripts (test.sh, test-minimal.sh, sanitize.sh, demo.sh): sets `launcher`,
# the CMake arguments that put ccache in front of the compilers when it is installed.
#
# CI builds a fresh clone in a new folder each run. ccache hashes absolute paths and the working
# directory, so by default no two clones share a cached object. With the checkout as base_dir
# (paths below it hashed relative to it) and hash_dir off, a clone in another folder hits what an
# earlier one compiled. Debug information then names the earlier clone's build folder as its
# compilation directory, which only matters to a debugger looking for sources. A caller's own
# CCACHE_BASEDIR / CCACHE_NOHASHDIR win.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(pwd)}
  export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
fi
