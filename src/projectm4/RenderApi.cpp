// projectM's render_opengl.h and debug.h over phosphene_engine_advance + phosphene_engine_draw.
#include <string>

#include "HandleAccess.hpp"

using phosphene::projectm4::Instance;
using phosphene::projectm4::Notice;
using phosphene::projectm4::with_instance;

extern "C" {

void projectm_opengl_render_frame(projectm_handle instance) noexcept {
  with_instance(instance,
                [](Instance& self) { self.render(PHOSPHENE_TARGET_BOUND_FRAMEBUFFER, 0); });
}

void projectm_opengl_render_frame_fbo(projectm_handle instance,
                                      uint32_t framebuffer_object_id) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.render(PHOSPHENE_TARGET_FRAMEBUFFER, framebuffer_object_id);
  });
}

void projectm_opengl_burn_texture(projectm_handle instance, uint32_t texture, int left, int top,
                                  int width, int height) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.check_thread("projectm_opengl_burn_texture");
    // projectM draws it into the canvas at once; Phosphene at the next render_frame, before the
    // warp: the same frames. Screen coordinates are canvas pixels (the window size).
    if (texture == 0 || width == 0 || height == 0) return;
    if (phosphene_engine_burn_texture(self.engine(), texture, left, top, width, height) !=
        PHOSPHENE_OK) {
      self.notice_once(Notice::burn_texture, PROJECTM_LOG_LEVEL_WARN,
                       std::string("projectm_opengl_burn_texture: ") +
                           phosphene_engine_last_error(self.engine()));
    }
  });
}

void projectm_write_debug_image_on_next_frame(projectm_handle instance,
                                              const char* output_file) noexcept {
  with_instance(instance, [&](Instance& self) { self.request_debug_image(output_file); });
}

}  // extern "C"
