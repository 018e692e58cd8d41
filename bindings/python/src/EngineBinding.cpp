// phosphene.Engine's native half (_phosphene._Engine): engine lifetime, presets, PCM, rendering
// into numpy arrays, events and switch settings. The GIL is released while the library loads,
// advances or draws; only raw buffers are touched then, never a Python object.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "EngineCore.hpp"
#include "HeadlessEglContext.hpp"
#include "Limits.hpp"

namespace phosphene::python {
namespace {

struct Event {
  std::string type, reason, name, path;
  std::uint64_t requestId = 0;
  std::int64_t playlistIndex = -1;
  double time = 0, loadSeconds = 0, transitionSeconds = 0;
  std::vector<Diagnostic> diagnostics;
};

const char* eventTypeName(phosphene_event_type t) {
  switch (t) {
    case PHOSPHENE_EVENT_PRESET_STARTED:
      return "preset_started";
    case PHOSPHENE_EVENT_TRANSITION_ENDED:
      return "transition_ended";
    case PHOSPHENE_EVENT_PRESET_LOAD_FAILED:
      return "preset_load_failed";
    case PHOSPHENE_EVENT_PRESET_OVER_BUDGET:
      return "preset_over_budget";
    case PHOSPHENE_EVENT_PRESET_LOADED:
      return "preset_loaded";
    case PHOSPHENE_EVENT_BEAT:
      return "beat";
    case PHOSPHENE_EVENT_HARD_CUT:
      return "hard_cut";
    case PHOSPHENE_EVENT_SPRITE_ENDED:
      return "sprite_ended";
    default:
      return "none";
  }
}

const char* reasonName(phosphene_switch_reason r) {
  switch (r) {
    case PHOSPHENE_SWITCH_USER:
      return "user";
    case PHOSPHENE_SWITCH_AUTO:
      return "auto";
    case PHOSPHENE_SWITCH_HARD_CUT:
      return "hard_cut";
    case PHOSPHENE_SWITCH_BEAT:
      return "beat";
    case PHOSPHENE_SWITCH_LOAD_FAILED:
      return "load_failed";
    case PHOSPHENE_SWITCH_OVER_BUDGET:
      return "over_budget";
    default:
      return "unknown";
  }
}

std::vector<Diagnostic> engineDiagnostics(const phosphene_engine* engine) {
  return copyDiagnostics(phosphene_engine_current_preset_diagnostic_count(engine),
                         [engine](uint32_t i, phosphene_diagnostic* d) {
                           return phosphene_engine_current_preset_diagnostic(engine, i, d);
                         });
}

// MilkDrop 2's layout, as `phosphene render` defaults to: a textures folder inside the preset's
// folder and one beside it. Folders that do not exist are harmless.
void setDefaultTextureDirs(phosphene_engine* engine, const std::string& presetPath) {
  const std::filesystem::path folder = std::filesystem::path(presetPath).parent_path();
  const std::string a = (folder / "textures").string(), b = (folder / ".." / "textures").string();
  const char* dirs[] = {a.c_str(), b.c_str()};
  phosphene_engine_set_texture_search_path(engine, dirs, 2);
}

// The preset is read and checked as a handle on this thread, so that its diagnostics, or the
// PresetError, come back from this call (phosphene_engine_load_preset_file would report them
// later, as an event). The switch then waits for the loader thread: the preset starts at the
// next render whatever the loader's speed, so frames are reproducible.
std::vector<Diagnostic> loadPreset(EngineCore& core, const std::string& source, bool isFile,
                                   const std::string& name, double transition) {
  checkTransitionSeconds(transition);
  core.get();  // raises when closed, while the GIL is held
  std::vector<Diagnostic> diags;
  phosphene_result rc = PHOSPHENE_OK;
  std::string error;
  {
    py::gil_scoped_release release;  // reads and compiles; touches no Python object
    phosphene_preset* raw = nullptr;
    rc = isFile
             ? phosphene_preset_create_from_file(source.c_str(), &raw)
             : phosphene_preset_create_from_text(source.data(), source.size(), name.c_str(), &raw);
    const PresetHandle preset(raw);
    diags = copyDiagnostics(phosphene_preset_diagnostic_count(preset.get()),
                            [&preset](uint32_t i, phosphene_diagnostic* d) {
                              return phosphene_preset_diagnostic(preset.get(), i, d);
                            });
    std::lock_guard lock(core.mutex());
    phosphene_engine* e = core.raw();
    if (rc == PHOSPHENE_OK && e == nullptr) {  // closed by another thread since the check above
      rc = PHOSPHENE_ERROR_INVALID_ARGUMENT;
      error = "the engine is closed";
    } else if (rc == PHOSPHENE_OK) {
      if (isFile && !core.textureDirsGiven) setDefaultTextureDirs(e, source);
      phosphene_transition_desc t;
      phosphene_transition_desc_init(&t);
      t.style = transition == 0.0 ? PHOSPHENE_TRANSITION_HARD_CUT : PHOSPHENE_TRANSITION_BLEND;
      t.seconds = transition;
      rc = phosphene_engine_switch_preset(e, preset.get(), &t, nullptr);
      if (rc == PHOSPHENE_OK) rc = phosphene_engine_wait_for_preset(e);
      if (rc != PHOSPHENE_OK) error = phosphene_engine_last_error(e);
    }
  }
  if (rc != PHOSPHENE_OK) {
    std::string message =
        "cannot load preset " + (isFile ? source : name) + ": " + phosphene_result_string(rc);
    for (const Diagnostic& d : diags)
      if (d.severity == "error") {
        message += ": [" + d.id + "] " + d.message;
        break;
      }
    if (diags.empty() && !error.empty()) message += ": " + error;
    raisePresetError(message, diags);
  }
  return diags;
}

void addPcmToEngine(EngineCore& core, const py::handle& samples, int sampleRate) {
  const PcmBlock block = checkPcm(samples);
  checkSampleRate(sampleRate);
  std::lock_guard lock(core.mutex());  // wait-free call: the GIL may stay held
  const phosphene_result rc = addPcm(core.get(), block, 0, block.frames, sampleRate);
  if (rc != PHOSPHENE_OK) raiseError(std::string("add_pcm: ") + phosphene_result_string(rc));
}

py::array_t<std::uint8_t> checkedOut(EngineCore& core, const py::object& out) {
  const py::ssize_t h = core.height(), w = core.width();
  if (out.is_none()) return py::array_t<std::uint8_t>({h, w, static_cast<py::ssize_t>(4)});
  if (!py::isinstance<py::array>(out))
    throw py::type_error("out must be a numpy array of uint8, shape (height, width, 4)");
  auto a = py::reinterpret_borrow<py::array>(out);
  if (!a.dtype().is(py::dtype::of<std::uint8_t>()))
    throw py::type_error("out must have dtype uint8, got " + std::string(py::str(a.dtype())));
  if (a.ndim() != 3 || a.shape(0) != h || a.shape(1) != w || a.shape(2) != 4)
    throw py::value_error("out must have shape (" + std::to_string(h) + ", " + std::to_string(w) +
                          ", 4)");
  if (!(a.flags() & py::array::c_style) || !a.writeable())
    throw py::value_error("out must be C-contiguous and writeable");
  return py::reinterpret_borrow<py::array_t<std::uint8_t>>(out);
}

// One frame (advance, then draw) into a framebuffer object of the context now current.
phosphene_result renderToFramebuffer(phosphene_engine* e, std::uint32_t framebuffer, int width,
                                     int height, double dt) {
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.gl_name = framebuffer;
  target.width = width;
  target.height = height;
  return phosphene_engine_render(e, dt, &target);
}

py::array_t<std::uint8_t> render(EngineCore& core, const py::object& out, double dt) {
  checkFrameSeconds(dt);
  py::array_t<std::uint8_t> image = checkedOut(core, out);
  std::uint8_t* pixels = image.mutable_data();
  std::string error;
  phosphene_result rc = PHOSPHENE_OK;
  {
    core.get();  // raises when closed, while the GIL is held
    py::gil_scoped_release release;
    std::lock_guard lock(core.mutex());
    phosphene_engine* e = core.raw();
    if (e == nullptr) {
      error = "the engine is closed";
    } else if (GlTarget::Scope scope(core.target(), error);
               scope.ok() && core.target().ensureFramebuffer(core.width(), core.height(), error)) {
      rc = renderToFramebuffer(e, core.target().framebuffer(), core.width(), core.height(), dt);
      if (rc == PHOSPHENE_OK)
        core.target().readTopDown(pixels);
      else
        error = std::string(phosphene_result_string(rc)) + ": " + phosphene_engine_last_error(e);
    }
  }
  if (!error.empty()) raiseError("render: " + error);
  return image;
}

void renderTo(EngineCore& core, std::uint32_t framebuffer, int width, int height, double dt) {
  checkFrameSeconds(dt);
  checkFrameSize(width, height);
  std::string error;
  {
    core.get();  // raises when closed, while the GIL is held
    py::gil_scoped_release release;
    std::lock_guard lock(core.mutex());
    phosphene_engine* e = core.raw();
    if (e == nullptr) {
      error = "the engine is closed";
    } else if (GlTarget::Scope scope(core.target(), error); scope.ok()) {
      const phosphene_result rc = renderToFramebuffer(e, framebuffer, width, height, dt);
      if (rc != PHOSPHENE_OK)
        error = std::string(phosphene_result_string(rc)) + ": " + phosphene_engine_last_error(e);
    }
  }
  if (!error.empty()) raiseError("render_to: " + error);
}

std::vector<Event> pollEvents(EngineCore& core) {
  std::lock_guard lock(core.mutex());
  phosphene_engine* e = core.get();
  std::vector<Event> out;
  phosphene_event ev;
  phosphene_event_init(&ev);
  while (phosphene_engine_poll_event(e, &ev)) {
    Event x;
    x.type = eventTypeName(ev.type);
    x.reason = reasonName(ev.reason);
    x.requestId = ev.request_id;
    x.name = ev.name != nullptr ? ev.name : "";
    x.path = ev.path != nullptr ? ev.path : "";
    x.playlistIndex = ev.playlist_index;
    x.time = ev.time;
    x.loadSeconds = ev.load_seconds;
    x.transitionSeconds = ev.transition_seconds;
    x.diagnostics = copyDiagnostics(ev.diagnostic_count, [e](uint32_t i, phosphene_diagnostic* d) {
      return phosphene_engine_event_diagnostic(e, i, d);
    });
    out.push_back(std::move(x));
    phosphene_event_init(&ev);
  }
  return out;
}

py::dict switchSettings(EngineCore& core) {
  std::lock_guard lock(core.mutex());
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  checkResult(core, phosphene_engine_get_switch_settings(core.get(), &s), "switch settings");
  py::dict d;
  d["preset_duration"] = s.preset_duration;
  d["preset_duration_random"] = s.preset_duration_random;
  d["duration_includes_blend"] = s.duration_includes_blend != 0;
  d["blend_time_auto"] = s.blend_time_auto;
  d["blend_time_user"] = s.blend_time_user;
  d["auto_switch"] = s.auto_switch != 0;
  d["locked"] = s.locked != 0;
  d["loudness_hard_cuts"] = s.loudness_hard_cuts != 0;
  d["beat_hard_cuts"] = s.beat_hard_cuts != 0;
  d["beat_hard_cut_min_interval"] = s.beat_hard_cut_min_interval;
  d["iteration_budget"] = s.iteration_budget;
  d["wait_for_loads"] = s.wait_for_loads != 0;
  d["blend_pattern"] = static_cast<int>(s.blend_pattern);
  return d;
}

void setSwitchSettings(EngineCore& core, const py::kwargs& kwargs) {
  std::lock_guard lock(core.mutex());
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  checkResult(core, phosphene_engine_get_switch_settings(core.get(), &s), "switch settings");
  for (const auto& item : kwargs) {
    const std::string key = py::cast<std::string>(item.first);
    const py::handle v = item.second;
    if (key == "preset_duration")
      s.preset_duration = py::cast<double>(v);
    else if (key == "preset_duration_random")
      s.preset_duration_random = py::cast<double>(v);
    else if (key == "duration_includes_blend")
      s.duration_includes_blend = py::cast<bool>(v);
    else if (key == "blend_time_auto")
      s.blend_time_auto = py::cast<double>(v);
    else if (key == "blend_time_user")
      s.blend_time_user = py::cast<double>(v);
    else if (key == "auto_switch")
      s.auto_switch = py::cast<bool>(v);
    else if (key == "locked")
      s.locked = py::cast<bool>(v);
    else if (key == "loudness_hard_cuts")
      s.loudness_hard_cuts = py::cast<bool>(v);
    else if (key == "beat_hard_cuts")
      s.beat_hard_cuts = py::cast<bool>(v);
    else if (key == "beat_hard_cut_min_interval")
      s.beat_hard_cut_min_interval = py::cast<double>(v);
    else if (key == "iteration_budget")
      s.iteration_budget = py::cast<std::int64_t>(v);
    else if (key == "wait_for_loads")
      s.wait_for_loads = py::cast<bool>(v);
    else if (key == "blend_pattern")
      s.blend_pattern = static_cast<phosphene_blend_pattern>(py::cast<int>(v));
    else
      throw py::type_error("set_switch_settings: unknown setting '" + key + "'");
  }
  const phosphene_result rc = phosphene_engine_set_switch_settings(core.get(), &s);
  if (rc != PHOSPHENE_OK)
    throw py::value_error(std::string("set_switch_settings: ") + core.lastError());
}

}  // namespace

EngineCore::EngineCore(const Options& o) {
  checkFrameSize(o.width, o.height);
  checkMeshSize(o.meshX, o.meshY);
  checkFps(o.fps);
  const GlApi api = glApiFromPython(o.gl);
  std::string error;
  if (o.context == "own") {
    py::gil_scoped_release release;
    target_ = GlTarget::createOwn(api, error);
  } else if (o.context == "current") {
    target_ = GlTarget::useCurrent();
  } else {
    throw py::value_error("context must be 'own' or 'current', got '" + o.context + "'");
  }
  if (!target_) raiseError("cannot create a headless OpenGL context: " + error);

  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = o.fps;
  desc.seed = o.seed;
  desc.pcm_buffer_frames = kPcmBufferFrames;
  const phosphene_result rc = phosphene_engine_create(&desc, &engine_);
  if (rc != PHOSPHENE_OK)
    raiseError(std::string("cannot create the engine: ") + phosphene_result_string(rc));
  width_ = o.width;
  height_ = o.height;
  fps_ = o.fps;
  phosphene_engine_set_drawable_size(engine_, o.width, o.height);
  phosphene_engine_set_mesh_size(engine_, o.meshX, o.meshY);
  // Offline use by default: a requested preset starts at a frame independent of loader speed.
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  if (phosphene_engine_get_switch_settings(engine_, &s) == PHOSPHENE_OK) {
    s.wait_for_loads = 1;
    phosphene_engine_set_switch_settings(engine_, &s);
  }
}

void checkResult(EngineCore& core, phosphene_result rc, const char* what) {
  if (rc != PHOSPHENE_OK)
    raiseError(std::string(what) + ": " + phosphene_result_string(rc) + ": " + core.lastError());
}

EngineCore::~EngineCore() {
  close();
}

void EngineCore::close() noexcept {
  std::lock_guard lock(mutex_);
  if (engine_ == nullptr) return;
  std::string ignored;
  {
    GlTarget::Scope scope(*target_, ignored);
    const bool deleteObjects = target_->canDeleteObjects(scope);
    // The context is gone or another one is current: a GL call would delete (or fail on) the
    // wrong context's objects, so they are forgotten without one.
    if (!deleteObjects) phosphene_engine_release_gl(engine_);
    phosphene_engine_destroy(engine_);
    target_->dropFramebuffer(deleteObjects);
  }
  engine_ = nullptr;
  target_.reset();
}

phosphene_engine* EngineCore::get() const {
  if (engine_ == nullptr) raiseError("the engine is closed");
  return engine_;
}

std::string EngineCore::lastError() const {
  return engine_ != nullptr ? phosphene_engine_last_error(engine_) : "";
}

void registerEngine(py::module_& m) {
  py::class_<Event>(m, "Event", "Something that happened in a frame (Engine.poll_events()).")
      .def_readonly("type", &Event::type,
                    "'preset_started', 'transition_ended', 'preset_load_failed', "
                    "'preset_over_budget', 'preset_loaded', 'beat' or 'hard_cut'.")
      .def_readonly("reason", &Event::reason,
                    "Why a switch happened: 'user', 'auto', 'hard_cut', 'beat', 'load_failed', "
                    "'over_budget'.")
      .def_readonly("request_id", &Event::requestId, "The switch request it belongs to; 0: none.")
      .def_readonly("name", &Event::name, "The preset's name, or ''.")
      .def_readonly("path", &Event::path, "The preset's file, or ''.")
      .def_readonly("playlist_index", &Event::playlistIndex,
                    "Its index in the engine's playlist, or -1.")
      .def_readonly("time", &Event::time, "Engine clock, seconds.")
      .def_readonly("load_seconds", &Event::loadSeconds, "Time the loader took.")
      .def_readonly("transition_seconds", &Event::transitionSeconds,
                    "preset_started: blend duration, 0 for a cut.")
      .def_readonly("diagnostics", &Event::diagnostics, "Why a switch failed (Diagnostic list).")
      .def("__repr__", [](const Event& e) {
        return "<Event " + e.type + " " + e.name + " t=" + std::to_string(e.time) + ">";
      });

  py::class_<EngineCore, std::shared_ptr<EngineCore>>(
      m, "_Engine", "Native engine; use phosphene.Engine, which adds the Python conveniences.")
      .def(
          py::init([](int width, int height, std::uint64_t seed, std::pair<int, int> mesh,
                      double fps, std::string gl, std::string context) {
            EngineCore::Options o;
            o.width = width;
            o.height = height;
            o.seed = seed;
            o.meshX = mesh.first;
            o.meshY = mesh.second;
            o.fps = fps;
            o.gl = std::move(gl);
            o.context = std::move(context);
            return std::make_shared<EngineCore>(o);
          }),
          py::arg("width") = 640, py::arg("height") = 480, py::kw_only(), py::arg("seed") = 0,
          py::arg("mesh") = std::pair<int, int>(PHOSPHENE_DEFAULT_MESH_X, PHOSPHENE_DEFAULT_MESH_Y),
          py::arg("fps") = PHOSPHENE_DEFAULT_FPS, py::arg("gl") = "3.3", py::arg("context") = "own")
      .def(
          "close",
          [](EngineCore& c) {
            py::gil_scoped_release release;
            c.close();
          },
          "Destroys the engine and its GL objects; idempotent. Later calls raise phosphene.Error.")
      .def_property_readonly("closed", &EngineCore::closed, "True after close().")
      .def(
          "load_preset_file",
          [](EngineCore& c, const std::string& path, double transition) {
            return loadPreset(c, path, true, path, transition);
          },
          py::arg("path"), py::arg("transition") = 0.0,
          "Loads a .milk file: diagnostics; PresetError when it cannot be used.")
      .def(
          "load_preset_text",
          [](EngineCore& c, const std::string& text, const std::string& name, double transition) {
            return loadPreset(c, text, false, name, transition);
          },
          py::arg("text"), py::arg("name") = "<text>", py::arg("transition") = 0.0,
          "Loads .milk text: diagnostics; PresetError when it cannot be used.")
      .def(
          "diagnostics",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return engineDiagnostics(c.get());
          },
          "Diagnostics of the last load (texture warnings appear once the preset has rendered).")
      .def("add_pcm", &addPcmToEngine, py::arg("samples"), py::arg("sample_rate") = 44100,
           "Adds PCM: numpy float32 / int16 / uint8, shape (n,) or (n, channels).")
      .def("render", &render, py::arg("out") = py::none(), py::arg("dt") = 0.0,
           "Advances one frame and draws it: uint8 array (height, width, 4), top row first. With "
           "no preset the clock and the audio analysis still advance and the frame is black.")
      .def("render_to", &renderTo, py::arg("framebuffer"), py::arg("width"), py::arg("height"),
           py::arg("dt") = 0.0,
           "Advances one frame and draws it into a framebuffer object of the caller's current "
           "context (its GL name; 0: the default framebuffer).")
      .def(
          "resize",
          [](EngineCore& c, int width, int height) {
            checkFrameSize(width, height);
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_set_drawable_size(c.get(), width, height), "resize");
            c.setSize(width, height);
          },
          py::arg("width"), py::arg("height"), "Changes the canvas and frame size.")
      .def_property_readonly("width", &EngineCore::width, "Frame width in pixels.")
      .def_property_readonly("height", &EngineCore::height, "Frame height in pixels.")
      .def_property_readonly("fps", &EngineCore::fps, "The fixed-clock frame rate.")
      .def_property(
          "mesh",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            int x = 0, y = 0;
            phosphene_engine_get_mesh_size(c.get(), &x, &y);
            return std::make_pair(x, y);
          },
          [](EngineCore& c, std::pair<int, int> mesh) {
            checkMeshSize(mesh.first, mesh.second);
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_set_mesh_size(c.get(), mesh.first, mesh.second),
                        "mesh");
          },
          "Warp mesh size (columns, rows).")
      .def_property_readonly(
          "time",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            double t = 0;
            phosphene_engine_get_time(c.get(), &t, nullptr);
            return t;
          },
          "The current frame's time, seconds.")
      .def_property_readonly(
          "frame",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            std::uint64_t f = 0;
            phosphene_engine_get_time(c.get(), nullptr, &f);
            return f;
          },
          "The current frame's index.")
      .def(
          "set_texture_dirs",
          [](EngineCore& c, const std::vector<std::string>& dirs) {
            std::lock_guard lock(c.mutex());
            std::vector<const char*> names;
            for (const std::string& d : dirs) names.push_back(d.c_str());
            if (phosphene_engine_set_texture_search_path(c.get(), names.data(), names.size()) !=
                PHOSPHENE_OK)
              throw py::value_error("set_texture_dirs: " + c.lastError());
            c.textureDirsGiven = true;
          },
          py::arg("dirs"),
          "Folders searched for the textures presets name (default per preset file: "
          "PRESETDIR/textures and PRESETDIR/../textures).")
      .def("switch_settings", &switchSettings, "The switching policy as a dict.")
      .def("set_switch_settings", &setSwitchSettings,
           "Changes switching settings by name (see switch_settings()).")
      .def("poll_events", &pollEvents, "Takes every event not yet taken (list of Event).")
      .def_property_readonly(
          "current_preset",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return std::string(phosphene_engine_current_preset_name(c.get()));
          },
          "The current preset's name ('' when none).")
      .def_property_readonly(
          "transitioning",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return phosphene_engine_is_transitioning(c.get()) != 0;
          },
          "True while a transition is in flight.")
      .def_property_readonly(
          "dropped_pcm_frames",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return phosphene_engine_dropped_pcm_frames(c.get());
          },
          "PCM frames dropped because the ring was full (analyse, i.e. render, every frame).");
  registerPlaylist(m);
}

}  // namespace phosphene::python
