#pragma once
// MilkDrop 2's "supertext" (plugin.h td_supertext): the one custom message or song title on
// screen. Launching either replaces what is showing (plugin.cpp LaunchCustomMessage,
// LaunchSongTitleAnim). It belongs to the visualizer, not to a preset, so preset switches, blends
// and hard cuts leave it alone. This file launches it and says, for a frame time, what to draw.

#include <array>
#include <optional>
#include <string>

#include "message/MessageIni.hpp"

namespace phosphene::message {

struct Supertext {
  std::string text;  // UTF-8
  std::string face;
  bool bold = false, italic = false;
  bool isSongTitle = false;
  float x = 0.5f, y = 0.5f;  // 0..1, (0,0) upper left (custom messages only)
  float fontSize = 50.0f;    // 0..100 for messages; the title font's point size for titles
  float growth = 1.0f;       // messages only
  float duration = 1.5f;     // seconds
  float fade = 0.2f;         // messages only: fraction of the duration spent fading in
  int r = 255, g = 255, b = 255;
  double startTime = -1.0;  // < 0: off (MD2's fStartTime = -1)

  bool active() const { return startTime >= 0.0; }
};

/// The random draws one launch makes, each in 0..1036 as MD2's rand()%1037: x, y, r, g, b offsets.
using LaunchRandoms = std::array<int, 5>;
/// MD2's mapping of such a draw to -1..1: (v/1037)*2 - 1.
float signedUnit(int draw);

/// LaunchCustomMessage(n): message n of `set` (0..99; above 99 is 99) starting at `now`, or
/// nullopt when that slot has no text. Position and colour get their random offsets; the colour
/// is clamped to 0..255.
std::optional<Supertext> launchMessage(const MessageSet& set, int n, double now,
                                       const LaunchRandoms& randoms);
/// The same for a message a host supplies (not from milk_msg.ini), with `font` as its template
/// font; nullopt when the text is empty.
std::optional<Supertext> launchCustom(const CustomMessage& message, const MessageFont& font,
                                      double now, const LaunchRandoms& randoms);
/// LaunchCustomMessage(-1)'s pick: the `draw`-th (mod count) message with text; -1 when none.
int pickRandomMessage(const MessageSet& set, unsigned draw);

/// The title font and duration (MD2 settings: fSongTitleAnimDuration 1.7 s; the song title font
/// is EXTRA_FONT_2: "Times New Roman" at 18, italic, defines.h).
struct TitleStyle {
  std::string face = "Times New Roman";
  float pointSize = 18.0f;
  bool bold = false, italic = true;
  float duration = 1.7f;
};
/// LaunchSongTitleAnim: `title` centred, white, for style.duration seconds from `now`.
Supertext launchSongTitle(std::string title, double now, const TitleStyle& style = {});

/// Where a message is in its life at `now`: (now - start) / duration; 1 when the duration is not
/// positive (MD2 would divide by zero).
float supertextProgress(const Supertext& s, double now);

/// What one frame draws of an active supertext (milkdropfs.cpp RenderFrame): while progress < 1
/// it is drawn over the finished picture; on the frame where progress reaches 1 it is burnt into
/// the feedback canvas at progress 1 (so the preset's warp and decay carry it away) and drawn
/// over the picture once more at 0.9999, then it is off.
struct SupertextFrame {
  bool overlay = false;
  float overlayProgress = 0.0f;
  bool burn = false;  // draw at progress 1 into the canvas before the composite
  bool ends = false;  // off after this frame
};
SupertextFrame supertextFrame(const Supertext& s, double now);

/// The preset name in the upper-right corner: MD2 shows it while bShowPresetInfo is on (F4),
/// always naming the preset being switched to (plugin.cpp, the text drawn in RenderFrame's
/// overlay). `until` adds a timed showing, a Phosphene extension for hosts (MD2 shows the rating
/// that way for 2 s after a change).
struct PresetNameDisplay {
  bool always = false;
  double until = -1.0;
  bool visible(double now) const { return always || now < until; }
};

}  // namespace phosphene::message
