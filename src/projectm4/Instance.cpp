#include "Instance.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "LogDispatch.hpp"

namespace phosphene::projectm4 {
namespace {

projectm_log_level to_projectm_level(phosphene_log_level level) {
  switch (level) {
    case PHOSPHENE_LOG_DEBUG:
      return PROJECTM_LOG_LEVEL_DEBUG;
    case PHOSPHENE_LOG_WARNING:
      return PROJECTM_LOG_LEVEL_WARN;
    case PHOSPHENE_LOG_ERROR:
      return PROJECTM_LOG_LEVEL_ERROR;
    default:
      return PROJECTM_LOG_LEVEL_INFO;
  }
}

// The engine's log sink: every engine message goes to projectM's log callback of the calling
// thread (the engine logs on its controller thread, which is the thread calling the API).
void forward_engine_log(void*, phosphene_log_level level, const char* message) {
  write_log(to_projectm_level(level), message);
}

struct PresetDeleter {
  void operator()(phosphene_preset* preset) const noexcept { phosphene_preset_destroy(preset); }
};
using PresetHandle = std::unique_ptr<phosphene_preset, PresetDeleter>;

// Why a preset handle did not load: its first error, else the result's name.
std::string failure_message(const phosphene_preset* preset, phosphene_result result) {
  const uint32_t count = phosphene_preset_diagnostic_count(preset);
  for (uint32_t i = 0; i < count; ++i) {
    phosphene_diagnostic diagnostic;
    phosphene_diagnostic_init(&diagnostic);
    if (phosphene_preset_diagnostic(preset, i, &diagnostic) == PHOSPHENE_OK &&
        diagnostic.severity == PHOSPHENE_LOG_ERROR && diagnostic.message != nullptr) {
      return diagnostic.message;
    }
  }
  return phosphene_result_string(result);
}

// projectM's mesh rule: 8..300 cells, odd counts rounded up to even.
size_t projectm_mesh_cells(size_t cells) {
  cells = std::clamp<size_t>(cells, 8, 300);
  return cells % 2 == 1 ? cells + 1 : cells;
}

}  // namespace

Instance::Instance(Private, phosphene_engine* engine) : engine_(engine) {}

std::unique_ptr<Instance> Instance::create() {
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.log_fn = &forward_engine_log;
  desc.log_min_level = PHOSPHENE_LOG_DEBUG;  // projectM's level decides (LogDispatch)
  phosphene_engine* engine = nullptr;
  if (phosphene_engine_create(&desc, &engine) != PHOSPHENE_OK) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, "projectm_create: the Phosphene engine was not created");
    return nullptr;
  }
  auto instance = std::make_unique<Instance>(Private{}, engine);
  // projectM decides when to switch (SwitchPolicy) and asks the host; the engine must not
  // switch by itself.
  phosphene_switch_settings settings;
  phosphene_switch_settings_init(&settings);
  phosphene_engine_get_switch_settings(engine, &settings);
  settings.auto_switch = 0;
  settings.loudness_hard_cuts = 0;
  settings.beat_hard_cuts = 0;
  settings.locked = 0;
  phosphene_engine_set_switch_settings(engine, &settings);
  instance->set_mesh_size(instance->mesh_width, instance->mesh_height);
  return instance;
}

void Instance::notice_once(Notice notice, projectm_log_level level, const std::string& message) {
  const auto index = static_cast<size_t>(notice);
  if (noticed_.test(index)) return;
  noticed_.set(index);
  write_log(level, ("Phosphene (projectM API): " + message).c_str());
}

void Instance::check_thread(const char* function) {
  if (std::this_thread::get_id() == owner_thread_) return;
  notice_once(Notice::wrong_thread, PROJECTM_LOG_LEVEL_WARN,
              std::string(function) +
                  " called from a thread other than the one that created the instance; every "
                  "call but the PCM functions belongs on the thread owning the GL context");
}

