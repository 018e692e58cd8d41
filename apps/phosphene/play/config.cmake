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

# share/phosphene/phosphene.toml: the commented default configuration, generated at build time by
# the same function the player uses on its first run (WriteDefaultConfig.cpp), never kept as a
# second copy in the tree.
add_executable(phosphene_default_config ${CMAKE_CURRENT_LIST_DIR}/WriteDefaultConfig.cpp)
target_link_libraries(phosphene_default_config PRIVATE phosphene_play_config phosphene_warnings)
set(PHOSPHENE_DEFAULT_CONFIG_FILE ${PROJECT_BINARY_DIR}/data/phosphene.toml)
add_custom_command(OUTPUT ${PHOSPHENE_DEFAULT_CONFIG_FILE}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/data
  COMMAND phosphene_default_config ${PHOSPHENE_DEFAULT_CONFIG_FILE}
  DEPENDS phosphene_default_config
  COMMENT "Writing the default phosphene.toml")
add_custom_target(phosphene_default_config_file ALL DEPENDS ${PHOSPHENE_DEFAULT_CONFIG_FILE})
install(FILES ${PHOSPHENE_DEFAULT_CONFIG_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/phosphene)
