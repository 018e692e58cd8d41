// phosphene play: the desktop visualizer. Options and the config file become a PlayRun; the
// Player does the rest. Settings come from phosphene.toml, then --set, then the flags below.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "ArgParser.hpp"
#include "Commands.hpp"
#include "DisplayChoice.hpp"
#include "FilePlayback.hpp"
#include "FrameScript.hpp"
#include "Player.hpp"
#include "PlayerConfig.hpp"
#include "PresetFolders.hpp"
#include "SdlAudio.hpp"
#include "WindowState.hpp"

namespace phosphene::cli {
namespace {

ArgParser makeParser() {
  ArgParser p("play", "[OPTIONS] [AUDIO FILE|FOLDER ...]",
              "Shows presets in a window, moving to the music. With audio files (WAV, FLAC, OGG,\n"
              "Opus, MP3) or folders of them it plays them; without, it captures what the\n"
              "computer plays (the monitor of the default output), else the default input; when\n"
              "the sound server goes away it says so and captures again once it is back.\n"
              "While capturing, the title of what a media player plays (MPRIS) is shown when its\n"
              "track changes.\n"
              "Settings: $XDG_CONFIG_HOME/phosphene/phosphene.toml (written on first run with\n"
              "every setting explained); flags override it. MilkDrop's sprites and custom\n"
              "messages come from milk_img.ini and milk_msg.ini in the same folder (keys k,\n"
              "Shift+y, then two digits). Press F1 in the window for the keys.");
  p.option("presets", "DIR", "add a folder of presets (recursive); replaces the config's folders",
           true);
  p.option("preset", "FILE.milk", "add a preset file and start with it", true);
  p.option("watch", "FILE|DIR",
           "live reload for preset authors: play this preset (or folder) and reload it when "
           "saved; a save with errors keeps the last good version and shows the errors (also: w)",
           true);
  p.option("config", "FILE", "use this config file instead of the default one");
  p.option("set", "KEY=VALUE", "override one config setting, e.g. --set render.fps_cap=30", true);
  p.option("device", "NAME|INDEX", "capture device (see --list-devices)");
  p.flag("list-devices", "list capture and playback devices and exit");
  p.option("size", "WxH",
           "window size in pixels (default: the config's, else 1280x720); a size larger than "
           "the display's usable area is shrunk to fit, keeping its shape");
  p.flag("fullscreen", "start fullscreen (desktop resolution)");
  p.flag("borderless", "a window without decorations");
  p.option("display", "N|NAME",
           "the display (monitor) to open and go fullscreen on: its number (0 = the first) or "
           "its name, see --list-displays; remembered");
  p.flag("list-displays", "list the displays (monitors) and exit");
  p.option("mirror", "N|NAME",
           "also show the picture, without overlays, in a second window: fullscreen on this "
           "display (a projector), or a window when it is the main window's own (also: Ctrl+m)");
  p.option("gl", "3.3|es3", "OpenGL 3.3 core or OpenGL ES 3.0 (default: 3.3, else ES 3.0)");
  p.option("vsync", "adaptive|on|off", "vertical sync (default adaptive, falling back to on)");
  p.option("fps-cap", "N", "at most N frames per second (0: no cap)");
  p.option("duration", "SECONDS", "seconds each preset plays before the next one");
  p.option("transition", "SECONDS", "blend time of preset switches (0: cuts)");
  p.flag("shuffle", "play presets in a random order without repeats");
  p.flag("no-shuffle", "play presets in name order");
  p.option("frames", "N", "quit after N frames (demos, tests)");
  p.flag("fixed-fps",
         "fixed clock: each frame is 1/fps of music, whatever the wall time (recording, tests; "
         "songs are then fed from the frame clock and not played aloud)");
  p.option("script", "FILE",
           "input events at fixed frames, one per line: 'FRAME key NAME', 'FRAME text TEXT', "
           "'FRAME screenshot FILE.png', 'FRAME drop PATH', 'FRAME wheel up|down', "
           "'FRAME double-click', 'FRAME audio' (print what the engine hears: the loudest "
           "frequency and level per channel), 'FRAME quit'");
  p.flag("no-mpris",
         "while capturing, do not show what media players play (MPRIS titles from the D-Bus "
         "session bus: config now_playing.mpris)");
  p.flag("switch-on-track",
         "start the next preset when the media player's track changes (config "
         "now_playing.switch_preset; also: m)");
  p.option("screenshot-dir", "DIR", "where Ctrl+S saves (default ~/Pictures, else .)");
  p.option("seed", "N", "seed of the engine's random choices (shuffle, blends)");
  p.flag("no-window-state", "neither restore nor remember the window's size and position");
  p.flag("verbose", "say more about what the player does");
  p.positionals("AUDIO", "audio files or folders to play; none: capture", 0, 1 << 20);
  return p;
}

int listDevices() {
  std::string error;
  auto audio = platform::SdlAudioSystem::start(error);
  if (!audio) {
    std::printf("no audio driver: %s\n", error.c_str());
    return 0;
  }
  std::printf("audio driver: %s\ncapture devices (--device NAME or INDEX):\n",
              audio->driver().c_str());
  const auto capture = audio->captureDevices();
  for (std::size_t i = 0; i < capture.size(); ++i)
    std::printf("  %zu: %s%s\n", i, capture[i].name.c_str(),
                capture[i].isMonitor ? "  [what an output plays]" : "");
  if (capture.empty()) std::printf("  (none listed; the default input may still work)\n");
  const std::string monitor = audio->defaultMonitor();
  std::printf("default: %s\n", monitor.empty() ? "the default input (no monitor listed)"
                                               : ("'" + monitor + "'").c_str());
  std::printf("playback devices (songs play on the default one):\n");
  for (const auto& name : audio->playbackDevices()) std::printf("  %s\n", name.c_str());
  return 0;
}

bool readFile(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

}  // namespace

int runPlay(const Args& args) {
  ArgParser p = makeParser();
  if (!p.parse(args)) return p.helpRequested() ? 0 : 2;
  if (p.has("list-devices")) return listDevices();
  if (p.has("list-displays")) {
    std::fputs(play::listDisplays().c_str(), stdout);
    return 0;
  }

  play::PlayRun run;
  const auto env = play::ConfigEnvironment::fromProcess();
  std::filesystem::path configPath =
      p.value("config") ? std::filesystem::path(*p.value("config")) : play::defaultConfigPath(env);
  play::ConfigLoad config;
  if (!configPath.empty()) {
    config = play::loadOrCreateConfig(configPath, env);
    if (config.created)
      std::fprintf(stderr, "phosphene play: wrote the default settings to %s\n",
                   configPath.string().c_str());
  }
  run.settings = config.settings;
  if (!configPath.empty()) run.userFilesDir = configPath.parent_path();
  std::vector<play::ConfigIssue> issues = config.issues;
  for (const auto& kv : p.values("set")) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) return p.usageError("--set wants KEY=VALUE, got '" + kv + "'");
    play::applyOverride(run.settings, kv.substr(0, eq), kv.substr(eq + 1), issues, env);
  }
  for (const auto& issue : issues) {
    std::fprintf(stderr, "%s\n", issue.format().c_str());
    // On screen the file's name is enough; the terminal has the full path.
    play::ConfigIssue shown = issue;
    shown.file = std::filesystem::path(issue.file).filename().string();
    run.startupMessages.push_back(shown.format());
  }

