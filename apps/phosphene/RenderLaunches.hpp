#pragma once
// `render --sprites FILE --sprite N@T --messages FILE --message N@T --title TEXT`: MilkDrop's
// sprites, custom messages and song title put into a video at fixed times, so the same options
// give the same frames. The launches go through the public C API, as a host would make them.

#include <optional>
#include <string>
#include <vector>

#include "phosphene/phosphene.h"

namespace phosphene::cli {

/// One `N@T`: item N (0..99) of the ini at T seconds of the video.
struct TimedLaunch {
  int number = 0;
  double seconds = 0;
};

/// Reads "N@T" (N 0..99, T >= 0 seconds, finite); nothing for anything else.
std::optional<TimedLaunch> parseTimedLaunch(const std::string& text);

struct LaunchPlan {
  std::string spritesFile, messagesFile;  // milk_img.ini, milk_msg.ini
  std::vector<TimedLaunch> sprites, messages;
  std::string title;     // the song title animation, empty: none
  double titleAt = 0.0;  // seconds
  bool empty() const { return sprites.empty() && messages.empty() && title.empty(); }
};

/// Fires each launch on the first frame whose time reaches it.
class RenderLaunches {
 public:
  explicit RenderLaunches(LaunchPlan plan) : plan_(std::move(plan)) {}
  /// Loads the ini files (their diagnostics printed with line numbers). False, with the reason
  /// printed, when a file cannot be read or a launch names an item the file lacks.
  bool load(phosphene_engine* engine);
  /// Before drawing the frame at `seconds`: launches what is due. False, with `error`, when a
  /// launch fails (an image that does not decode).
  bool fire(phosphene_engine* engine, double seconds, std::string& error);

 private:
  LaunchPlan plan_;
  std::size_t nextSprite_ = 0, nextMessage_ = 0;
  bool titleShown_ = false;
};

}  // namespace phosphene::cli