void Instance::report_failure(const char* filename, const std::string& message) {
  const std::string name = filename != nullptr ? filename : "";
  write_log(PROJECTM_LOG_LEVEL_WARN,
            ("preset \"" + name + "\" failed to load: " + message).c_str());
  if (switch_failed != nullptr) switch_failed(name.c_str(), message.c_str(), switch_failed_data);
}

void Instance::switch_to(const phosphene_preset* preset, bool smooth) {
  phosphene_transition_desc transition;
  phosphene_transition_desc_init(&transition);
  if (smooth && soft_cut_duration_s > 0.0) {
    transition.style = PHOSPHENE_TRANSITION_BLEND;
    transition.seconds = std::min(soft_cut_duration_s, PHOSPHENE_MAX_TRANSITION_SECONDS);
  } else {
    transition.style = PHOSPHENE_TRANSITION_HARD_CUT;
  }
  preset_requested_ = true;
  const phosphene_result result =
      phosphene_engine_switch_preset(engine_.get(), preset, &transition, nullptr);
  if (result != PHOSPHENE_OK) {
    report_failure(phosphene_preset_path(preset), std::string(phosphene_result_string(result)) +
                                                      ": " +
                                                      phosphene_engine_last_error(engine_.get()));
  }
}

void Instance::load_file(const char* filename, bool smooth) {
  check_thread("projectm_load_preset_file");
  if (filename == nullptr || *filename == '\0') {
    report_failure("", "no file name given");
    return;
  }
  // Read and parsed here, so that a file that does not load is reported before this returns,
  // as projectM does; the engine prepares the rest on its loader thread.
  phosphene_preset* raw = nullptr;
  const phosphene_result result = phosphene_preset_create_from_file(filename, &raw);
  PresetHandle preset(raw);
  if (result != PHOSPHENE_OK) {
    report_failure(filename, failure_message(preset.get(), result));
    return;
  }
  switch_to(preset.get(), smooth);
}

void Instance::load_data(const char* data, bool smooth) {
  check_thread("projectm_load_preset_data");
  if (data == nullptr) {
    report_failure("", "no preset data given");
    return;
  }
  phosphene_preset* raw = nullptr;
  const phosphene_result result =
      phosphene_preset_create_from_text(data, std::strlen(data), nullptr, &raw);
  PresetHandle preset(raw);
  if (result != PHOSPHENE_OK) {
    report_failure("", failure_message(preset.get(), result));
    return;
  }
  switch_to(preset.get(), smooth);
}

void Instance::set_texture_paths(const char** paths, size_t count) {
  std::vector<const char*> folders;
  for (size_t i = 0; paths != nullptr && i < count; ++i) {
    if (paths[i] != nullptr && paths[i][0] != '\0') folders.push_back(paths[i]);
  }
  if (folders.size() > PHOSPHENE_MAX_TEXTURE_DIRS) {
    notice_once(Notice::texture_paths, PROJECTM_LOG_LEVEL_WARN,
                "only the first 256 texture search paths are used");
    folders.resize(PHOSPHENE_MAX_TEXTURE_DIRS);
  }
  if (phosphene_engine_set_texture_search_path(engine_.get(), folders.data(), folders.size()) !=
      PHOSPHENE_OK) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, phosphene_engine_last_error(engine_.get()));
  }
}

namespace {

// The engine's texture provider for projectM's texture-load callback, as projectM 4.2's
// TextureManager reads its answer: a texture id with a size wins (and is not taken over: 4.2
// makes its Texture with ownership off, whatever its header says), else pixels with a size
// (channels 0 = 4), else the file search. The rows go on unchanged: 4.2 uploads them as it
// uploads its decoded image files, whose first row is the image's top row, which is what
// Phosphene's provider takes.
void ask_texture_load(void* user_data, phosphene_texture_request* request) {
  const Instance& self = *static_cast<const Instance*>(user_data);
  if (self.texture_load == nullptr) return;
  projectm_texture_load_data data{};
  self.texture_load(request->name, &data, self.texture_load_data);
  if (data.width == 0 || data.height == 0) return;
  request->width = data.width;
  request->height = data.height;
  if (data.texture_id != 0) {
    request->gl_texture = data.texture_id;
  } else if (data.data != nullptr) {
    request->pixels = data.data;
    request->channels = data.channels;
  }
}

}  // namespace

