#include "Player.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "AudioReport.hpp"
#include "DisplayChoice.hpp"
#include "EmbeddedPresets.hpp"
#include "PlayerSession.hpp"
#include "VideoSubsystem.hpp"
#include "WindowFit.hpp"
#include "WindowState.hpp"

namespace phosphene::play {
namespace {

using Clock = std::chrono::steady_clock;

void logToStderr(void*, phosphene_log_level level, const char* message) {
  const char* name = level >= PHOSPHENE_LOG_ERROR ? "error" : "warning";
  std::fprintf(stderr, "phosphene play: %s: %s\n", name, message);
}

platform::SdlWindowOptions windowOptions(const WindowSettings& w) {
  platform::SdlWindowOptions o;
  o.title = "Phosphene";
  o.width = w.width;
  o.height = w.height;
  o.x = w.x;
  o.y = w.y;
  o.display = w.display;
  o.fullscreen = w.fullscreen;
  o.borderless = w.borderless;
  o.api = w.gl == GlApi::Es3 ? platform::GlApi::Es30 : platform::GlApi::Core33;
  o.apiForced = w.gl != GlApi::Auto;
  o.vsync = w.vsync == VsyncMode::Adaptive ? platform::Vsync::Adaptive
            : w.vsync == VsyncMode::On     ? platform::Vsync::On
                                           : platform::Vsync::Off;
  return o;
}

}  // namespace

int PlayerSession::run() {
  if (!setUp()) return 1;
  frameLoop();
  rememberWindow();
  return 0;
}

bool PlayerSession::setUp() {
  std::string error;
  platform::SdlWindowOptions options = windowOptions(settings_.window);
  // One start of SDL's video for reading the displays and opening the window: each stop closes
  // the X connection, and an X server whose last client left resets, refusing the next
  // connection for a moment (Xvfb without -noreset did: the usable area went unread under load).
  const VideoSubsystem video;
  const DisplayChoice display =
      chooseDisplay(displayNames(), settings_.window.displayName, settings_.window.display);
  if (!display.warning.empty())
    std::fprintf(stderr, "phosphene play: warning: %s\n", display.warning.c_str());
  options.display = display.index;
  if (!options.fullscreen)
    if (const auto usable = usableDisplayArea(options.display)) {
      const PixelSize wanted{options.width, options.height};
      const PixelSize fitted = fitWindow(wanted, *usable);
      if (!(fitted == wanted)) {
        std::fprintf(stderr,
                     "phosphene play: window: %dx%d does not fit the display's usable %dx%d; "
                     "opening at %dx%d\n",
                     wanted.width, wanted.height, usable->width, usable->height, fitted.width,
                     fitted.height);
        options.width = fitted.width;
        options.height = fitted.height;
      }
    }
  window_ = platform::SdlWindow::create(options, error);
  if (!window_) {
    std::fprintf(stderr, "phosphene play: %s\n", error.c_str());
    return false;
  }
  std::fprintf(stderr, "phosphene play: %s\n", window_->description().c_str());
  if (const std::string driver = SDL_GetCurrentVideoDriver();
      driver == "offscreen" || driver == "dummy")
    std::fprintf(stderr,
                 "phosphene play: warning: no display found, nothing will be seen (SDL's %s "
                 "video driver); set DISPLAY or WAYLAND_DISPLAY\n",
                 driver.c_str());
  SDL_StopTextInput();  // on only while the browser takes typed text
  if (!settings_.window.mirror.empty()) openMirror(settings_.window.mirror);

  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = settings_.render.fpsCap > 0 ? settings_.render.fpsCap : PHOSPHENE_DEFAULT_FPS;
  desc.seed = run_.seed;
  desc.log_fn = &logToStderr;
  desc.log_min_level = PHOSPHENE_LOG_WARNING;
  phosphene_engine* engine = nullptr;
  if (const phosphene_result r = phosphene_engine_create(&desc, &engine); r != PHOSPHENE_OK) {
    std::fprintf(stderr, "phosphene play: cannot create the engine: %s\n",
                 phosphene_result_string(r));
    return false;
  }
  engine_.reset(engine);
  phosphene_engine_set_mesh_size(engine, settings_.render.meshX, settings_.render.meshY);
  std::vector<std::string> textureDirs;
  for (const auto& d : settings_.presets.textureFolders) textureDirs.push_back(d.string());
  std::vector<const char*> dirs;
  for (const auto& d : textureDirs) dirs.push_back(d.c_str());
  if (!dirs.empty()) phosphene_engine_set_texture_search_path(engine, dirs.data(), dirs.size());

  phosphene_switch_settings sw;
  phosphene_switch_settings_init(&sw);
  phosphene_engine_get_switch_settings(engine, &sw);
  sw.preset_duration = settings_.presets.durationSeconds;
  sw.blend_time_auto = settings_.presets.transitionSeconds;
  // Hard cuts follow the beat detector, whose sensitivity the Up/Down keys and
  // audio.beat_sensitivity set (projectM's players work the same way); at most one per 8 s.
  sw.loudness_hard_cuts = 0;
  sw.beat_hard_cuts = settings_.presets.hardCuts ? 1 : 0;
  sw.beat_hard_cut_min_interval = 8.0;
  sw.beat_sensitivity = settings_.audio.beatSensitivity;
  if (phosphene_engine_set_switch_settings(engine, &sw) != PHOSPHENE_OK)
    say(std::string("switch settings refused: ") + phosphene_engine_last_error(engine), true);

  OverlayOptions oo;
  oo.showPresetName = settings_.overlay.showPresetName;
  oo.showSongTitle = settings_.overlay.showSongTitle;
  oo.showFps = settings_.overlay.showFps;
  oo.toastSeconds = settings_.overlay.toastSeconds;
  oo.font = settings_.overlay.font.string();
  // The size is in window units; a HiDPI drawable has more pixels per unit.
  int drawW = 0, drawH = 0, winW = 0, winH = 0;
  window_->drawableSize(drawW, drawH);
  window_->windowSize(winW, winH);
  const double density = winW > 0 && drawW > winW ? static_cast<double>(drawW) / winW : 1.0;
  oo.fontSize = std::min(256, static_cast<int>(settings_.overlay.fontSize * density + 0.5));
  std::string overlayError;
  overlay_ = std::make_unique<OverlayView>(oo, overlayError);
  if (!overlayError.empty())
    std::fprintf(stderr, "phosphene play: %s\n", overlayError.c_str());
  else if (run_.verbose)
    std::fprintf(stderr, "phosphene play: overlay font %s\n", overlay_->fontName().c_str());
  helpOpen_ = settings_.overlay.helpOnStart;
  for (const auto& m : run_.startupMessages) overlay_->toast(m, 0, true);

  setUpPlaylist();
  setUpAudio();
  setUpLiveReload();
  mashups_ = std::make_unique<PresetMashups>(engine_.get(), run_.seed);
  setUpNowPlaying();
  setUpLaunches();
  return true;
}

void PlayerSession::setUpPlaylist() {
  phosphene_playlist* list = playlist();
  phosphene_playlist_set_retry(list, settings_.presets.retryFailed ? 3 : 1, 0);
  for (const auto& folder : run_.presetFolders) {
    std::uint32_t added = 0;
    if (phosphene_playlist_add_folder(list, folder.c_str(), 1, &added) != PHOSPHENE_OK)
      say("presets: cannot read folder " + folder, true);
    else
      std::fprintf(stderr, "phosphene play: presets: %u from %s\n", added, folder.c_str());
  }
  for (const auto& file : run_.presetFiles)
    if (phosphene_playlist_add_file(list, file.c_str()) != PHOSPHENE_OK)
      say("presets: cannot add " + file, true);
  if (phosphene_playlist_size(list) == 0) {
    // Nothing on disk: the presets built into the program, so the window is never empty.
    for (const auto& embedded : cli::kEmbeddedPresets) {
      phosphene_preset* p = nullptr;
      const std::string name(embedded.name);
      phosphene_preset_create_from_text(embedded.text.data(), embedded.text.size(), name.c_str(),
                                        &p);
      std::unique_ptr<phosphene_preset, PresetDeleter> owned(p);
      if (p && phosphene_preset_status(p) == PHOSPHENE_OK) phosphene_playlist_add_preset(list, p);
    }
    std::fprintf(stderr, "phosphene play: presets: no folder found, using the %u built-in ones\n",
                 phosphene_playlist_size(list));
  }
  phosphene_playlist_sort(list, PHOSPHENE_SORT_BY_NAME);
  phosphene_playlist_set_shuffle(list, settings_.presets.shuffle ? 1 : 0);
  phosphene_playlist_load_ratings(list, nullptr);

  std::uint32_t start = 0;
  bool found = false;
  const std::string& wanted =
      !run_.presetFiles.empty() ? run_.presetFiles.front() : settings_.presets.startPreset;
  if (!wanted.empty()) {
    const std::string stem = std::filesystem::path(wanted).filename().string();
    for (std::uint32_t i = 0; i < phosphene_playlist_size(list) && !found; ++i) {
      const std::string path = phosphene_playlist_item_path(list, i);
      const std::string name = phosphene_playlist_item_name(list, i);
      if (path == wanted || name == wanted || std::filesystem::path(path).filename() == stem) {
        start = i;
        found = true;
      }
    }
  }
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  phosphene_playlist_play(list, found ? PHOSPHENE_PLAY_INDEX : PHOSPHENE_PLAY_NEXT, start, &cut,
                          nullptr);
}

void PlayerSession::setUpAudio() {
  if (run_.audioFiles.empty()) {
    capture_ = std::make_unique<CaptureSource>(engine_.get());
    std::fprintf(stderr, "phosphene play: %s\n", capture_->open(settings_.audio.device).c_str());
    return;
  }
  std::string error;
  audio_ = platform::SdlAudioSystem::start(error);
  if (!audio_) std::fprintf(stderr, "phosphene play: audio: %s\n", error.c_str());
  playback_ =
      std::make_unique<FilePlayback>(engine_.get(), audio_.get(), run_.audioFiles, run_.fixedClock);
}

void PlayerSession::setUpLiveReload() {
  reload_ = std::make_unique<LiveReload>(engine_.get());
  for (const auto& path : run_.watchPaths) {
    std::string error;
    if (reload_->watch(path, error))
      std::fprintf(stderr, "phosphene play: watching %s (%s)\n", path.c_str(),
                   reload_->method().c_str());
    else
      say(error, true);
  }
}

// Other players' titles only while capturing: with its own songs the player knows their titles,
// and a media player's track is then not what is heard.
void PlayerSession::setUpNowPlaying() {
  if (!capture_ || !settings_.nowPlaying.mpris) return;
  std::string why;
  mpris_ = startMprisWatcher(why);
  if (!mpris_) std::fprintf(stderr, "phosphene play: mpris: %s\n", why.c_str());
}

void PlayerSession::showNowPlaying() {
  if (!mpris_) return;
  MprisNews news = mpris_->take();
  for (const auto& m : news.messages) std::fprintf(stderr, "phosphene play: %s\n", m.c_str());
  if (!news.track) return;
  const std::string title = news.track->track.display();
  std::fprintf(stderr, "phosphene play: now playing: %s (%s)\n", title.c_str(),
               news.track->player.c_str());
  overlay_->songStarted(title, now_);
  songTitle_ = title;
  songTitle(title);
  if (settings_.nowPlaying.switchPreset && !news.track->first) {
    std::fprintf(stderr, "phosphene play: track changed: next preset\n");
    play(PHOSPHENE_PLAY_NEXT, transitions_);
  }
}

void PlayerSession::showReloads() {
  for (auto& news : reload_->update()) {
    say(news.message, news.error);
    for (const auto& line : news.details) std::fprintf(stderr, "  %s\n", line.c_str());
    if (news.pinned) overlay_->pin(std::move(*news.pinned));
  }
}

void PlayerSession::frameLoop() {
  const auto start = Clock::now();
  auto last = start;
  std::size_t scriptAt = 0;
  const double fixedStep = 1.0 / (settings_.render.fpsCap > 0 ? settings_.render.fpsCap : 60);
  while (running_) {
    const auto frameStart = Clock::now();
    std::vector<std::string> shots, mirrorShots;
    bool reportAudio = false;
    for (; scriptAt < run_.script.size() && run_.script[scriptAt].frame <= frame_; ++scriptAt) {
      const ScriptStep& step = run_.script[scriptAt];
      if (step.kind == ScriptStep::Kind::Screenshot) {
        shots.push_back(step.text);
      } else if (step.kind == ScriptStep::Kind::MirrorScreenshot) {
        mirrorShots.push_back(step.text);
      } else if (step.kind == ScriptStep::Kind::Audio) {
        reportAudio = true;
      } else if (step.kind == ScriptStep::Kind::CloseWindow && step.text == "mirror") {
        if (!mirror_)
          say("script: no mirror window to close", true);
        else
          pushScriptEvent(step, mirror_->id());
      } else if (step.kind == ScriptStep::Kind::Quit) {
        SDL_Event quit{};
        quit.type = SDL_QUIT;
        SDL_PushEvent(&quit);
      } else if (!pushScriptEvent(step, window_->id())) {
        say(std::string("script: SDL refused an event: ") + SDL_GetError(), true);
      }
    }
    SDL_Event e;
    while (SDL_PollEvent(&e)) handle(e);
    if (!running_) break;

    double dt = std::chrono::duration<double>(frameStart - last).count();
    last = frameStart;
    if (run_.fixedClock) dt = fixedStep;
    dt = std::clamp(dt, 0.0, 0.25);  // a stalled window (dragged, minimised) is not a time jump
    now_ = run_.fixedClock ? static_cast<double>(frame_) * fixedStep
                           : std::chrono::duration<double>(frameStart - start).count();
    if (playback_) {
      const std::string message = playback_->update(dt);
      if (message.rfind("playing: ", 0) == 0) {
        std::fprintf(stderr, "phosphene play: %s\n", message.c_str());
        if (playback_->outputDescription() != audioSaid_) {
          audioSaid_ = playback_->outputDescription();
          std::fprintf(stderr, "phosphene play: audio: %s\n", audioSaid_.c_str());
        }
        overlay_->songStarted(playback_->title(), now_);
        songTitle_ = playback_->title();
        songTitle(songTitle_);
      } else if (!message.empty()) {
        say(message, true);  // a file that does not decode; the next one is tried
      }
    }
    if (capture_) {
      if (const auto back = capture_->retry(now_)) say(*back);
      capture_->feedSilenceWhileLost(dt);
    }
    phosphene_engine_advance(engine_.get(), run_.fixedClock ? 0.0 : std::max(dt, 1e-4));
    if (reportAudio) reportHeardAudio();
    int w = 0, h = 0;
    window_->drawableSize(w, h);
    window_->bindDefaultFramebuffer();
    phosphene_render_target target;
    phosphene_render_target_init(&target);
    target.kind = PHOSPHENE_TARGET_BOUND_FRAMEBUFFER;
    target.width = w;
    target.height = h;
    if (w > 0 && h > 0) {
      if (const phosphene_result r = phosphene_engine_draw(engine_.get(), &target);
          r != PHOSPHENE_OK && r != PHOSPHENE_ERROR_INVALID_ARGUMENT && frame_ % 600 == 0)
        std::fprintf(stderr, "phosphene play: draw: %s\n",
                     phosphene_engine_last_error(engine_.get()));
    }
    if (mirror_) mirror_->capture(w, h);  // the picture before anything is drawn over it
    pollEngine();
    showReloads();
    if (auto news = mashups_->update()) say(news->message, news->error);
    showNowPlaying();
    OverlayView::HelpRows help;
    if (helpOpen_) help = helpRows(settings_.keys.showInHelp == HelpKeys::Basic);
    std::string status;
    if (playback_ && playback_->paused()) status = "paused";
    overlay_->draw(w, h, now_, timer_.times(now_), help, browserOpen_ ? &browser_ : nullptr,
                   status);
    for (const auto& path : shots) screenshot(path);
    if (screenshotWanted_) {
      screenshotWanted_ = false;
      screenshot(autoScreenshotPath());
    }
    window_->swap();
    presentMirror(mirrorShots);
    if (!mirror_ && !mirrorShots.empty()) say("mirror screenshot: no mirror window", true);

    const double spent = std::chrono::duration<double>(Clock::now() - frameStart).count();
    timer_.add(now_, spent);
    if (!run_.fixedClock && settings_.render.fpsCap > 0) {
      const auto next =
          frameStart + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(1.0 / settings_.render.fpsCap));
      std::this_thread::sleep_until(next);
    }
    ++frame_;
    if (run_.frames && frame_ >= *run_.frames) break;
  }
  std::fprintf(stderr, "phosphene play: %llu frames\n", static_cast<unsigned long long>(frame_));
}

