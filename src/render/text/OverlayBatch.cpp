#include "render/text/OverlayBatch.hpp"

#include <algorithm>
#include <cmath>

#include "core/Utf8.hpp"

namespace phosphene::render::text {
namespace {

// How dark and how opaque the outline is, relative to the text's own alpha: nearly black, so
// white or coloured text reads on white pictures too.
constexpr float kOutlineAlpha = 0.9f;
constexpr int kTabSpaces = 4;

// Walks text the way it is drawn: `glyph(cp, penX, baseline)` for every character that has an
// image or an advance, pen positions relative to the text's top-left corner, already scaled.
template <typename GlyphFn>
TextSize layout(GlyphCache& glyphs, std::string_view utf8, float scale, GlyphFn&& glyph) {
  TextSize size;
  if (utf8.empty()) return size;
  const FontMetrics& font = glyphs.fontMetrics();
  const float lineHeight = font.lineHeight * scale;
  float pen = 0;
  float baseline = font.ascent * scale;
  int lines = 1;
  std::size_t pos = 0;
  while (pos < utf8.size()) {
    const core::Utf8Sequence sequence = core::decodeUtf8At(utf8, pos);
    pos += sequence.length;
    const char32_t cp = sequence.codePoint;
    if (cp == U'\n') {
      size.width = std::max(size.width, pen);
      pen = 0;
      baseline += lineHeight;
      ++lines;
      continue;
    }
    if (cp == U'\t') {
      const float tab = glyphs.metrics(U' ').advance * kTabSpaces * scale;
      if (tab > 0) pen = (std::floor(pen / tab) + 1) * tab;
      continue;
    }
    if (cp < 0x20 || cp == 0x7F) continue;  // other control characters take no room
    glyph(cp, pen, baseline);
    pen += glyphs.metrics(cp).advance * scale;
  }
  size.width = std::max(size.width, pen);
  size.height = static_cast<float>(lines) * lineHeight;
  return size;
}

std::uint8_t toByte(float c) {
  if (!(c > 0.0f)) return 0;  // also NaN
  return static_cast<std::uint8_t>(std::lround(std::min(c, 1.0f) * 255.0f));
}

void setColor(std::uint8_t (&out)[4], const OverlayColor& c) {
  out[0] = toByte(c.r);
  out[1] = toByte(c.g);
  out[2] = toByte(c.b);
  out[3] = toByte(c.a);
}

}  // namespace

TextSize measureText(GlyphCache& glyphs, std::string_view utf8, float scale) {
  return layout(glyphs, utf8, scale, [](char32_t, float, float) {});
}

void OverlayBatch::begin(int width, int height) {
  quads_.clear();
  width_ = width;
  height_ = height;
  begun_ = true;
}

void OverlayBatch::finish() {
  quads_.clear();
  begun_ = false;
}

bool OverlayBatch::addRect(float x, float y, float width, float height, const OverlayColor& color) {
  if (quads_.size() >= kMaxQuads) return false;
  if (width <= 0 || height <= 0) return true;  // nothing to draw is not an error
  Quad q;
  q.x0 = x, q.y0 = y, q.x1 = x + width, q.y1 = y + height;
  q.fill = color;
  q.outline = OverlayColor{0, 0, 0, 0};
  quads_.push_back(q);
  return true;
}

bool OverlayBatch::addText(GlyphCache& glyphs, float x, float y, std::string_view utf8,
                           const OverlayColor& color, float scale) {
  const OverlayColor outline{0, 0, 0, color.a * kOutlineAlpha};
  bool fits = true;
  layout(glyphs, utf8, scale, [&](char32_t cp, float pen, float baseline) {
    const GlyphMetrics& m = glyphs.metrics(cp);
    if (!m.drawable() || !fits) return;
    if (quads_.size() >= kMaxQuads) {
      fits = false;
      return;
    }
    Quad q;
    // Whole pixels: at scale 1 every texel lands on one pixel, so glyphs stay sharp.
    q.x0 = std::round(x + pen + static_cast<float>(m.left) * scale);
    q.y0 = std::round(y + baseline - static_cast<float>(m.top) * scale);
    q.x1 = q.x0 + static_cast<float>(m.width) * scale;
    q.y1 = q.y0 + static_cast<float>(m.height) * scale;
    q.glyph = cp;
    q.fill = color;
    q.outline = outline;
    quads_.push_back(q);
  });
  return fits;
}

bool OverlayBatch::buildInto(GlyphCache& glyphs, std::vector<OverlayVertex>& out,
                             bool mayClear) const {
  out.clear();
  out.reserve(quads_.size() * 6);
  const std::uint64_t generation = glyphs.atlas().generation();
  const float sx = 2.0f / static_cast<float>(std::max(width_, 1));
  const float sy = 2.0f / static_cast<float>(std::max(height_, 1));
  for (const Quad& q : quads_) {
    // Texels for now: the atlas may still grow while this loop places glyphs.
    float u0, v0, u1, v1;
    if (q.glyph == 0) {
      u0 = u1 = glyphs.atlas().solidX();
      v0 = v1 = glyphs.atlas().solidY();
    } else {
      const auto rect = glyphs.place(q.glyph, mayClear);
      if (glyphs.atlas().generation() != generation) return false;  // earlier quads are stale
      if (!rect) continue;
      u0 = static_cast<float>(rect->x);
      v0 = static_cast<float>(rect->y);
      u1 = static_cast<float>(rect->x + rect->width);
      v1 = static_cast<float>(rect->y + rect->height);
    }
    // Pixels (y down) to clip space (y up).
    const float x0 = q.x0 * sx - 1.0f, x1 = q.x1 * sx - 1.0f;
    const float y0 = 1.0f - q.y0 * sy, y1 = 1.0f - q.y1 * sy;
    OverlayVertex corner[4];
    const float xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
    const float us[4] = {u0, u1, u1, u0}, vs[4] = {v0, v0, v1, v1};
    for (int i = 0; i < 4; ++i) {
      corner[i].x = xs[i], corner[i].y = ys[i], corner[i].u = us[i], corner[i].v = vs[i];
      setColor(corner[i].fill, q.fill);
      setColor(corner[i].outline, q.outline);
    }
    for (const int i : {0, 1, 2, 0, 2, 3}) out.push_back(corner[i]);
  }
  const auto w = static_cast<float>(glyphs.atlas().width());
  const auto h = static_cast<float>(glyphs.atlas().height());
  for (OverlayVertex& v : out) {
    v.u /= w;
    v.v /= h;
  }
  return true;
}

std::vector<OverlayVertex> OverlayBatch::build(GlyphCache& glyphs) const {
  std::vector<OverlayVertex> out;
  if (!buildInto(glyphs, out, true)) buildInto(glyphs, out, false);
  return out;
}

}  // namespace phosphene::render::text
