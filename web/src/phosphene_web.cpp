// The WebAssembly side of the browser module: a few plain C functions with scalar arguments that
// web/src/phosphene.mjs calls through cwrap. Everything goes through the public C API
// (phosphene.h); this file adds only what a page cannot do from JavaScript: make a WebGL 2
// context on a canvas and current before each call, and turn the API's versioned structs
// (diagnostics, events) into JSON strings, so the JavaScript side never reads struct layouts.
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <phosphene/phosphene.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace {

// One visualizer: its WebGL context and its engine. Owned by JavaScript through pw_create /
// pw_destroy (the pointer is the handle).
struct Visualizer {
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
  phosphene_engine* engine = nullptr;
  std::string text;  // the last string returned to JavaScript (valid until the next call)

  Visualizer() = default;
  Visualizer(const Visualizer&) = delete;
  Visualizer& operator=(const Visualizer&) = delete;
  ~Visualizer() {
    if (context) emscripten_webgl_make_context_current(context);
    phosphene_engine_destroy(engine);
    if (context) emscripten_webgl_destroy_context(context);
  }
  bool makeCurrent() const {
    return emscripten_webgl_make_context_current(context) == EMSCRIPTEN_RESULT_SUCCESS;
  }
};

struct PresetDeleter {
  void operator()(phosphene_preset* p) const { phosphene_preset_destroy(p); }
};
using PresetHandle = std::unique_ptr<phosphene_preset, PresetDeleter>;

void appendJsonString(std::string& out, const char* s) {
  out += '"';
  for (const char* p = s ? s : ""; *p; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

const char* severityName(phosphene_log_level level) {
  switch (level) {
    case PHOSPHENE_LOG_ERROR:
      return "error";
    case PHOSPHENE_LOG_WARNING:
      return "warning";
    default:
      return "info";
  }
}

void appendDiagnostic(std::string& out, const phosphene_diagnostic& d) {
  out += "{\"severity\":";
  appendJsonString(out, severityName(d.severity));
  out += ",\"id\":";
  appendJsonString(out, d.id);
  out += ",\"section\":";
  appendJsonString(out, d.section);
  out += ",\"line\":" + std::to_string(d.line) + ",\"column\":" + std::to_string(d.column);
  out += ",\"message\":";
  appendJsonString(out, d.message);
  out += '}';
}

const char* eventName(phosphene_event_type type) {
  switch (type) {
    case PHOSPHENE_EVENT_PRESET_STARTED:
      return "presetstarted";
    case PHOSPHENE_EVENT_TRANSITION_ENDED:
      return "transitionended";
    case PHOSPHENE_EVENT_PRESET_LOAD_FAILED:
      return "presetloadfailed";
    case PHOSPHENE_EVENT_PRESET_OVER_BUDGET:
      return "presetoverbudget";
    case PHOSPHENE_EVENT_PRESET_LOADED:
      return "presetloaded";
    case PHOSPHENE_EVENT_BEAT:
      return "beat";
    case PHOSPHENE_EVENT_HARD_CUT:
      return "hardcut";
    default:
      return "unknown";
  }
}

phosphene_transition_desc transitionFor(double seconds) {
  phosphene_transition_desc t;
  phosphene_transition_desc_init(&t);
  // Negative: the engine's default blend; 0: a hard cut; otherwise a blend of that length.
  if (!(seconds >= 0.0)) {
    t.style = PHOSPHENE_TRANSITION_DEFAULT;
  } else if (seconds == 0.0) {
    t.style = PHOSPHENE_TRANSITION_HARD_CUT;
  } else {
    t.style = PHOSPHENE_TRANSITION_BLEND;
    t.seconds = std::fmin(seconds, PHOSPHENE_MAX_TRANSITION_SECONDS);
  }
  return t;
}

}  // namespace

extern "C" {

/// Makes a WebGL 2 context on the canvas `selector` ("#id") and an engine; null on failure (the
/// reason is logged to the console by Emscripten or returned by pw_last_error(null)).
EMSCRIPTEN_KEEPALIVE Visualizer* pw_create(const char* selector, int meshX, int meshY,
                                           double seedLow) {
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.majorVersion = 2;  // WebGL 2 = OpenGL ES 3.0; no extension is required
  attrs.minorVersion = 0;
  attrs.alpha = false;  // the image is opaque RGB
  attrs.depth = false;
  attrs.stencil = false;
  attrs.antialias = false;
  attrs.premultipliedAlpha = false;
  // Kept so the page (and the browser test) can read the canvas back after the frame's task.
  attrs.preserveDrawingBuffer = true;
  attrs.powerPreference = EM_WEBGL_POWER_PREFERENCE_HIGH_PERFORMANCE;
  auto v = std::make_unique<Visualizer>();
  v->context = emscripten_webgl_create_context(selector, &attrs);
  if (v->context <= 0) {
    v->context = 0;
    return nullptr;
  }
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.seed = static_cast<std::uint64_t>(seedLow);
  if (phosphene_engine_create(&desc, &v->engine) != PHOSPHENE_OK) return nullptr;
  if (meshX > 0 && meshY > 0) phosphene_engine_set_mesh_size(v->engine, meshX, meshY);
  return v.release();
}

EMSCRIPTEN_KEEPALIVE void pw_destroy(Visualizer* v) {
  const std::unique_ptr<Visualizer> owned(v);
}

EMSCRIPTEN_KEEPALIVE const char* pw_last_error(Visualizer* v) {
  return v ? phosphene_engine_last_error(v->engine) : "";
}

EMSCRIPTEN_KEEPALIVE int pw_set_size(Visualizer* v, int width, int height) {
  return phosphene_engine_set_drawable_size(v->engine, width, height);
}

EMSCRIPTEN_KEEPALIVE int pw_set_mesh(Visualizer* v, int meshX, int meshY) {
  return phosphene_engine_set_mesh_size(v->engine, meshX, meshY);
}

/// Interleaved float samples from WebAudio (an AnalyserNode's time-domain data or PCM from an
/// AudioWorklet), copied into the engine's ring.
EMSCRIPTEN_KEEPALIVE int pw_pcm(Visualizer* v, const float* samples, int frames, int channels,
                                int sampleRate) {
  return phosphene_engine_add_pcm_float(v->engine, samples, static_cast<std::size_t>(frames),
                                        channels, sampleRate);
}

/// Advances by dt seconds and draws into the canvas.
EMSCRIPTEN_KEEPALIVE int pw_render(Visualizer* v, double dt) {
  if (!v->makeCurrent()) return PHOSPHENE_ERROR_NO_CONTEXT;
  return phosphene_engine_render(v->engine, dt, nullptr);
}

/// Reads and checks a .milk text; the handle (or null) is for pw_preset_* and pw_switch.
EMSCRIPTEN_KEEPALIVE phosphene_preset* pw_preset_create(const char* text, int length,
                                                        const char* name) {
  phosphene_preset* p = nullptr;
  phosphene_preset_create_from_text(text, static_cast<std::size_t>(length), name, &p);
  return p;
}

EMSCRIPTEN_KEEPALIVE void pw_preset_destroy(phosphene_preset* p) {
  const PresetHandle owned(p);
}

EMSCRIPTEN_KEEPALIVE int pw_preset_status(phosphene_preset* p) {
  return phosphene_preset_status(p);
}

/// The handle's diagnostics as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* pw_preset_diagnostics(Visualizer* v, phosphene_preset* p) {
  v->text = "[";
  const std::uint32_t n = phosphene_preset_diagnostic_count(p);
  for (std::uint32_t i = 0; i < n; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_preset_diagnostic(p, i, &d) != PHOSPHENE_OK) continue;
    if (v->text.size() > 1) v->text += ',';
    appendDiagnostic(v->text, d);
  }
  v->text += ']';
  return v->text.c_str();
}

/// Switches to a preset handle; returns the request id (> 0) that its events carry, or minus the
/// result code on failure. Ids fit a double exactly (they count requests).
EMSCRIPTEN_KEEPALIVE double pw_switch(Visualizer* v, phosphene_preset* p, double seconds) {
  const phosphene_transition_desc t = transitionFor(seconds);
  std::uint64_t request = 0;
  const phosphene_result r = phosphene_engine_switch_preset(v->engine, p, &t, &request);
  return r == PHOSPHENE_OK ? static_cast<double>(request) : -static_cast<double>(r);
}

EMSCRIPTEN_KEEPALIVE int pw_playlist_add(Visualizer* v, phosphene_preset* p) {
  return phosphene_playlist_add_preset(phosphene_engine_get_playlist(v->engine), p);
}

EMSCRIPTEN_KEEPALIVE int pw_playlist_size(Visualizer* v) {
  return static_cast<int>(phosphene_playlist_size(phosphene_engine_get_playlist(v->engine)));
}

EMSCRIPTEN_KEEPALIVE const char* pw_playlist_name(Visualizer* v, int index) {
  return phosphene_playlist_item_name(phosphene_engine_get_playlist(v->engine),
                                      static_cast<std::uint32_t>(index));
}

EMSCRIPTEN_KEEPALIVE double pw_playlist_position(Visualizer* v) {
  return static_cast<double>(phosphene_playlist_position(phosphene_engine_get_playlist(v->engine)));
}

/// move: 0 next, 1 previous, 2 random, 3 index. Returns the request id or minus the result.
EMSCRIPTEN_KEEPALIVE double pw_playlist_play(Visualizer* v, int move, int index, double seconds) {
  const phosphene_transition_desc t = transitionFor(seconds);
  std::uint64_t request = 0;
  const phosphene_result r = phosphene_playlist_play(
      phosphene_engine_get_playlist(v->engine), static_cast<phosphene_playlist_move>(move),
      static_cast<std::uint32_t>(index < 0 ? 0 : index), &t, &request);
  return r == PHOSPHENE_OK ? static_cast<double>(request) : -static_cast<double>(r);
}

/// Automatic switching: on (with `seconds` between switches, <= 0 keeps the current value) or
/// off (a locked preset), and the blend time of automatic switches.
EMSCRIPTEN_KEEPALIVE int pw_set_auto_switch(Visualizer* v, int on, double seconds,
                                            double blendSeconds) {
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  phosphene_result r = phosphene_engine_get_switch_settings(v->engine, &s);
  if (r != PHOSPHENE_OK) return r;
  s.auto_switch = on ? 1 : 0;
  if (seconds > 0.0) {
    s.preset_duration = seconds;
    s.preset_duration_random = 0.0;
  }
  if (blendSeconds >= 0.0) {
    s.blend_time_auto = blendSeconds;
    s.blend_time_user = blendSeconds;
  }
  return phosphene_engine_set_switch_settings(v->engine, &s);
}

EMSCRIPTEN_KEEPALIVE int pw_is_transitioning(Visualizer* v) {
  return phosphene_engine_is_transitioning(v->engine);
}

EMSCRIPTEN_KEEPALIVE const char* pw_current_name(Visualizer* v) {
  return phosphene_engine_current_preset_name(v->engine);
}

/// The oldest event as a JSON object, or null when there is none.
EMSCRIPTEN_KEEPALIVE const char* pw_poll_event(Visualizer* v) {
  phosphene_event e;
  phosphene_event_init(&e);
  if (!phosphene_engine_poll_event(v->engine, &e)) return nullptr;
  std::string& o = v->text;
  o = "{\"type\":";
  appendJsonString(o, eventName(e.type));
  o += ",\"requestId\":" + std::to_string(e.request_id);
  o += ",\"reason\":" + std::to_string(static_cast<int>(e.reason));
  o += ",\"name\":";
  appendJsonString(o, e.name);
  o += ",\"playlistIndex\":" + std::to_string(e.playlist_index);
  char numbers[160];
  std::snprintf(numbers, sizeof numbers,
                ",\"time\":%.17g,\"loadSeconds\":%.17g,\"transitionSeconds\":%.17g", e.time,
                e.load_seconds, e.transition_seconds);
  o += numbers;
  o += ",\"diagnostics\":[";
  for (std::uint32_t i = 0; i < e.diagnostic_count; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_engine_event_diagnostic(v->engine, i, &d) != PHOSPHENE_OK) continue;
    if (i > 0) o += ',';
    appendDiagnostic(o, d);
  }
  o += "]}";
  return o.c_str();
}

