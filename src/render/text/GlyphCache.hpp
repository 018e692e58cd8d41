#pragma once
// The glyphs an overlay has drawn or measured: metrics of each character (kept for the overlay's
// life) and where its outlined image is in the atlas (lost when a full atlas is cleared, placed
// again on next use). Characters the font lacks are drawn as '?'.

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>

#include "render/text/GlyphAtlas.hpp"
#include "render/text/GlyphSource.hpp"

namespace phosphene::render::text {

/// What layout needs of a glyph: the outlined image's size and offsets, and the advance.
struct GlyphMetrics {
  int left = 0, top = 0, width = 0, height = 0;
  float advance = 0;
  bool drawable() const { return width > 0 && height > 0; }
};

class GlyphCache {
 public:
  GlyphCache(std::unique_ptr<GlyphSource> font, GlyphAtlas atlas, int outlineRadius);

  const GlyphSource& font() const { return *font_; }
  const FontMetrics& fontMetrics() const { return font_->metrics(); }
  GlyphAtlas& atlas() { return atlas_; }
  const GlyphAtlas& atlas() const { return atlas_; }
  int outlineRadius() const { return outlineRadius_; }

  /// The metrics of the glyph drawn for `cp`.
  const GlyphMetrics& metrics(char32_t cp);
  /// Where that glyph's image is, placing it first when needed. With `mayClear` a full atlas is
  /// cleared to make room (compare atlas().generation() before and after); without, a glyph
  /// that does not fit gives nullopt. nullopt also for blank glyphs and for images larger than
  /// the atlas can ever be.
  std::optional<AtlasRect> place(char32_t cp, bool mayClear = true);
  /// Places printable ASCII, so that common text never waits on the rasteriser mid-frame.
  void prefill(char32_t first, char32_t last);
  /// The character actually drawn for `cp`: itself, or '?' when the font lacks it.
  char32_t drawnAs(char32_t cp);

 private:
  struct Entry {
    char32_t drawn = 0;  // the character whose image is used
    GlyphMetrics metrics;
    AtlasRect rect;
    std::uint64_t generation = 0;  // the atlas generation `rect` belongs to; 0: not placed
  };
  Entry& entry(char32_t cp);
  Entry& load(char32_t cp);
  bool placeImage(Entry& e, bool mayClear);

  std::unique_ptr<GlyphSource> font_;
  GlyphAtlas atlas_;
  int outlineRadius_;
  std::unordered_map<char32_t, Entry> entries_;
};

}  // namespace phosphene::render::text
