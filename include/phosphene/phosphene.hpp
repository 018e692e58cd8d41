// phosphene.hpp — optional header-only C++17 wrapper over phosphene.h. It adds ownership (RAII,
// move-only types), overloads and a C++ interface for native presets; it adds no behaviour.
// Every call maps to the C function of the same meaning, documented in phosphene.h (threads,
// ownership, result codes).
//
// What throws: nothing, except std::bad_alloc from the calls that store a C++ callable
// (Engine::setLog, Engine::setNextPreset, Preset::native) when memory runs out. Failures are
// phosphene_result values, as in C.
//
//   phosphene::Engine engine;                          // default description
//   if (!engine) { /* engine.createResult() says why */ }
//   engine.addPcm(samples, frameCount, 2, 48000);      // audio thread
//   engine.playlist().addFolder("/usr/share/projectM/presets");
//   engine.playlist().setShuffle(true);
//   engine.advance();                                  // render thread: the next frame
//   engine.draw();                                     // into the bound framebuffer
//   for (phosphene::Event e; engine.poll(e);) { /* e.type, e.name, ... */ }
#ifndef PHOSPHENE_HPP
#define PHOSPHENE_HPP

#include <phosphene/phosphene.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace phosphene {

/// A preset handle (phosphene_preset_*): from a file, from text, or native (C++ code).
class Preset {
 public:
  Preset() noexcept = default;
  /// phosphene_preset_create_from_file. Check result() (the handle exists on IO/parse errors too,
  /// so its diagnostics can be read).
  static Preset fromFile(const char* path) noexcept {
    Preset p;
    p.result_ = phosphene_preset_create_from_file(path, &p.preset_);
    return p;
  }
  /// phosphene_preset_create_from_text.
  static Preset fromText(const std::string& text, const char* name = nullptr) noexcept {
    Preset p;
    p.result_ = phosphene_preset_create_from_text(text.data(), text.size(), name, &p.preset_);
    return p;
  }
  ~Preset() { phosphene_preset_destroy(preset_); }
  Preset(Preset&& other) noexcept
      : preset_(std::exchange(other.preset_, nullptr)), result_(other.result_) {}
  Preset& operator=(Preset&& other) noexcept {
    if (this != &other) {
      phosphene_preset_destroy(preset_);
      preset_ = std::exchange(other.preset_, nullptr);
      result_ = other.result_;
    }
    return *this;
  }
  Preset(const Preset&) = delete;
  Preset& operator=(const Preset&) = delete;

  /// True when the preset loaded (it can be switched to).
  explicit operator bool() const noexcept { return preset_ != nullptr && result_ == PHOSPHENE_OK; }
  phosphene_result result() const noexcept { return result_; }
  const phosphene_preset* get() const noexcept { return preset_; }
  const char* name() const noexcept { return phosphene_preset_name(preset_); }
  const char* path() const noexcept { return phosphene_preset_path(preset_); }
  uint32_t diagnosticCount() const noexcept { return phosphene_preset_diagnostic_count(preset_); }
  /// Diagnostic `index`; its strings live as long as this Preset.
  phosphene_result diagnostic(uint32_t index, phosphene_diagnostic& out) const noexcept {
    phosphene_diagnostic_init(&out);
    return phosphene_preset_diagnostic(preset_, index, &out);
  }

 private:
  friend class NativePreset;
  phosphene_preset* preset_ = nullptr;
  phosphene_result result_ = PHOSPHENE_ERROR_INVALID_ARGUMENT;
};

/// What a native preset's perFrame sees (phosphene_native_*); valid during the call only.
class NativeFrame {
 public:
  explicit NativeFrame(phosphene_native_frame* frame) noexcept : frame_(frame) {}
  /// An input (time, bass, treb_att, ...) or a per-frame variable (zoom, q1, ...); 0 if unknown.
  double get(const char* name) const noexcept { return phosphene_native_get(frame_, name); }
  /// Sets a per-frame variable; PHOSPHENE_ERROR_NOT_FOUND for inputs and unknown names.
  phosphene_result set(const char* name, double value) noexcept {
    return phosphene_native_set(frame_, name, value);
  }
  phosphene_result audio(phosphene_audio_frame& out) const noexcept {
    phosphene_audio_frame_init(&out);
    return phosphene_native_get_audio(frame_, &out);
  }

