#pragma once
// The object behind a projectm_handle: one Phosphene engine driven the way projectM drives its
// own, through Phosphene's public C API only. It keeps projectM's settings (with projectM's
// defaults and clamping), runs projectM's switching rules (SwitchPolicy) and clock (FrameClock),
// and calls the host's callbacks on the rendering thread, outside any engine call, so that they
// may call back into the API.

#include <atomic>
#include <bitset>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <phosphene/phosphene.h>

#include "FrameClock.hpp"
#include "SwitchPolicy.hpp"
#include "projectM-4/projectM.h"

namespace phosphene::projectm4 {

/// Things logged once per instance: a projectM feature Phosphene does not offer (yet), or a
/// value it had to change. docs/projectm-compat.md lists each.
enum class Notice {
  load_proc_unused,
  burn_texture,
  touch,
  sprites,
  texel_offset,
  mesh_height,
  window_size,
  frame_time,
  wrong_thread,
  no_context,
  draw_failed,
  texture_paths,
  count
};

struct EngineDeleter {
  void operator()(phosphene_engine* engine) const noexcept { phosphene_engine_destroy(engine); }
};

class Instance {
 public:
  /// nullptr when the engine cannot be made (logged).
  static std::unique_ptr<Instance> create();

  phosphene_engine* engine() { return engine_.get(); }

  // Presets.
  void load_file(const char* filename, bool smooth);
  void load_data(const char* data, bool smooth);
  void reset_textures();
  void set_texture_paths(const char** paths, size_t count);

  // Frames.
  /// Renders into `target` (sized by the window size here): nothing at 0 x 0.
  void render(phosphene_target_kind kind, uint32_t framebuffer);
  FrameClock& clock() { return clock_; }

  // Settings that reach the engine.
  void set_mesh_size(size_t width, size_t height);
  void set_beat_sensitivity(float sensitivity);
  void set_window_size(size_t width, size_t height);

  /// projectM's plain settings; read and written by the parameter functions.
  SwitchTiming timing;
  double soft_cut_duration_s = 3.0;
  float beat_sensitivity = 1.0f;
  size_t mesh_width = 32, mesh_height = 24;
  size_t window_width = 0, window_height = 0;
  float texel_offset_x = 0.0f, texel_offset_y = 0.0f;
  int32_t fps = 60;
  bool aspect_correction = true;
  bool start_clean = false;
  uint32_t max_sprites = 16;
  /// Set by the PCM functions (audio thread) the first time they reject a channel layout.
  std::atomic<bool> pcm_channels_noticed{false};

  // Host callbacks.
  projectm_preset_switch_requested_event switch_requested = nullptr;
  void* switch_requested_data = nullptr;
  projectm_preset_switch_failed_event switch_failed = nullptr;
  void* switch_failed_data = nullptr;
  projectm_texture_load_event texture_load = nullptr;
  void* texture_load_data = nullptr;
  /// projectm_set_texture_load_event_callback: the engine's texture provider asks `callback`.
  void set_texture_load(projectm_texture_load_event callback, void* user_data);

  /// projectm_write_debug_image_on_next_frame: after the next drawn frame, the canvas goes to
  /// this file as a BMP ("" = projectM's default name in the current directory).
  void request_debug_image(const char* file);

  /// Logs `message` at `level` the first time `notice` happens on this instance.
  void notice_once(Notice notice, projectm_log_level level, const std::string& message);
  /// Logs once when called from a thread other than the one that made the instance.
  void check_thread(const char* function);

  struct Private {};
  Instance(Private, phosphene_engine* engine);

 private:
  void switch_to(const phosphene_preset* preset, bool smooth);
  void report_failure(const char* filename, const std::string& message);
  void handle_events();
  void apply_wait_for_loads();
  void write_debug_image();

  std::unique_ptr<phosphene_engine, EngineDeleter> engine_;
  FrameClock clock_;
  SwitchPolicy policy_{0};
  std::bitset<static_cast<size_t>(Notice::count)> noticed_;
  std::thread::id owner_thread_ = std::this_thread::get_id();
  bool preset_requested_ = false;  // a load was asked for since creation
  bool waits_for_loads_ = false;
  bool debug_image_pending_ = false;
  std::string debug_image_file_;
  uint64_t frames_drawn_ = 0;
};

}  // namespace phosphene::projectm4
