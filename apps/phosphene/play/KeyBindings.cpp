#include "KeyBindings.hpp"

#include <array>

namespace phosphene::play {
namespace {

// n/p follow projectM's SDL frontend: the plain key cuts, Shift blends (issue 13's list).
constexpr std::array kBindings{
    KeyBinding{SDLK_n, kNoMods, Action::Next, "n", "next preset (hard cut)", true},
    KeyBinding{SDLK_n, kShift, Action::NextBlend, "Shift+n", "next preset with a transition",
               false},
    KeyBinding{SDLK_p, kNoMods, Action::Previous, "p", "previous preset (hard cut)", true},
    KeyBinding{SDLK_p, kShift, Action::PreviousBlend, "Shift+p",
               "previous preset with a transition", false},
    KeyBinding{SDLK_r, kNoMods, Action::Random, "r", "random preset", true},
    KeyBinding{SDLK_BACKSPACE, kNoMods, Action::Back, "Backspace", "back in the history", false},
    KeyBinding{SDLK_SPACE, kNoMods, Action::Lock, "Space", "lock / unlock the preset", true},
    KeyBinding{SDLK_y, kNoMods, Action::Shuffle, "y", "shuffle on / off", false},
    KeyBinding{SDLK_h, kNoMods, Action::HardCut, "h", "hard cut to the next preset", false},
    KeyBinding{SDLK_t, kNoMods, Action::ToggleTransitions, "t",
               "automatic switches: transitions on / off", false},
    KeyBinding{SDLK_UP, kNoMods, Action::BeatUp, "Up", "beat sensitivity up", false},
    KeyBinding{SDLK_DOWN, kNoMods, Action::BeatDown, "Down", "beat sensitivity down", false},
    KeyBinding{SDLK_PLUS, kNoMods, Action::RateUp, "+", "rate the preset up", false},
    KeyBinding{SDLK_EQUALS, kNoMods, Action::RateUp, nullptr, "", false},
    KeyBinding{SDLK_EQUALS, kShift, Action::RateUp, nullptr, "", false},
    KeyBinding{SDLK_KP_PLUS, kNoMods, Action::RateUp, nullptr, "", false},
    KeyBinding{SDLK_MINUS, kNoMods, Action::RateDown, "-", "rate the preset down", false},
    KeyBinding{SDLK_KP_MINUS, kNoMods, Action::RateDown, nullptr, "", false},
    KeyBinding{SDLK_d, kCtrl, Action::Favourite, "Ctrl+d", "favourite on / off (like a bookmark)",
               false},
    KeyBinding{SDLK_l, kNoMods, Action::Browser, "l", "preset browser: type to search, Enter",
               true},
    KeyBinding{SDLK_F1, kNoMods, Action::Help, "F1", "this help", true},
    KeyBinding{SDLK_i, kNoMods, Action::ToggleFps, "i", "frame rate and slowest frame", false},
    KeyBinding{SDLK_s, kCtrl, Action::Screenshot, "Ctrl+s", "screenshot (PNG)", false},
    KeyBinding{SDLK_c, kCtrl, Action::CopyPath, "Ctrl+c", "copy the preset's path", false},
    KeyBinding{SDLK_f, kNoMods, Action::Fullscreen, "f",
               "fullscreen (also Ctrl+f, F11, double-click)", true},
    KeyBinding{SDLK_f, kCtrl, Action::Fullscreen, nullptr, "", false},
    KeyBinding{SDLK_F11, kNoMods, Action::Fullscreen, nullptr, "", false},
    KeyBinding{SDLK_c, kNoMods, Action::PauseAudio, "c", "pause / resume the song", false},
    KeyBinding{SDLK_LEFT, kNoMods, Action::SeekBack, "Left", "song: back 10 s", false},
    KeyBinding{SDLK_RIGHT, kNoMods, Action::SeekForward, "Right", "song: forward 10 s", false},
    KeyBinding{SDLK_d, kNoMods, Action::NextDevice, "d", "next capture device", false},
    KeyBinding{SDLK_w, kNoMods, Action::WatchPreset, "w",
               "live reload: the preset reloads when its file is saved (on / off)", false},
    KeyBinding{SDLK_m, kNoMods, Action::TrackSwitch, "m",
               "next preset when the media player's track changes (on / off)", false},
    KeyBinding{SDLK_a, kNoMods, Action::MashUp, "a",
               "mash-up: a new preset from five random presets' parts", false},
    KeyBinding{SDLK_a, kShift, Action::RandomShaders, "Shift+a",
               "a random preset with two other presets' warp and comp shaders", false},
    // MilkDrop 3's `!` and `@`; SDL reports them as Shift+1 / Shift+2 on a US layout and as
    // their own keys where a layout has them.
    KeyBinding{SDLK_1, kShift, Action::RandomWarpShader, "!",
               "another preset's warp shader over this one", false},
    KeyBinding{SDLK_EXCLAIM, kNoMods, Action::RandomWarpShader, nullptr, "", false},
    KeyBinding{SDLK_EXCLAIM, kShift, Action::RandomWarpShader, nullptr, "", false},
    KeyBinding{SDLK_2, kShift, Action::RandomCompShader, "@",
               "another preset's comp shader over this one", false},
    KeyBinding{SDLK_AT, kNoMods, Action::RandomCompShader, nullptr, "", false},
    KeyBinding{SDLK_AT, kShift, Action::RandomCompShader, nullptr, "", false},
    KeyBinding{SDLK_s, kNoMods, Action::SavePreset, "s",
               "save the preset (mash-ups too) to the quick-save folder", false},
    // MilkDrop 2's launches (plugin.cpp): a mode key, then two digits. Plain y is shuffle and t
    // the transition toggle here, so the message mode is Shift+y and the title Shift+t.
    KeyBinding{SDLK_y, kShift, Action::MessageMode, "Shift+y",
               "digits launch messages of milk_msg.ini (the default)", false},
    KeyBinding{SDLK_k, kNoMods, Action::SpriteMode, "k", "digits launch sprites of milk_img.ini",
               false},
    KeyBinding{SDLK_k, kShift, Action::SpriteKillMode, "Shift+k",
               "digits kill the sprites of that number", false},
    KeyBinding{SDLK_0, kNoMods, Action::Digit, "00..99", "launch message / sprite number NN",
               false},
    KeyBinding{SDLK_1, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_2, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_3, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_4, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_5, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_6, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_7, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_8, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_9, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_0, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_1, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_2, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_3, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_4, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_5, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_6, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_7, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_8, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_KP_9, kNoMods, Action::Digit, nullptr, "", false},
    KeyBinding{SDLK_DELETE, kNoMods, Action::DeleteLaunched, "Delete",
               "stop the message / kill the newest sprite (Shift: oldest, Ctrl+Shift: all)", false},
    KeyBinding{SDLK_DELETE, kShift, Action::DeleteLaunched, nullptr, "", false},
    KeyBinding{SDLK_DELETE, kShift | kCtrl, Action::DeleteLaunched, nullptr, "", false},
    KeyBinding{SDLK_t, kShift, Action::SongTitle, "Shift+t", "the song title animation", false},
    KeyBinding{SDLK_m, kCtrl, Action::Mirror, "Ctrl+m",
               "mirror window on / off: the picture without overlays (a projector)", false},
    KeyBinding{SDLK_q, kCtrl, Action::Quit, "Ctrl+q", "quit (also Escape)", true},
    KeyBinding{SDLK_ESCAPE, kNoMods, Action::Quit, nullptr, "", false},
};

unsigned modsOf(Uint16 sdlMods) {
  unsigned m = kNoMods;
  if (sdlMods & KMOD_SHIFT) m |= kShift;
  if (sdlMods & KMOD_CTRL) m |= kCtrl;
  return m;
}

}  // namespace

std::span<const KeyBinding> keyBindings() {
  return kBindings;
}

std::optional<Action> actionFor(SDL_Keycode key, Uint16 sdlMods) {
  const unsigned mods = modsOf(sdlMods);
  for (const auto& b : kBindings)
    if (b.key == key && b.mods == mods) return b.action;
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> helpRows(bool basicOnly) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& b : kBindings)
    if (b.label && (!basicOnly || b.basic)) rows.emplace_back(b.label, b.help);
  rows.emplace_back("wheel", "next / previous preset (with a transition)");
  return rows;
}

}  // namespace phosphene::play
