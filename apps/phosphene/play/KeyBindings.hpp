#pragma once
// The player's one key table: each row is a key, its modifiers, the action and the help text.
// Key handling looks actions up here and the help overlay prints the same rows, so the two
// cannot disagree.

#include <SDL.h>

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace phosphene::play {

enum class Action {
  Next,       // next preset, hard cut
  NextBlend,  // next preset with a transition
  Previous,
  PreviousBlend,
  Random,
  Back,  // back in the history
  Lock,  // no automatic switches
  Shuffle,
  HardCut,            // next preset, always a cut (MilkDrop's h)
  ToggleTransitions,  // automatic switches blend or cut
  BeatUp,
  BeatDown,
  RateUp,
  RateDown,
  Favourite,
  Browser,
  Help,
  ToggleFps,
  Screenshot,
  CopyPath,
  Fullscreen,
  PauseAudio,
  SeekBack,
  SeekForward,
  NextDevice,
  WatchPreset,       // live reload: the running preset's file reloads when it changes on disk
  TrackSwitch,       // MPRIS: the next preset on each track change of the media player (on / off)
  MashUp,            // a new preset from five random presets' parts (MilkDrop 2's mash-up)
  RandomShaders,     // a random preset with two others' shaders (MilkDrop 3's `A`)
  RandomWarpShader,  // the running preset with another's warp shader (MilkDrop 3's `!`)
  RandomCompShader,  // ... comp shader (MilkDrop 3's `@`)
  SavePreset,        // the running preset written to the quick-save folder
  MessageMode,       // two digits launch a custom message (MilkDrop 2's y / Y; the default)
  SpriteMode,        // two digits launch a sprite (MilkDrop 2's k)
  SpriteKillMode,    // two digits kill the sprites of that number (MilkDrop 2's K)
  Digit,             // 0..9: the two-digit launch (the key says which digit)
  DeleteLaunched,    // stop the message, or kill the newest sprite (Shift: oldest, Ctrl+Shift: all)
  SongTitle,         // the song title animation now (MilkDrop 2's t)
  Mirror,            // the mirror window (the picture without overlays) on / off
  Quit,
};

/// Modifier bits of a binding; either Shift or either Ctrl key counts.
enum KeyMods : unsigned { kNoMods = 0, kShift = 1, kCtrl = 2 };

struct KeyBinding {
  SDL_Keycode key;
  unsigned mods;
  Action action;
  const char* label;  // as the help shows it; nullptr: an alias not listed again
  const char* help;
  bool basic;  // listed in the short help (keys.show_in_help = "basic")
};

std::span<const KeyBinding> keyBindings();

/// The action for a key press with SDL's modifier state (Alt and GUI are ignored).
std::optional<Action> actionFor(SDL_Keycode key, Uint16 sdlMods);

/// (key, what it does) rows for the help overlay, in table order; `basicOnly` keeps the short
/// list.
std::vector<std::pair<std::string, std::string>> helpRows(bool basicOnly);

}  // namespace phosphene::play
