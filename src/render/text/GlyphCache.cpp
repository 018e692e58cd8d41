#include "render/text/GlyphCache.hpp"

#include <cmath>

#include "render/text/GlyphOutline.hpp"

namespace phosphene::render::text {

GlyphCache::GlyphCache(std::unique_ptr<GlyphSource> font, GlyphAtlas atlas, int outlineRadius)
    : font_(std::move(font)), atlas_(std::move(atlas)), outlineRadius_(outlineRadius) {}

GlyphCache::Entry& GlyphCache::load(char32_t cp) {
  // Loads `cp` itself, which the font has, or '?' (which may itself be missing from an odd font:
  // then a blank of half a line's width, so the text keeps its shape).
  Entry e;
  e.drawn = cp;
  std::optional<GlyphImage> image = font_->rasterize(cp);
  if (image) {
    const OutlinedGlyph outlined = outlineGlyph(*image, outlineRadius_);
    e.metrics = {outlined.left, outlined.top, outlined.width, outlined.height, image->advance};
    auto [it, inserted] = entries_.emplace(cp, e);
    if (e.metrics.drawable()) {
      if (auto rect = atlas_.allocate(outlined.width, outlined.height)) {
        atlas_.store(*rect, outlined.rg);
        it->second.rect = *rect;
        it->second.generation = atlas_.generation();
      }
    }
    return it->second;
  }
  e.metrics.advance = std::round(font_->metrics().lineHeight * 0.5f);
  return entries_.emplace(cp, e).first->second;
}

GlyphCache::Entry& GlyphCache::entry(char32_t cp) {
  if (auto it = entries_.find(cp); it != entries_.end()) return it->second;
  if (font_->hasGlyph(cp)) return load(cp);
  // Missing: shares the '?' glyph's metrics and image.
  Entry& question = cp == U'?' ? load(U'?') : entry(U'?');
  Entry alias = question;
  alias.drawn = U'?';
  return entries_.emplace(cp, alias).first->second;
}

const GlyphMetrics& GlyphCache::metrics(char32_t cp) {
  return entry(cp).metrics;
}

char32_t GlyphCache::drawnAs(char32_t cp) {
  return entry(cp).drawn;
}

bool GlyphCache::placeImage(Entry& e, bool mayClear) {
  std::optional<GlyphImage> image = font_->rasterize(e.drawn);
  if (!image) return false;
  const OutlinedGlyph outlined = outlineGlyph(*image, outlineRadius_);
  auto rect = atlas_.allocate(outlined.width, outlined.height);
  if (!rect) {
    if (!mayClear) return false;
    // Full at its largest: start over with only what is asked for from now on.
    atlas_.clear();
    rect = atlas_.allocate(outlined.width, outlined.height);
    if (!rect) return false;
  }
  atlas_.store(*rect, outlined.rg);
  e.rect = *rect;
  e.generation = atlas_.generation();
  return true;
}

std::optional<AtlasRect> GlyphCache::place(char32_t cp, bool mayClear) {
  Entry& first = entry(cp);
  if (!first.metrics.drawable()) return std::nullopt;
  // Aliases (characters drawn as '?') hold a copy of the '?' entry: the '?' entry is the one
  // kept placed.
  Entry& e = first.drawn == cp ? first : entry(first.drawn);
  if (e.generation != atlas_.generation() && !placeImage(e, mayClear)) return std::nullopt;
  return e.rect;
}

void GlyphCache::prefill(char32_t first, char32_t last) {
  for (char32_t cp = first; cp <= last; ++cp) place(cp);
}

}  // namespace phosphene::render::text
