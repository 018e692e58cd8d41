// projectM's touch.h and user_sprites.h. Phosphene's C API has neither touch waveforms nor user
// sprites yet (sprites: their own issue), so the calls validate their input, keep what projectM
// lets a host read back (the sprite limit), and say once that nothing is drawn.
#include <cmath>

#include "HandleAccess.hpp"

using phosphene::projectm4::Instance;
using phosphene::projectm4::Notice;
using phosphene::projectm4::with_instance;
using phosphene::projectm4::with_instance_or;

namespace {

void notice_touch(Instance& self) {
  self.notice_once(Notice::touch, PROJECTM_LOG_LEVEL_WARN,
                   "touch waveforms are not available: Phosphene's C API cannot draw them yet");
}

bool on_screen(float x, float y) {
  return std::isfinite(x) && std::isfinite(y);
}

}  // namespace

extern "C" {

void projectm_touch(projectm_handle instance, float x, float y, int /*pressure*/,
                    projectm_touch_type touch_type) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (!on_screen(x, y) || touch_type < PROJECTM_TOUCH_TYPE_RANDOM ||
        touch_type > PROJECTM_TOUCH_TYPE_DOUBLE_LINE) {
      return;
    }
    notice_touch(self);
  });
}

void projectm_touch_drag(projectm_handle instance, float x, float y, int /*pressure*/) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (on_screen(x, y)) notice_touch(self);
  });
}

void projectm_touch_destroy(projectm_handle instance, float x, float y) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (on_screen(x, y)) notice_touch(self);
  });
}

void projectm_touch_destroy_all(projectm_handle instance) noexcept {
  with_instance(instance, [](Instance&) {});  // nothing was drawn, nothing to remove
}

uint32_t projectm_sprite_create(projectm_handle instance, const char* type,
                                const char* code) noexcept {
  return with_instance_or(instance, uint32_t{0}, [&](Instance& self) {
    if (type == nullptr || code == nullptr) return uint32_t{0};
    self.notice_once(Notice::sprites, PROJECTM_LOG_LEVEL_WARN,
                     "user sprites are not available yet: projectm_sprite_create returns 0");
    return uint32_t{0};
  });
}

void projectm_sprite_destroy(projectm_handle instance, uint32_t /*sprite_id*/) noexcept {
  with_instance(instance, [](Instance&) {});  // no sprite was ever made
}

void projectm_sprite_destroy_all(projectm_handle instance) noexcept {
  with_instance(instance, [](Instance&) {});
}

uint32_t projectm_sprite_get_sprite_count(projectm_handle instance) noexcept {
  return with_instance_or(instance, uint32_t{0}, [](Instance&) { return uint32_t{0}; });
}

void projectm_sprite_get_sprite_ids(projectm_handle instance, uint32_t* /*sprite_ids*/) noexcept {
  with_instance(instance, [](Instance&) {});  // count is 0: nothing to write
}

void projectm_sprite_set_max_sprites(projectm_handle instance, uint32_t max_sprites) noexcept {
  with_instance(instance, [&](Instance& self) { self.max_sprites = max_sprites; });
}

uint32_t projectm_sprite_get_max_sprites(projectm_handle instance) noexcept {
  return with_instance_or(instance, uint32_t{0}, [](Instance& self) { return self.max_sprites; });
}

}  // extern "C"
