// Presets and rendering: the controller-side entry points that load a preset and draw frames into
// the host's GL context. Every one is noexcept and catches at the boundary.

#include <new>
#include <string>
#include <string_view>

#include "capi/ApiEngine.hpp"
#include "render/Renderer.hpp"

namespace {

using phosphene::capi::guarded;

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

// libepoxy aborts the host process on the first GL call made with no context current; a render
// call refuses instead, before anything touches GL.
bool refuseWithoutContext(Engine& engine, const char* what) {
  if (phosphene::render::Renderer::contextCurrent()) return false;
  engine.setLastError(std::string(what) + ": no GL context is current on this thread");
  return true;
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
    if (refuseWithoutContext(e, what)) return PHOSPHENE_ERROR_GL;
    if (!e.renderFrame(target, dt_s)) {
      const std::string& error = e.lastError();
      return error.rfind("frame time", 0) == 0 ? PHOSPHENE_ERROR_INVALID_ARGUMENT
                                               : PHOSPHENE_ERROR_GL;
    }
    return PHOSPHENE_OK;
  });
}

}  // namespace

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
  if (engine == nullptr || out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const auto& all = engine->engine.presetDiagnostics();
  if (index >= all.size()) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const auto& d = all[index];
  out->severity = d.severity == phosphene::core::Severity::Error     ? PHOSPHENE_LOG_ERROR
                  : d.severity == phosphene::core::Severity::Warning ? PHOSPHENE_LOG_WARNING
                                                                     : PHOSPHENE_LOG_INFO;
  out->id = phosphene::core::diagnosticCode(d.id).data();
  out->section = d.section.c_str();
  out->line = d.line;
  out->column = d.column;
  out->message = d.message.c_str();
  return PHOSPHENE_OK;
}

phosphene_result phosphene_set_drawable_size(phosphene_engine* engine, int width,
                                             int height) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (width < 0 || height < 0 || width > 16384 || height > 16384 || (width == 0) != (height == 0)) {
    engine->engine.setLastError("phosphene_set_drawable_size: size out of range");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setDrawableSize(width, height);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                         int mesh_y) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (mesh_x < 8 || mesh_x > 320 || mesh_y < 6 || mesh_y > 240) {
    engine->engine.setLastError("phosphene_set_mesh_size: mesh must be 8..320 x 6..240");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  engine->engine.setMeshSize(mesh_x, mesh_y);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_render_frame(phosphene_engine* engine, double dt_s) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  if (e.drawableWidth() <= 0) {
    e.setLastError("phosphene_render_frame: call phosphene_set_drawable_size first");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_render_frame", [&] {
    if (!e.hasPreset() && !e.loadPending()) {
      e.setLastError("phosphene_render_frame: no preset loaded");
      return PHOSPHENE_ERROR_NO_PRESET;
    }
    if (refuseWithoutContext(e, "phosphene_render_frame")) return PHOSPHENE_ERROR_GL;
    if (!e.renderFrameToCurrentFramebuffer(e.drawableWidth(), e.drawableHeight(), dt_s)) {
      return e.lastError().rfind("frame time", 0) == 0 ? PHOSPHENE_ERROR_INVALID_ARGUMENT
                                                       : PHOSPHENE_ERROR_GL;
    }
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_render_frame_to_framebuffer(phosphene_engine* engine,
                                                       uint32_t framebuffer, int width, int height,
                                                       double dt_s) noexcept {
  return render(engine, "phosphene_render_frame_to_framebuffer", {framebuffer, 0, width, height},
                dt_s);
}

phosphene_result phosphene_render_frame_to_texture(phosphene_engine* engine, uint32_t texture,
                                                   int width, int height, double dt_s) noexcept {
  if (engine != nullptr && texture == 0) {
    engine->engine.setLastError("phosphene_render_frame_to_texture: texture is 0");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return render(engine, "phosphene_render_frame_to_texture", {0, texture, width, height}, dt_s);
}

}  // extern "C"
