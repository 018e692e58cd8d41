// projectM's touch.h and user_sprites.h. User sprites are Phosphene's MilkDrop 2 sprites
// (phosphene_sprite.h) under projectM's rules: type "milkdrop", img= looked up in the texture
// search paths, code that does not compile refused, a limit that evicts the oldest. Touch
// waveforms: projectM 4.2's touch functions do nothing (read from its sources), nor do these;
// they validate their input and say once that nothing is drawn.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "HandleAccess.hpp"
#include "SpriteImage.hpp"

using phosphene::projectm4::Instance;
using phosphene::projectm4::Notice;
using phosphene::projectm4::resolve_sprite_image;
using phosphene::projectm4::with_instance;
using phosphene::projectm4::with_instance_or;
using phosphene::projectm4::write_log;

namespace {

void notice_touch(Instance& self) {
  // projectM 4.2 draws nothing for touches either (its Touch* methods are empty); said once so
  // that a host expecting waveforms knows.
  self.notice_once(Notice::touch, PROJECTM_LOG_LEVEL_INFO,
                   "touch waveforms draw nothing (as in projectM 4.2, whose touch functions are "
                   "empty)");
}

bool on_screen(float x, float y) {
  return std::isfinite(x) && std::isfinite(y);
}

bool is_milkdrop_type(const char* type) {
  constexpr const char kMilkdrop[] = "milkdrop";
  if (std::strlen(type) != sizeof kMilkdrop - 1) return false;
  for (size_t i = 0; i < sizeof kMilkdrop - 1; ++i) {
    if (std::tolower(static_cast<unsigned char>(type[i])) != kMilkdrop[i]) return false;
  }
  return true;
}

std::vector<std::string> texture_search_paths(phosphene_engine* engine) {
  size_t count = 0;
  phosphene_engine_get_texture_search_path(engine, nullptr, 0, &count);
  std::vector<const char*> views(count);
  phosphene_engine_get_texture_search_path(engine, views.data(), count, &count);
  views.resize(std::min(views.size(), count));
  return {views.begin(), views.end()};
}

// The launch's diagnostics: whether the code failed to compile (projectM refuses such a sprite)
// and the first message worth telling the host.
struct LaunchReport {
  bool code_failed = false;
  std::string message;
};

LaunchReport launch_report(phosphene_engine* engine) {
  LaunchReport report;
  const uint32_t count = phosphene_sprite_diagnostic_count(engine);
  for (uint32_t i = 0; i < count; ++i) {
    phosphene_diagnostic diagnostic;
    phosphene_diagnostic_init(&diagnostic);
    if (phosphene_sprite_diagnostic(engine, i, &diagnostic) != PHOSPHENE_OK) continue;
    const bool code_failed = diagnostic.id != nullptr && std::strcmp(diagnostic.id, "SPR004") == 0;
    report.code_failed = report.code_failed || code_failed;
    if ((code_failed || diagnostic.severity == PHOSPHENE_LOG_ERROR) && report.message.empty() &&
        diagnostic.message != nullptr) {
      report.message = diagnostic.message;
    }
  }
  return report;
}

// The live sprites oldest first, as projectM lists them (Phosphene's ids grow with each launch;
// its own list is in draw-slot order).
std::vector<uint32_t> sprites_by_age(phosphene_engine* engine) {
  std::vector<uint32_t> ids(PHOSPHENE_MAX_SPRITES);
  ids.resize(std::min<size_t>(phosphene_sprite_ids(engine, ids.data(), PHOSPHENE_MAX_SPRITES),
                              ids.size()));
  std::sort(ids.begin(), ids.end());
  return ids;
}

// projectM removes the oldest sprites until no more than the limit live.
void evict_over_limit(Instance& self) {
  const size_t limit = std::min<uint32_t>(self.max_sprites, PHOSPHENE_MAX_SPRITES);
  const std::vector<uint32_t> ids = sprites_by_age(self.engine());
  for (size_t i = 0; i + limit < ids.size(); ++i) phosphene_sprite_kill(self.engine(), ids[i]);
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
    self.check_thread("projectm_sprite_create");
    if (type == nullptr || code == nullptr) return uint32_t{0};
    if (!is_milkdrop_type(type)) {
      write_log(PROJECTM_LOG_LEVEL_WARN,
                ("sprite not created: unknown sprite type \"" + std::string(type) + "\"").c_str());
      return uint32_t{0};
    }
    if (self.max_sprites == 0) return uint32_t{0};  // projectM: a limit of 0 shows none
    phosphene_engine* engine = self.engine();
    const std::string body = resolve_sprite_image(code, texture_search_paths(engine));
    uint32_t id = 0;
    const phosphene_result result =
        phosphene_sprite_launch_code(engine, body.c_str(), nullptr, &id);
    const LaunchReport report = launch_report(engine);
    if (result != PHOSPHENE_OK || id == 0) {
      write_log(
          PROJECTM_LOG_LEVEL_WARN,
          ("sprite not created: " +
           (report.message.empty() ? std::string(phosphene_result_string(result)) : report.message))
              .c_str());
      return uint32_t{0};
    }
    if (report.code_failed) {
      // Phosphene (as MilkDrop) would run it without its code; projectM refuses it.
      phosphene_sprite_kill(engine, id);
      write_log(PROJECTM_LOG_LEVEL_WARN, ("sprite not created: " + report.message).c_str());
      return uint32_t{0};
    }
    evict_over_limit(self);
    return id;
  });
}

void projectm_sprite_destroy(projectm_handle instance, uint32_t sprite_id) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.check_thread("projectm_sprite_destroy");
    phosphene_sprite_kill(self.engine(), sprite_id);  // no such sprite: nothing to do
  });
}

void projectm_sprite_destroy_all(projectm_handle instance) noexcept {
  with_instance(instance, [](Instance& self) {
    self.check_thread("projectm_sprite_destroy_all");
    phosphene_sprite_kill_all(self.engine());
  });
}

uint32_t projectm_sprite_get_sprite_count(projectm_handle instance) noexcept {
  return with_instance_or(instance, uint32_t{0},
                          [](Instance& self) { return phosphene_sprite_count(self.engine()); });
}

void projectm_sprite_get_sprite_ids(projectm_handle instance, uint32_t* sprite_ids) noexcept {
  with_instance(instance, [&](Instance& self) {
    if (sprite_ids == nullptr) return;
    // Oldest first, as projectM; the host sized the list with get_sprite_count.
    const std::vector<uint32_t> ids = sprites_by_age(self.engine());
    std::copy(ids.begin(), ids.end(), sprite_ids);
  });
}

void projectm_sprite_set_max_sprites(projectm_handle instance, uint32_t max_sprites) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.check_thread("projectm_sprite_set_max_sprites");
    self.max_sprites = max_sprites;
    if (max_sprites > PHOSPHENE_MAX_SPRITES) {
      self.notice_once(Notice::sprites, PROJECTM_LOG_LEVEL_INFO,
                       "at most 16 sprites live at once (MilkDrop 2's limit); a larger sprite "
                       "limit is kept and read back, the 17th sprite removes the oldest");
    }
    evict_over_limit(self);
  });
}

uint32_t projectm_sprite_get_max_sprites(projectm_handle instance) noexcept {
  return with_instance_or(instance, uint32_t{0}, [](Instance& self) { return self.max_sprites; });
}

}  // extern "C"
