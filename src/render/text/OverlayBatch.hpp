#pragma once
// What an overlay queues between begin and end, and the vertices it becomes: rectangles and
// glyph quads in call order, positioned in pixels (origin top-left, y down) and turned into clip
// space for the drawable's size. Text layout lives here too: lines break at '\n', the pen moves
// by each glyph's advance, and measuring walks the same path as drawing.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "render/text/GlyphCache.hpp"

namespace phosphene::render::text {

struct OverlayColor {
  float r = 1, g = 1, b = 1, a = 1;
};

/// One vertex of the overlay program: clip-space position, atlas coordinates, fill colour and
/// outline colour (8-bit, not premultiplied). 24 bytes.
struct OverlayVertex {
  float x = 0, y = 0;
  float u = 0, v = 0;
  std::uint8_t fill[4] = {0, 0, 0, 0};
  std::uint8_t outline[4] = {0, 0, 0, 0};
};

struct TextSize {
  float width = 0, height = 0;
};

/// The size text takes: the widest line's advance and the number of lines times the line
/// height, both times `scale`. Empty text is 0 × 0; a trailing '\n' starts a (counted) line.
TextSize measureText(GlyphCache& glyphs, std::string_view utf8, float scale);

class OverlayBatch {
 public:
  /// The most quads one batch holds (text beyond is refused): bounds memory on absurd input.
  static constexpr std::size_t kMaxQuads = 1u << 18;

  /// Forgets what was queued and starts a batch for a width × height drawable.
  void begin(int width, int height);
  bool begun() const { return begun_; }
  int width() const { return width_; }
  int height() const { return height_; }
  bool empty() const { return quads_.empty(); }
  std::size_t quadCount() const { return quads_.size(); }

  /// False when the batch is full.
  bool addRect(float x, float y, float width, float height, const OverlayColor& color);
  /// Queues one quad per visible glyph; false when the batch filled up on the way.
  bool addText(GlyphCache& glyphs, float x, float y, std::string_view utf8,
               const OverlayColor& color, float scale);

  /// Six vertices per quad (two triangles), in call order. Places glyphs in the atlas as needed;
  /// if that clears a full atlas, it starts over once without clearing again, so every quad uses
  /// the new places (glyphs that then do not fit are left out).
  std::vector<OverlayVertex> build(GlyphCache& glyphs) const;

  /// Ends the batch (begin starts the next).
  void finish();

 private:
  struct Quad {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // pixels
    char32_t glyph = 0;                    // 0: a rectangle
    OverlayColor fill, outline;
  };
  bool buildInto(GlyphCache& glyphs, std::vector<OverlayVertex>& out, bool mayClear) const;

  std::vector<Quad> quads_;
  int width_ = 0, height_ = 0;
  bool begun_ = false;
};

}  // namespace phosphene::render::text
