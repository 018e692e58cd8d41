// Preset handles and native presets: made on any thread, immutable afterwards. Every entry point
// is noexcept and catches at the boundary.

#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "capi/ApiEngine.hpp"
#include "eel/Eel.hpp"
#include "milk/DoublePreset.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Program.hpp"

using phosphene::engine::NativeFrame;
using phosphene::engine::NativeInstance;
using phosphene::engine::NativePreset;
using phosphene::engine::PresetSource;

/// The C view of engine::NativeFrame handed to a native per-frame function.
struct phosphene_native_frame {
  NativeFrame& frame;
};

namespace {

// A native preset made of the host's C callbacks.
class CallbackPreset final : public NativePreset {
 public:
  CallbackPreset(const phosphene_native_preset_desc& desc, std::string baseText)
      : name_(desc.name), base_(std::move(baseText)), desc_(desc) {
    desc_.name = name_.c_str();
    desc_.base_text = nullptr;  // ours is base_
  }
  ~CallbackPreset() override {
    if (desc_.release != nullptr) desc_.release(desc_.user_data);
  }
  CallbackPreset(const CallbackPreset&) = delete;
  CallbackPreset& operator=(const CallbackPreset&) = delete;
  const std::string& name() const override { return name_; }
  const std::string& baseText() const override { return base_; }
  std::unique_ptr<NativeInstance> start() const override {
    return std::make_unique<Instance>(desc_);
  }

 private:
  class Instance final : public NativeInstance {
   public:
    explicit Instance(const phosphene_native_preset_desc& desc)
        : desc_(desc),
          instance_(desc.create != nullptr ? desc.create(desc.user_data) : desc.user_data) {}
    ~Instance() override {
      if (desc_.destroy != nullptr) desc_.destroy(desc_.user_data, instance_);
    }
    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;
    void perFrame(NativeFrame& frame) override {
      phosphene_native_frame view{frame};
      desc_.per_frame(instance_, &view);
    }

   private:
    phosphene_native_preset_desc desc_;
    void* instance_;
  };