void PlayerSession::pollEngine() {
  phosphene_event ev;
  phosphene_event_init(&ev);
  while (phosphene_engine_poll_event(engine_.get(), &ev)) {
    switch (ev.type) {
      case PHOSPHENE_EVENT_PRESET_STARTED:
        overlay_->presetStarted(ev.name, now_);
        std::fprintf(stderr, "phosphene play: preset: %s\n", ev.name);
        break;
      case PHOSPHENE_EVENT_PRESET_LOAD_FAILED:
        say(std::string("preset ") + ev.name + " failed: " + ev.diagnostic_id + " " + ev.message,
            true);
        break;
      case PHOSPHENE_EVENT_SPRITE_ENDED:
        spriteEnded(ev.request_id);
        break;
      case PHOSPHENE_EVENT_PRESET_OVER_BUDGET:
        say(std::string("preset ") + ev.name + " is too slow (over the frame budget): skipped",
            true);
        break;
      default:
        break;
    }
  }
}

void PlayerSession::reportHeardAudio() {
  phosphene_audio_frame heard;
  phosphene_audio_frame_init(&heard);
  if (phosphene_engine_get_audio(engine_.get(), &heard) == PHOSPHENE_OK)
    std::fprintf(stderr, "phosphene play: %s\n", describeAudio(heard).c_str());
}

void PlayerSession::rememberWindow() {
  if (run_.windowStatePath.empty() || !window_) return;
  WindowState state;
  state.fullscreen = window_->fullscreen();
  if (!state.fullscreen) {
    int x = 0, y = 0;
    window_->windowSize(state.width, state.height);
    window_->position(x, y);
    state.x = x;
    state.y = y;
  } else {
    state.width = settings_.window.width;
    state.height = settings_.window.height;
  }
  state.display = std::max(0, SDL_GetWindowDisplayIndex(window_->handle()));
  if (const char* name = SDL_GetDisplayName(state.display)) state.displayName = name;
  std::vector<ConfigIssue> issues;
  if (!saveWindowState(run_.windowStatePath, state, issues))
    for (const auto& i : issues) std::fprintf(stderr, "phosphene play: %s\n", i.format().c_str());
}

int runPlayer(const PlayRun& run) {
  PlayerSession player(run);
  return player.run();
}

}  // namespace phosphene::play
