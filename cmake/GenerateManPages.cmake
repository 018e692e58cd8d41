# cmake -DCLI=... -DHELP2MAN=... -DVERSION=... -DOUT_DIR=... -DWORK_DIR=... -DSTAMP=...
#       [-DEMULATOR=...] -P GenerateManPages.cmake
#
# Writes OUT_DIR/phosphene.1 and one OUT_DIR/phosphene-COMMAND.1 per command that
# `phosphene --help` lists, each from that command's real --help text (help2man). Run by the
# phosphene_man_pages target (cmake/PhospheneManPages.cmake). A command whose --help fails or
# prints nothing fails the build: a missing page is a bug, not something to skip.
foreach(var CLI HELP2MAN VERSION OUT_DIR WORK_DIR STAMP)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "GenerateManPages.cmake: ${var} is not set")
  endif()
endforeach()

# The program, as a command line (an emulator first when cross-compiling).
set(cli_command ${EMULATOR} ${CLI})
string(JOIN " " cli_shell ${cli_command})

function(help_text out)
  execute_process(COMMAND ${cli_command} ${ARGN} --help RESULT_VARIABLE rc
    OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR text STREQUAL "")
    message(FATAL_ERROR "`phosphene ${ARGN} --help` failed (exit ${rc}), so its man page cannot "
      "be written:\n${text}${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The commands and their one-line summaries, from the "Commands:" block of the top-level help
# (two spaces, the name, then the summary), up to the first blank line.
help_text(top)
string(REPLACE ";" "," top_escaped "${top}")
string(REPLACE "\n" ";" top_lines "${top_escaped}")
set(commands "")
set(in_block OFF)
foreach(line IN LISTS top_lines)
  if(line MATCHES "^Commands:")
    set(in_block ON)
  elseif(in_block AND line STREQUAL "")
    break()
  elseif(in_block AND line MATCHES "^  ([a-z][a-z0-9-]*)  +(.+)$")
    list(APPEND commands ${CMAKE_MATCH_1})
    set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "no \"Commands:\" block in `phosphene --help`:\n${top}")
endif()

file(REMOVE_RECURSE ${OUT_DIR} ${WORK_DIR})
file(MAKE_DIRECTORY ${OUT_DIR} ${WORK_DIR})

# help2man's own arguments shared by every page. --version-string: the subcommands have no
# --version of their own; the date comes from SOURCE_DATE_EPOCH when set (reproducible builds).
set(common --no-info --section=1 --version-string=${VERSION} "--source=Phosphene ${VERSION}"
  "--manual=Phosphene Manual")

function(run_help2man page program name include)
  file(WRITE ${WORK_DIR}/${page}.h2m "${include}")
  execute_process(COMMAND ${HELP2MAN} ${common} --name=${name} --include=${WORK_DIR}/${page}.h2m
      --output=${OUT_DIR}/${page}.1 ${program}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT_DIR}/${page}.1)
    message(FATAL_ERROR "help2man failed for ${page} (exit ${rc}):\n${out}${err}")
  endif()
  # Our help puts each option's text on the line below it, which help2man renders as a hanging
  # paragraph plus an indented one (.HP/.IP, with a blank line between); a tagged paragraph
  # (.TP) is the usual look of an option list.
  file(READ ${OUT_DIR}/${page}.1 roff)
  string(REGEX REPLACE "\n\\.HP\n([^\n]*)\n\\.IP\n" "\n.TP\n\\1\n" roff "${roff}")
  file(WRITE ${OUT_DIR}/${page}.1 "${roff}")
endfunction()

# phosphene(1): the overview, pointing at each command's page.
set(see_also "")
foreach(cmd IN LISTS commands)
  list(APPEND see_also "\\fBphosphene-${cmd}\\fR(1)")
endforeach()
list(JOIN see_also ",\n" see_also_text)
run_help2man(phosphene ${CLI} "MilkDrop-compatible music visualizer and preset tools"
  "[see also]\n${see_also_text}\n")

# phosphene-COMMAND(1): help2man runs `PROGRAM --help` through the shell and names the page after
# PROGRAM, so each command gets a small wrapper named phosphene-COMMAND that runs
# `phosphene COMMAND "$@"`.
foreach(cmd IN LISTS commands)
  help_text(text ${cmd})  # fails here, with the command's output, if its --help is broken
  set(wrapper ${WORK_DIR}/phosphene-${cmd})
  file(WRITE ${wrapper} "#!/bin/sh\nexec ${cli_shell} ${cmd} \"$@\"\n")
  file(CHMOD ${wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
    WORLD_READ WORLD_EXECUTE)
  run_help2man(phosphene-${cmd} ${wrapper} "${summary_${cmd}}"
    "[see also]\n\\fBphosphene\\fR(1)\n")
endforeach()

file(WRITE ${STAMP} "${commands}\n")
