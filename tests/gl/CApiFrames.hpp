#pragma once
// What the C API GL tests do on every frame, in C API 1.0's terms: load a preset so that it runs
// from the next frame on, and name a host framebuffer or texture (HostTarget) as a render target.

#include <phosphene/phosphene.h>

#include <cstdint>
#include <string>

#include "HostTarget.hpp"

namespace phosphene::gltest {

// Loads are queued on the engine's loader thread. A test that compares pixels needs the preset
// from a known frame whatever the loader's speed: a hard cut, waited for, is current when the
// wait returns (a shader preset replacing one drawn with shaders starts once its programs are
// linked over the next draws). Returns the load's result: refused, or the wait's (OK, or why the
// preset did not load: IO, PRESET_INVALID; a PRESET_LOAD_FAILED event says more).
inline phosphene_result loadFileNow(phosphene_engine* engine, const std::string& path,
                                    uint64_t* request = nullptr) {
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  const phosphene_result r = phosphene_engine_load_preset_file(engine, path.c_str(), &cut, request);
  if (r != PHOSPHENE_OK) return r;
  return phosphene_engine_wait_for_preset(engine);
}

inline phosphene_result loadTextNow(phosphene_engine* engine, const std::string& text,
                                    const char* name = nullptr, uint64_t* request = nullptr) {
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  const phosphene_result r =
      phosphene_engine_load_preset_text(engine, text.data(), text.size(), name, &cut, request);
  if (r != PHOSPHENE_OK) return r;
  return phosphene_engine_wait_for_preset(engine);
}

inline phosphene_render_target framebufferTarget(uint32_t fbo, int width, int height) {
  phosphene_render_target t;
  phosphene_render_target_init(&t);
  t.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  t.gl_name = fbo;
  t.width = width;
  t.height = height;
  return t;
}

inline phosphene_render_target framebufferTarget(const HostTarget& target) {
  return framebufferTarget(target.fbo, target.width, target.height);
}

inline phosphene_render_target textureTarget(uint32_t texture, int width, int height) {
  phosphene_render_target t = framebufferTarget(texture, width, height);
  t.kind = PHOSPHENE_TARGET_TEXTURE;
  return t;
}

// phosphene_engine_render into a host framebuffer / texture (advance, then draw).
inline phosphene_result renderTo(phosphene_engine* engine, uint32_t fbo, int width, int height,
                                 double dt_s = 0.0) {
  const phosphene_render_target t = framebufferTarget(fbo, width, height);
  return phosphene_engine_render(engine, dt_s, &t);
}

inline phosphene_result renderToTexture(phosphene_engine* engine, uint32_t texture, int width,
                                        int height, double dt_s = 0.0) {
  const phosphene_render_target t = textureTarget(texture, width, height);
  return phosphene_engine_render(engine, dt_s, &t);
}

}  // namespace phosphene::gltest
