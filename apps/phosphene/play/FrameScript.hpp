#pragma once
// `--script FILE`: input events at fixed frames, for demos, recordings and tests. Each line is
// `FRAME ACTION [ARGUMENT]`:
//   120 key n            a key press (names as SDL spells them: n, F1, Up, Return, Backspace;
//   130 key shift+n      modifiers shift+ and ctrl+)
//   200 text geiss       typed text (what a keyboard layout would deliver as text input)
//   210 screenshot a.png the window's picture after that frame is drawn, as PNG
//   215 mirror-screenshot b.png  the same of the mirror window (--mirror, Ctrl+m)
//   220 drop DIR|FILE    a file or folder dropped on the window
//   230 wheel up|down    a mouse wheel step
//   240 double-click     a double click in the window
//   250 audio            print what the engine heard this frame (AudioReport.hpp) to stderr
//   260 close-window mirror  the window manager's close of the mirror (or of the main window)
//   300 quit             close the window
// Blank lines and lines starting with # are ignored. Keys and text are pushed into SDL's event
// queue, so they take the same path as a real keyboard.

#include <SDL.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::play {

struct ScriptStep {
  enum class Kind {
    Key,
    Text,
    Screenshot,
    MirrorScreenshot,
    Drop,
    Wheel,
    DoubleClick,
    Audio,
    CloseWindow,
    Quit
  };
  std::uint64_t frame = 0;
  Kind kind = Kind::Key;
  SDL_Keycode key = SDLK_UNKNOWN;
  Uint16 mods = KMOD_NONE;
  int wheel = 0;     // +1 up, -1 down
  std::string text;  // Text, Screenshot, MirrorScreenshot, Drop; CloseWindow: main or mirror
};

/// Parses a script; on the first bad line returns false with "FILE:LINE: reason" in `error`.
/// Steps come out sorted by frame (stable).
bool parseFrameScript(std::string_view text, std::string_view fileName,
                      std::vector<ScriptStep>& steps, std::string& error);

/// Pushes the step's event into SDL's queue for window `windowId` (not for Screenshot, Audio and
/// Quit, which the player handles itself). False when SDL's queue refused it.
bool pushScriptEvent(const ScriptStep& step, std::uint32_t windowId);

}  // namespace phosphene::play
