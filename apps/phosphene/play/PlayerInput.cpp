#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <system_error>

#include "PlayerSession.hpp"
#include "PngImage.hpp"
#include "QuickSave.hpp"

namespace phosphene::play {
namespace {

int digitOf(SDL_Keycode key) {
  if (key >= SDLK_0 && key <= SDLK_9) return static_cast<int>(key - SDLK_0);
  if (key >= SDLK_KP_1 && key <= SDLK_KP_9) return static_cast<int>(key - SDLK_KP_1) + 1;
  return 0;  // SDLK_KP_0
}

}  // namespace

void PlayerSession::handle(const SDL_Event& e) {
  switch (e.type) {
    case SDL_QUIT:
      running_ = false;
      break;
    case SDL_WINDOWEVENT:
      // With the mirror open, closing one window is not SDL_QUIT: the main window ends the run,
      // the mirror only itself.
      if (e.window.event == SDL_WINDOWEVENT_CLOSE) {
        if (mirror_ && e.window.windowID == mirror_->id())
          closeMirror("closed");
        else if (e.window.windowID == window_->id())
          running_ = false;
      }
      break;
    case SDL_KEYDOWN:
      if (browserOpen_) {
        browserKey(e.key);
      } else if (helpOpen_ && e.key.keysym.sym == SDLK_ESCAPE) {
        helpOpen_ = false;
      } else if (const auto action = actionFor(e.key.keysym.sym, e.key.keysym.mod)) {
        if (*action == Action::Digit) {
          if (e.key.repeat == 0) launchDigit(digitOf(e.key.keysym.sym));
        } else if (*action == Action::DeleteLaunched) {
          deleteLaunched((e.key.keysym.mod & KMOD_SHIFT) != 0, (e.key.keysym.mod & KMOD_CTRL) != 0);
        } else {
          act(*action, e.key.repeat != 0);
        }
      }
      break;
    case SDL_TEXTINPUT:
      if (browserOpen_) browser_.type(e.text.text);
      break;
    case SDL_MOUSEWHEEL: {
      const int y = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e.wheel.y : e.wheel.y;
      if (browserOpen_)
        browser_.move(-y);
      else if (y != 0)
        play(y < 0 ? PHOSPHENE_PLAY_NEXT : PHOSPHENE_PLAY_PREVIOUS, true);
      break;
    }
    case SDL_MOUSEBUTTONDOWN:
      if (e.button.button == SDL_BUTTON_LEFT && e.button.clicks == 2) toggleFullscreen();
      break;
    case SDL_AUDIODEVICEREMOVED:
      if (e.adevice.iscapture && capture_)
        if (const std::string line = capture_->deviceRemoved(); !line.empty()) say(line, true);
      break;
    case SDL_DROPFILE:
      if (e.drop.file) {
        const std::string path = e.drop.file;
        SDL_free(e.drop.file);
        dropped(path);
      }
      break;
    default:
      break;
  }
}

void PlayerSession::browserKey(const SDL_KeyboardEvent& key) {
  const bool ctrl = (key.keysym.mod & KMOD_CTRL) != 0;
  switch (key.keysym.sym) {
    case SDLK_ESCAPE:
      browserOpen_ = false;
      SDL_StopTextInput();
      break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      if (const auto index = browser_.selectedIndex()) play(PHOSPHENE_PLAY_INDEX, true, *index);
      browserOpen_ = false;
      SDL_StopTextInput();
      break;
    case SDLK_UP:
      browser_.move(-1);
      break;
    case SDLK_DOWN:
      browser_.move(1);
      break;
    case SDLK_PAGEUP:
      browser_.move(-10);
      break;
    case SDLK_PAGEDOWN:
      browser_.move(10);
      break;
    case SDLK_BACKSPACE:
      browser_.backspace();
      break;
    case SDLK_q:
      if (ctrl) running_ = false;
      break;
    default:
      break;
  }
}

void PlayerSession::play(phosphene_playlist_move move, bool blend, std::uint32_t index) {
  phosphene_transition_desc t;
  phosphene_transition_desc_init(&t);
  if (blend && settings_.presets.transitionSeconds > 0) {
    t.style = PHOSPHENE_TRANSITION_BLEND;
    t.seconds = settings_.presets.transitionSeconds;
  } else {
    t.style = PHOSPHENE_TRANSITION_HARD_CUT;
  }
  if (phosphene_playlist_play(playlist(), move, index, &t, nullptr) != PHOSPHENE_OK)
    say(std::string("no preset to play: ") + phosphene_engine_last_error(engine_.get()), true);
}

void PlayerSession::act(Action action, bool repeat) {
  // Held keys repeat only where repeating makes sense (moving through presets, seeking).
  const bool repeats = action == Action::Next || action == Action::Previous ||
                       action == Action::SeekBack || action == Action::SeekForward;
  if (repeat && !repeats) return;
  phosphene_playlist* list = playlist();
  const std::int64_t current = phosphene_playlist_position(list);
  phosphene_switch_settings sw;
  phosphene_switch_settings_init(&sw);
  phosphene_engine_get_switch_settings(engine_.get(), &sw);
  switch (action) {
    case Action::Next:
      play(PHOSPHENE_PLAY_NEXT, false);
      break;
    case Action::NextBlend:
      play(PHOSPHENE_PLAY_NEXT, true);
      break;
    case Action::Previous:
    case Action::Back:
      play(PHOSPHENE_PLAY_PREVIOUS, false);
      break;
    case Action::PreviousBlend:
      play(PHOSPHENE_PLAY_PREVIOUS, true);
      break;
    case Action::Random:
      play(PHOSPHENE_PLAY_RANDOM, true);
      break;
    case Action::HardCut:
      play(PHOSPHENE_PLAY_NEXT, false);
      break;
    case Action::Lock:
      sw.locked = !sw.locked;
      phosphene_engine_set_switch_settings(engine_.get(), &sw);
      say(sw.locked ? "preset locked" : "preset unlocked");
      break;
    case Action::Shuffle:
      settings_.presets.shuffle = !settings_.presets.shuffle;
      phosphene_playlist_set_shuffle(list, settings_.presets.shuffle ? 1 : 0);
      say(settings_.presets.shuffle ? "shuffle on" : "shuffle off");
      break;
    case Action::ToggleTransitions:
      transitions_ = !transitions_;
      sw.blend_time_auto = transitions_ ? settings_.presets.transitionSeconds : 0.0;
      phosphene_engine_set_switch_settings(engine_.get(), &sw);
      say(transitions_ ? "automatic switches blend" : "automatic switches cut");
      break;
    case Action::BeatUp:
    case Action::BeatDown: {
      // Steps of ×1.25 (about 2 dB of onset strength), within the library's range.
      const double step = action == Action::BeatUp ? 1.25 : 1.0 / 1.25;
      sw.beat_sensitivity = std::clamp(sw.beat_sensitivity * step, PHOSPHENE_MIN_BEAT_SENSITIVITY,
                                       PHOSPHENE_MAX_BEAT_SENSITIVITY);
      settings_.audio.beatSensitivity = sw.beat_sensitivity;
      phosphene_engine_set_switch_settings(engine_.get(), &sw);
      char text[96];
      std::snprintf(text, sizeof text, "beat sensitivity %.2f%s", sw.beat_sensitivity,
                    sw.beat_hard_cuts ? "" : " (hard cuts are off)");
      say(text);
      break;
    }
    case Action::RateUp:
    case Action::RateDown:
      if (current >= 0) {
        const auto i = static_cast<std::uint32_t>(current);
        const int rating = std::clamp(
            phosphene_playlist_get_rating(list, i) + (action == Action::RateUp ? 1 : -1), 0, 5);
        phosphene_playlist_set_rating(list, i, rating);
        phosphene_playlist_save_ratings(list, nullptr);
        say("rating " + std::to_string(rating) + "/5: " + phosphene_playlist_item_name(list, i));
      }
      break;
    case Action::Favourite:
      if (current >= 0) {
        const auto i = static_cast<std::uint32_t>(current);
        const int fav = !phosphene_playlist_is_favourite(list, i);
        phosphene_playlist_set_favourite(list, i, fav);
        phosphene_playlist_save_ratings(list, nullptr);
        say(std::string(fav ? "favourite: " : "not a favourite: ") +
            phosphene_playlist_item_name(list, i));
      }
      break;
    case Action::Browser: {
      std::vector<BrowserItem> items;
      for (std::uint32_t i = 0; i < phosphene_playlist_size(list); ++i)
        items.push_back({i, phosphene_playlist_item_name(list, i),
                         phosphene_playlist_is_favourite(list, i) != 0});
      browser_.setItems(std::move(items));
      browser_.clearQuery();
      browserOpen_ = true;
      helpOpen_ = false;
      SDL_StartTextInput();
      break;
    }
    case Action::Help:
      helpOpen_ = !helpOpen_;
      break;
    case Action::ToggleFps:
      overlay_->setShowFps(!overlay_->showFps());
      break;
    case Action::Screenshot:
      screenshotWanted_ = true;
      break;
    case Action::CopyPath: {
      std::string path = phosphene_engine_current_preset_path(engine_.get());
      if (path.empty()) path = phosphene_engine_current_preset_name(engine_.get());
      if (SDL_SetClipboardText(path.c_str()) == 0)
        say("copied: " + path);
      else
        say(std::string("clipboard: ") + SDL_GetError(), true);
      break;
    }
    case Action::Fullscreen:
      toggleFullscreen();
      break;
    case Action::PauseAudio:
      if (playback_) {
        playback_->togglePause();
        say(playback_->paused() ? "song paused" : "song playing");
      } else {
        say("no song to pause (capturing live audio)");
      }
      break;
    case Action::SeekBack:
    case Action::SeekForward:
      if (playback_) playback_->seek(action == Action::SeekBack ? -10.0 : 10.0);
      break;
    case Action::NextDevice:
      if (capture_)
        say(capture_->cycle());
      else
        say("playing files: no capture device in use");
      break;
    case Action::WatchPreset:
      reload_->setFollowCurrent(!reload_->followCurrent());
      say(reload_->followCurrent() ? "live reload: the running preset's file reloads when saved (" +
                                         reload_->method() + ")"
                                   : "live reload of the running preset off");
      break;
    case Action::TrackSwitch:
      settings_.nowPlaying.switchPreset = !settings_.nowPlaying.switchPreset;
      if (!mpris_)
        say("no media player titles: capture and now_playing.mpris are needed");
      else
        say(settings_.nowPlaying.switchPreset ? "next preset on each track change"
                                              : "no preset switch on track changes");
      break;
    case Action::MashUp:
    case Action::RandomShaders:
    case Action::RandomWarpShader:
    case Action::RandomCompShader: {
      std::string error;
      bool started = false;
      if (action == Action::MashUp)
        started = mashups_->mashUpAtRandom(error);
      else if (action == Action::RandomShaders)
        started = mashups_->shadersAtRandom(error);
      else
        started =
            mashups_->swapShader(action == Action::RandomWarpShader ? PHOSPHENE_MASHUP_WARP_SHADER
                                                                    : PHOSPHENE_MASHUP_COMP_SHADER,
                                 error);
      if (!started) say(error, true);
      break;
    }
    case Action::SavePreset:
      savePreset();
      break;
    case Action::MessageMode:
      launchMode(LaunchMode::Message);
      break;
    case Action::SpriteMode:
      launchMode(LaunchMode::Sprite);
      break;
    case Action::SpriteKillMode:
      launchMode(LaunchMode::KillSprite);
      break;
    case Action::SongTitle:
      songTitle(songTitle_.empty() ? std::string("Phosphene") : songTitle_);
      break;
    case Action::Mirror:
      if (mirror_)
        closeMirror("off");
      else
        openMirror(settings_.window.mirror);
      break;
    case Action::Digit:
    case Action::DeleteLaunched:
      break;  // handled with their key in handle()
    case Action::Quit:
      running_ = false;
      break;
  }
}

void PlayerSession::savePreset() {
  // The made preset when it runs (a mash-up lives only in memory), else the running file as our
  // writer writes it.
  const phosphene_preset* preset = mashups_->running();
  SharedPreset fromFile;
  if (preset == nullptr) {
    const char* path = phosphene_engine_current_preset_path(engine_.get());
    if (path == nullptr || *path == '\0') {
      say("nothing to save: the running preset has no file", true);
      return;
    }
    phosphene_preset* read = nullptr;
    const phosphene_result r = phosphene_preset_create_from_file(path, &read);
    fromFile = sharePreset(read);
    if (r != PHOSPHENE_OK) {
      say(std::string("cannot save: ") + phosphene_result_string(r), true);
      return;
    }
    preset = read;
  }
  const std::filesystem::path folder = quickSaveFolder();
  if (folder.empty()) {
    say("cannot save: neither XDG_DATA_HOME nor HOME is set", true);
    return;
  }
  const std::filesystem::path file = freshSavePath(folder, phosphene_preset_name(preset));
  if (phosphene_preset_save(preset, file.string().c_str()) != PHOSPHENE_OK) {
    say("cannot save " + file.string(), true);
    return;
  }
  say("saved " + file.filename().string() + " (in " + folder.string() + ")");
}

void PlayerSession::dropped(const std::string& path) {
  phosphene_playlist* list = playlist();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::uint32_t added = 0;
    if (phosphene_playlist_add_folder(list, path.c_str(), 1, &added) == PHOSPHENE_OK)
      say("added " + std::to_string(added) + " presets from " + path);
    else
      say("cannot read folder " + path, true);
    return;
  }
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".milk" && ext != ".milk2") {
    say("not a preset (.milk, .milk2) or folder: " + path, true);
    return;
  }
  phosphene_playlist_add_file(list, path.c_str());  // NOT_FOUND: already listed, fine
  for (std::uint32_t i = 0; i < phosphene_playlist_size(list); ++i)
    if (path == phosphene_playlist_item_path(list, i)) {
      play(PHOSPHENE_PLAY_INDEX, true, i);
      return;
    }
  say("cannot add " + path, true);
}

std::string PlayerSession::autoScreenshotPath() {
  std::string dir = run_.screenshotDir;
  if (dir.empty()) {
    const char* home = std::getenv("HOME");
    std::error_code ec;
    if (home && std::filesystem::is_directory(std::string(home) + "/Pictures", ec))
      dir = std::string(home) + "/Pictures";
    else
      dir = ".";
  }
  const std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&t));
  return dir + "/phosphene-" + stamp + "-" + std::to_string(++shotCounter_) + ".png";
}

void PlayerSession::screenshot(const std::string& path) {
  platform::RgbaImage image;
  std::string error;
  if (!window_->readBackBuffer(image, error) || !platform::writePng(path, image, error)) {
    say("screenshot failed: " + error, true);
    return;
  }
  std::fprintf(stderr, "phosphene play: screenshot %s (%dx%d)\n", path.c_str(), image.width,
               image.height);
}

}  // namespace phosphene::play
