#pragma once
// What the player shows over the picture: the preset's name when it starts (fading out, as
// MilkDrop does), the song title, toasts (failed presets, messages), the help, the preset browser
// and the frame-time line. It decides what and where; the library's overlay draws the text.
// Everything shown is also kept as plain text (lastText) so it can be logged and tested.

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "PresetBrowser.hpp"
#include "phosphene/phosphene_overlay.h"

namespace phosphene::play {

struct FrameTimes {
  double fps = 0;        // frames in the last second
  double slowestMs = 0;  // slowest frame of the last two seconds
};

struct OverlayOptions {
  bool showPresetName = true, showSongTitle = true, showFps = false;
  double toastSeconds = 4.0;  // 0: names and toasts are never shown
  std::string font;           // "" = system font
  int fontSize = 20;
};

class OverlayView {
 public:
  /// Creates the overlay in the current GL context; on failure `error` says why and the view
  /// shows nothing (the player keeps running).
  OverlayView(const OverlayOptions& options, std::string& error);
  ~OverlayView();
  OverlayView(const OverlayView&) = delete;
  OverlayView& operator=(const OverlayView&) = delete;

  bool drawing() const { return overlay_ != nullptr; }
  std::string fontName() const;

  void presetStarted(const std::string& name, double now);
  void songStarted(const std::string& title, double now);
  void toast(const std::string& text, double now, bool error);
  /// Lines that stay on screen until replaced (a live-reloaded preset's errors); {} clears them.
  void pin(std::vector<std::string> lines) { pinned_ = std::move(lines); }
  const std::vector<std::string>& pinned() const { return pinned_; }
  void setShowFps(bool on) { options_.showFps = on; }
  bool showFps() const { return options_.showFps; }

  using HelpRows = std::vector<std::pair<std::string, std::string>>;
  /// Draws into the bound framebuffer of `width` x `height` pixels. `help` empty: no help;
  /// `browser` null: no browser.
  void draw(int width, int height, double now, const FrameTimes& times, const HelpRows& help,
            const PresetBrowser* browser, const std::string& status);

 private:
  struct Toast {
    std::string text;
    double start = 0;
    bool error = false;
  };
  float alphaAt(double start, double now) const;
  std::string fitted(const std::string& text, float maxWidth, float scale) const;
  void drawHelp(int width, int height, const HelpRows& help);
  void drawPinned(int width, int height);

  OverlayOptions options_;
  phosphene_overlay* overlay_ = nullptr;
  std::string presetName_, song_;
  double presetSince_ = -1e9, songSince_ = -1e9;
  std::deque<Toast> toasts_;
  std::vector<std::string> pinned_;
};

}  // namespace phosphene::play
