// Launching MD2's supertext and its per-frame schedule (see Supertext.hpp for the sources).
#include "message/Supertext.hpp"

#include <algorithm>
#include <cstdint>

namespace phosphene::message {

float signedUnit(int draw) {
  return static_cast<float>(draw % 1037) / 1037.0f * 2.0f - 1.0f;
}

int pickRandomMessage(const MessageSet& set, unsigned draw) {
  const int count = set.count();
  if (count == 0) return -1;  // MD2 would divide by zero here
  int wanted = static_cast<int>(draw % static_cast<unsigned>(count));
  for (int n = 0; n < kMaxMessages; ++n)
    if (set.has(n) && wanted-- == 0) return n;
  return -1;
}

std::optional<Supertext> launchMessage(const MessageSet& set, int n, double now,
                                       const LaunchRandoms& randoms) {
  n = std::min(n, kMaxMessages - 1);
  if (!set.has(n)) return std::nullopt;
  const CustomMessage& m = set.messages[static_cast<std::size_t>(n)];
  return launchCustom(m, set.fonts[static_cast<std::size_t>(std::clamp(m.font, 0, kMaxFonts - 1))],
                      now, randoms);
}

std::optional<Supertext> launchCustom(const CustomMessage& m, const MessageFont& font, double now,
                                      const LaunchRandoms& randoms) {
  if (m.text.empty()) return std::nullopt;
  Supertext s;
  s.text = m.text;
  s.isSongTitle = false;
  s.fontSize = m.size;
  s.x = m.x + m.randx * signedUnit(randoms[0]);
  s.y = m.y + m.randy * signedUnit(randoms[1]);
  s.growth = m.growth;
  s.duration = m.time;
  s.fade = m.fade;
  s.face = m.face ? *m.face : font.face;
  s.italic = m.italic.value_or(font.italic);
  s.bold = m.bold.value_or(font.bold);
  // The random colour offset is truncated toward zero ((int) cast) before the clamp; the sum is
  // formed in 64 bits, where MD2's int would overflow on absurd file values.
  const auto channel = [](int base, int spread, int draw) {
    const auto offset = static_cast<std::int64_t>(
        static_cast<double>(static_cast<float>(spread) * signedUnit(draw)));
    return static_cast<int>(std::clamp<std::int64_t>(base + offset, 0, 255));
  };
  s.r = channel(m.r.value_or(font.r), m.randR, randoms[2]);
  s.g = channel(m.g.value_or(font.g), m.randG, randoms[3]);
  s.b = channel(m.b.value_or(font.b), m.randB, randoms[4]);
  s.startTime = now;
  return s;
}

Supertext launchSongTitle(std::string title, double now, const TitleStyle& style) {
  Supertext s;
  s.text = std::move(title);
  s.isSongTitle = true;
  s.face = style.face;
  s.fontSize = style.pointSize;
  s.bold = style.bold;
  s.italic = style.italic;
  s.x = 0.5f;
  s.y = 0.5f;
  s.growth = 1.0f;
  s.duration = style.duration;
  s.r = s.g = s.b = 255;
  s.startTime = now;
  return s;
}

float supertextProgress(const Supertext& s, double now) {
  if (!(s.duration > 0.0f)) return 1.0f;
  return static_cast<float>((now - s.startTime) / static_cast<double>(s.duration));
}

SupertextFrame supertextFrame(const Supertext& s, double now) {
  SupertextFrame f;
  if (!s.active() || s.text.empty()) return f;  // RenderStringToTitleTexture fails on ""
  const float p = supertextProgress(s, now);
  f.overlay = true;
  f.overlayProgress = std::clamp(p, 0.0f, 0.9999f);
  f.burn = p >= 1.0f;
  f.ends = p >= 1.0f;
  return f;
}

}  // namespace phosphene::message