 private:
  phosphene_native_frame* frame_;
};

/// A preset written in C++: derive, implement perFrame (and optionally a base .milk text), then
/// make a Preset of it with NativePreset::make<YourPreset>(name, base, constructor args...).
/// Each start of the preset in an engine is a new object of your class (made on the engine's
/// controller thread, destroyed when the preset stops), so members are per-instance state.
class NativePreset {
 public:
  virtual ~NativePreset() = default;
  virtual void perFrame(NativeFrame& frame) = 0;

  /// A preset handle whose instances are T(args...). May throw std::bad_alloc.
  template <typename T, typename... Args>
  static Preset make(const char* name, const std::string& baseText, Args... args) {
    using Factory = std::function<std::unique_ptr<NativePreset>()>;
    // Shared by every copy of the handle, every engine and playlist: released with the last.
    auto factory = std::make_shared<Factory>(
        [args...]() -> std::unique_ptr<NativePreset> { return std::make_unique<T>(args...); });
    phosphene_native_preset_desc desc;
    phosphene_native_preset_desc_init(&desc);
    desc.name = name;
    desc.base_text = baseText.empty() ? nullptr : baseText.data();
    desc.base_length = baseText.size();
    // The C preset owns a heap copy of the shared_ptr as its user data and frees it (release)
    // when the last handle, engine or playlist lets go of the preset.
    auto owned = std::make_unique<std::shared_ptr<Factory>>(std::move(factory));
    desc.user_data = owned.get();
    desc.release = [](void* user) {
      std::unique_ptr<std::shared_ptr<Factory>> last(static_cast<std::shared_ptr<Factory>*>(user));
    };
    desc.create = [](void* user) -> void* {
      auto& f = **static_cast<std::shared_ptr<Factory>*>(user);
      try {
        return f().release();
      } catch (...) {
        return nullptr;
      }
    };
    desc.destroy = [](void*, void* instance) {
      std::unique_ptr<NativePreset> gone(static_cast<NativePreset*>(instance));
    };
    desc.per_frame = [](void* instance, phosphene_native_frame* frame) {
      if (instance == nullptr) return;
      NativeFrame view(frame);
      static_cast<NativePreset*>(instance)->perFrame(view);
    };
    Preset p;
    p.result_ = phosphene_preset_create_native(&desc, &p.preset_);
    // Made (even with a base that did not load): the preset calls release. Not made: ours.
    if (p.preset_ != nullptr) static_cast<void>(owned.release());
    return p;
  }
};

/// A polled event with its strings copied (phosphene_engine_poll_event).
struct Event {
  phosphene_event_type type = PHOSPHENE_EVENT_NONE;
  phosphene_switch_reason reason = PHOSPHENE_SWITCH_USER;
  uint64_t requestId = 0;
  std::string name, path;
  int64_t playlistIndex = -1;
  double time = 0.0, loadSeconds = 0.0, transitionSeconds = 0.0;
  std::string diagnosticId, message;  // the first diagnostic's, or empty
  uint32_t diagnosticCount = 0;
};

/// The engine's playlist (phosphene_playlist_*); a view, owned by its Engine.
class Playlist {
 public:
  explicit Playlist(phosphene_playlist* playlist) noexcept : playlist_(playlist) {}
  phosphene_playlist* get() const noexcept { return playlist_; }

