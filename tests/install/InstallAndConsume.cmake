# Installs the build tree into WORK_DIR/prefix (and through DESTDIR), checks the installed layout
# and exports, then builds and RUNS consumer.c and the C examples against the prefix three ways:
# pkg-config only, find_package(Phosphene) only, and statically via `pkg-config --static`.
# Finally it moves the prefix and checks that the library finds its data in the new place.
# Any failing step fails the test with its output. Exit status 77 (an example's "no EGL display")
# is a failure here: scripts/deps.sh installs Mesa's EGL.
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# run(COMMAND...): runs it, fails on a non-zero status; its stdout is left in run_output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message("${out}")
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# expect_line(TEXT "key: value"): TEXT has exactly that line.
function(expect_line text line)
  string(FIND "${text}" "\n${line}\n" at)
  if(at EQUAL -1)
    string(FIND "${text}" "${line}\n" at0)
    if(NOT at0 EQUAL 0)
      message(FATAL_ERROR "expected the line '${line}' in:\n${text}")
    endif()
  endif()
endfunction()

# not_linked_to_shared(BINARY): the program must not need libphosphene.so (a static link).
function(not_linked_to_shared binary)
  execute_process(COMMAND ${READELF} -d ${binary} OUTPUT_VARIABLE dynamic)
  if(dynamic MATCHES "libphosphene\\.so")
    message(FATAL_ERROR "${binary} needs libphosphene.so; it was meant to link libphosphene.a")
  endif()
endfunction()

# --- install, and install through DESTDIR --------------------------------------------------
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(staged_prefix /opt/phosphene-install-test)
run(${CMAKE_COMMAND} -E env DESTDIR=${WORK_DIR}/destdir
  ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${staged_prefix})
if(EXISTS ${staged_prefix})
  message(FATAL_ERROR "DESTDIR ignored: files were installed into ${staged_prefix}")
endif()
file(GLOB_RECURSE plain RELATIVE ${prefix} LIST_DIRECTORIES false ${prefix}/*)
file(GLOB_RECURSE staged RELATIVE ${WORK_DIR}/destdir${staged_prefix} LIST_DIRECTORIES false
  ${WORK_DIR}/destdir${staged_prefix}/*)
list(SORT plain)
list(SORT staged)
if(NOT plain STREQUAL staged OR NOT plain)
  message(FATAL_ERROR "DESTDIR install differs from the plain one:\n${staged}\nvs\n${plain}")
endif()
list(JOIN plain "\n  " listing)
message("installed files:\n  ${listing}")

# --- layout ---------------------------------------------------------------------------------
# lib/ or lib/<multiarch>/ as GNUInstallDirs chose; SONAME is e.g. libphosphene.so.1.
string(REPLACE "." "\\." soname_re "${SONAME}")
set(required "^include/phosphene/phosphene\\.h$" "^include/phosphene/phosphene\\.hpp$"
  "^include/phosphene/phosphene_overlay\\.h$" "^lib(/[^/]+)?/libphosphene\\.a$"
  "^lib(/[^/]+)?/libphosphene\\.so$" "^lib(/[^/]+)?/${soname_re}$"
  "^lib(/[^/]+)?/pkgconfig/phosphene\\.pc$" "^lib(/[^/]+)?/cmake/Phosphene/PhospheneConfig\\.cmake$"
  "^lib(/[^/]+)?/cmake/Phosphene/PhospheneConfigVersion\\.cmake$"
  "^lib(/[^/]+)?/cmake/Phosphene/PhospheneTargets\\.cmake$"
  "^share/phosphene/presets/[^/]+\\.milk$" "^share/phosphene/textures/README$")
if(HAS_CONFIG)
  list(APPEND required "^share/phosphene/phosphene\\.toml$")
endif()
foreach(re ${required})
  set(found OFF)
  foreach(f ${plain})
    if(f MATCHES "${re}")
      set(found ON)
      break()
    endif()
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "not installed: ${re}")
  endif()
endforeach()
if(HAS_CONFIG)
  # The same bytes the player writes on a first run (the build tree's generated copy; the unit
  # test PlayerConfigFile.InstalledDefaultFileIsTheOneTheFirstRunWrites compares that one).
  file(READ ${prefix}/share/phosphene/phosphene.toml installed_config)
  file(READ ${BUILD_DIR}/data/phosphene.toml built_config)
  if(NOT installed_config STREQUAL built_config)
    message(FATAL_ERROR "installed phosphene.toml differs from the generated one")
  endif()
endif()
# Fonts come from the system (fontconfig / fonts-dejavu), never from our data folder.
file(GLOB_RECURSE fonts ${prefix}/share/phosphene/*.ttf ${prefix}/share/phosphene/*.otf)
if(fonts)
  message(FATAL_ERROR "fonts installed into share/phosphene: ${fonts}")
endif()

# --- exports of the installed library -----------------------------------------------------------
file(GLOB_RECURSE installed_so ${prefix}/*/${SONAME})
list(GET installed_so 0 installed_so)
get_filename_component(libdir ${installed_so} DIRECTORY)
run(${CMAKE_COMMAND} -DLIB=${installed_so} -DNM=${NM} -DREADELF=${READELF} -DSONAME=${SONAME}
  -P ${CMAKE_CURRENT_LIST_DIR}/CheckExports.cmake)

