# PHOSPHENE_WEB: the Emscripten build (scripts/build-web.sh runs it). Only the library stages and
# the web module (web/) are built; GL is WebGL 2 through the GLES 3 header; the dependencies are
# the static libraries scripts/build-web.sh compiled with emcc from Debian's source packages into
# PHOSPHENE_WEB_DEPS (glslang, SPIRV-Cross, kissfft; stb's headers are Debian's libstb-dev).
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "PHOSPHENE_WEB needs the Emscripten toolchain: scripts/build-web.sh, or "
    "emcmake cmake -S . -B build-web -DPHOSPHENE_WEB=ON -DPHOSPHENE_WEB_DEPS=<cache>/deps-<key>")
endif()
set(PHOSPHENE_WEB_DEPS "" CACHE PATH "Prefix of the emcc-built dependencies (scripts/build-web.sh)")
if(NOT EXISTS "${PHOSPHENE_WEB_DEPS}/BUILT_FROM")
  message(FATAL_ERROR "PHOSPHENE_WEB_DEPS='${PHOSPHENE_WEB_DEPS}' holds no dependency build; "
    "run scripts/build-web.sh, which builds them once into its cache")
endif()

foreach(part TESTS BENCH APPS EXAMPLES)
  set(PHOSPHENE_BUILD_${part} OFF CACHE BOOL "" FORCE)
endforeach()
set(PHOSPHENE_BUILD_PLAYER OFF CACHE STRING "" FORCE)
set(PHOSPHENE_BUILD_PYTHON OFF CACHE STRING "" FORCE)
set(PHOSPHENE_GLES_ONLY ON CACHE BOOL "" FORCE)

# Exceptions: SPIRV-Cross reports unsupported input by throwing, and its C API (like Phosphene's
# own C API) catches; without -fexceptions emcc aborts on the first throw. The dependencies are
# compiled with it too (scripts/build-web.sh).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# The packages' CMake files, named directly: the toolchain re-roots find_package searches into
# Emscripten's sysroot.
set(glslang_DIR ${PHOSPHENE_WEB_DEPS}/lib/cmake/glslang CACHE PATH "" FORCE)
foreach(part core glsl c)
  set(spirv_cross_${part}_DIR ${PHOSPHENE_WEB_DEPS}/share/spirv_cross_${part}/cmake CACHE PATH "" FORCE)
endforeach()
# pkg-config: kissfft-float from the dependency prefix; stb (headers only, the same on every
# platform) from Debian's libstb-dev through a .pc written here.
set(phosphene_web_pc ${CMAKE_BINARY_DIR}/web-pkgconfig)
file(MAKE_DIRECTORY ${phosphene_web_pc})
file(WRITE ${phosphene_web_pc}/stb.pc
  "Name: stb\nDescription: stb headers (Debian libstb-dev)\nVersion: 0\nCflags: -I/usr/include/stb\n")
set(ENV{PKG_CONFIG_LIBDIR} "${PHOSPHENE_WEB_DEPS}/lib/pkgconfig:${phosphene_web_pc}")
set(ENV{PKG_CONFIG_PATH} "")
# pkg-config's libraries (-lkissfft-float) are not found by path under the toolchain's re-rooted
# search, so the linker is told where they are.
add_link_options(-L${PHOSPHENE_WEB_DEPS}/lib)