/// Loads milk_msg.ini text (phosphene_message.h); its diagnostics as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* pw_load_messages(Visualizer* v, const char* text, int length) {
  v->text = "[";
  if (phosphene_engine_load_messages_text(v->engine, text, static_cast<std::size_t>(length)) !=
      PHOSPHENE_OK)
    return "[]";
  const std::uint32_t n = phosphene_engine_message_diagnostic_count(v->engine);
  for (std::uint32_t i = 0; i < n; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_engine_message_diagnostic(v->engine, i, &d) != PHOSPHENE_OK) continue;
    if (v->text.size() > 1) v->text += ',';
    appendDiagnostic(v->text, d);
  }
  v->text += ']';
  return v->text.c_str();
}

EMSCRIPTEN_KEEPALIVE int pw_launch_message(Visualizer* v, int number) {
  return phosphene_engine_launch_message(v->engine, number);
}

/// A message with MilkDrop's defaults for what the page leaves out (r, g, b: -1 = font 0's).
EMSCRIPTEN_KEEPALIVE int pw_show_message(Visualizer* v, const char* text, double size, double x,
                                         double y, double growth, double time, double fade, int r,
                                         int g, int b) {
  phosphene_message_desc d;
  phosphene_message_desc_init(&d);
  d.text = text;
  d.size = static_cast<float>(size);
  d.x = static_cast<float>(x);
  d.y = static_cast<float>(y);
  d.growth = static_cast<float>(growth);
  d.time = static_cast<float>(time);
  d.fade = static_cast<float>(fade);
  d.r = r;
  d.g = g;
  d.b = b;
  return phosphene_engine_show_message(v->engine, &d);
}

