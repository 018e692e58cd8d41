# The player's configuration (phosphene.toml, window.toml): pure C++ over toml++, no SDL and no GL,
# so it is built, unit-tested and fuzzed whether or not SDL2 (and so the player itself) is found.
# Included from apps/phosphene/CMakeLists.txt and again from player.cmake: the first one counts.
if(TARGET phosphene_play_config)
  return()
endif()
# GLOBAL: the imported target travels (as a link dependency) into tests/ and its fuzz targets.
find_package(tomlplusplus REQUIRED GLOBAL)
add_library(phosphene_play_config STATIC
  ${CMAKE_CURRENT_LIST_DIR}/PlayerConfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WindowState.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ConfigValueReader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ConfigFileIo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TomlUnicodeGuard.cpp)
# The name player.cmake links when present.
add_library(phosphene_player_config ALIAS phosphene_play_config)
# Both "PlayerConfig.hpp" (inside play/) and "play/PlayerConfig.hpp" (tests, fuzz) work.
target_include_directories(phosphene_play_config PUBLIC ${CMAKE_CURRENT_LIST_DIR}
  ${CMAKE_CURRENT_LIST_DIR}/.. ${PROJECT_SOURCE_DIR}/include)
# phosphene_playlist for its atomic file replacement (and core's diagnostics that come with it).
target_link_libraries(phosphene_play_config PUBLIC phosphene_playlist PRIVATE phosphene_warnings)
if(PHOSPHENE_FUZZ)
  # libFuzzer needs coverage inside the TOML parser as well (syntax errors drive the line-skipping
  # recovery), so the fuzz build compiles toml++ from its headers, instrumented and sanitized,
  # instead of linking Debian's uninstrumented shared library.
  target_include_directories(phosphene_play_config PRIVATE
    $<TARGET_PROPERTY:tomlplusplus::tomlplusplus,INTERFACE_INCLUDE_DIRECTORIES>)
  target_compile_definitions(phosphene_play_config PRIVATE TOML_HEADER_ONLY=1)
else()
  target_link_libraries(phosphene_play_config PRIVATE tomlplusplus::tomlplusplus)
endif()