  std::string name_, base_;
  phosphene_native_preset_desc desc_;
};

// Parses and compiles the source once (scratch registers: engines compile again against theirs)
// so the handle has its diagnostics and its status.
phosphene_result check(phosphene_preset& handle) {
  const PresetSource& s = handle.source;
  const auto compile = [&handle](const phosphene::milk::Preset& preset) {
    phosphene::eel::Globals scratch;
    const phosphene::preset::Program program = phosphene::preset::Program::compile(preset, scratch);
    handle.diagnostics.insert(handle.diagnostics.end(), program.diagnostics().begin(),
                              program.diagnostics().end());
  };
  if (phosphene::milk::isDoublePresetText(s.text)) {
    // A MilkDrop 3 .milk2: both halves are compiled; the engine runs them blended.
    std::optional<phosphene::milk::DoublePreset> dp =
        phosphene::milk::parseDoublePreset(s.text, handle.diagnostics);
    if (!dp) return PHOSPHENE_ERROR_PRESET_INVALID;
    compile(dp->first);
    compile(dp->second);
    return PHOSPHENE_OK;
  }
  phosphene::core::Expected<phosphene::milk::Preset> parsed =
      phosphene::milk::parsePresetText(s.text, handle.name);
  handle.diagnostics = parsed.diagnostics();
  if (!parsed) return PHOSPHENE_ERROR_PRESET_INVALID;
  compile(*parsed);
  return PHOSPHENE_OK;
}

template <typename F>
phosphene_result makeHandle(phosphene_preset** out, F&& fill) noexcept {
  if (out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out = nullptr;
  try {
    auto handle = std::make_unique<phosphene_preset>();
    const phosphene_result status = fill(*handle);
    if (status == PHOSPHENE_ERROR_INVALID_ARGUMENT || status == PHOSPHENE_ERROR_ABI_MISMATCH)
      return status;
    handle->status = status;
    *out = handle.release();  // the host owns it until phosphene_preset_destroy
    return status;
  } catch (const std::bad_alloc&) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

}  // namespace

extern "C" {

phosphene_result phosphene_preset_create_from_file(const char* path,
                                                   phosphene_preset** out_preset) noexcept {
  if (path == nullptr) {
    if (out_preset != nullptr) *out_preset = nullptr;
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return makeHandle(out_preset, [&](phosphene_preset& h) {
    const std::filesystem::path file(path);
    h.name = file.filename().string();
    h.path = path;
    phosphene::core::Expected<std::string> bytes = phosphene::milk::readPresetBytes(file);
    if (!bytes) {
      h.diagnostics = bytes.diagnostics();
      h.source = PresetSource::file(file);
      return PHOSPHENE_ERROR_IO;
    }
    h.source = PresetSource::fileText(file, std::move(*bytes));
    return check(h);
  });
}

phosphene_result phosphene_preset_create_from_text(const char* text, size_t length,
                                                   const char* name,
                                                   phosphene_preset** out_preset) noexcept {
  if (text == nullptr && length > 0) {
    if (out_preset != nullptr) *out_preset = nullptr;
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return makeHandle(out_preset, [&](phosphene_preset& h) {
    h.name = name != nullptr ? name : "<text>";
    h.source =
        PresetSource::fromText(text == nullptr ? std::string() : std::string(text, length), h.name);
    return check(h);
  });
}

phosphene_result phosphene_preset_create_native(const phosphene_native_preset_desc* desc,
                                                phosphene_preset** out_preset) noexcept {
  if (out_preset != nullptr) *out_preset = nullptr;
  if (desc == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_native_preset_desc d;
  phosphene_native_preset_desc_init(&d);
  if (phosphene::capi::readVersioned(desc, d) != PHOSPHENE_OK) return PHOSPHENE_ERROR_ABI_MISMATCH;
  if (d.name == nullptr || d.per_frame == nullptr || (d.base_text == nullptr && d.base_length > 0))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return makeHandle(out_preset, [&](phosphene_preset& h) {
    std::string base =
        d.base_text == nullptr ? std::string() : std::string(d.base_text, d.base_length);
    auto native = std::make_shared<const CallbackPreset>(d, std::move(base));
    h.name = native->name();
    h.source = PresetSource::fromNative(native);
    return check(h);
  });
}

void phosphene_preset_destroy(phosphene_preset* preset) noexcept {
  std::unique_ptr<phosphene_preset> owned(preset);  // takes back what create released
}

phosphene_result phosphene_preset_status(const phosphene_preset* preset) noexcept {
  return preset == nullptr ? PHOSPHENE_ERROR_INVALID_ARGUMENT : preset->status;
}

const char* phosphene_preset_name(const phosphene_preset* preset) noexcept {
  return preset == nullptr ? "" : preset->name.c_str();
}

const char* phosphene_preset_path(const phosphene_preset* preset) noexcept {
  return preset == nullptr ? "" : preset->path.c_str();
}

uint32_t phosphene_preset_diagnostic_count(const phosphene_preset* preset) noexcept {
  return preset == nullptr ? 0u : static_cast<uint32_t>(preset->diagnostics.size());
}

phosphene_result phosphene_preset_diagnostic(const phosphene_preset* preset, uint32_t index,
                                             phosphene_diagnostic* out) noexcept {
  if (preset == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(preset->diagnostics, index, out);
}

double phosphene_native_get(const phosphene_native_frame* frame, const char* name) noexcept {
  if (frame == nullptr || name == nullptr) return 0.0;
  double value = 0.0;
  return frame->frame.get(name, value) ? value : 0.0;
}

phosphene_result phosphene_native_set(phosphene_native_frame* frame, const char* name,
                                      double value) noexcept {
  if (frame == nullptr || name == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return frame->frame.set(name, value) ? PHOSPHENE_OK : PHOSPHENE_ERROR_NOT_FOUND;
}

phosphene_result phosphene_native_get_audio(const phosphene_native_frame* frame,
                                            phosphene_audio_frame* out) noexcept {
  if (frame == nullptr || out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const phosphene::preset::FrameInputs& in = frame->frame.inputs();
  phosphene_audio_frame full;
  phosphene::capi::fillAudioFrame(frame->frame.audio(), static_cast<std::uint64_t>(in.frame),
                                  in.time, in.fps, full);
  return phosphene::capi::writeVersioned(out, full);
}

}  // extern "C"
