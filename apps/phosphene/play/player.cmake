# phosphene play: the SDL2 desktop player. Built when apps/platform found SDL2 (phosphene_sdl);
# otherwise `phosphene play` is absent from the CLI. The player's logic is a static library so the
# unit tests link the same code the program runs.
if(NOT TARGET phosphene_sdl)
  phosphene_feature(mpris OFF "needs the player (SDL2)")
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
  ${play_dir}/PlayerLaunches.cpp
  ${play_dir}/PlayerMirror.cpp
  ${play_dir}/LaunchKeys.cpp
  ${play_dir}/KeyBindings.cpp
  ${play_dir}/PresetBrowser.cpp
  ${play_dir}/OverlayView.cpp
  ${play_dir}/FilePlayback.cpp
  ${play_dir}/CaptureSource.cpp
  ${play_dir}/AudioReport.cpp
  ${play_dir}/LiveReload.cpp
  ${play_dir}/PresetMashups.cpp
  ${play_dir}/QuickSave.cpp
  ${play_dir}/PresetFileWatcher.cpp
  ${play_dir}/FrameScript.cpp
  ${play_dir}/PresetFolders.cpp
  ${play_dir}/WindowFit.cpp
  ${play_dir}/DisplayChoice.cpp
  ${play_dir}/MprisPlayers.cpp)
target_include_directories(phosphene_player PUBLIC ${play_dir} ${CMAKE_CURRENT_SOURCE_DIR}
  PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)  # EmbeddedPresets.hpp: presets when none on disk
target_link_libraries(phosphene_player PUBLIC phosphene phosphene_sdl phosphene_image
  phosphene_audio_file PRIVATE phosphene_ini_diagnostics phosphene_warnings)
if(TARGET phosphene_player_config)
  target_link_libraries(phosphene_player PUBLIC phosphene_player_config)
endif()
target_compile_definitions(phosphene_player PRIVATE
  PHOSPHENE_SOURCE_PRESETS="${PROJECT_SOURCE_DIR}/presets")

# "Now playing" from MPRIS (media players on the D-Bus session bus) through libdbus-1: the
# reference implementation, packaged everywhere D-Bus is (Debian: libdbus-1-dev, a few hundred kB
# with no further dependencies), and enough for a watcher that only reads properties and signals
# (sd-bus would tie the player to systemd's libsystemd, GDBus would pull GLib in).
# PHOSPHENE_WITH_MPRIS=AUTO (default) uses it when pkg-config finds dbus-1, ON requires it, OFF
# leaves it out (the player then never shows other players' titles).
set(PHOSPHENE_WITH_MPRIS AUTO CACHE STRING "\"Now playing\" from media players (MPRIS, libdbus-1): AUTO, ON or OFF")
set_property(CACHE PHOSPHENE_WITH_MPRIS PROPERTY STRINGS AUTO ON OFF)
phosphene_option_mode(PHOSPHENE_WITH_MPRIS)
if(NOT PHOSPHENE_WITH_MPRIS_MODE STREQUAL "OFF")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND AND PHOSPHENE_WITH_MPRIS_MODE STREQUAL "ON")
    pkg_check_modules(DBUS REQUIRED IMPORTED_TARGET dbus-1)
  elseif(PKG_CONFIG_FOUND)
    pkg_check_modules(DBUS QUIET IMPORTED_TARGET dbus-1)
  elseif(PHOSPHENE_WITH_MPRIS_MODE STREQUAL "ON")
    message(FATAL_ERROR "PHOSPHENE_WITH_MPRIS=ON needs pkg-config to find dbus-1")
  endif()
endif()
if(DBUS_FOUND)
  target_sources(phosphene_player PRIVATE ${play_dir}/MprisWatcher.cpp ${play_dir}/MprisMessages.cpp)
  target_link_libraries(phosphene_player PRIVATE PkgConfig::DBUS)
  phosphene_feature(mpris ON "libdbus-1 ${DBUS_VERSION}: song titles from media players (PHOSPHENE_WITH_MPRIS=${PHOSPHENE_WITH_MPRIS})")
else()
  target_sources(phosphene_player PRIVATE ${play_dir}/MprisWatcherOff.cpp)
  if(PHOSPHENE_WITH_MPRIS_MODE STREQUAL "OFF")
    phosphene_feature(mpris OFF "PHOSPHENE_WITH_MPRIS=OFF")
  else()
    phosphene_feature(mpris OFF "dbus-1 not found by pkg-config (Debian: libdbus-1-dev)")
  endif()
endif()

target_link_libraries(phosphene_cli PRIVATE phosphene_player)
target_compile_definitions(phosphene_cli PRIVATE PHOSPHENE_WITH_PLAYER=1)

install(FILES ${play_dir}/data/phosphene-play.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${play_dir}/data/phosphene.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
# AppStream metadata (software centres), named after its component ID as AppStream asks.
install(FILES ${play_dir}/data/io.github.phosphene.phosphene.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
