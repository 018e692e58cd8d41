# Warning flags for every Phosphene target. Call phosphene_warnings(target) on each one we own.
add_library(phosphene_warnings INTERFACE)
target_compile_options(phosphene_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wshadow=local -Wnon-virtual-dtor>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra>)
if(PHOSPHENE_WERROR)
  target_compile_options(phosphene_warnings INTERFACE -Werror)
endif()
if(PHOSPHENE_SANITIZE)
  target_compile_options(phosphene_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
  target_link_options(phosphene_warnings INTERFACE -fsanitize=address,undefined)
endif()

# phosphene_module(NAME SOURCES... DEPS ...): one static library per stage folder. DEPS lists the
# stage's allowed edges (DESIGN.md "Dependencies point one way"); a wrong include fails to build.
function(phosphene_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS;EXTERNAL" ${ARGN})
  add_library(phosphene_${name} STATIC ${M_SOURCES})
  target_include_directories(phosphene_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(phosphene_${name} PUBLIC ${M_DEPS} PRIVATE phosphene_warnings ${M_EXTERNAL})
  set_property(GLOBAL APPEND PROPERTY PHOSPHENE_MODULES phosphene_${name})
endfunction()