  phosphene_result addFolder(const char* path, bool recursive = true,
                             uint32_t* added = nullptr) noexcept {
    return phosphene_playlist_add_folder(playlist_, path, recursive ? 1 : 0, added);
  }
  phosphene_result addFile(const char* path) noexcept {
    return phosphene_playlist_add_file(playlist_, path);
  }
  phosphene_result add(const Preset& preset) noexcept {
    return phosphene_playlist_add_preset(playlist_, preset.get());
  }
  phosphene_result setFilters(const std::vector<std::string>& rules, uint32_t* removed = nullptr) {
    std::vector<const char*> c;
    c.reserve(rules.size());
    for (const std::string& r : rules) c.push_back(r.c_str());
    return phosphene_playlist_set_filters(playlist_, c.data(), c.size(), removed);
  }
  phosphene_result sort(phosphene_playlist_sort_key key) noexcept {
    return phosphene_playlist_sort(playlist_, key);
  }
  phosphene_result remove(uint32_t index) noexcept {
    return phosphene_playlist_remove(playlist_, index);
  }
  phosphene_result clear() noexcept { return phosphene_playlist_clear(playlist_); }
  uint32_t size() const noexcept { return phosphene_playlist_size(playlist_); }
  const char* name(uint32_t index) const noexcept {
    return phosphene_playlist_item_name(playlist_, index);
  }
  const char* path(uint32_t index) const noexcept {
    return phosphene_playlist_item_path(playlist_, index);
  }
  int64_t position() const noexcept { return phosphene_playlist_position(playlist_); }
  phosphene_result setShuffle(bool on) noexcept {
    return phosphene_playlist_set_shuffle(playlist_, on ? 1 : 0);
  }
  phosphene_result setRetry(int retries, bool dropFailed) noexcept {
    return phosphene_playlist_set_retry(playlist_, retries, dropFailed ? 1 : 0);
  }
  /// phosphene_playlist_play; transition NULL: the default blend.
  phosphene_result play(phosphene_playlist_move move, uint32_t index = 0,
                        const phosphene_transition_desc* transition = nullptr,
                        uint64_t* request = nullptr) noexcept {
    return phosphene_playlist_play(playlist_, move, index, transition, request);
  }
  phosphene_result next(const phosphene_transition_desc* t = nullptr) noexcept {
    return play(PHOSPHENE_PLAY_NEXT, 0, t);
  }
  phosphene_result previous(const phosphene_transition_desc* t = nullptr) noexcept {
    return play(PHOSPHENE_PLAY_PREVIOUS, 0, t);
  }
  phosphene_result random(const phosphene_transition_desc* t = nullptr) noexcept {
    return play(PHOSPHENE_PLAY_RANDOM, 0, t);
  }
  phosphene_result setRating(uint32_t index, int rating) noexcept {
    return phosphene_playlist_set_rating(playlist_, index, rating);
  }
  int rating(uint32_t index) const noexcept {
    return phosphene_playlist_get_rating(playlist_, index);
  }
  phosphene_result setFavourite(uint32_t index, bool on) noexcept {
    return phosphene_playlist_set_favourite(playlist_, index, on ? 1 : 0);
  }
  bool favourite(uint32_t index) const noexcept {
    return phosphene_playlist_is_favourite(playlist_, index) != 0;
  }
  /// path NULL: the per-user default file.
  phosphene_result loadRatings(const char* path = nullptr) noexcept {
    return phosphene_playlist_load_ratings(playlist_, path);
  }
  phosphene_result saveRatings(const char* path = nullptr) const noexcept {
    return phosphene_playlist_save_ratings(playlist_, path);
  }

 private:
  phosphene_playlist* playlist_;
};

/// An engine (phosphene_engine_*), move-only.
class Engine {
 public:
  using LogFunction = std::function<void(phosphene_log_level, const char*)>;
  /// Returns a .milk path for "which preset next?", or "" for no switch.
  using NextPresetFunction = std::function<std::string(phosphene_switch_reason)>;
  /// Answers a texture request by filling it (pixels or gl_texture, with the size), or leaves it
  /// unanswered for the files (phosphene_engine_set_texture_provider). @since 1.1
  using TextureProviderFunction = std::function<void(phosphene_texture_request&)>;

  Engine() noexcept {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    result_ = phosphene_engine_create(&desc, &engine_);
  }
  explicit Engine(const phosphene_engine_desc& desc) noexcept
      : result_(phosphene_engine_create(&desc, &engine_)) {}
  ~Engine() { phosphene_engine_destroy(engine_); }

