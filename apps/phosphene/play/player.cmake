# phosphene play: the SDL2 desktop player. Built when apps/platform found SDL2 (phosphene_sdl);
# otherwise `phosphene play` is absent from the CLI. The player's logic is a static library so the
# unit tests link the same code the program runs.
if(NOT TARGET phosphene_sdl)
  return()
endif()
set(play_dir ${CMAKE_CURRENT_LIST_DIR})
if(EXISTS ${play_dir}/config.cmake)
  include(${play_dir}/config.cmake)  # the config engineer's toml++ settings
endif()
add_library(phosphene_player STATIC
  ${play_dir}/PlayCommand.cpp
  ${play_dir}/Player.cpp
  ${play_dir}/PlayerInput.cpp
  ${play_dir}/KeyBindings.cpp
  ${play_dir}/PresetBrowser.cpp
  ${play_dir}/OverlayView.cpp
  ${play_dir}/FilePlayback.cpp
  ${play_dir}/CaptureSource.cpp
  ${play_dir}/AudioReport.cpp
  ${play_dir}/LiveReload.cpp
  ${play_dir}/PresetFileWatcher.cpp
  ${play_dir}/FrameScript.cpp
  ${play_dir}/PresetFolders.cpp
  ${play_dir}/WindowFit.cpp)
target_include_directories(phosphene_player PUBLIC ${play_dir} ${CMAKE_CURRENT_SOURCE_DIR}
  PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)  # EmbeddedPresets.hpp: presets when none on disk
target_link_libraries(phosphene_player PUBLIC phosphene phosphene_sdl phosphene_image
  phosphene_audio_file PRIVATE phosphene_warnings)
if(TARGET phosphene_player_config)
  target_link_libraries(phosphene_player PUBLIC phosphene_player_config)
endif()
target_compile_definitions(phosphene_player PRIVATE
  PHOSPHENE_SOURCE_PRESETS="${PROJECT_SOURCE_DIR}/presets")
target_link_libraries(phosphene_cli PRIVATE phosphene_player)
target_compile_definitions(phosphene_cli PRIVATE PHOSPHENE_WITH_PLAYER=1)

install(FILES ${play_dir}/data/phosphene-play.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${play_dir}/data/phosphene.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
# AppStream metadata (software centres), named after its component ID as AppStream asks.
install(FILES ${play_dir}/data/io.github.phosphene.phosphene.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