void Instance::set_texture_load(projectm_texture_load_event callback, void* user_data) {
  texture_load = callback;
  texture_load_data = callback != nullptr ? user_data : nullptr;
  phosphene_engine_set_texture_provider(engine_.get(),
                                        callback != nullptr ? &ask_texture_load : nullptr,
                                        callback != nullptr ? this : nullptr);
}

void Instance::reset_textures() {
  // A texture-load callback is asked again for every name (projectM makes a new TextureManager).
  if (texture_load != nullptr) set_texture_load(texture_load, texture_load_data);
  // Setting the search path again makes the engine look every texture up again at the next draw.
  size_t count = 0;
  phosphene_engine_get_texture_search_path(engine_.get(), nullptr, 0, &count);
  std::vector<const char*> views(count);
  phosphene_engine_get_texture_search_path(engine_.get(), views.data(), count, &count);
  const std::vector<std::string> folders(views.begin(), views.end());
  std::vector<const char*> copies;
  for (const auto& folder : folders) copies.push_back(folder.c_str());
  phosphene_engine_set_texture_search_path(engine_.get(), copies.data(), copies.size());
}

void Instance::set_mesh_size(size_t width, size_t height) {
  mesh_width = projectm_mesh_cells(width);
  mesh_height = projectm_mesh_cells(height);
  int engine_height = static_cast<int>(mesh_height);
  if (engine_height > PHOSPHENE_MAX_MESH_Y) {
    notice_once(Notice::mesh_height, PROJECTM_LOG_LEVEL_INFO,
                "mesh heights above 240 are drawn with 240 rows (Phosphene's limit)");
    engine_height = PHOSPHENE_MAX_MESH_Y;
  }
  phosphene_engine_set_mesh_size(engine_.get(), static_cast<int>(mesh_width), engine_height);
}

void Instance::set_beat_sensitivity(float sensitivity) {
  if (!std::isfinite(sensitivity) || sensitivity < 0.0f) return;
  beat_sensitivity = sensitivity;
  phosphene_switch_settings settings;
  phosphene_switch_settings_init(&settings);
  phosphene_engine_get_switch_settings(engine_.get(), &settings);
  settings.beat_sensitivity = std::clamp<double>(sensitivity, PHOSPHENE_MIN_BEAT_SENSITIVITY,
                                                 PHOSPHENE_MAX_BEAT_SENSITIVITY);
  phosphene_engine_set_switch_settings(engine_.get(), &settings);
}

void Instance::set_window_size(size_t width, size_t height) {
  window_width = width;
  window_height = height;
  // projectM's window size is MilkDrop's canvas: every frame, the first included, is computed
  // for it (without it the engine computes the first frame for 640 x 480, its size before any
  // draw, and a projectM host's frames would differ from a Phosphene host's drawing at that size).
  // 0 in either side draws nothing (render returns early); the engine then keeps "the target's".
  const bool empty = width == 0 || height == 0;
  const int engine_width =
      empty ? 0 : static_cast<int>(std::min<size_t>(width, PHOSPHENE_MAX_DRAWABLE_SIZE));
  const int engine_height =
      empty ? 0 : static_cast<int>(std::min<size_t>(height, PHOSPHENE_MAX_DRAWABLE_SIZE));
  phosphene_engine_set_drawable_size(engine_.get(), engine_width, engine_height);
}