  Engine(Engine&& other) noexcept
      : engine_(std::exchange(other.engine_, nullptr)),
        result_(other.result_),
        log_(std::move(other.log_)),
        next_(std::move(other.next_)),
        textures_(std::move(other.textures_)) {}
  Engine& operator=(Engine&& other) noexcept {
    if (this != &other) {
      phosphene_engine_destroy(engine_);
      engine_ = std::exchange(other.engine_, nullptr);
      result_ = other.result_;
      log_ = std::move(other.log_);
      next_ = std::move(other.next_);
      textures_ = std::move(other.textures_);
    }
    return *this;
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// True when creation succeeded; otherwise createResult() is the reason.
  explicit operator bool() const noexcept { return engine_ != nullptr; }
  phosphene_result createResult() const noexcept { return result_; }
  /// The C handle, still owned by this object.
  phosphene_engine* get() const noexcept { return engine_; }
  /// phosphene_engine_last_error(); "" when none.
  std::string lastError() const { return phosphene_engine_last_error(engine_); }

  // --- audio (producer side: phosphene_engine_add_pcm_*) ---
  phosphene_result addPcm(const float* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_engine_add_pcm_float(engine_, samples, frames, channels, rate);
  }
  phosphene_result addPcm(const int16_t* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_engine_add_pcm_int16(engine_, samples, frames, channels, rate);
  }
  phosphene_result addPcm(const uint8_t* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_engine_add_pcm_uint8(engine_, samples, frames, channels, rate);
  }
  uint64_t droppedPcmFrames() const noexcept {
    return phosphene_engine_dropped_pcm_frames(engine_);
  }
  /// phosphene_engine_get_audio(): the audio of the frame advance() made. Sets out's struct_size.
  phosphene_result audio(phosphene_audio_frame& out) const noexcept {
    out.struct_size = sizeof(phosphene_audio_frame);
    return phosphene_engine_get_audio(engine_, &out);
  }

  /// Installs a log function (an empty one removes it). May throw std::bad_alloc. An exception
  /// the function throws is caught and the message dropped: it never reaches the library.
  phosphene_result setLog(LogFunction fn, phosphene_log_level minLevel = PHOSPHENE_LOG_INFO) {
    if (!fn) {
      const phosphene_result r =
          phosphene_engine_set_log_callback(engine_, nullptr, nullptr, minLevel);
      log_.reset();
      return r;
    }
    // Heap-held so its address survives moves of this Engine.
    auto holder = std::make_unique<LogFunction>(std::move(fn));
    const phosphene_result r =
        phosphene_engine_set_log_callback(engine_, &Engine::forwardLog, holder.get(), minLevel);
    if (r == PHOSPHENE_OK) log_ = std::move(holder);
    return r;
  }

  // --- presets ---
  /// phosphene_engine_load_preset_file; transition NULL: the default blend.
  phosphene_result loadPresetFile(const char* path,
                                  const phosphene_transition_desc* transition = nullptr,
                                  uint64_t* request = nullptr) noexcept {
    return phosphene_engine_load_preset_file(engine_, path, transition, request);
  }
  /// phosphene_engine_load_preset_text; transition NULL: the default blend.
  phosphene_result loadPresetText(const std::string& text, const char* name = nullptr,
                                  const phosphene_transition_desc* transition = nullptr,
                                  uint64_t* request = nullptr) noexcept {
    return phosphene_engine_load_preset_text(engine_, text.data(), text.size(), name, transition,
                                             request);
  }
  /// The current preset's diagnostics (phosphene_engine_current_preset_diagnostic_count).
  uint32_t presetDiagnosticCount() const noexcept {
    return phosphene_engine_current_preset_diagnostic_count(engine_);
  }
  phosphene_result presetDiagnostic(uint32_t index, phosphene_diagnostic& out) const noexcept {
    phosphene_diagnostic_init(&out);
    return phosphene_engine_current_preset_diagnostic(engine_, index, &out);
  }
  phosphene_result setTextureSearchPath(const std::vector<std::string>& dirs) {
    std::vector<const char*> c;
    c.reserve(dirs.size());
    for (const std::string& d : dirs) c.push_back(d.c_str());
    return phosphene_engine_set_texture_search_path(engine_, c.data(), c.size());
  }
  /// phosphene_engine_set_data_dir; empty: back to phosphene_default_data_dir().
  phosphene_result setDataDir(const std::string& dir) noexcept {
    return phosphene_engine_set_data_dir(engine_, dir.c_str());
  }
  const char* dataDir() const noexcept { return phosphene_engine_get_data_dir(engine_); }
  /// phosphene_engine_switch_preset; transition NULL: the default blend.
  phosphene_result switchTo(const Preset& preset,
                            const phosphene_transition_desc* transition = nullptr,
                            uint64_t* request = nullptr) noexcept {
    return phosphene_engine_switch_preset(engine_, preset.get(), transition, request);
  }
  phosphene_result waitForPreset() noexcept { return phosphene_engine_wait_for_preset(engine_); }
  /// The next-preset function (an empty one removes it: the playlist answers again). May throw
  /// std::bad_alloc.
  phosphene_result setNextPreset(NextPresetFunction fn) {
    if (!fn) {
      const phosphene_result r =
          phosphene_engine_set_next_preset_callback(engine_, nullptr, nullptr);
      next_.reset();
      return r;
    }
    auto holder = std::make_unique<NextHolder>();
    holder->fn = std::move(fn);
    const phosphene_result r =
        phosphene_engine_set_next_preset_callback(engine_, &Engine::forwardNext, holder.get());
    if (r == PHOSPHENE_OK) next_ = std::move(holder);
    return r;
  }
  /// The host's texture provider (an empty one removes it: textures come from files only). Called
  /// on the drawing thread while a preset links. May throw std::bad_alloc; an exception the
  /// function throws is caught and counts as no answer. @since 1.1
  phosphene_result setTextureProvider(TextureProviderFunction fn) {
    if (!fn) {
      const phosphene_result r = phosphene_engine_set_texture_provider(engine_, nullptr, nullptr);
      textures_.reset();
      return r;
    }
    auto holder = std::make_unique<TextureProviderFunction>(std::move(fn));
    const phosphene_result r =
        phosphene_engine_set_texture_provider(engine_, &Engine::forwardTexture, holder.get());
    if (r == PHOSPHENE_OK) textures_ = std::move(holder);
    return r;
  }
  phosphene_result switchSettings(phosphene_switch_settings& out) const noexcept {
    phosphene_switch_settings_init(&out);
    return phosphene_engine_get_switch_settings(engine_, &out);
  }
  phosphene_result setSwitchSettings(const phosphene_switch_settings& s) noexcept {
    return phosphene_engine_set_switch_settings(engine_, &s);
  }
  bool transitioning() const noexcept { return phosphene_engine_is_transitioning(engine_) != 0; }
  const char* presetName() const noexcept { return phosphene_engine_current_preset_name(engine_); }
  const char* presetPath() const noexcept { return phosphene_engine_current_preset_path(engine_); }
  Playlist playlist() const noexcept { return Playlist(phosphene_engine_get_playlist(engine_)); }

  /// Takes the next event (false when none). May throw std::bad_alloc copying its strings.
  bool poll(Event& out) {
    phosphene_event e;
    phosphene_event_init(&e);
    if (phosphene_engine_poll_event(engine_, &e) != 1) return false;
    out.type = e.type;
    out.reason = e.reason;
    out.requestId = e.request_id;
    out.name = e.name;
    out.path = e.path;
    out.playlistIndex = e.playlist_index;
    out.time = e.time;
    out.loadSeconds = e.load_seconds;
    out.transitionSeconds = e.transition_seconds;
    out.diagnosticId = e.diagnostic_id;
    out.message = e.message;
    out.diagnosticCount = e.diagnostic_count;
    return true;
  }
  /// A diagnostic of the event poll() returned last.
  phosphene_result eventDiagnostic(uint32_t index, phosphene_diagnostic& out) const noexcept {
    phosphene_diagnostic_init(&out);
    return phosphene_engine_event_diagnostic(engine_, index, &out);
  }

  // --- user sprites (phosphene_sprite.h) ---
  phosphene_result loadSpriteIni(const std::string& path) noexcept {
    return phosphene_sprite_load_ini_file(engine_, path.c_str());
  }
  phosphene_result loadSpriteIniText(const std::string& text,
                                     const std::string& folder = std::string()) noexcept {
    return phosphene_sprite_load_ini_text(engine_, text.c_str(), folder.c_str());
  }
  /// Launches [imgNN]; `id` receives its id (0 on failure).
  phosphene_result launchSprite(int number, uint32_t& id) noexcept {
    return phosphene_sprite_launch(engine_, number, &id);
  }
  phosphene_result launchSpriteCode(const std::string& code, uint32_t& id,
                                    const std::string& folder = std::string()) noexcept {
    return phosphene_sprite_launch_code(engine_, code.c_str(), folder.c_str(), &id);
  }
  uint32_t spriteCount() const noexcept { return phosphene_sprite_count(engine_); }
  /// The live sprites' ids in draw order. May throw std::bad_alloc.
  std::vector<uint32_t> spriteIds() const {
    std::vector<uint32_t> ids(PHOSPHENE_MAX_SPRITES);
    ids.resize(std::min<std::size_t>(
        phosphene_sprite_ids(engine_, ids.data(), static_cast<uint32_t>(ids.size())), ids.size()));
    return ids;
  }
  phosphene_result killSprite(uint32_t id) noexcept { return phosphene_sprite_kill(engine_, id); }
  phosphene_result killAllSprites() noexcept { return phosphene_sprite_kill_all(engine_); }
  /// A diagnostic of the last sprite load or launch.
  phosphene_result spriteDiagnostic(uint32_t index, phosphene_diagnostic& out) const noexcept {
    phosphene_diagnostic_init(&out);
    return phosphene_sprite_diagnostic(engine_, index, &out);
  }

  // --- frames ---
  phosphene_result setDrawableSize(int width, int height) noexcept {
    return phosphene_engine_set_drawable_size(engine_, width, height);
  }
  phosphene_result setMeshSize(int x, int y) noexcept {
    return phosphene_engine_set_mesh_size(engine_, x, y);
  }
  /// The warp's texel shift, in texels (phosphene_engine_set_texel_offset). @since 1.1
  phosphene_result setTexelOffset(float x, float y) noexcept {
    return phosphene_engine_set_texel_offset(engine_, x, y);
  }
  /// Each preset that starts begins from a black canvas (phosphene_engine_set_start_clean).
  /// @since 1.1
  phosphene_result setStartClean(bool enabled) noexcept {
    return phosphene_engine_set_start_clean(engine_, enabled ? 1 : 0);
  }
  bool startClean() const noexcept { return phosphene_engine_get_start_clean(engine_) != 0; }
  /// The canvas the last draw left, RGBA8 rows top first (phosphene_engine_read_canvas); empty
  /// before the first draw or on failure. @since 1.1
  std::vector<uint8_t> readCanvas(int& width, int& height) {
    std::vector<uint8_t> pixels;
    width = height = 0;
    if (phosphene_engine_read_canvas(engine_, nullptr, 0, &width, &height) != PHOSPHENE_OK)
      return pixels;
    pixels.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
    if (pixels.empty() || phosphene_engine_read_canvas(engine_, pixels.data(), pixels.size(),
                                                       &width, &height) != PHOSPHENE_OK)
      pixels.clear();
    return pixels;
  }
  /// Draws a host GL texture into the canvas at the next draw (phosphene_engine_burn_texture).
  /// @since 1.1
  phosphene_result burnTexture(uint32_t texture, int left, int top, int width,
                               int height) noexcept {
    return phosphene_engine_burn_texture(engine_, texture, left, top, width, height);
  }
  phosphene_result advance(double dt_s = 0.0) noexcept {
    return phosphene_engine_advance(engine_, dt_s);
  }
  phosphene_result setFrameTime(double time_s) noexcept {
    return phosphene_engine_set_frame_time(engine_, time_s);
  }
  /// Draws into the bound draw framebuffer at the drawable size.
  phosphene_result draw() noexcept { return phosphene_engine_draw(engine_, nullptr); }
  phosphene_result draw(const phosphene_render_target& target) noexcept {
    return phosphene_engine_draw(engine_, &target);
  }
  /// Draws into a GL_TEXTURE_2D the host owns.
  phosphene_result drawToTexture(uint32_t texture, int width, int height) noexcept {
    phosphene_render_target t;
    phosphene_render_target_init(&t);
    t.kind = PHOSPHENE_TARGET_TEXTURE;
    t.gl_name = texture;
    t.width = width;
    t.height = height;
    return draw(t);
  }
  // --- messages, song title, preset name (phosphene_message.h) ---
  phosphene_result loadMessagesFile(const char* path) noexcept {
    return phosphene_engine_load_messages_file(engine_, path);
  }
  phosphene_result loadMessagesText(const std::string& text) noexcept {
    return phosphene_engine_load_messages_text(engine_, text.data(), text.size());
  }
  uint32_t messageDiagnosticCount() const noexcept {
    return phosphene_engine_message_diagnostic_count(engine_);
  }
  phosphene_result messageDiagnostic(uint32_t index, phosphene_diagnostic& out) const noexcept {
    phosphene_diagnostic_init(&out);
    return phosphene_engine_message_diagnostic(engine_, index, &out);
  }
  bool hasMessage(int number) const noexcept {
    return phosphene_engine_has_message(engine_, number) != 0;
  }
  /// Message 0..99 of the loaded milk_msg.ini; -1: a random one.
  phosphene_result launchMessage(int number) noexcept {
    return phosphene_engine_launch_message(engine_, number);
  }
  phosphene_result showMessage(const phosphene_message_desc& desc) noexcept {
    return phosphene_engine_show_message(engine_, &desc);
  }
  /// A message with MilkDrop's defaults but the text.
  phosphene_result showMessage(const char* text) noexcept {
    phosphene_message_desc desc;
    phosphene_message_desc_init(&desc);
    desc.text = text;
    return phosphene_engine_show_message(engine_, &desc);
  }
  phosphene_result showSongTitle(const char* title) noexcept {
    return phosphene_engine_show_song_title(engine_, title);
  }
  phosphene_result setSongTitleDuration(float seconds) noexcept {
    return phosphene_engine_set_song_title_duration(engine_, seconds);
  }
  phosphene_result stopMessage() noexcept { return phosphene_engine_stop_message(engine_); }
  bool messageShowing() const noexcept { return phosphene_engine_message_showing(engine_) != 0; }
  phosphene_result showPresetName(float seconds) noexcept {
    return phosphene_engine_show_preset_name(engine_, seconds);
  }
  phosphene_result setPresetNameDisplay(bool always, float onSwitchSeconds = 0.0f) noexcept {
    return phosphene_engine_set_preset_name_display(engine_, always ? 1 : 0, onSwitchSeconds);
  }
  phosphene_result setMessageFont(const char* fontPath) noexcept {
    return phosphene_engine_set_message_font(engine_, fontPath);
  }

  phosphene_result releaseGl() noexcept { return phosphene_engine_release_gl(engine_); }
  /// phosphene_engine_render: advance(dt_s) then draw into the bound framebuffer at the drawable
  /// size.
  phosphene_result render(double dt_s = 0.0) noexcept {
    return phosphene_engine_render(engine_, dt_s, nullptr);
  }
  phosphene_result render(double dt_s, const phosphene_render_target& target) noexcept {
    return phosphene_engine_render(engine_, dt_s, &target);
  }

 private:
  struct NextHolder {
    NextPresetFunction fn;
    std::string answer;  // the path handed to the engine lives here until the next question
  };
  static void forwardLog(void* user, phosphene_log_level level, const char* message) {
    try {
      (*static_cast<LogFunction*>(user))(level, message);
    } catch (...) {
      // An exception must not cross the C library (it would end the process at the library's
      // noexcept boundary); a log line the host failed to take is dropped.
    }
  }
  static void forwardTexture(void* user, phosphene_texture_request* request) {
    try {
      (*static_cast<TextureProviderFunction*>(user))(*request);
    } catch (...) {
      // No answer: the engine falls back to the files. Whatever was filled before the throw is
      // cleared so a half answer is not taken.
      request->pixels = nullptr;
      request->gl_texture = 0;
      request->width = request->height = request->channels = 0;
    }
  }
  static const char* forwardNext(void* user, phosphene_switch_reason reason) {
    auto* holder = static_cast<NextHolder*>(user);
    try {
      holder->answer = holder->fn(reason);
    } catch (...) {
      return nullptr;  // an exception must not cross the C library
    }
    return holder->answer.empty() ? nullptr : holder->answer.c_str();
  }

  phosphene_engine* engine_ = nullptr;
  phosphene_result result_ = PHOSPHENE_OK;
  std::unique_ptr<LogFunction> log_;
  std::unique_ptr<NextHolder> next_;
  std::unique_ptr<TextureProviderFunction> textures_;
};

}  // namespace phosphene

#endif  // PHOSPHENE_HPP
