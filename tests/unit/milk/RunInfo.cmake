# Runs `phosphene info ARGS` and checks its exit status and output.
#   -DCLI=... -DFILE=... [-DOPTION=--all] -DEXPECT_RC=0|nonzero -DEXPECT="regex;regex"
#   -P RunInfo.cmake        (no square brackets in the regexes: they bind list elements)
execute_process(COMMAND ${CLI} info ${OPTION} ${FILE} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(EXPECT_RC STREQUAL "nonzero")
  if(rc EQUAL 0)
    message(FATAL_ERROR "expected a failing exit status, got 0")
  endif()
elseif(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_RC}")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT "${out}${err}" MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}'")
  endif()
endforeach()