EMSCRIPTEN_KEEPALIVE int pw_show_song_title(Visualizer* v, const char* title) {
  return phosphene_engine_show_song_title(v->engine, title);
}

EMSCRIPTEN_KEEPALIVE int pw_stop_message(Visualizer* v) {
  return phosphene_engine_stop_message(v->engine);
}

EMSCRIPTEN_KEEPALIVE int pw_message_showing(Visualizer* v) {
  return phosphene_engine_message_showing(v->engine);
}

EMSCRIPTEN_KEEPALIVE int pw_show_preset_name(Visualizer* v, double seconds) {
  return phosphene_engine_show_preset_name(v->engine, static_cast<float>(seconds));
}

EMSCRIPTEN_KEEPALIVE int pw_set_preset_name_display(Visualizer* v, int always, double onSwitch) {
  return phosphene_engine_set_preset_name_display(v->engine, always, static_cast<float>(onSwitch));
}

// User sprites (phosphene_sprite.h). Their images are files for the library, so the page hands
// the bytes over first and they are written into the module's in-memory file system, in a folder
// of their own that the ini text's img= names are relative to.
constexpr const char* kSpriteFolder = "/phosphene-sprites";

std::string spriteDiagnostics(Visualizer* v) {
  v->text = "[";
  const std::uint32_t n = phosphene_sprite_diagnostic_count(v->engine);
  for (std::uint32_t i = 0; i < n; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_sprite_diagnostic(v->engine, i, &d) != PHOSPHENE_OK) continue;
    if (v->text.size() > 1) v->text += ',';
    appendDiagnostic(v->text, d);
  }
  v->text += ']';
  return v->text;
}

