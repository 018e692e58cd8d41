// projectM's parameters.h over Phosphene: values are kept with projectM's defaults and rules and
// reach the engine (or the switching policy) where Phosphene has the same setting.
#include <algorithm>
#include <cmath>

#include "HandleAccess.hpp"

using phosphene::projectm4::Instance;
using phosphene::projectm4::Notice;
using phosphene::projectm4::with_instance;
using phosphene::projectm4::with_instance_or;

namespace {

// Times and sensitivities: finite and not negative, else the call is ignored (projectM's
// documented range; a NaN would poison the switching arithmetic).
bool usable(double value) {
  return std::isfinite(value) && value >= 0.0;
}

}  // namespace

extern "C" {

void projectm_set_texture_search_paths(projectm_handle instance, const char** texture_search_paths,
                                       size_t count) noexcept {
  with_instance(instance,
                [&](Instance& self) { self.set_texture_paths(texture_search_paths, count); });
}

void projectm_set_frame_time(projectm_handle instance, double seconds_since_first_frame) noexcept {
  with_instance(instance,
                [&](Instance& self) { self.clock().set_host_time(seconds_since_first_frame); });
}

double projectm_get_last_frame_time(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0,
                          [](Instance& self) { return self.clock().last_frame_time(); });
}

void projectm_set_beat_sensitivity(projectm_handle instance, float sensitivity) noexcept {
  with_instance(instance, [&](Instance& self) { self.set_beat_sensitivity(sensitivity); });
}

float projectm_get_beat_sensitivity(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0f, [](Instance& self) { return self.beat_sensitivity; });
}

void projectm_set_hard_cut_duration(projectm_handle instance, double seconds) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (usable(seconds)) self.timing.hard_cut_duration_s = seconds;
  });
}

double projectm_get_hard_cut_duration(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0,
                          [](Instance& self) { return self.timing.hard_cut_duration_s; });
}

void projectm_set_hard_cut_enabled(projectm_handle instance, bool enabled) noexcept {
  with_instance(instance, [&](Instance& self) { self.timing.hard_cut_enabled = enabled; });
}

bool projectm_get_hard_cut_enabled(projectm_handle instance) noexcept {
  return with_instance_or(instance, false,
                          [](Instance& self) { return self.timing.hard_cut_enabled; });
}

void projectm_set_hard_cut_sensitivity(projectm_handle instance, float sensitivity) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (usable(sensitivity)) self.timing.hard_cut_sensitivity = sensitivity;
  });
}

float projectm_get_hard_cut_sensitivity(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0f, [](Instance& self) {
    return static_cast<float>(self.timing.hard_cut_sensitivity);
  });
}

void projectm_set_soft_cut_duration(projectm_handle instance, double seconds) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (usable(seconds)) self.soft_cut_duration_s = seconds;
  });
}

double projectm_get_soft_cut_duration(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0, [](Instance& self) { return self.soft_cut_duration_s; });
}

void projectm_set_preset_duration(projectm_handle instance, double seconds) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (usable(seconds)) self.timing.preset_duration_s = seconds;
  });
}

double projectm_get_preset_duration(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0.0,
                          [](Instance& self) { return self.timing.preset_duration_s; });
}

void projectm_set_mesh_size(projectm_handle instance, size_t width, size_t height) noexcept {
  with_instance(instance, [&](Instance& self) { self.set_mesh_size(width, height); });
}

void projectm_get_mesh_size(projectm_handle instance, size_t* width, size_t* height) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (width != nullptr) *width = self.mesh_width;
    if (height != nullptr) *height = self.mesh_height;
  });
}

void projectm_set_texel_offset(projectm_handle instance, float offset_X, float offset_y) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (!std::isfinite(offset_X) || !std::isfinite(offset_y)) return;
    self.texel_offset_x = offset_X;  // read back as set
    self.texel_offset_y = offset_y;
    const auto limit = [](float v) {
      return std::clamp(v, -PHOSPHENE_MAX_TEXEL_OFFSET, PHOSPHENE_MAX_TEXEL_OFFSET);
    };
    if (limit(offset_X) != offset_X || limit(offset_y) != offset_y) {
      self.notice_once(Notice::texel_offset, PROJECTM_LOG_LEVEL_INFO,
                       "texel offsets beyond 16 texels are applied as 16");
    }
    phosphene_engine_set_texel_offset(self.engine(), limit(offset_X), limit(offset_y));
  });
}

void projectm_get_texel_offset(projectm_handle instance, float* offset_X,
                               float* offset_y) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (offset_X != nullptr) *offset_X = self.texel_offset_x;
    if (offset_y != nullptr) *offset_y = self.texel_offset_y;
  });
}

void projectm_set_fps(projectm_handle instance, int32_t fps) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (fps > 0 && fps <= static_cast<int32_t>(PHOSPHENE_MAX_FPS)) self.fps = fps;
  });
}

int32_t projectm_get_fps(projectm_handle instance) noexcept {
  return with_instance_or(instance, 0, [](Instance& self) { return self.fps; });
}

void projectm_set_aspect_correction(projectm_handle instance, bool enabled) noexcept {
  with_instance(instance, [&](Instance& self) {
    // Kept and read back, as projectM 4.2 does: its renderer never reads the flag (the aspect
    // values presets see always follow the window), and Phosphene's follow MilkDrop 2's.
    self.aspect_correction = enabled;
  });
}

bool projectm_get_aspect_correction(projectm_handle instance) noexcept {
  return with_instance_or(instance, false, [](Instance& self) { return self.aspect_correction; });
}

void projectm_set_easter_egg(projectm_handle instance, float value) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (usable(value)) self.timing.easter_egg = value;
  });
}

float projectm_get_easter_egg(projectm_handle instance) noexcept {
  return with_instance_or(
      instance, 0.0f, [](Instance& self) { return static_cast<float>(self.timing.easter_egg); });
}

void projectm_set_preset_locked(projectm_handle instance, bool lock) noexcept {
  with_instance(instance, [&](Instance& self) { self.timing.locked = lock; });
}

bool projectm_get_preset_locked(projectm_handle instance) noexcept {
  return with_instance_or(instance, false, [](Instance& self) { return self.timing.locked; });
}

void projectm_set_window_size(projectm_handle instance, size_t width, size_t height) noexcept {
  with_instance(instance, [&](Instance& self) { self.set_window_size(width, height); });
}

void projectm_get_window_size(projectm_handle instance, size_t* width, size_t* height) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (width != nullptr) *width = self.window_width;
    if (height != nullptr) *height = self.window_height;
  });
}

void projectm_set_preset_start_clean(projectm_handle instance, bool enabled) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.start_clean = enabled;
    phosphene_engine_set_start_clean(self.engine(), enabled ? 1 : 0);
  });
}

bool projectm_get_preset_start_clean(projectm_handle instance) noexcept {
  return with_instance_or(instance, false, [](Instance& self) { return self.start_clean; });
}

}  // extern "C"
