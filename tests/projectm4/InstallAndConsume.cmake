# The installed projectM 4 compat libraries work for a host that knows only projectM: install the
# build into a scratch prefix, check the compat folder's layout, that it is opt-in (nothing of it
# in the prefix's own pkg-config or CMake search places), the installed libraries' exports and
# SONAMEs, then build kodi_style_host.c (core + playlist + GL) against the installed tree through
# pkg-config (PKG_CONFIG_PATH=<compat>/lib/pkgconfig) and through find_package(projectM4
# COMPONENTS Playlist) (CMAKE_PREFIX_PATH=<compat>), and run both on real presets: they must load
# the installed libraries, not the build tree's.
# Run as: cmake -DBUILD_DIR= -DSOURCE_DIR= -DWORK_DIR= -DCC= -DNM= -DREADELF= -DCOMPAT_DIR=
#         -DPRESETS= [-DRUN_ENV=] -P InstallAndConsume.cmake
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message("${out}${err}")
  set(run_output "${out}${err}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(compat ${prefix}/${COMPAT_DIR})

# --- layout: projectM's names, all inside the compat folder ------------------------------------
foreach(file include/projectM-4/projectM.h include/projectM-4/playlist.h
    include/projectM-4/version.h include/projectM-4/projectM_export.h
    lib/libprojectM-4.so.4 lib/libprojectM-4.so lib/libprojectM-4-playlist.so.4
    lib/libprojectM-4-playlist.so lib/pkgconfig/projectM-4.pc lib/pkgconfig/projectM-4-playlist.pc
    lib/cmake/projectM4/projectM4Config.cmake lib/cmake/projectM4/projectM4ConfigVersion.cmake
    lib/cmake/projectM4Playlist/projectM4PlaylistConfig.cmake)
  if(NOT EXISTS ${compat}/${file})
    message(FATAL_ERROR "not installed: ${compat}/${file}")
  endif()
endforeach()
# Opt-in only: a real projectM in the same prefix is never shadowed.
file(GLOB_RECURSE shadowing RELATIVE ${prefix} ${prefix}/*projectM*)
list(FILTER shadowing EXCLUDE REGEX "^${COMPAT_DIR}/")
if(shadowing)
  message(FATAL_ERROR "projectM names outside ${COMPAT_DIR}: ${shadowing}")
endif()

# --- exports of the installed libraries -----------------------------------------------------------
foreach(pair "libprojectM-4.so.4|core" "libprojectM-4-playlist.so.4|playlist")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 soname)
  list(GET pair 1 list)
  run(${CMAKE_COMMAND} -DNM=${NM} -DREADELF=${READELF} -DLIB=${compat}/lib/${soname}
    -DSONAME=${soname} -DEXPECTED=${SOURCE_DIR}/${list}.symbols
    -P ${SOURCE_DIR}/CheckExports.cmake)
endforeach()

set(runner "")
if(RUN_ENV)
  set(runner ${CMAKE_COMMAND} -E env ${RUN_ENV})
endif()
# The host ran on the installed libraries: its libprojectM-4*.so.4 and libphosphene.so come
# from the scratch prefix (ldd resolves them as the loader does).
function(check_loaded_from binary)
  execute_process(COMMAND ldd ${binary} OUTPUT_VARIABLE deps)
  foreach(lib libprojectM-4.so.4 libprojectM-4-playlist.so.4 libphosphene.so)
    if(NOT deps MATCHES "${lib}[^\n]*=> ${prefix}/")
      message(FATAL_ERROR "${binary} does not load ${lib} from ${prefix}:\n${deps}")
    endif()
  endforeach()
endfunction()

# --- pkg-config, opted into through PKG_CONFIG_PATH ------------------------------------------------
get_filename_component(libdir ${compat} DIRECTORY)  # the compat folder sits in the libdir
set(phosphene_pc_dir ${libdir}/pkgconfig)
if(NOT EXISTS ${phosphene_pc_dir}/phosphene.pc)
  message(FATAL_ERROR "no phosphene.pc in ${phosphene_pc_dir}")
endif()
set(ENV{PKG_CONFIG_PATH} ${phosphene_pc_dir})
execute_process(COMMAND pkg-config --exists projectM-4 RESULT_VARIABLE rc)
if(rc EQUAL 0)
  message(FATAL_ERROR "projectM-4 found without opting in (PKG_CONFIG_PATH=${phosphene_pc_dir})")
endif()
set(ENV{PKG_CONFIG_PATH} ${compat}/lib/pkgconfig)
run(pkg-config --modversion projectM-4 projectM-4-playlist)
if(NOT run_output MATCHES "^4\\.2\\.0\n4\\.2\\.0")
  message(FATAL_ERROR "pkg-config versions: ${run_output}")
endif()
execute_process(COMMAND pkg-config --cflags --libs projectM-4-playlist egl glesv2
  OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT flags MATCHES "-lprojectM-4-playlist" OR NOT flags MATCHES "-lprojectM-4( |$)")
  message(FATAL_ERROR "pkg-config projectM-4-playlist: '${flags}'")
endif()
if(flags MATCHES "-lphosphene|include/phosphene( |$)")
  message(FATAL_ERROR "pkg-config projectM-4-playlist leaks Phosphene's own flags: ${flags}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} -std=c99 -Wall -Wextra -pedantic -Werror ${SOURCE_DIR}/kodi_style_host.c ${flags} -lm
  -Wl,-rpath,${compat}/lib -o ${WORK_DIR}/kodi_style_host_pc)
check_loaded_from(${WORK_DIR}/kodi_style_host_pc)
run(${runner} ${WORK_DIR}/kodi_style_host_pc ${PRESETS})

# --- CMake, opted into through CMAKE_PREFIX_PATH ---------------------------------------------------
unset(ENV{PKG_CONFIG_PATH})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/not-opted-in
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${CC} -DHOST_SOURCE_DIR=${SOURCE_DIR}
  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "find_package(projectM4) succeeded with only the prefix, without opting in")
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/cmake-build
  -DCMAKE_PREFIX_PATH=${compat} -DCMAKE_C_COMPILER=${CC} -DHOST_SOURCE_DIR=${SOURCE_DIR}
  "-DCMAKE_C_FLAGS=-Wall -Wextra -pedantic -Werror")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
check_loaded_from(${WORK_DIR}/cmake-build/kodi_style_host)
run(${runner} ${WORK_DIR}/cmake-build/kodi_style_host ${PRESETS})
message(STATUS "installed compat libraries consumed through pkg-config and find_package")