void Instance::apply_wait_for_loads() {
  // With the host's clock the frames must not depend on how fast the loader thread was.
  if (clock_.uses_host_time() == waits_for_loads_) return;
  waits_for_loads_ = clock_.uses_host_time();
  phosphene_switch_settings settings;
  phosphene_switch_settings_init(&settings);
  phosphene_engine_get_switch_settings(engine_.get(), &settings);
  settings.wait_for_loads = waits_for_loads_ ? 1 : 0;
  phosphene_engine_set_switch_settings(engine_.get(), &settings);
}

void Instance::handle_events() {
  phosphene_event event;
  phosphene_event_init(&event);
  while (phosphene_engine_poll_event(engine_.get(), &event)) {
    if (event.type == PHOSPHENE_EVENT_PRESET_STARTED) {
      policy_.restart(event.time, timing);
    } else if (event.type == PHOSPHENE_EVENT_PRESET_LOAD_FAILED) {
      // Copied: the host's callback may load again, and the next poll frees the strings.
      const std::string file = event.path[0] != '\0' ? event.path : event.name;
      const std::string message = event.message;
      report_failure(file.c_str(), message);
    }
    phosphene_event_init(&event);
  }
}

void Instance::render(phosphene_target_kind kind, uint32_t framebuffer) {
  check_thread("projectm_opengl_render_frame");
  if (window_width == 0 || window_height == 0) return;  // projectM draws nothing at 0 x 0
  apply_wait_for_loads();
  const FrameClock::Step step = clock_.next(fps);
  if (step.clamped) {
    notice_once(Notice::frame_time, PROJECTM_LOG_LEVEL_WARN,
                "the frame time stood still, went back or jumped more than 10 s; the frame "
                "moves by a small step (or 10 s) instead");
  }
  if (phosphene_engine_advance(engine_.get(), step.dt_s) != PHOSPHENE_OK) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, phosphene_engine_last_error(engine_.get()));
    return;
  }
  handle_events();

  phosphene_audio_frame audio;
  phosphene_audio_frame_init(&audio);
  phosphene_engine_get_audio(engine_.get(), &audio);
  double now_s = 0.0;
  phosphene_engine_get_time(engine_.get(), &now_s, nullptr);
  SwitchRequest request = SwitchRequest::none;
  if (!preset_requested_) {
    // Phosphene has no idle preset to show first: ask for one at once.
    preset_requested_ = true;
    policy_.restart(now_s, timing);
    request = timing.locked ? SwitchRequest::none : SwitchRequest::smooth;
  } else {
    request = policy_.step(now_s, (audio.bass + audio.mid + audio.treb) / 3.0, timing);
  }
  if (request != SwitchRequest::none && switch_requested != nullptr) {
    switch_requested(request == SwitchRequest::hard_cut, switch_requested_data);
  }

  if (window_width > PHOSPHENE_MAX_DRAWABLE_SIZE || window_height > PHOSPHENE_MAX_DRAWABLE_SIZE) {
    notice_once(Notice::window_size, PROJECTM_LOG_LEVEL_WARN,
                "window sizes above 16384 pixels are drawn at 16384");
  }
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = kind;
  target.gl_name = framebuffer;
  target.width = static_cast<int>(std::min<size_t>(window_width, PHOSPHENE_MAX_DRAWABLE_SIZE));
  target.height = static_cast<int>(std::min<size_t>(window_height, PHOSPHENE_MAX_DRAWABLE_SIZE));
  const phosphene_result result = phosphene_engine_draw(engine_.get(), &target);
  if (result == PHOSPHENE_ERROR_NO_CONTEXT) {
    notice_once(Notice::no_context, PROJECTM_LOG_LEVEL_ERROR,
                "no OpenGL context is current on the rendering thread; nothing was drawn");
  } else if (result != PHOSPHENE_OK) {
    notice_once(Notice::draw_failed, PROJECTM_LOG_LEVEL_ERROR,
                std::string("drawing failed: ") + phosphene_engine_last_error(engine_.get()));
  } else {
    ++frames_drawn_;
    if (debug_image_pending_) write_debug_image();
  }
}

}  // namespace phosphene::projectm4
