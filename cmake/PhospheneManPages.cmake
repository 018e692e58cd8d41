# Man pages for `phosphene` and each of its commands, generated at build time from the program's
# own --help text by help2man (cmake/GenerateManPages.cmake drives it), so the pages never drift
# from the options the program really takes. Installed into share/man/man1 by `cmake --install`.
#
# Included from apps/phosphene/CMakeLists.txt after phosphene_cli is defined.
# PHOSPHENE_BUILD_MANPAGES: AUTO (when help2man is found), ON (its absence is an error) or OFF.
set(PHOSPHENE_BUILD_MANPAGES AUTO CACHE STRING
  "Generate man pages from the CLI's --help with help2man: AUTO (when found), ON or OFF")
set_property(CACHE PHOSPHENE_BUILD_MANPAGES PROPERTY STRINGS AUTO ON OFF)

string(TOUPPER "${PHOSPHENE_BUILD_MANPAGES}" manpages_mode)
set(manpages_reason "")
if(NOT manpages_mode MATCHES "^(AUTO|ON|TRUE|YES|1)$")
  set(manpages_reason "PHOSPHENE_BUILD_MANPAGES=OFF")
elseif(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  # The pages come from running the program that was just built.
  set(manpages_reason "cross-compiling without CMAKE_CROSSCOMPILING_EMULATOR")
else()
  find_program(PHOSPHENE_HELP2MAN help2man)
  if(NOT PHOSPHENE_HELP2MAN)
    set(manpages_reason "help2man not found (Debian: help2man)")
  endif()
endif()
if(manpages_reason)
  if(manpages_mode MATCHES "^(ON|TRUE|YES|1)$")
    message(FATAL_ERROR "PHOSPHENE_BUILD_MANPAGES=ON but ${manpages_reason}")
  endif()
  message(STATUS "Man pages: OFF (${manpages_reason})")
  if(COMMAND phosphene_feature)
    phosphene_feature(manpages OFF "${manpages_reason}")
  endif()
  return()
endif()
if(COMMAND phosphene_feature)
  phosphene_feature(manpages ON "help2man from the CLI's --help")
endif()

# The set of pages follows the command list that `phosphene --help` prints, read when the pages
# are generated; the output folder holds exactly the pages of the last run.
set(man_dir ${PROJECT_BINARY_DIR}/man/man1)
set(man_stamp ${PROJECT_BINARY_DIR}/man/pages.stamp)
add_custom_command(OUTPUT ${man_stamp}
  COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:phosphene_cli> -DHELP2MAN=${PHOSPHENE_HELP2MAN}
    -DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR} -DVERSION=${PROJECT_VERSION} -DOUT_DIR=${man_dir}
    -DWORK_DIR=${PROJECT_BINARY_DIR}/man/work -DSTAMP=${man_stamp}
    -P ${PROJECT_SOURCE_DIR}/cmake/GenerateManPages.cmake
  DEPENDS phosphene_cli ${PROJECT_SOURCE_DIR}/cmake/GenerateManPages.cmake
  COMMENT "Generating man pages from phosphene --help"
  VERBATIM)
add_custom_target(phosphene_man_pages ALL DEPENDS ${man_stamp})
install(DIRECTORY ${man_dir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1")
