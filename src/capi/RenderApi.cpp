// The current preset's diagnostics, the canvas and mesh, and frames: advance, draw, and render
// (exactly the two). Every entry point is noexcept and catches at the boundary; result codes come
// from the failure itself (engine::FrameStatus), never from a message.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "capi/ApiEngine.hpp"

namespace {

using phosphene::capi::guarded;
using phosphene::capi::toResult;
using phosphene::engine::Engine;

/// A host's render target, checked and resolved (0 x 0: the drawable size).
struct Target {
  bool bound = true;  // the draw framebuffer bound in the host's context
  phosphene::render::RenderTarget target;
};

phosphene_result resolveTarget(Engine& e, const char* function,
                               const phosphene_render_target* given, Target& out) {
  phosphene_render_target t;
  phosphene_render_target_init(&t);
  if (given != nullptr && phosphene::capi::readVersioned(given, t) != PHOSPHENE_OK) {
    e.setLastError(std::string(function) + ": target->struct_size not set");
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  const int kind = phosphene::capi::enumValue(t.kind);
  if (t.width == 0 && t.height == 0) {
    t.width = e.drawableWidth();
    t.height = e.drawableHeight();
  }
  if (t.width <= 0 || t.height <= 0 || kind < PHOSPHENE_TARGET_BOUND_FRAMEBUFFER ||
      kind > PHOSPHENE_TARGET_TEXTURE || (kind == PHOSPHENE_TARGET_TEXTURE && t.gl_name == 0)) {
    e.setLastError(std::string(function) +
                   ": no size (target or drawable), an unknown kind, or texture 0");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  out.bound = kind == PHOSPHENE_TARGET_BOUND_FRAMEBUFFER;
  out.target.width = t.width;
  out.target.height = t.height;
  if (kind == PHOSPHENE_TARGET_TEXTURE) out.target.texture = t.gl_name;
  if (kind == PHOSPHENE_TARGET_FRAMEBUFFER) out.target.framebuffer = t.gl_name;
  return PHOSPHENE_OK;
}

phosphene_result drawInto(Engine& e, const Target& t) {
  if (t.bound) return toResult(e.drawToCurrentFramebuffer(t.target.width, t.target.height).status);
  return toResult(e.draw(t.target).status);
}

}  // namespace

namespace phosphene::capi {

phosphene_diagnostic toC(const core::Diagnostic& d) {
  phosphene_diagnostic out;
  phosphene_diagnostic_init(&out);
  out.severity = toC(d.severity);
  out.id = core::diagnosticCode(d.id).data();
  out.section = d.section.c_str();
  out.line = d.line;
  out.column = d.column;
  out.message = d.message.c_str();
  return out;
}

phosphene_result diagnosticAt(const core::Diagnostics& all, std::uint32_t index,
                              phosphene_diagnostic* out) {
  if (out == nullptr || index >= all.size()) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return writeVersioned(out, toC(all[index]));
}

}  // namespace phosphene::capi

extern "C" {

uint32_t phosphene_engine_current_preset_diagnostic_count(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? 0u : static_cast<uint32_t>(engine->engine.presetDiagnostics().size());
}

phosphene_result phosphene_engine_current_preset_diagnostic(const phosphene_engine* engine,
                                                            uint32_t index,
                                                            phosphene_diagnostic* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(engine->engine.presetDiagnostics(), index, out);
}

phosphene_result phosphene_engine_set_drawable_size(phosphene_engine* engine, int width,
                                                    int height) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (width < 0 || height < 0 || width > PHOSPHENE_MAX_DRAWABLE_SIZE ||
      height > PHOSPHENE_MAX_DRAWABLE_SIZE || (width == 0) != (height == 0)) {
    engine->engine.setLastError("phosphene_engine_set_drawable_size: size out of range");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setDrawableSize(width, height);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_get_drawable_size(const phosphene_engine* engine, int* out_width,
                                                    int* out_height) noexcept {
  if (engine == nullptr || out_width == nullptr || out_height == nullptr)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_width = engine->engine.drawableWidth();
  *out_height = engine->engine.drawableHeight();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                                int mesh_y) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (mesh_x < PHOSPHENE_MIN_MESH_X || mesh_x > PHOSPHENE_MAX_MESH_X ||
      mesh_y < PHOSPHENE_MIN_MESH_Y || mesh_y > PHOSPHENE_MAX_MESH_Y) {
    engine->engine.setLastError(
        "phosphene_engine_set_mesh_size: mesh must be " + std::to_string(PHOSPHENE_MIN_MESH_X) +
        ".." + std::to_string(PHOSPHENE_MAX_MESH_X) + " x " + std::to_string(PHOSPHENE_MIN_MESH_Y) +
        ".." + std::to_string(PHOSPHENE_MAX_MESH_Y));
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setMeshSize(mesh_x, mesh_y);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_get_mesh_size(const phosphene_engine* engine, int* out_mesh_x,
                                                int* out_mesh_y) noexcept {
  if (engine == nullptr || out_mesh_x == nullptr || out_mesh_y == nullptr)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_mesh_x = engine->engine.meshX();
  *out_mesh_y = engine->engine.meshY();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_texel_offset(phosphene_engine* engine, float x,
                                                   float y) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const auto valid = [](float v) {
    return std::isfinite(v) && std::fabs(v) <= PHOSPHENE_MAX_TEXEL_OFFSET;
  };
  if (!valid(x) || !valid(y)) {
    engine->engine.setLastError(
        "phosphene_engine_set_texel_offset: offsets must be finite, at most 16 texels either way");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setTexelOffset(x, y);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_get_texel_offset(const phosphene_engine* engine, float* out_x,
                                                   float* out_y) noexcept {
  if (engine == nullptr || out_x == nullptr || out_y == nullptr)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_x = engine->engine.texelOffsetX();
  *out_y = engine->engine.texelOffsetY();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_start_clean(phosphene_engine* engine, int enabled) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  engine->engine.setStartClean(enabled != 0);
  return PHOSPHENE_OK;
}

int phosphene_engine_get_start_clean(const phosphene_engine* engine) noexcept {
  return engine != nullptr && engine->engine.startClean() ? 1 : 0;
}

phosphene_result phosphene_engine_burn_texture(phosphene_engine* engine, uint32_t texture, int left,
                                               int top, int width, int height) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const auto size = [](int v) { return v != 0 && std::abs(v) <= PHOSPHENE_MAX_DRAWABLE_SIZE; };
  const auto corner = [](int v) { return std::abs(v) <= 2 * PHOSPHENE_MAX_DRAWABLE_SIZE; };
  if (texture == 0 || !size(width) || !size(height) || !corner(left) || !corner(top)) {
    engine->engine.setLastError(
        "phosphene_engine_burn_texture: needs a texture name and a rectangle of 1 .. 16384 "
        "pixels a side (negative: mirrored) with its corner within 32768 pixels");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (!engine->engine.burnTexture({texture, left, top, width, height})) {
    engine->engine.setLastError(
        "phosphene_engine_burn_texture: " + std::to_string(PHOSPHENE_MAX_BURNS) +
        " burns wait for the next draw already");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_read_canvas(phosphene_engine* engine, uint8_t* rgba,
                                              size_t capacity, int* out_width,
                                              int* out_height) noexcept {
  if (engine == nullptr || out_width == nullptr || out_height == nullptr ||
      (rgba == nullptr && capacity > 0))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_read_canvas", [&] {
    int width = 0, height = 0;
    engine->engine.readCanvas(nullptr, width, height);
    *out_width = width;
    *out_height = height;
    const size_t bytes = static_cast<size_t>(width) * static_cast<size_t>(height) * 4;
    if (rgba == nullptr || bytes == 0) return PHOSPHENE_OK;
    if (capacity < bytes) {
      engine->engine.setLastError(
          "phosphene_engine_read_canvas: capacity below width x height x 4");
      return PHOSPHENE_ERROR_INVALID_ARGUMENT;
    }
    std::vector<std::uint8_t> pixels;
    const phosphene_result result =
        toResult(engine->engine.readCanvas(&pixels, width, height).status);
    if (result != PHOSPHENE_OK) return result;
    std::copy_n(pixels.data(), std::min(pixels.size(), bytes), rgba);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_advance(phosphene_engine* engine, double dt_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_advance",
                 [&] { return toResult(engine->engine.advance(dt_s).status); });
}

phosphene_result phosphene_engine_set_frame_time(phosphene_engine* engine, double time_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return engine->engine.setNextFrameTime(time_s) ? PHOSPHENE_OK : PHOSPHENE_ERROR_INVALID_ARGUMENT;
}

phosphene_result phosphene_engine_get_time(const phosphene_engine* engine, double* out_time_s,
                                           uint64_t* out_frame) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (out_time_s != nullptr) *out_time_s = engine->engine.clock().time();
  if (out_frame != nullptr) *out_frame = engine->engine.clock().frame();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_draw(phosphene_engine* engine,
                                       const phosphene_render_target* target) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  Target t;
  if (const phosphene_result bad = resolveTarget(e, "phosphene_engine_draw", target, t);
      bad != PHOSPHENE_OK)
    return bad;
  if (!e.clock().started()) {
    e.setLastError("phosphene_engine_draw: call phosphene_engine_advance first");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  // The engine checks the context (once) and names the failure.
  return guarded(engine, "phosphene_engine_draw", [&] { return drawInto(e, t); });
}

phosphene_result phosphene_engine_release_gl(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_release_gl", [&] {
    engine->engine.releaseGl();
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_render(phosphene_engine* engine, double dt_s,
                                         const phosphene_render_target* target) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  Target t;
  if (const phosphene_result bad = resolveTarget(e, "phosphene_engine_render", target, t);
      bad != PHOSPHENE_OK)
    return bad;
  return guarded(engine, "phosphene_engine_render", [&] {
    // Checked before the frame advances, so a call without a context changes nothing.
    if (!e.contextCurrent()) {
      e.setLastError("phosphene_engine_render: no GL context is current on this thread");
      return PHOSPHENE_ERROR_NO_CONTEXT;
    }
    // The frame is computed for the size it is about to be drawn at, as advance does for the
    // last target drawn: the first frame too.
    e.noteTargetSize(t.target.width, t.target.height);
    if (const phosphene_result advanced = toResult(e.advance(dt_s).status);
        advanced != PHOSPHENE_OK)
      return advanced;
    return drawInto(e, t);
  });
}

}  // extern "C"
