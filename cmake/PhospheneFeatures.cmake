# Build features: what an optional dependency turned on or off, and why. Each place that decides a
# feature records it with phosphene_feature(); the top-level CMakeLists.txt prints the summary at
# the end of configuration (phosphene_feature_summary), one line per feature.
#
# Features with a TOKEN are part of libphosphene itself: the library reports the tokens of those
# that are ON through phosphene_version_features() (stable names, documented in phosphene.h), read
# here with phosphene_library_feature_tokens().

# phosphene_option_mode(VAR): the AUTO/ON/OFF value of a tri-state option, upper-cased, with
# CMake's other spellings of true/false mapped to ON/OFF.
function(phosphene_option_mode var)
  string(TOUPPER "${${var}}" mode)
  if(mode STREQUAL "AUTO")
    set(mode AUTO)
  elseif(${var})
    set(mode ON)
  else()
    set(mode OFF)
  endif()
  set(${var}_MODE ${mode} PARENT_SCOPE)
endfunction()

# phosphene_feature(NAME ON|OFF "why" [TOKEN token]): records (or replaces) one feature.
function(phosphene_feature name state reason)
  cmake_parse_arguments(F "" "TOKEN" "" ${ARGN})
  get_property(names GLOBAL PROPERTY PHOSPHENE_FEATURE_NAMES)
  if(NOT name IN_LIST names)
    set_property(GLOBAL APPEND PROPERTY PHOSPHENE_FEATURE_NAMES ${name})
  endif()
  if(state)
    set(state ON)
  else()
    set(state OFF)
  endif()
  set_property(GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_STATE ${state})
  set_property(GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_REASON "${reason}")
  set_property(GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_TOKEN "${F_TOKEN}")
endfunction()

# phosphene_feature_enabled(NAME OUT): OUT is ON when NAME was recorded ON.
function(phosphene_feature_enabled name out)
  get_property(state GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_STATE)
  if(state)
    set(${out} ON PARENT_SCOPE)
  else()
    set(${out} OFF PARENT_SCOPE)
  endif()
endfunction()

# phosphene_library_feature_tokens(OUT): the tokens of the library features that are ON, in the
# order they were recorded, separated by single spaces.
function(phosphene_library_feature_tokens out)
  get_property(names GLOBAL PROPERTY PHOSPHENE_FEATURE_NAMES)
  set(tokens "")
  foreach(name ${names})
    get_property(state GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_STATE)
    get_property(token GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_TOKEN)
    if(state AND token)
      list(APPEND tokens ${token})
    endif()
  endforeach()
  list(JOIN tokens " " text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# phosphene_feature_summary(): one line per feature, ON/OFF and why. Features whose folder was
# never configured (the apps with PHOSPHENE_BUILD_APPS=OFF, ...) are listed with that reason.
function(phosphene_feature_summary)
  # Every feature this build knows, in the summary's order, with the reason used when nothing
  # recorded it.
  set(known
    "hlsl-translation|not configured"
    "freetype|not configured"
    "fontconfig|not configured"
    "gles-only|not configured"
    "cli|PHOSPHENE_BUILD_APPS=OFF"
    "player|PHOSPHENE_BUILD_APPS=OFF (the player is part of the CLI)"
    "video|PHOSPHENE_BUILD_APPS=OFF (video output is part of the CLI)"
    "libdeflate|PHOSPHENE_BUILD_APPS=OFF (PNG frames are written by the CLI)"
    "python|PHOSPHENE_BUILD_PYTHON=OFF or no C API")
  get_property(names GLOBAL PROPERTY PHOSPHENE_FEATURE_NAMES)
  set(order "")
  foreach(entry ${known})
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 name)
    list(GET parts 1 fallback)
    list(APPEND order ${name})
    if(NOT name IN_LIST names)
      phosphene_feature(${name} OFF "${fallback}")
    endif()
  endforeach()
  foreach(name ${names})
    if(NOT name IN_LIST order)
      list(APPEND order ${name})
    endif()
  endforeach()
  set(lines "Phosphene ${PROJECT_VERSION} features:")
  foreach(name ${order})
    get_property(state GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_STATE)
    get_property(reason GLOBAL PROPERTY PHOSPHENE_FEATURE_${name}_REASON)
    string(LENGTH "${name}" len)
    math(EXPR pad "17 - ${len}")
    string(REPEAT " " ${pad} spaces)
    if(state)
      set(state "ON ")
    endif()
    string(APPEND lines "\n  ${name}${spaces}${state}  ${reason}")
  endforeach()
  message(STATUS "${lines}")
  # The same text for tools and tests that want it without re-running CMake.
  file(WRITE ${PROJECT_BINARY_DIR}/phosphene-features.txt "${lines}\n")
endfunction()
