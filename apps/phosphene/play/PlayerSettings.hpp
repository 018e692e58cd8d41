#pragma once
// Everything `phosphene play` reads from phosphene.toml, with the defaults a missing file or a
// missing key gets. Pure data: reading, writing and checking live in PlayerConfig.hpp, so the
// player can hold, copy and compare settings without knowing about TOML.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "phosphene/phosphene.h"

namespace phosphene::play {

/// Accepted ranges, inclusive. Where the C API has a limit the range comes from it, so a value the
/// config accepts is one the library accepts too.
namespace limits {
inline constexpr int kMinWindowSize = 64;
inline constexpr int kMaxWindowSize = PHOSPHENE_MAX_DRAWABLE_SIZE;
inline constexpr int kMaxWindowPosition = 1'000'000;  // |x|, |y|: beyond any real desktop
inline constexpr int kMaxDisplay = 63;
inline constexpr double kMinBeatSensitivity = 0.1;
inline constexpr double kMaxBeatSensitivity = 10.0;
inline constexpr double kMinPresetSeconds = 1.0;
inline constexpr double kMaxPresetSeconds = 3600.0;
inline constexpr double kMaxTransitionSeconds = 30.0;  // a UI choice, well inside the C API's
static_assert(kMaxTransitionSeconds <= PHOSPHENE_MAX_TRANSITION_SECONDS);
inline constexpr int kMinMeshX = PHOSPHENE_MIN_MESH_X;
inline constexpr int kMaxMeshX = PHOSPHENE_MAX_MESH_X;
inline constexpr int kMinMeshY = PHOSPHENE_MIN_MESH_Y;
inline constexpr int kMaxMeshY = PHOSPHENE_MAX_MESH_Y;
inline constexpr int kMinFpsCap = 10;  // 0 also accepted: uncapped
inline constexpr int kMaxFpsCap = static_cast<int>(PHOSPHENE_MAX_FPS);
inline constexpr int kMinFontSize = 6;
inline constexpr int kMaxFontSize = 200;
inline constexpr double kMaxToastSeconds = 60.0;  // 0 = no toasts
}  // namespace limits

/// "adaptive" is late swap tearing; where the driver lacks it the player falls back to "on".
enum class VsyncMode { Off, On, Adaptive };
/// "auto" tries desktop GL 3.3 core, then GLES 3.0.
enum class GlApi { Auto, Gl33, Es3 };
/// Which key bindings the help overlay lists: "all", or "basic" (the few a new user needs first;
/// the player's key table marks which: KeyBinding::basic).
enum class HelpKeys { All, Basic };

struct WindowSettings {
  int width = 1280;
  int height = 720;
  std::optional<int> x;  // unset: centred on `display`
  std::optional<int> y;
  bool fullscreen = false;
  bool borderless = false;
  int display = 0;          // SDL display index
  std::string displayName;  // when set and found, wins over `display` (DisplayChoice.hpp)
  std::string mirror;       // the mirror window's display, number or name; "": no mirror
  VsyncMode vsync = VsyncMode::Adaptive;
  GlApi gl = GlApi::Auto;
  bool operator==(const WindowSettings&) const = default;
};

struct AudioSettings {
  /// Empty: the monitor of the default output, else the default input. Otherwise a device name,
  /// or a decimal index into the capture device list (the player tells the two apart).
  std::string device;
  double beatSensitivity = 1.0;
  bool operator==(const AudioSettings&) const = default;
};

struct PresetSettings {
  std::vector<std::filesystem::path> folders;  // "~" already expanded
  std::vector<std::filesystem::path> textureFolders;
  double durationSeconds = 30.0;
  double transitionSeconds = 2.7;
  bool hardCuts = false;  // off, as in MilkDrop 2 and projectM's player
  bool shuffle = true;
  bool retryFailed = false;  // offer presets that failed to load again later in the session
  std::string startPreset;  // empty: the playlist's choice; else a file name or path ("~" expanded)
  bool operator==(const PresetSettings&) const = default;
};

struct RenderSettings {
  int meshX = 48;
  int meshY = 36;
  int fpsCap = 60;  // 0: uncapped (vsync still applies)
  bool operator==(const RenderSettings&) const = default;
};

struct OverlaySettings {
  bool showPresetName = true;
  bool showSongTitle = true;
  bool showFps = false;
  std::filesystem::path font;  // empty: the system font (fontconfig); "~" already expanded
  int fontSize = 20;
  double toastSeconds = 4.0;  // how long a preset or song name stays on screen; 0 = never shown
  bool helpOnStart = false;
  bool operator==(const OverlaySettings&) const = default;
};

/// "Now playing" while capturing: what a media player on the session bus (MPRIS) plays.
struct NowPlayingSettings {
  bool mpris = true;          // show its title when the track changes
  bool switchPreset = false;  // and start the next preset then
  bool operator==(const NowPlayingSettings&) const = default;
};

struct KeySettings {
  HelpKeys showInHelp = HelpKeys::All;
  bool operator==(const KeySettings&) const = default;
};

struct PlayerSettings {
  WindowSettings window;
  AudioSettings audio;
  PresetSettings presets;
  RenderSettings render;
  OverlaySettings overlay;
  NowPlayingSettings nowPlaying;
  KeySettings keys;
  bool operator==(const PlayerSettings&) const = default;
};

}  // namespace phosphene::play
