# `phosphene bench` end to end (issue 16): runs it on two presets for a few frames and checks the
# shape of its output, never the timings: the JSON document (parsed with string(JSON)), the
# table, --help and a usage error.
#   cmake -DCLI=path/to/phosphene -DPRESET_A=a.milk -DPRESET_B=b.milk -P BenchCommandCheck.cmake
set(common --size 64x48 --mesh 8x6 --frames 4 --warmup 2)

function(expect_number json)  # json path... : the value exists and is a non-negative number
  string(JSON value ERROR_VARIABLE err GET "${json}" ${ARGN})
  if(err OR NOT value MATCHES "^[0-9]+(\\.[0-9]+)?$")
    string(REPLACE ";" "." where "${ARGN}")
    message(FATAL_ERROR "${where}: expected a non-negative number, got '${value}' ${err}")
  endif()
endfunction()

function(expect_stats json)  # json path... : median <= p95 <= worst, all numbers
  foreach(key median p95 worst mean)
    expect_number("${json}" ${ARGN} ${key})
  endforeach()
  string(JSON median GET "${json}" ${ARGN} median)
  string(JSON p95 GET "${json}" ${ARGN} p95)
  string(JSON worst GET "${json}" ${ARGN} worst)
  if(median GREATER p95 OR p95 GREATER worst)
    message(FATAL_ERROR "${ARGN}: median ${median}, p95 ${p95}, worst ${worst} out of order")
  endif()
endfunction()

