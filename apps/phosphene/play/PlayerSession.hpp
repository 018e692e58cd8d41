#pragma once
// One run of the player: the objects it owns (window, engine, overlay, audio) and the state the
// keys change. Player.cpp sets it up and runs the frame loop; PlayerInput.cpp turns keys, mouse
// and dropped files into actions. Internal to the player.

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <utility>

#include "CaptureSource.hpp"
#include "FilePlayback.hpp"
#include "KeyBindings.hpp"
#include "LaunchKeys.hpp"
#include "LiveReload.hpp"
#include "MirrorWindow.hpp"
#include "MprisWatcher.hpp"
#include "OverlayView.hpp"
#include "Player.hpp"
#include "PresetBrowser.hpp"
#include "PresetMashups.hpp"
#include "SdlAudio.hpp"
#include "SdlWindow.hpp"
#include "phosphene/phosphene.h"

namespace phosphene::play {

struct EngineDeleter {
  void operator()(phosphene_engine* e) const { phosphene_engine_destroy(e); }
};
using EnginePtr = std::unique_ptr<phosphene_engine, EngineDeleter>;

struct PresetDeleter {
  void operator()(phosphene_preset* p) const { phosphene_preset_destroy(p); }
};

// fps over the last second and the slowest frame of the last two: what the frame-time line shows.
class FrameTimer {
 public:
  void add(double now, double seconds) {
    frames_.push_back({now, seconds});
    while (!frames_.empty() && now - frames_.front().first > 2.0) frames_.pop_front();
  }
  FrameTimes times(double now) const {
    FrameTimes t;
    for (const auto& [at, s] : frames_) {
      if (now - at <= 1.0) t.fps += 1;
      t.slowestMs = std::max(t.slowestMs, s * 1000.0);
    }
    return t;
  }

 private:
  std::deque<std::pair<double, double>> frames_;
};

class PlayerSession {
 public:
  explicit PlayerSession(const PlayRun& run) : run_(run), settings_(run.settings) {}
  ~PlayerSession() {
    mirror_.reset();    // its copy lives in the window's context
    mpris_.reset();     // the bus thread is joined first
    mashups_.reset();   // a mash-up being assembled finishes before the engine goes
    reload_.reset();    // background preset checks finish before the engine goes
    playback_.reset();  // audio callbacks stop before the engine they feed goes
    capture_.reset();
    audio_.reset();
  }
  int run();

 private:
  bool setUp();
  void setUpPlaylist();
  void setUpAudio();
  void frameLoop();
  void handle(const SDL_Event& e);
  void browserKey(const SDL_KeyboardEvent& key);
  void act(Action action, bool repeat);
  void play(phosphene_playlist_move move, bool blend, std::uint32_t index = 0);
  void pollEngine();
  void reportHeardAudio();
  void setUpLiveReload();
  void showReloads();
  void setUpNowPlaying();
  void showNowPlaying();
  void dropped(const std::string& path);
  void screenshot(const std::string& path);
  void savePreset();
  // PlayerLaunches.cpp: sprites, messages and the song title (MilkDrop 2's keys).
  void setUpLaunches();
  void launchMode(LaunchMode mode);
  void launchDigit(int digit);
  void deleteLaunched(bool shift, bool ctrl);
  void spriteEnded(std::uint64_t id);
  void songTitle(const std::string& title);
  // PlayerMirror.cpp: the second window showing the picture without overlays.
  void openMirror(const std::string& wanted);
  void closeMirror(const char* why);
  void presentMirror(const std::vector<std::string>& shots);
  std::string autoScreenshotPath();
  void rememberWindow();
  void toggleFullscreen() {
    window_->toggleFullscreen();
    std::fprintf(stderr, "phosphene play: fullscreen %s\n", window_->fullscreen() ? "on" : "off");
  }
  void say(const std::string& text, bool error = false) {
    std::fprintf(stderr, "phosphene play: %s\n", text.c_str());
    if (overlay_) overlay_->toast(text, now_, error);
  }
  phosphene_playlist* playlist() { return phosphene_engine_get_playlist(engine_.get()); }

  const PlayRun& run_;
  PlayerSettings settings_;
  std::unique_ptr<platform::SdlWindow> window_;
  std::unique_ptr<platform::MirrorWindow> mirror_;  // destroyed before the window (declared after)
  EnginePtr engine_;
  std::unique_ptr<OverlayView> overlay_;
  std::unique_ptr<platform::SdlAudioSystem> audio_;
  std::unique_ptr<CaptureSource> capture_;
  std::unique_ptr<FilePlayback> playback_;
  std::unique_ptr<LiveReload> reload_;
  std::unique_ptr<PresetMashups> mashups_;
  std::unique_ptr<MprisWatcher> mpris_;  // only while capturing with now_playing.mpris
  PresetBrowser browser_;
  LaunchKeys launchKeys_;
  struct LaunchedSprite {
    std::uint32_t id;
    int number;
  };
  std::vector<LaunchedSprite> launchedSprites_;  // live ones, in launch order
  bool spritesLoaded_ = false, messagesLoaded_ = false;
  bool browserOpen_ = false, helpOpen_ = false, running_ = true, transitions_ = true;
  bool screenshotWanted_ = false;
  double now_ = 0;
  std::uint64_t frame_ = 0;
  int shotCounter_ = 0;
  std::string songTitle_;  // the song playing (file tags or MPRIS), for Shift+t
  std::string audioSaid_;  // the output last reported, so a change is reported once
  FrameTimer timer_;
};

}  // namespace phosphene::play
