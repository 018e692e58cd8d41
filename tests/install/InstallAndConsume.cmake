# Installs the build tree into WORK_DIR/prefix and builds consumer.c against it with pkg-config
# and with find_package(Phosphene). Any failing step fails the test with its output.
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message("${out}")
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(pattern include/phosphene/phosphene.h */libphosphene.a */libphosphene.so
        share/phosphene/presets/*.milk */cmake/Phosphene/PhospheneConfig.cmake)
  file(GLOB found ${prefix}/${pattern})
  if(NOT found)
    message(FATAL_ERROR "not installed: ${pattern}")
  endif()
endforeach()

# pkg-config
file(GLOB_RECURSE pcs ${prefix}/*/phosphene.pc)
list(GET pcs 0 pc)
get_filename_component(pcdir ${pc} DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pcdir})
execute_process(COMMAND pkg-config --cflags --libs phosphene OUTPUT_VARIABLE flags
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config cannot find phosphene in ${pcdir}")
endif()
# Only what the public header needs: no private dependency's flags (kissfft's) for hosts.
execute_process(COMMAND pkg-config --cflags phosphene OUTPUT_VARIABLE cflags
  OUTPUT_STRIP_TRAILING_WHITESPACE)
if(cflags MATCHES "kiss|-D")
  message(FATAL_ERROR "pkg-config --cflags phosphene leaks private flags: ${cflags}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} -std=c99 -Wall -pedantic -Werror ${SOURCE_DIR}/consumer.c ${flags}
  -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/consumer_pc)
run(${WORK_DIR}/consumer_pc)

# The examples, as a host would build them from the installed package.
execute_process(COMMAND pkg-config --cflags --libs phosphene egl glesv2 OUTPUT_VARIABLE glflags
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config cannot find egl/glesv2 for the examples")
endif()
separate_arguments(glflags UNIX_COMMAND "${glflags}")
foreach(example audio_levels render_preset play_folder)
  run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${EXAMPLES_DIR}/${example}.c ${glflags} -lm
    -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/${example}_pc)
endforeach()
run(${CXX} -std=c++17 -Wall -Wextra -pedantic -Werror ${EXAMPLES_DIR}/native_preset.cpp
  ${glflags} -Wl,-rpath,${prefix}/lib -o ${WORK_DIR}/native_preset_pc)
run(${WORK_DIR}/audio_levels_pc)

# find_package
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/project -B ${WORK_DIR}/cmake-build
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC} -DCMAKE_CXX_COMPILER=${CXX}
  -DEXAMPLES_DIR=${EXAMPLES_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
run(${WORK_DIR}/cmake-build/consumer)
run(${WORK_DIR}/cmake-build/play_folder ${EXAMPLES_DIR}/../presets 120)
