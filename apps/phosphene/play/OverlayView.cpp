#include "OverlayView.hpp"

#include <algorithm>
#include <cstdio>

namespace phosphene::play {
namespace {

constexpr std::size_t kMaxToasts = 5;
constexpr double kFadeSeconds = 1.0;  // the last second of a name's time on screen
constexpr std::size_t kMaxPinnedLines = 8;

}  // namespace

OverlayView::OverlayView(const OverlayOptions& options, std::string& error) : options_(options) {
  phosphene_overlay_desc desc;
  phosphene_overlay_desc_init(&desc);
  desc.font_path = options_.font.empty() ? nullptr : options_.font.c_str();
  desc.pixel_height = static_cast<float>(options_.fontSize);
  const phosphene_result r = phosphene_overlay_create(&desc, &overlay_);
  if (r != PHOSPHENE_OK) {
    error = std::string("overlay: ") + phosphene_result_string(r) +
            (options_.font.empty() ? "" : " (font " + options_.font + ")");
    overlay_ = nullptr;
  }
}

OverlayView::~OverlayView() {
  phosphene_overlay_destroy(overlay_);
}

std::string OverlayView::fontName() const {
  return overlay_ ? phosphene_overlay_font(overlay_) : "none";
}

void OverlayView::presetStarted(const std::string& name, double now) {
  presetName_ = name;
  presetSince_ = now;
}

void OverlayView::songStarted(const std::string& title, double now) {
  song_ = title;
  songSince_ = now;
}

void OverlayView::toast(const std::string& text, double now, bool error) {
  toasts_.push_back({text, now, error});
  while (toasts_.size() > kMaxToasts) toasts_.pop_front();
}

std::string OverlayView::fitted(const std::string& text, float maxWidth, float scale) const {
  float w = 0;
  phosphene_overlay_measure(overlay_, text.c_str(), scale, &w, nullptr);
  if (w <= maxWidth) return text;
  std::size_t keep = text.size();
  std::string shown;
  do {
    keep -= std::min(keep, std::max<std::size_t>(1, keep / 8));
    while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
    shown = text.substr(0, keep) + "...";
    phosphene_overlay_measure(overlay_, shown.c_str(), scale, &w, nullptr);
  } while (w > maxWidth && keep > 0);
  return shown;
}

float OverlayView::alphaAt(double start, double now) const {
  const double age = now - start;
  if (options_.toastSeconds <= 0 || age < 0 || age > options_.toastSeconds) return 0.0f;
  const double fade = std::min(kFadeSeconds, options_.toastSeconds / 2);
  return static_cast<float>(std::clamp((options_.toastSeconds - age) / fade, 0.0, 1.0));
}

void OverlayView::drawHelp(int width, int height, const HelpRows& help) {
  // Two columns (key, action), in as many column groups as the height needs, scaled to fit.
  phosphene_overlay* o = overlay_;
  const float line = phosphene_overlay_line_height(o);
  const float pad = line * 0.5f;
  const float availH = static_cast<float>(height) - 2 * pad;
  float keyW = 0, textW = 0;
  for (const auto& [key, text] : help) {
    float w = 0;
    phosphene_overlay_measure(o, key.c_str(), 1.0f, &w, nullptr);
    keyW = std::max(keyW, w);
    phosphene_overlay_measure(o, text.c_str(), 1.0f, &w, nullptr);
    textW = std::max(textW, w);
  }
  const std::size_t n = help.size();
  std::size_t groups = 1;
  float scale = 0.0f;
  for (std::size_t g = 1; g <= 3; ++g) {  // the grouping that allows the largest text wins
    const std::size_t r = (n + g - 1) / g;
    const float w = (keyW + pad * 2 + textW) * static_cast<float>(g) + pad * 2 * (g - 1);
    const float fit = std::min(
        {1.0f, availH / (line * static_cast<float>(r)), (static_cast<float>(width) - 2 * pad) / w});
    if (fit > scale + 0.01f) {
      scale = fit;
      groups = g;
    }
  }
  const std::size_t rows = (n + groups - 1) / groups;
  const float groupW = (keyW + pad * 2 + textW) * scale;
  const float totalW = groupW * static_cast<float>(groups) + pad * 2 * (groups - 1);
  const float totalH = line * scale * static_cast<float>(rows);
  const float x0 = std::max(pad, (static_cast<float>(width) - totalW) / 2);
  const float y0 = std::max(pad, (static_cast<float>(height) - totalH) / 2);
  const phosphene_color panel{0.0f, 0.0f, 0.0f, 0.65f};
  const phosphene_color keyColor{1.0f, 0.85f, 0.4f, 1.0f};
  phosphene_overlay_rect(o, x0 - pad, y0 - pad, totalW + 2 * pad, totalH + 2 * pad, &panel);
  for (std::size_t i = 0; i < n; ++i) {
    const float x = x0 + static_cast<float>(i / rows) * (groupW + pad * 2);
    const float y = y0 + line * scale * static_cast<float>(i % rows);
    phosphene_overlay_text(o, x, y, help[i].first.c_str(), &keyColor, scale);
    phosphene_overlay_text(o, x + (keyW + pad * 2) * scale, y, help[i].second.c_str(), nullptr,
                           scale);
  }
}

void OverlayView::drawPinned(int width, int height) {
  // A panel along the bottom, above the song title's row: the picture stays visible above it.
  phosphene_overlay* o = overlay_;
  const float line = phosphene_overlay_line_height(o);
  const float pad = line * 0.5f;
  const float scale = 0.85f;
  const std::size_t shown = std::min(pinned_.size(), kMaxPinnedLines);
  const float h = line * scale * static_cast<float>(shown) + pad;
  const float top = std::max(pad, static_cast<float>(height) - line * 1.5f - pad - h);
  const phosphene_color panel{0.15f, 0.0f, 0.0f, 0.75f};
  const phosphene_color red{1.0f, 0.5f, 0.4f, 1.0f};
  phosphene_overlay_rect(o, 0, top, static_cast<float>(width), h, &panel);
  for (std::size_t i = 0; i < shown; ++i) {
    std::string text = pinned_[i];
    if (i + 1 == shown && pinned_.size() > shown)
      text = "... " + std::to_string(pinned_.size() - shown + 1) + " more";
    phosphene_overlay_text(o, pad, top + pad / 2 + line * scale * static_cast<float>(i),
                           fitted(text, static_cast<float>(width) - 2 * pad, scale).c_str(), &red,
                           scale);
  }
}

void OverlayView::draw(int width, int height, double now, const FrameTimes& times,
                       const HelpRows& help, const PresetBrowser* browser,
                       const std::string& status) {
  while (!toasts_.empty() && alphaAt(toasts_.front().start, now) <= 0.0f) toasts_.pop_front();
  if (!overlay_ || width <= 0 || height <= 0) return;
  phosphene_overlay* o = overlay_;
  const float line = phosphene_overlay_line_height(o);
  const float pad = line * 0.5f;
  const phosphene_color panel{0.0f, 0.0f, 0.0f, 0.6f};
  phosphene_overlay_begin(o, width, height);

  float y = pad;
  if (options_.showFps) {
    char text[96];
    std::snprintf(text, sizeof text, "%.1f fps, slowest %.1f ms", times.fps, times.slowestMs);
    const phosphene_color grey{0.8f, 0.9f, 0.8f, 1.0f};
    phosphene_overlay_text(o, pad, y, text, &grey, 0.8f);
    y += line;
  }
  // Toasts go under the row of the preset name (top right), one line each, cut to the width.
  if (!toasts_.empty()) y = std::max(y, pad + line * 1.2f);
  for (const auto& t : toasts_) {
    const float a = alphaAt(t.start, now);
    const phosphene_color c =
        t.error ? phosphene_color{1.0f, 0.55f, 0.45f, a} : phosphene_color{1.0f, 1.0f, 0.8f, a};
    phosphene_overlay_text(
        o, pad, y, fitted(t.text, static_cast<float>(width) - 2 * pad, 0.9f).c_str(), &c, 0.9f);
    y += line;
  }
  if (options_.showPresetName && !presetName_.empty()) {
    if (const float a = alphaAt(presetSince_, now); a > 0.0f) {
      float w = 0;
      phosphene_overlay_measure(o, presetName_.c_str(), 1.0f, &w, nullptr);
      const phosphene_color c{1.0f, 1.0f, 1.0f, a};
      phosphene_overlay_text(o, std::max(pad, static_cast<float>(width) - w - pad), pad,
                             presetName_.c_str(), &c, 1.0f);
    }
  }
  if (options_.showSongTitle && !song_.empty()) {
    if (const float a = alphaAt(songSince_, now); a > 0.0f) {
      const phosphene_color c{0.8f, 0.9f, 1.0f, a};
      phosphene_overlay_text(o, pad, static_cast<float>(height) - line - pad, song_.c_str(), &c,
                             1.0f);
    }
  }
  if (!status.empty()) {
    float w = 0;
    phosphene_overlay_measure(o, status.c_str(), 0.8f, &w, nullptr);
    const phosphene_color c{1.0f, 1.0f, 1.0f, 0.9f};
    phosphene_overlay_text(o, static_cast<float>(width) - w - pad,
                           static_cast<float>(height) - line - pad, status.c_str(), &c, 0.8f);
  }
  if (!pinned_.empty()) drawPinned(width, height);
  if (!help.empty()) drawHelp(width, height, help);
  if (browser) {
    const float x = pad, top = pad + line * 2;
    const float w = std::min(static_cast<float>(width) - 2 * pad, line * 24);
    const auto rows = static_cast<std::size_t>(
        std::max(1.0f, (static_cast<float>(height) - top - 3 * line) / line - 1));
    const auto& m = browser->matches();
    const std::size_t first = browser->firstVisible(rows);
    const std::size_t shown = std::min(rows, m.size() - std::min(first, m.size()));
    phosphene_overlay_rect(o, x, top, w, line * static_cast<float>(shown + 2) + pad, &panel);
    const std::string head = "Search: " + browser->query() + "_   (" + std::to_string(m.size()) +
                             " of " + std::to_string(browser->items().size()) + ")";
    const phosphene_color yellow{1.0f, 0.9f, 0.4f, 1.0f};
    phosphene_overlay_text(o, x + pad, top + pad / 2, head.c_str(), &yellow, 1.0f);
    for (std::size_t r = 0; r < shown; ++r) {
      const auto& item = browser->items()[m[first + r]];
      const bool sel = first + r == browser->selected();
      const float ry = top + pad / 2 + line * static_cast<float>(r + 1);
      if (sel) {
        const phosphene_color hi{0.3f, 0.4f, 0.9f, 0.8f};
        phosphene_overlay_rect(o, x, ry, w, line, &hi);
      }
      const std::string text = (item.favourite ? "* " : "  ") + item.name;
      phosphene_overlay_text(o, x + pad, ry, text.c_str(), nullptr, 1.0f);
    }
  }
  phosphene_overlay_end(o);
}

}  // namespace phosphene::play
