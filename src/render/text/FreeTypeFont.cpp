#include "render/text/FreeTypeFont.hpp"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace phosphene::render::text {
namespace {

struct LibraryDeleter {
  void operator()(FT_Library library) const { FT_Done_FreeType(library); }
};
struct FaceDeleter {
  void operator()(FT_Face face) const { FT_Done_Face(face); }
};
struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

core::Diagnostic ioError(core::DiagnosticId id, const std::string& path, const std::string& why) {
  return core::makeDiagnostic(id, "font '" + path + "': " + why, "font");
}

}  // namespace

// The face is declared after the library so that it is destroyed first.
struct FreeTypeFont::Handles {
  std::unique_ptr<FT_LibraryRec_, LibraryDeleter> library;
  std::unique_ptr<FT_FaceRec_, FaceDeleter> face;
};

FreeTypeFont::FreeTypeFont() : ft_(std::make_unique<Handles>()) {}
FreeTypeFont::~FreeTypeFont() = default;

core::Expected<std::unique_ptr<FreeTypeFont>> FreeTypeFont::open(const std::string& path,
                                                                 float pixelHeight) {
  // Opened here first so that "missing" and "not a font" are told apart for the host.
  if (!std::unique_ptr<std::FILE, FileCloser>(std::fopen(path.c_str(), "rb")))
    return ioError(core::DiagnosticId::IoOpenFailed, path, "cannot be opened");
  std::unique_ptr<FreeTypeFont> font(new FreeTypeFont());  // private constructor
  FT_Library library = nullptr;
  if (FT_Init_FreeType(&library) != 0)
    return ioError(core::DiagnosticId::IoReadFailed, path, "FreeType failed to initialise");
  font->ft_->library.reset(library);
  FT_Face face = nullptr;
  if (FT_New_Face(library, path.c_str(), 0, &face) != 0)
    return ioError(core::DiagnosticId::IoReadFailed, path, "not a font file FreeType can read");
  font->ft_->face.reset(face);
  if (!FT_IS_SCALABLE(face) || face->units_per_EM == 0 || face->height <= 0)
    return ioError(core::DiagnosticId::IoReadFailed, path, "not a scalable (outline) font");
  if (FT_Select_Charmap(face, FT_ENCODING_UNICODE) != 0)
    return ioError(core::DiagnosticId::IoReadFailed, path, "has no Unicode character map");
  // face->height is the font's line spacing in font units; scale the em so that it becomes
  // pixelHeight.
  const double emPixels = pixelHeight * static_cast<double>(face->units_per_EM) / face->height;
  if (FT_Set_Char_Size(face, 0, static_cast<FT_F26Dot6>(std::lround(emPixels * 64.0)), 72, 72) != 0)
    return ioError(core::DiagnosticId::IoReadFailed, path, "cannot be sized");
  font->metrics_.lineHeight = pixelHeight;
  font->metrics_.ascent = std::round(static_cast<float>(face->size->metrics.ascender) / 64.0f);
  font->path_ = path;
  return font;
}

bool FreeTypeFont::hasGlyph(char32_t cp) const {
  return FT_Get_Char_Index(ft_->face.get(), cp) != 0;
}

std::optional<GlyphImage> FreeTypeFont::rasterize(char32_t cp) {
  FT_Face face = ft_->face.get();
  const FT_UInt index = FT_Get_Char_Index(face, cp);
  if (index == 0) return std::nullopt;
  // Light hinting: vertical only, which keeps shapes and spacing and reads well at small sizes.
  if (FT_Load_Glyph(face, index, FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT) != 0) return std::nullopt;
  if (FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL) != 0) return std::nullopt;
  const FT_GlyphSlot slot = face->glyph;
  const FT_Bitmap& bitmap = slot->bitmap;
  GlyphImage image;
  image.advance = static_cast<float>(slot->advance.x) / 64.0f;
  image.left = slot->bitmap_left;
  image.top = slot->bitmap_top;
  if (bitmap.pixel_mode != FT_PIXEL_MODE_GRAY || bitmap.width == 0 || bitmap.rows == 0)
    return image;  // a space, or nothing drawable: the advance still counts
  image.width = static_cast<int>(bitmap.width);
  image.height = static_cast<int>(bitmap.rows);
  image.coverage.resize(static_cast<std::size_t>(image.width) * image.height);
  const int levels = bitmap.num_grays > 1 ? bitmap.num_grays - 1 : 255;
  for (int row = 0; row < image.height; ++row) {
    // A negative pitch means the rows are stored bottom-up.
    const unsigned char* src =
        bitmap.pitch >= 0
            ? bitmap.buffer + static_cast<std::ptrdiff_t>(row) * bitmap.pitch
            : bitmap.buffer + static_cast<std::ptrdiff_t>(image.height - 1 - row) * -bitmap.pitch;
    for (int col = 0; col < image.width; ++col)
      image.coverage[static_cast<std::size_t>(row) * image.width + col] =
          static_cast<std::uint8_t>(src[col] * 255 / levels);
  }
  return image;
}

}  // namespace phosphene::render::text
