#include "render/text/GlyphAtlas.hpp"

#include <algorithm>
#include <cstring>

namespace phosphene::render::text {

GlyphAtlas::GlyphAtlas(int initialSize, int maxSize)
    : width_(std::clamp(initialSize, 16, 16384)),
      height_(width_),
      maxSize_(std::clamp(maxSize, width_, 16384)),
      pixels_(static_cast<std::size_t>(width_) * height_ * kBytesPerPixel, 0) {
  placeSolidBlock();
}

void GlyphAtlas::placeSolidBlock() {
  // 4 × 4 so that sampling its centre with linear filtering reads only solid texels.
  constexpr int kSide = 4;
  solid_ = *tryPlace(kSide, kSide);
  const std::vector<std::uint8_t> solid(kSide * kSide * kBytesPerPixel, 255);
  store(solid_, solid);
}

std::optional<AtlasRect> GlyphAtlas::tryPlace(int width, int height) {
  const int w = width + kPadding, h = height + kPadding;
  // The first shelf tall enough that does not waste more than a third of its height.
  for (Shelf& shelf : shelves_) {
    if (shelf.height < h || shelf.height * 2 > h * 3 + 4 || shelf.used + w > width_) continue;
    const AtlasRect rect{shelf.used, shelf.y, width, height};
    shelf.used += w;
    return rect;
  }
  const int top = shelves_.empty() ? 0 : shelves_.back().y + shelves_.back().height;
  if (top + h > height_ || w > width_) return std::nullopt;
  shelves_.push_back(Shelf{top, h, w});
  return AtlasRect{0, top, width, height};
}

bool GlyphAtlas::grow() {
  // Alternate between width and height so the atlas stays about square (textures limit both).
  const bool wider = width_ <= height_ && width_ < maxSize_;
  const bool taller = !wider && height_ < maxSize_;
  if (!wider && !taller) return false;
  const int newWidth = wider ? std::min(width_ * 2, maxSize_) : width_;
  const int newHeight = taller ? std::min(height_ * 2, maxSize_) : height_;
  std::vector<std::uint8_t> grown(static_cast<std::size_t>(newWidth) * newHeight * kBytesPerPixel,
                                  0);
  const std::size_t oldRow = static_cast<std::size_t>(width_) * kBytesPerPixel;
  const std::size_t newRow = static_cast<std::size_t>(newWidth) * kBytesPerPixel;
  for (int y = 0; y < height_; ++y) std::memcpy(&grown[y * newRow], &pixels_[y * oldRow], oldRow);
  pixels_ = std::move(grown);
  width_ = newWidth;
  height_ = newHeight;
  dirty_.resized = true;
  return true;
}

std::optional<AtlasRect> GlyphAtlas::allocate(int width, int height) {
  if (width <= 0 || height <= 0) return std::nullopt;
  if (width + kPadding > maxSize_ || height + kPadding > maxSize_) return std::nullopt;
  for (;;) {
    if (auto rect = tryPlace(width, height)) return rect;
    if (!grow()) return std::nullopt;
  }
}

void GlyphAtlas::store(const AtlasRect& rect, std::span<const std::uint8_t> rg) {
  const std::size_t rowBytes = static_cast<std::size_t>(rect.width) * kBytesPerPixel;
  if (rect.x < 0 || rect.y < 0 || rect.x + rect.width > width_ || rect.y + rect.height > height_ ||
      rg.size() < rowBytes * static_cast<std::size_t>(rect.height))
    return;
  for (int row = 0; row < rect.height; ++row)
    std::memcpy(
        &pixels_[(static_cast<std::size_t>(rect.y + row) * width_ + rect.x) * kBytesPerPixel],
        &rg[row * rowBytes], rowBytes);
  touch(rect.y, rect.y + rect.height);
}

void GlyphAtlas::clear() {
  std::fill(pixels_.begin(), pixels_.end(), std::uint8_t{0});
  shelves_.clear();
  ++generation_;
  touch(0, height_);
  placeSolidBlock();
}

void GlyphAtlas::touch(int firstRow, int endRow) {
  if (dirty_.endRow <= dirty_.firstRow) {
    dirty_.firstRow = firstRow;
    dirty_.endRow = endRow;
  } else {
    dirty_.firstRow = std::min(dirty_.firstRow, firstRow);
    dirty_.endRow = std::max(dirty_.endRow, endRow);
  }
}

}  // namespace phosphene::render::text
