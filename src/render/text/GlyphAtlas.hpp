#pragma once
// The CPU side of the glyph texture: a two-channel image (fill, outline) packed in shelves (rows
// of glyphs of similar height), a solid block for rectangles, and which rows changed since the
// last upload. When full it doubles (up to a maximum); at the maximum the owner clears it and
// places again only what it needs (generation() tells stale positions apart).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace phosphene::render::text {

struct AtlasRect {
  int x = 0, y = 0, width = 0, height = 0;
};

class GlyphAtlas {
 public:
  static constexpr int kPadding = 1;  // empty texels between images: linear filtering never
                                      // mixes in a neighbour
  static constexpr int kBytesPerPixel = 2;

  /// Square, `initialSize` texels a side, growing to `maxSize` (both clamped to 16..16384).
  explicit GlyphAtlas(int initialSize = 256, int maxSize = 2048);

  int width() const { return width_; }
  int height() const { return height_; }
  int maxSize() const { return maxSize_; }
  /// Rows top first, width() * kBytesPerPixel bytes each.
  const std::vector<std::uint8_t>& pixels() const { return pixels_; }

  /// Room for a width × height image, growing the atlas when needed; nullopt when it does not
  /// fit even at the maximum size.
  std::optional<AtlasRect> allocate(int width, int height);
  /// Copies an image (kBytesPerPixel per texel, rows top first) into an allocated rectangle.
  void store(const AtlasRect& rect, std::span<const std::uint8_t> rg);
  /// Forgets every image (keeps the size); generation() changes.
  void clear();
  std::uint64_t generation() const { return generation_; }

  /// The centre of a block whose texels are all (255, 255), in texels: rectangles sample it.
  float solidX() const { return static_cast<float>(solid_.x + 2); }
  float solidY() const { return static_cast<float>(solid_.y + 2); }

  /// Rows changed since markUploaded() (first, one past last); empty when none. After a resize
  /// every row counts as changed.
  struct Dirty {
    int firstRow = 0, endRow = 0;
    bool resized = false;
    bool empty() const { return endRow <= firstRow && !resized; }
  };
  Dirty dirty() const { return dirty_; }
  void markUploaded() { dirty_ = {}; }

 private:
  struct Shelf {
    int y = 0, height = 0, used = 0;
  };
  bool grow();
  std::optional<AtlasRect> tryPlace(int width, int height);
  void touch(int firstRow, int endRow);
  void placeSolidBlock();

  int width_, height_, maxSize_;
  std::vector<std::uint8_t> pixels_;
  std::vector<Shelf> shelves_;
  AtlasRect solid_;
  std::uint64_t generation_ = 1;
  Dirty dirty_{0, 0, true};
};

}  // namespace phosphene::render::text