  auto& s = run.settings;
  if (auto v = p.value("size")) {
    if (!parseSize(*v, s.window.width, s.window.height))
      return p.usageError("--size wants WxH, e.g. 1280x720");
  }
  if (p.has("fullscreen")) s.window.fullscreen = true;
  if (p.has("borderless")) s.window.borderless = true;
  // The flag wins over the remembered display (applied again after the window state below).
  std::optional<std::pair<int, std::string>> displayFlag;
  if (auto v = p.value("display")) {
    long long n = 0;
    if (v->empty()) return p.usageError("--display wants a display number or name");
    if (parseInt(*v, n)) {
      if (n > play::limits::kMaxDisplay) return p.usageError("--display: no such display number");
      displayFlag.emplace(static_cast<int>(n), std::string());
    } else {
      displayFlag.emplace(0, *v);
    }
    s.window.display = displayFlag->first;
    s.window.displayName = displayFlag->second;
  }
  if (auto v = p.value("mirror")) {
    if (v->empty()) return p.usageError("--mirror wants a display number or name");
    s.window.mirror = *v;
  }
  if (auto v = p.value("gl")) {
    if (*v == "3.3")
      s.window.gl = play::GlApi::Gl33;
    else if (*v == "es3")
      s.window.gl = play::GlApi::Es3;
    else
      return p.usageError("--gl wants 3.3 or es3");
  }
  if (auto v = p.value("vsync")) {
    if (*v == "adaptive")
      s.window.vsync = play::VsyncMode::Adaptive;
    else if (*v == "on")
      s.window.vsync = play::VsyncMode::On;
    else if (*v == "off")
      s.window.vsync = play::VsyncMode::Off;
    else
      return p.usageError("--vsync wants adaptive, on or off");
  }
  if (auto v = p.value("fps-cap")) {
    long long n = 0;
    if (!parseInt(*v, n) ||
        (n != 0 && (n < play::limits::kMinFpsCap || n > play::limits::kMaxFpsCap)))
      return p.usageError("--fps-cap wants 0 or " + std::to_string(play::limits::kMinFpsCap) +
                          ".." + std::to_string(play::limits::kMaxFpsCap));
    s.render.fpsCap = static_cast<int>(n);
  }
  if (auto v = p.value("duration")) {
    double d = 0;
    if (!parseDouble(*v, d) || d < play::limits::kMinPresetSeconds ||
        d > play::limits::kMaxPresetSeconds)
      return p.usageError("--duration wants 1..3600 seconds");
    s.presets.durationSeconds = d;
  }
  if (auto v = p.value("transition")) {
    double d = 0;
    if (!parseDouble(*v, d) || d < 0 || d > play::limits::kMaxTransitionSeconds)
      return p.usageError("--transition wants 0..30 seconds");
    s.presets.transitionSeconds = d;
  }
  if (p.has("shuffle") && p.has("no-shuffle"))
    return p.usageError("--shuffle and --no-shuffle contradict each other");
  if (p.has("shuffle")) s.presets.shuffle = true;
  if (p.has("no-shuffle")) s.presets.shuffle = false;
  if (auto v = p.value("device")) s.audio.device = *v;
  if (p.has("no-mpris")) s.nowPlaying.mpris = false;
  if (p.has("switch-on-track")) s.nowPlaying.switchPreset = true;
  if (auto v = p.value("frames")) {
    long long n = 0;
    if (!parseInt(*v, n) || n < 1) return p.usageError("--frames wants a positive number");
    run.frames = static_cast<std::uint64_t>(n);
  }
  if (auto v = p.value("seed")) {
    long long n = 0;
    if (!parseInt(*v, n)) return p.usageError("--seed wants a non-negative number");
    run.seed = static_cast<std::uint64_t>(n);
  }
  run.fixedClock = p.has("fixed-fps");
  run.verbose = p.has("verbose");
  if (auto v = p.value("screenshot-dir")) run.screenshotDir = *v;
  if (auto v = p.value("script")) {
    std::string text, error;
    if (!readFile(*v, text)) return p.usageError("cannot read script " + *v);
    if (!play::parseFrameScript(text, *v, run.script, error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 2;
    }
  }

  // Presets: --presets / --preset, else the config's folders, else the installed ones.
  run.presetFolders = p.values("presets");
  run.presetFiles = p.values("preset");
  // --watch also plays what it watches: a file as --preset (the first one starts), a folder as
  // --presets.
  for (const auto& w : p.values("watch")) {
    std::error_code ec;
    if (std::filesystem::is_directory(w, ec))
      run.presetFolders.push_back(w);
    else if (std::filesystem::is_regular_file(w, ec))
      run.presetFiles.push_back(w);
    else
      return p.usageError("--watch: no such preset file or folder: " + w);
    run.watchPaths.push_back(w);
  }
  for (const auto& f : run.presetFolders) {
    std::error_code ec;
    if (!std::filesystem::is_directory(f, ec)) return p.usageError("no such folder: " + f);
  }
  for (const auto& f : run.presetFiles) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) return p.usageError("no such preset file: " + f);
  }
  if (run.presetFolders.empty() && run.presetFiles.empty()) {
    for (const auto& f : s.presets.folders) run.presetFolders.push_back(f.string());
    if (run.presetFolders.empty()) run.presetFolders = play::defaultPresetFolders();
  }

  std::vector<std::string> problems;
  run.audioFiles = play::expandAudioArguments(p.positional(), problems);
  for (const auto& problem : problems)
    std::fprintf(stderr, "phosphene play: %s\n", problem.c_str());
  if (!p.positional().empty() && run.audioFiles.empty())
    return p.usageError("none of the audio arguments is a file or a folder with audio files");

  if (!p.has("no-window-state")) {
    run.windowStatePath = play::defaultWindowStatePath(env).string();
    // Flags that set the window win over what the last run left.
    if (!run.windowStatePath.empty() && !p.has("size") && !p.has("fullscreen")) {
      std::vector<play::ConfigIssue> stateIssues;
      if (auto state = play::loadWindowState(run.windowStatePath, stateIssues))
        play::applyWindowState(s.window, *state);
      for (const auto& i : stateIssues) std::fprintf(stderr, "%s\n", i.format().c_str());
    }
  }
  if (displayFlag) {
    s.window.display = displayFlag->first;
    s.window.displayName = displayFlag->second;
  }
  return play::runPlayer(run);
}

}  // namespace phosphene::cli