/// Stores an image the sprites name (a plain file name: no folders). 0, or -1 for a bad name or
/// a failed write.
EMSCRIPTEN_KEEPALIVE int pw_put_sprite_image(Visualizer*, const char* name,
                                             const std::uint8_t* bytes, int length) {
  const std::string n = name ? name : "";
  if (n.empty() || n == "." || n == ".." || n.find('/') != std::string::npos || length < 0)
    return -1;
  std::error_code ec;
  std::filesystem::create_directories(kSpriteFolder, ec);
  std::ofstream out(std::string(kSpriteFolder) + "/" + n, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes), length);
  return out.good() ? 0 : -1;
}

/// Loads milk_img.ini text; its diagnostics as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* pw_load_sprites(Visualizer* v, const char* text) {
  if (phosphene_sprite_load_ini_text(v->engine, text, kSpriteFolder) != PHOSPHENE_OK) return "[]";
  spriteDiagnostics(v);
  return v->text.c_str();
}

/// Launches [imgNN] (code == nullptr) or a sprite from section text: its id (> 0), or the
/// phosphene_result (< 0).
EMSCRIPTEN_KEEPALIVE double pw_launch_sprite(Visualizer* v, int number, const char* code) {
  std::uint32_t id = 0;
  const phosphene_result r = code
                                 ? phosphene_sprite_launch_code(v->engine, code, kSpriteFolder, &id)
                                 : phosphene_sprite_launch(v->engine, number, &id);
  return r == PHOSPHENE_OK ? static_cast<double>(id) : static_cast<double>(r);  // r < 0
}

/// The last sprite call's diagnostics (why a launch failed) as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* pw_sprite_diagnostics(Visualizer* v) {
  spriteDiagnostics(v);
  return v->text.c_str();
}

EMSCRIPTEN_KEEPALIVE int pw_kill_sprite(Visualizer* v, double id) {
  return phosphene_sprite_kill(v->engine, static_cast<std::uint32_t>(id));
}

EMSCRIPTEN_KEEPALIVE int pw_kill_all_sprites(Visualizer* v) {
  return phosphene_sprite_kill_all(v->engine);
}

/// The live sprites' ids in draw order, as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* pw_sprite_ids(Visualizer* v) {
  std::uint32_t ids[PHOSPHENE_MAX_SPRITES] = {};
  const std::uint32_t n = phosphene_sprite_ids(v->engine, ids, PHOSPHENE_MAX_SPRITES);
  v->text = "[";
  for (std::uint32_t i = 0; i < n && i < PHOSPHENE_MAX_SPRITES; ++i) {
    if (i > 0) v->text += ',';
    v->text += std::to_string(ids[i]);
  }
  v->text += ']';
  return v->text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pw_version() {
  return phosphene_version_string();
}

}  // extern "C"
