// The on-screen text overlay (phosphene_overlay.h). Like every entry point of the C API, each
// function is noexcept and catches at the boundary; GL is touched only after the context check,
// because libepoxy aborts the process on a GL call without a current context.

#include <phosphene/phosphene_overlay.h>

#include <cmath>
#include <memory>
#include <new>
#include <string>

#include "capi/ApiEngine.hpp"
#include "render/TextOverlayRenderer.hpp"
#include "render/text/BuiltinFont.hpp"
#include "render/text/FontLocator.hpp"
#include "render/text/GlyphCache.hpp"
#include "render/text/GlyphOutline.hpp"
#include "render/text/OverlayBatch.hpp"

namespace text = phosphene::render::text;

struct phosphene_overlay {
  phosphene::render::ContextProbe probe;
  std::unique_ptr<text::GlyphCache> glyphs;
  text::OverlayBatch batch;
  phosphene::render::TextOverlayRenderer renderer;
};

namespace {

constexpr float kDefaultPixelHeight = 20.0f;
constexpr float kMinPixelHeight = 6.0f, kMaxPixelHeight = 256.0f;
constexpr float kMaxScale = 64.0f;
// The atlas starts small enough for ASCII at the default size and may grow to 2048², which
// every GL 3.3 / ES 3.0 implementation supports.
constexpr int kAtlasInitial = 256, kAtlasMax = 2048;

bool usable(float v) {
  return std::isfinite(v);
}

text::OverlayColor toColor(const phosphene_color* c) {
  if (c == nullptr) return text::OverlayColor{1, 1, 1, 1};
  return text::OverlayColor{c->r, c->g, c->b, c->a};
}

phosphene_result fromDiagnostics(const phosphene::core::Diagnostics& d) {
  using phosphene::core::DiagnosticId;
  if (d.empty()) return PHOSPHENE_OK;
  switch (d.front().id) {
    case DiagnosticId::GlUnavailable:
      return PHOSPHENE_ERROR_NO_CONTEXT;
    case DiagnosticId::GlVersionTooLow:
      return PHOSPHENE_ERROR_GL_VERSION;
    case DiagnosticId::IoOpenFailed:
    case DiagnosticId::IoReadFailed:
      return PHOSPHENE_ERROR_IO;
    default:
      return PHOSPHENE_ERROR_GL;
  }
}

template <typename F>
phosphene_result guarded(F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

}  // namespace

extern "C" {

phosphene_result phosphene_overlay_create(const phosphene_overlay_desc* given,
                                          phosphene_overlay** out_overlay) noexcept {
  if (out_overlay == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_overlay = nullptr;
  phosphene_overlay_desc desc;
  phosphene_overlay_desc_init(&desc);
  if (given != nullptr && phosphene::capi::readVersioned(given, desc) != PHOSPHENE_OK)
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  if (desc.pixel_height == 0.0f) desc.pixel_height = kDefaultPixelHeight;
  if (!usable(desc.pixel_height) || desc.pixel_height < kMinPixelHeight ||
      desc.pixel_height > kMaxPixelHeight)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    auto overlay = std::make_unique<phosphene_overlay>();
    if (!overlay->probe.current()) return PHOSPHENE_ERROR_NO_CONTEXT;
    // The font first: a wrong path is the likeliest mistake and needs no GL to find.
    const std::string path = desc.font_path != nullptr ? desc.font_path : "";
    auto font = text::openFont(path, desc.pixel_height, text::systemFontSearch());
    if (!font) return fromDiagnostics(font.diagnostics());
    auto renderer = phosphene::render::TextOverlayRenderer::create();
    if (!renderer) return fromDiagnostics(renderer.diagnostics());
    overlay->renderer = std::move(*renderer);
    overlay->glyphs = std::make_unique<text::GlyphCache>(std::move(*font),
                                                         text::GlyphAtlas(kAtlasInitial, kAtlasMax),
                                                         text::outlineRadiusFor(desc.pixel_height));
    overlay->glyphs->prefill(U' ', U'~');
    *out_overlay = overlay.release();  // the host owns it until phosphene_overlay_destroy
    return PHOSPHENE_OK;
  });
}

void phosphene_overlay_destroy(phosphene_overlay* overlay) noexcept {
  std::unique_ptr<phosphene_overlay> owned(overlay);  // takes back what create released
  if (!owned) return;
  try {
    if (owned->probe.current()) {
      owned.reset();
      return;
    }
    // No context: deleting GL objects would abort inside libepoxy; the context's own
    // destruction frees them.
    const phosphene::render::AbandonGlObjects abandon;
    owned.reset();
  } catch (...) {
    // Nothing in destruction throws; a C host must never see an exception even so.
  }
}

const char* phosphene_overlay_font(const phosphene_overlay* overlay) noexcept {
  if (overlay == nullptr || !overlay->glyphs) return "";
  return overlay->glyphs->font().name().c_str();
}

float phosphene_overlay_line_height(const phosphene_overlay* overlay) noexcept {
  if (overlay == nullptr || !overlay->glyphs) return 0.0f;
  return overlay->glyphs->fontMetrics().lineHeight;
}

phosphene_result phosphene_overlay_measure(phosphene_overlay* overlay, const char* utf8,
                                           float scale, float* out_width,
                                           float* out_height) noexcept {
  if (overlay == nullptr || utf8 == nullptr || !usable(scale) || scale <= 0.0f || scale > kMaxScale)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    // No GL here: glyphs measured for the first time go into the CPU atlas, uploaded at end.
    const text::TextSize size = text::measureText(*overlay->glyphs, utf8, scale);
    if (out_width != nullptr) *out_width = size.width;
    if (out_height != nullptr) *out_height = size.height;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_overlay_begin(phosphene_overlay* overlay, int width,
                                         int height) noexcept {
  if (overlay == nullptr || width <= 0 || height <= 0 || width > PHOSPHENE_MAX_DRAWABLE_SIZE ||
      height > PHOSPHENE_MAX_DRAWABLE_SIZE)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  overlay->batch.begin(width, height);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_overlay_rect(phosphene_overlay* overlay, float x, float y, float width,
                                        float height, const phosphene_color* color) noexcept {
  if (overlay == nullptr || !overlay->batch.begun() || color == nullptr || !usable(x) ||
      !usable(y) || !usable(width) || !usable(height))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    return overlay->batch.addRect(x, y, width, height, toColor(color))
               ? PHOSPHENE_OK
               : PHOSPHENE_ERROR_OUT_OF_MEMORY;
  });
}

phosphene_result phosphene_overlay_text(phosphene_overlay* overlay, float x, float y,
                                        const char* utf8, const phosphene_color* color,
                                        float scale) noexcept {
  if (overlay == nullptr || !overlay->batch.begun() || utf8 == nullptr || !usable(x) ||
      !usable(y) || !usable(scale) || scale <= 0.0f || scale > kMaxScale)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    return overlay->batch.addText(*overlay->glyphs, x, y, utf8, toColor(color), scale)
               ? PHOSPHENE_OK
               : PHOSPHENE_ERROR_OUT_OF_MEMORY;
  });
}

phosphene_result phosphene_overlay_end(phosphene_overlay* overlay) noexcept {
  if (overlay == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&] {
    if (!overlay->batch.begun() || overlay->batch.empty()) {
      overlay->batch.finish();
      return PHOSPHENE_OK;  // nothing queued: no GL call, so no context needed either
    }
    if (!overlay->probe.current()) return PHOSPHENE_ERROR_NO_CONTEXT;  // the batch is kept
    const auto vertices = overlay->batch.build(*overlay->glyphs);
    const auto errors = overlay->renderer.draw(vertices, overlay->glyphs->atlas(),
                                               overlay->batch.width(), overlay->batch.height());
    overlay->batch.finish();
    return errors.empty() ? PHOSPHENE_OK : PHOSPHENE_ERROR_GL;
  });
}

}  // extern "C"