# --- pkg-config only ------------------------------------------------------------------------------
set(ENV{PKG_CONFIG_PATH} ${libdir}/pkgconfig)
execute_process(COMMAND pkg-config --cflags --libs phosphene OUTPUT_VARIABLE flags
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config cannot find phosphene in ${libdir}/pkgconfig")
endif()
# Only what the public header needs: no private dependency's flags (kissfft's) for hosts.
execute_process(COMMAND pkg-config --cflags phosphene OUTPUT_VARIABLE cflags
  OUTPUT_STRIP_TRAILING_WHITESPACE)
if(cflags MATCHES "kiss|-D")
  message(FATAL_ERROR "pkg-config --cflags phosphene leaks private flags: ${cflags}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} -std=c99 -Wall -pedantic -Werror ${SOURCE_DIR}/consumer.c ${flags}
  -Wl,-rpath,${libdir} -o ${WORK_DIR}/consumer_pc)
run(${WORK_DIR}/consumer_pc)
expect_line("${run_output}" "features: ${EXPECTED_FEATURES}")
expect_line("${run_output}" "data: ${prefix}/share/phosphene")
expect_line("${run_output}" "textures: ${prefix}/share/phosphene/textures")

# The examples, as a host builds them from the installed package, each one run.
execute_process(COMMAND pkg-config --cflags --libs phosphene egl glesv2 OUTPUT_VARIABLE glflags
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config cannot find egl/glesv2 for the examples")
endif()
separate_arguments(glflags UNIX_COMMAND "${glflags}")
foreach(example audio_levels render_preset play_folder)
  run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${EXAMPLES_DIR}/${example}.c ${glflags} -lm
    -Wl,-rpath,${libdir} -o ${WORK_DIR}/${example}_pc)
endforeach()
run(${CXX} -std=c++17 -Wall -Wextra -pedantic -Werror ${EXAMPLES_DIR}/native_preset.cpp
  ${glflags} -Wl,-rpath,${libdir} -o ${WORK_DIR}/native_preset_pc)
set(runner "")
if(RUN_ENV)
  set(runner ${CMAKE_COMMAND} -E env ${RUN_ENV})
endif()
run(${runner} ${WORK_DIR}/audio_levels_pc)
run(${runner} ${WORK_DIR}/render_preset_pc)
run(${runner} ${WORK_DIR}/play_folder_pc ${PRESETS_DIR} 60)
run(${runner} ${WORK_DIR}/native_preset_pc)

# --- static, through pkg-config --static -----------------------------------------------------------
# `-lphosphene` would pick the shared library that sits next to the archive; a host that wants the
# archive names it, and takes everything else from Libs.private.
execute_process(COMMAND pkg-config --static --libs phosphene OUTPUT_VARIABLE static_flags
  OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REPLACE "-lphosphene" "-l:libphosphene.a" static_flags "${static_flags}")
separate_arguments(static_flags UNIX_COMMAND "${static_flags}")
separate_arguments(cflags UNIX_COMMAND "${cflags}")
execute_process(COMMAND pkg-config --cflags --libs egl glesv2 OUTPUT_VARIABLE egl_flags
  OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(egl_flags UNIX_COMMAND "${egl_flags}")
run(${CC} -std=c99 -Wall -pedantic -Werror ${SOURCE_DIR}/consumer.c ${cflags} ${static_flags}
  -o ${WORK_DIR}/consumer_static_pc)
not_linked_to_shared(${WORK_DIR}/consumer_static_pc)
run(${WORK_DIR}/consumer_static_pc)
expect_line("${run_output}" "features: ${EXPECTED_FEATURES}")
run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${EXAMPLES_DIR}/render_preset.c ${cflags}
  ${static_flags} ${egl_flags} -lm -o ${WORK_DIR}/render_preset_static_pc)
not_linked_to_shared(${WORK_DIR}/render_preset_static_pc)
run(${runner} ${WORK_DIR}/render_preset_static_pc)

# --- find_package only -----------------------------------------------------------------------------
unset(ENV{PKG_CONFIG_PATH})  # Phosphene must come from its CMake package alone
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/project -B ${WORK_DIR}/cmake-build
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX}
  -DEXAMPLES_DIR=${EXAMPLES_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
set(cm ${WORK_DIR}/cmake-build)
run(${cm}/consumer)
expect_line("${run_output}" "data: ${prefix}/share/phosphene")
not_linked_to_shared(${cm}/consumer_static)
run(${cm}/consumer_static)
expect_line("${run_output}" "features: ${EXPECTED_FEATURES}")
run(${runner} ${cm}/audio_levels)
run(${runner} ${cm}/render_preset)
run(${runner} ${cm}/play_folder ${PRESETS_DIR} 60)
run(${runner} ${cm}/native_preset)
not_linked_to_shared(${cm}/render_preset_static)
run(${runner} ${cm}/render_preset_static)

# --- relocation and overrides ------------------------------------------------------------------------
# The prefix moved elsewhere: the shared library finds share/phosphene next to itself, and a
# program linked with libphosphene.a finds it from its bin/ folder. PHOSPHENE_DATA_DIR wins.
set(moved ${WORK_DIR}/moved)
file(RENAME ${prefix} ${moved})
file(MAKE_DIRECTORY ${moved}/bin)
file(COPY ${WORK_DIR}/consumer_static_pc DESTINATION ${moved}/bin)
run(${moved}/bin/consumer_static_pc)
expect_line("${run_output}" "data: ${moved}/share/phosphene")
expect_line("${run_output}" "textures: ${moved}/share/phosphene/textures")
string(REPLACE "${prefix}" "${moved}" moved_libdir "${libdir}")
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${moved_libdir} ${WORK_DIR}/consumer_pc)
# consumer_pc's rpath names the old prefix, which is gone: the moved library was loaded.
expect_line("${run_output}" "data: ${moved}/share/phosphene")
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${moved_libdir} PHOSPHENE_DATA_DIR=${WORK_DIR}/elsewhere
  ${WORK_DIR}/consumer_pc)
expect_line("${run_output}" "data: ${WORK_DIR}/elsewhere")
expect_line("${run_output}" "engine data: ${WORK_DIR}/elsewhere")
expect_line("${run_output}" "textures: ${WORK_DIR}/elsewhere/textures")
file(RENAME ${moved} ${prefix})
