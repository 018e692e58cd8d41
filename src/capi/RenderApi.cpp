// Presets loaded synchronously, their diagnostics, the canvas and mesh, and frames: advance,
// draw, and the render calls that do both. Every entry point is noexcept and catches at the
// boundary; result codes come from the failure itself (engine::FrameStatus), never a message.

#include <new>
#include <string>
#include <string_view>

#include "capi/ApiEngine.hpp"

namespace {

using phosphene::capi::guarded;
using phosphene::capi::toResult;

using phosphene::engine::Engine;

phosphene_result toResult(Engine::LoadStatus status) {
  switch (status) {
    case Engine::LoadStatus::Ok:
      return PHOSPHENE_OK;
    case Engine::LoadStatus::IoError:
      return PHOSPHENE_ERROR_IO;
    case Engine::LoadStatus::Invalid:
      return PHOSPHENE_ERROR_PRESET_INVALID;
  }
  return PHOSPHENE_ERROR_INTERNAL;
}

phosphene_result render(phosphene_engine* engine, const char* what,
                        const phosphene::render::RenderTarget& target, double dt_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (target.width <= 0 || target.height <= 0) {
    engine->engine.setLastError(std::string(what) + ": width and height must be positive");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, what, [&] {
    auto& e = engine->engine;
    if (!e.hasPreset() && !e.loadPending()) {
      e.setLastError(std::string(what) + ": no preset loaded");
      return PHOSPHENE_ERROR_NO_PRESET;
    }
    // Checked before the frame advances, so a call without a context changes nothing.
    if (!e.contextCurrent()) {
      e.setLastError(std::string(what) + ": no GL context is current on this thread");
      return PHOSPHENE_ERROR_NO_CONTEXT;
    }
    const phosphene_result result = toResult(e.renderFrame(target, dt_s).status);
    engine->collectEvents();
    return result;
  });
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

phosphene_result phosphene_load_preset_file(phosphene_engine* engine, const char* path) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (path == nullptr) {
    engine->engine.setLastError("phosphene_load_preset_file: path is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_load_preset_file",
                 [&] { return toResult(engine->engine.loadPresetFile(path)); });
}

phosphene_result phosphene_load_preset_text(phosphene_engine* engine, const char* text,
                                            size_t length) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (text == nullptr && length > 0) {
    engine->engine.setLastError("phosphene_load_preset_text: text is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_load_preset_text", [&] {
    const std::string_view view =
        text == nullptr ? std::string_view() : std::string_view(text, length);
    return toResult(engine->engine.loadPresetText(view));
  });
}

uint32_t phosphene_preset_diagnostic_count(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? 0u : static_cast<uint32_t>(engine->engine.presetDiagnostics().size());
}

phosphene_result phosphene_preset_diagnostic_get(const phosphene_engine* engine, uint32_t index,
                                                 phosphene_diagnostic* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(engine->engine.presetDiagnostics(), index, out);
}

phosphene_result phosphene_set_drawable_size(phosphene_engine* engine, int width,
                                             int height) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (width < 0 || height < 0 || width > PHOSPHENE_MAX_DRAWABLE_SIZE ||
      height > PHOSPHENE_MAX_DRAWABLE_SIZE || (width == 0) != (height == 0)) {
    engine->engine.setLastError("phosphene_set_drawable_size: size out of range");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setDrawableSize(width, height);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_get_drawable_size(const phosphene_engine* engine, int* out_width,
                                             int* out_height) noexcept {
  if (engine == nullptr || out_width == nullptr || out_height == nullptr)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_width = engine->engine.drawableWidth();
  *out_height = engine->engine.drawableHeight();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                         int mesh_y) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (mesh_x < PHOSPHENE_MIN_MESH_X || mesh_x > PHOSPHENE_MAX_MESH_X ||
      mesh_y < PHOSPHENE_MIN_MESH_Y || mesh_y > PHOSPHENE_MAX_MESH_Y) {
    engine->engine.setLastError(
        "phosphene_set_mesh_size: mesh must be " + std::to_string(PHOSPHENE_MIN_MESH_X) + ".." +
        std::to_string(PHOSPHENE_MAX_MESH_X) + " x " + std::to_string(PHOSPHENE_MIN_MESH_Y) + ".." +
        std::to_string(PHOSPHENE_MAX_MESH_Y));
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setMeshSize(mesh_x, mesh_y);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_get_mesh_size(const phosphene_engine* engine, int* out_mesh_x,
                                         int* out_mesh_y) noexcept {
  if (engine == nullptr || out_mesh_x == nullptr || out_mesh_y == nullptr)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_mesh_x = engine->engine.meshX();
  *out_mesh_y = engine->engine.meshY();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_advance(phosphene_engine* engine, double dt_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_advance", [&] {
    // The playlist may start the first preset.
    auto& e = engine->engine;
    if (!e.hasPreset() && !e.loadPending()) engine->playlist.startIfIdle();
    const phosphene_result result = toResult(e.advance(dt_s).status);
    engine->collectEvents();
    return result;
  });
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
  phosphene_render_target t;
  phosphene_render_target_init(&t);
  if (target != nullptr && phosphene::capi::readVersioned(target, t) != PHOSPHENE_OK) {
    e.setLastError("phosphene_engine_draw: target->struct_size not set");
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  const int kind = phosphene::capi::enumValue(t.kind);
  if (t.width == 0 && t.height == 0) {
    t.width = e.drawableWidth();
    t.height = e.drawableHeight();
  }
  if (t.width <= 0 || t.height <= 0 || kind < PHOSPHENE_TARGET_BOUND_FRAMEBUFFER ||
      kind > PHOSPHENE_TARGET_TEXTURE || (kind == PHOSPHENE_TARGET_TEXTURE && t.gl_name == 0)) {
    e.setLastError(
        "phosphene_engine_draw: no size (target or drawable), an unknown kind, or texture 0");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (e.clock().started() == false) {
    e.setLastError("phosphene_engine_draw: call phosphene_engine_advance first");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_engine_draw", [&] {
    if (!e.contextCurrent()) {
      e.setLastError("phosphene_engine_draw: no GL context is current on this thread");
      return PHOSPHENE_ERROR_NO_CONTEXT;
    }
    if (kind == PHOSPHENE_TARGET_BOUND_FRAMEBUFFER)
      return toResult(e.drawToCurrentFramebuffer(t.width, t.height).status);
    phosphene::render::RenderTarget rt;
    rt.width = t.width;
    rt.height = t.height;
    (kind == PHOSPHENE_TARGET_TEXTURE ? rt.texture : rt.framebuffer) = t.gl_name;
    return toResult(e.draw(rt).status);
  });
}

phosphene_result phosphene_engine_release_gl(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_release_gl", [&] {
    engine->engine.releaseGl();
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_render_frame(phosphene_engine* engine, double dt_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  if (e.drawableWidth() <= 0) {
    e.setLastError("phosphene_render_frame: call phosphene_set_drawable_size first");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_render_frame", [&] {
    if (!e.hasPreset() && !e.loadPending()) engine->playlist.startIfIdle();
    if (!e.hasPreset() && !e.loadPending()) {
      e.setLastError("phosphene_render_frame: no preset loaded");
      return PHOSPHENE_ERROR_NO_PRESET;
    }
    if (!e.contextCurrent()) {
      e.setLastError("phosphene_render_frame: no GL context is current on this thread");
      return PHOSPHENE_ERROR_NO_CONTEXT;
    }
    const phosphene_result result = toResult(
        e.renderFrameToCurrentFramebuffer(e.drawableWidth(), e.drawableHeight(), dt_s).status);
    engine->collectEvents();
    return result;
  });
}

phosphene_result phosphene_render_frame_to_framebuffer(phosphene_engine* engine,
                                                       uint32_t framebuffer, int width, int height,
                                                       double dt_s) noexcept {
  if (engine != nullptr && !engine->engine.hasPreset() && !engine->engine.loadPending())
    engine->playlist.startIfIdle();
  return render(engine, "phosphene_render_frame_to_framebuffer", {framebuffer, 0, width, height},
                dt_s);
}

phosphene_result phosphene_render_frame_to_texture(phosphene_engine* engine, uint32_t texture,
                                                   int width, int height, double dt_s) noexcept {
  if (engine != nullptr && texture == 0) {
    engine->engine.setLastError("phosphene_render_frame_to_texture: texture is 0");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (engine != nullptr && !engine->engine.hasPreset() && !engine->engine.loadPending())
    engine->playlist.startIfIdle();
  return render(engine, "phosphene_render_frame_to_texture", {0, texture, width, height}, dt_s);
}

}  // extern "C"
