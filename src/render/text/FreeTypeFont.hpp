#pragma once
// A TrueType/OpenType font file rasterised by FreeType at the overlay's pixel height. Each font
// has its own FT_Library, so overlays share nothing and need no locking between them.

#include <memory>
#include <string>

#include "core/Expected.hpp"
#include "render/text/GlyphSource.hpp"

namespace phosphene::render::text {

class FreeTypeFont final : public GlyphSource {
 public:
  /// IO001 when the file cannot be opened, IO002 when FreeType cannot read it as a scalable font.
  /// The size is chosen so that one line (ascent + descent + gap) is `pixelHeight` pixels.
  static core::Expected<std::unique_ptr<FreeTypeFont>> open(const std::string& path,
                                                            float pixelHeight);
  ~FreeTypeFont() override;
  FreeTypeFont(const FreeTypeFont&) = delete;
  FreeTypeFont& operator=(const FreeTypeFont&) = delete;

  const FontMetrics& metrics() const override { return metrics_; }
  bool hasGlyph(char32_t cp) const override;
  std::optional<GlyphImage> rasterize(char32_t cp) override;
  const std::string& name() const override { return path_; }

 private:
  struct Handles;  // FT_Library and FT_Face, kept out of this header
  FreeTypeFont();
  std::unique_ptr<Handles> ft_;
  FontMetrics metrics_;
  std::string path_;
};

}  // namespace phosphene::render::text