# JSON: one document, two presets, every field.
execute_process(COMMAND ${CLI} bench --json ${common} ${PRESET_A} ${PRESET_B}
  RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench --json: exit status ${rc}\n${json}${err}")
endif()
string(JSON count ERROR_VARIABLE perr LENGTH "${json}" presets)
if(perr OR NOT count EQUAL 2)
  message(FATAL_ERROR "expected 2 presets in the JSON (${perr}):\n${json}")
endif()
string(JSON width GET "${json}" size 0)
string(JSON meshY GET "${json}" mesh 1)
string(JSON frames GET "${json}" frames)
if(NOT width EQUAL 64 OR NOT meshY EQUAL 6 OR NOT frames EQUAL 4)
  message(FATAL_ERROR "size/mesh/frames not echoed: ${width} ${meshY} ${frames}")
endif()
foreach(i 0 1)
  string(JSON name GET "${json}" presets ${i} name)
  string(JSON got GET "${json}" presets ${i} frames)
  string(JSON failed ERROR_VARIABLE noerror GET "${json}" presets ${i} error)
  if(NOT noerror)
    message(FATAL_ERROR "preset ${name} reported an error: ${failed}")
  endif()
  if(NOT got EQUAL 4)
    message(FATAL_ERROR "preset ${name}: ${got} timed frames, expected 4")
  endif()
  expect_number("${json}" presets ${i} load_ms)
  expect_number("${json}" presets ${i} first_frame_ms)
  foreach(part ms step_ms submit_ms finish_ms)
    expect_stats("${json}" presets ${i} ${part})
  endforeach()
endforeach()
string(JSON nameA GET "${json}" presets 0 name)
get_filename_component(stemA ${PRESET_A} NAME_WE)
if(NOT nameA STREQUAL stemA)
  message(FATAL_ERROR "presets not in the order given: first is '${nameA}', expected '${stemA}'")
endif()
string(JSON ran GET "${json}" summary presets)
string(JSON failed GET "${json}" summary failed)
if(NOT ran EQUAL 2 OR NOT failed EQUAL 0)
  message(FATAL_ERROR "summary: ${ran} ran, ${failed} failed")
endif()
expect_number("${json}" summary median_of_medians_ms)
expect_stats("${json}" summary all_frames_ms)

# Table: a header, one row of six numbers per preset, a summary line.
execute_process(COMMAND ${CLI} bench ${common} ${PRESET_A} ${PRESET_B}
  RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench: exit status ${rc}\n${table}${err}")
endif()
set(num "[0-9]+\\.[0-9][0-9]")
foreach(re "phosphene bench: 64x48, mesh 8x6, 4 frames per preset"
           "preset +median +p95 +worst \\| +step +submit +finish"
           "\n${stemA} +${num} +${num} +${num} \\| +${num} +${num} +${num}\n"
           "summary: 2 presets ran, 0 failed")
  if(NOT table MATCHES "${re}")
    message(FATAL_ERROR "table does not match '${re}':\n${table}")
  endif()
endforeach()

# --help is the truth about the options; a missing file is a usage error (status 2).
execute_process(COMMAND ${CLI} bench --help RESULT_VARIABLE rc OUTPUT_VARIABLE help)
foreach(option --audio --size --mesh --frames --warmup --json)
  if(NOT rc EQUAL 0 OR NOT help MATCHES "${option}")
    message(FATAL_ERROR "bench --help (status ${rc}) does not list ${option}:\n${help}")
  endif()
endforeach()
execute_process(COMMAND ${CLI} bench no-such-preset.milk RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "no such preset")
  message(FATAL_ERROR "missing preset: status ${rc}, expected 2: ${err}")
endif()

# The engine's warnings about a preset name the command the user ran (they said "phosphene
# render:" under bench, the log callback was render's).
execute_process(COMMAND ${CLI} bench ${common} ${PRESET_W}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err MATCHES "phosphene bench: [^\n]*MILK006" OR err MATCHES "phosphene render")
  message(FATAL_ERROR "bench's preset warning (status ${rc}) is not prefixed 'phosphene bench:':\n${err}")
endif()

# Each option's help says "(repeatable)" once, and no help line runs past 100 columns.
execute_process(COMMAND ${CLI} bench --help OUTPUT_VARIABLE help)
if(help MATCHES "repeatable[^\n]*repeatable")
  message(FATAL_ERROR "an option says it is repeatable twice:\n${help}")
endif()
string(REPLACE "\n" ";" lines "${help}")
foreach(line IN LISTS lines)
  string(LENGTH "${line}" length)
  if(length GREATER 100)
    message(FATAL_ERROR "help line of ${length} columns:\n${line}")
  endif()
endforeach()

# --switches (issue 38): one engine switching among the presets; the JSON has the run's
# distribution, the worst frame near a switch and one entry per switch, in the order requested.
# 1 s at 30 fps with a switch every 0.25 s (8 frames): switches at 0.27, 0.53 and 0.8 s. Live
# (--async-loads) frames this small outrun the loader, so a switch may be replaced before it
# starts (started -1): only waited-for switches must have started.
foreach(mode "" --async-loads --strip-shaders)
  execute_process(COMMAND ${CLI} bench --switches --json --size 64x48 --mesh 8x6 --fps 30
    --seconds 1 --interval 0.25 --transition 0.1 --warmup 2 ${mode} ${PRESET_A} ${PRESET_B}
    RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bench --switches ${mode}: exit status ${rc}\n${json}${err}")
  endif()
  string(JSON frames GET "${json}" frames)
  string(JSON count LENGTH "${json}" switches)
  if(NOT frames EQUAL 30 OR NOT count EQUAL 3)
    message(FATAL_ERROR "--switches ${mode}: ${frames} frames, ${count} switches:\n${json}")
  endif()
  foreach(key median p99 worst mean)
    expect_number("${json}" ms ${key})
  endforeach()
  expect_number("${json}" worst_near_switch_ms)
  string(JSON second GET "${json}" switches 1 name)
  if(NOT second MATCHES "^${stemA}")
    message(FATAL_ERROR "--switches ${mode}: the second switch went to '${second}', not ${stemA}")
  endif()
  foreach(i 0 1 2)
    if(NOT mode STREQUAL "--async-loads")
      expect_number("${json}" switches ${i} started)
    endif()
    expect_number("${json}" switches ${i} worst_ms)
  endforeach()
endforeach()
execute_process(COMMAND ${CLI} bench --switches ${PRESET_A} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "at least two presets")
  message(FATAL_ERROR "--switches with one preset: status ${rc}, expected 2: ${err}")
endif()
