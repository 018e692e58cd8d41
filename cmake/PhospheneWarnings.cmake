# Warning flags for every Phosphene target. Call phosphene_warnings(target) on each one we own.
add_library(phosphene_warnings INTERFACE)
target_compile_options(phosphene_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Wall -Wextra -Wshadow=local -Wnon-virtual-dtor>
  # Clang (and emcc) has no -Wshadow=local, GCC's spelling.
  $<$<COMPILE_LANG_AND_ID:CXX,Clang>:-Wall -Wextra -Wnon-virtual-dtor>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra>)
if(PHOSPHENE_WERROR)
  target_compile_options(phosphene_warnings INTERFACE -Werror)
endif()
# Sanitizers apply to everything built here (libraries, tests, apps, examples, test helpers), so
# they are global options rather than phosphene_warnings' (which third-party-facing targets such as
# the C examples might not all carry).
string(TOLOWER "${PHOSPHENE_SANITIZE}" phosphene_sanitize)
if(phosphene_sanitize MATCHES "^(on|yes|true|1|address)$")
  # UBSan's vptr check needs the RTTI of every polymorphic class it sees; Debian builds glslang
  # without RTTI, so with it the link fails ("undefined reference to typeinfo for
  # glslang::TShader"). Everything else of UBSan stays on.
  set(phosphene_sanitize_flags -fsanitize=address,undefined -fno-sanitize=vptr
    -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
elseif(phosphene_sanitize STREQUAL "thread")
  set(phosphene_sanitize_flags -fsanitize=thread -fno-omit-frame-pointer)
elseif(NOT phosphene_sanitize MATCHES "^(off|no|false|0|)$")
  message(FATAL_ERROR "PHOSPHENE_SANITIZE must be OFF, ON, address or thread (got '${PHOSPHENE_SANITIZE}')")
endif()
if(phosphene_sanitize_flags)
  add_compile_options(${phosphene_sanitize_flags})
  add_link_options(${phosphene_sanitize_flags})
endif()

# PHOSPHENE_GL_TEST_ENV: environment for test programs that end their GL display themselves
# (eglTerminate, as the examples do). Mesa 22's eglTerminate dlcloses the llvmpipe driver
# (swrast_dri.so) while two 56-byte blocks of the driver's are still referenced only from its own
# globals; LeakSanitizer then reports them as an indirect leak with frames in an unmapped module,
# which no suppression can name. Preloading the driver keeps it mapped until exit: its memory stays
# reachable, and a real leak in it would still be named (and suppressed by lsan.supp's
# leak:swrast_dri.so). The GL tests get it too: with the driver dlopen'ed, LeakSanitizer's
# exit-time scan crashed in its own tracer ("Tracer caught signal 11", GCC 12) on a stale dynamic-TLS
# entry of the main thread ("DTLS 10 at 0x1d9b-0x1800002e9d") in
# ShaderPresetGolden/fractal_jellyfish_es3 under ctest, every time; preloaded, the driver's TLS is
# static and the scan is clean. GCC's ASan runtime is a shared library that must come first in the preload
# list; clang links its runtime into the executable.
set(PHOSPHENE_GL_TEST_ENV "")
if(phosphene_sanitize MATCHES "^(on|yes|true|1|address)$")
  find_file(PHOSPHENE_LLVMPIPE_DRIVER swrast_dri.so
    PATHS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/dri /usr/lib64/dri /usr/lib/dri NO_DEFAULT_PATH)
  if(PHOSPHENE_LLVMPIPE_DRIVER)
    set(preload ${PHOSPHENE_LLVMPIPE_DRIVER})
    if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
      execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
        OUTPUT_VARIABLE asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
      set(preload "${asan_runtime}:${preload}")
    endif()
    set(PHOSPHENE_GL_TEST_ENV "LD_PRELOAD=${preload}")
  endif()
endif()

# phosphene_module(NAME SOURCES... DEPS ...): one static library per stage folder. DEPS lists the
# stage's allowed edges (DESIGN.md "Dependencies point one way"); a wrong include fails to build.
#
# Each stage sees only its own headers and those of the stages it depends on: its include root is
# a folder of the build tree holding one link, `<stage>` → src/<stage>, and the roots of its DEPS
# come with them (PUBLIC), so `#include "engine/..."` in src/preset fails to compile. Headers a
# stage exposes in its own public headers (render's use gl's) reach its users too; the
# layout_dependencies test catches direct includes of those.
function(phosphene_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS;EXTERNAL" ${ARGN})
  add_library(phosphene_${name} STATIC ${M_SOURCES})
  set(root ${PROJECT_BINARY_DIR}/stage-include/${name})
  if(NOT EXISTS ${root}/${name})
    file(MAKE_DIRECTORY ${root})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${name} ${root}/${name} SYMBOLIC COPY_ON_ERROR)
  endif()
  target_include_directories(phosphene_${name} PUBLIC ${root} ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(phosphene_${name} PUBLIC ${M_DEPS} PRIVATE phosphene_warnings ${M_EXTERNAL})
  set_property(GLOBAL APPEND PROPERTY PHOSPHENE_MODULES phosphene_${name})
endfunction()
