// Preset switching and transitions: requests to the loader thread, the switch settings, the
// next-preset callback and the event queue. Every entry point is noexcept and catches at the
// boundary.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <new>
#include <string>

#include "capi/ApiEngine.hpp"

namespace {

using phosphene::capi::guarded;

using phosphene::engine::EngineEvent;
using phosphene::engine::PresetSource;
using phosphene::engine::SwitchReason;
using phosphene::engine::SwitchSettings;
using phosphene::preset::BlendPatternType;

// The first version of phosphene_switch_settings ends after blend_pattern: a smaller struct_size
// is a caller we do not understand.
constexpr std::size_t kSwitchSettingsV1 =
    offsetof(phosphene_switch_settings, blend_pattern) + sizeof(phosphene_blend_pattern);

bool validTransition(double seconds) {
  return std::isfinite(seconds) && seconds <= 3600.0;
}

phosphene_switch_reason toC(SwitchReason r) {
  return static_cast<phosphene_switch_reason>(static_cast<int>(r));
}

}  // namespace

extern "C" {

phosphene_result phosphene_request_preset_file(phosphene_engine* engine, const char* path,
                                               double transition_seconds) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (path == nullptr || !validTransition(transition_seconds)) {
    engine->engine.setLastError(
        "phosphene_request_preset_file: path NULL or transition not a number up to 3600 s");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_request_preset_file", [&] {
    engine->engine.requestPreset(PresetSource::file(path), transition_seconds);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_request_preset_text(phosphene_engine* engine, const char* text,
                                               size_t length, const char* name,
                                               double transition_seconds) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if ((text == nullptr && length > 0) || !validTransition(transition_seconds)) {
    engine->engine.setLastError(
        "phosphene_request_preset_text: text NULL or transition not a number up to 3600 s");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_request_preset_text", [&] {
    std::string copy = text == nullptr ? std::string() : std::string(text, length);
    engine->engine.requestPreset(
        PresetSource::fromText(std::move(copy), name != nullptr ? name : "<text>"),
        transition_seconds);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_wait_for_preset(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_wait_for_preset", [&] {
    engine->engine.waitForPendingLoad();
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_set_next_preset_callback(phosphene_engine* engine,
                                                    phosphene_next_preset_fn fn,
                                                    void* user_data) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_set_next_preset_callback", [&] {
    if (fn == nullptr) {
      engine->engine.setPresetProvider(nullptr);
      return PHOSPHENE_OK;
    }
    engine->engine.setPresetProvider(
        [fn, user_data](SwitchReason reason) -> std::optional<PresetSource> {
          const char* path = fn(user_data, toC(reason));
          if (path == nullptr || *path == '\0') return std::nullopt;
          return PresetSource::file(path);
        });
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_get_switch_settings(const phosphene_engine* engine,
                                               phosphene_switch_settings* out) noexcept {
  if (engine == nullptr || out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (out->struct_size < kSwitchSettingsV1) return PHOSPHENE_ERROR_ABI_MISMATCH;
  const SwitchSettings& s = engine->engine.switchSettings();
  phosphene_switch_settings c{};
  c.struct_size = static_cast<uint32_t>(std::min<std::size_t>(out->struct_size, sizeof c));
  c.preset_duration = s.presetDuration;
  c.preset_duration_random = s.presetDurationRandom;
  c.duration_includes_blend = s.durationIncludesBlend ? 1 : 0;
  c.blend_time_auto = s.blendTimeAuto;
  c.blend_time_user = s.blendTimeUser;
  c.auto_switch = s.autoSwitch ? 1 : 0;
  c.locked = s.locked ? 1 : 0;
  c.loudness_hard_cuts = s.loudnessHardCuts ? 1 : 0;
  c.beat_hard_cuts = s.beatHardCuts ? 1 : 0;
  c.beat_hard_cut_min_interval = s.beatHardCutMinInterval;
  c.iteration_budget = s.iterationBudgetPerFrame;
  c.wait_for_loads = s.waitForLoads ? 1 : 0;
  c.blend_pattern = PHOSPHENE_BLEND_RANDOM;
  if (s.blendPattern) {
    switch (*s.blendPattern) {
      case BlendPatternType::Wipe:
        c.blend_pattern = PHOSPHENE_BLEND_WIPE;
        break;
      case BlendPatternType::Plasma:
        c.blend_pattern = PHOSPHENE_BLEND_PLASMA;
        break;
      case BlendPatternType::Radial:
        c.blend_pattern = PHOSPHENE_BLEND_RADIAL;
        break;
      case BlendPatternType::InsideOut:
        c.blend_pattern = PHOSPHENE_BLEND_INSIDE_OUT;
        break;
      default:
        break;
    }
  }
  std::memcpy(out, &c, c.struct_size);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_set_switch_settings(phosphene_engine* engine,
                                               const phosphene_switch_settings* in) noexcept {
  if (engine == nullptr || in == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (in->struct_size < kSwitchSettingsV1) return PHOSPHENE_ERROR_ABI_MISMATCH;
  const auto time = [](double t) { return std::isfinite(t) && t >= 0.0 && t <= 86400.0; };
  // A C host may store any int in the enum field; reading one outside the enumerators (0..7 here)
  // through the C++ enum type is undefined behaviour, so the check reads the bytes as an int.
  int pattern = 0;
  static_assert(sizeof pattern == sizeof in->blend_pattern);
  std::memcpy(&pattern, &in->blend_pattern, sizeof pattern);
  if (!time(in->preset_duration) || !time(in->preset_duration_random) ||
      !time(in->blend_time_auto) || !time(in->blend_time_user) ||
      !time(in->beat_hard_cut_min_interval) || pattern < PHOSPHENE_BLEND_RANDOM ||
      pattern > PHOSPHENE_BLEND_INSIDE_OUT) {
    engine->engine.setLastError(
        "phosphene_set_switch_settings: times must be 0..86400 s and the blend pattern known");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_set_switch_settings", [&] {
    SwitchSettings s = engine->engine.switchSettings();
    s.presetDuration = in->preset_duration;
    s.presetDurationRandom = in->preset_duration_random;
    s.durationIncludesBlend = in->duration_includes_blend != 0;
    s.blendTimeAuto = in->blend_time_auto;
    s.blendTimeUser = in->blend_time_user;
    s.autoSwitch = in->auto_switch != 0;
    s.locked = in->locked != 0;
    s.loudnessHardCuts = in->loudness_hard_cuts != 0;
    s.beatHardCuts = in->beat_hard_cuts != 0;
    s.beatHardCutMinInterval = in->beat_hard_cut_min_interval;
    s.iterationBudgetPerFrame = in->iteration_budget;
    s.waitForLoads = in->wait_for_loads != 0;
    switch (in->blend_pattern) {
      case PHOSPHENE_BLEND_WIPE:
        s.blendPattern = BlendPatternType::Wipe;
        break;
      case PHOSPHENE_BLEND_PLASMA:
        s.blendPattern = BlendPatternType::Plasma;
        break;
      case PHOSPHENE_BLEND_RADIAL:
        s.blendPattern = BlendPatternType::Radial;
        break;
      case PHOSPHENE_BLEND_INSIDE_OUT:
        s.blendPattern = BlendPatternType::InsideOut;
        break;
      default:
        s.blendPattern.reset();
        break;
    }
    engine->engine.setSwitchSettings(s);
    return PHOSPHENE_OK;
  });
}

int phosphene_poll_event(phosphene_engine* engine, phosphene_event* out) noexcept {
  if (engine == nullptr || out == nullptr) return 0;
  try {
    for (EngineEvent& e : engine->engine.takeEvents()) engine->events.push_back(std::move(e));
    while (engine->events.size() > 256) engine->events.pop_front();
    if (engine->events.empty()) return 0;
    const EngineEvent e = std::move(engine->events.front());
    engine->events.pop_front();
    *out = phosphene_event{};
    out->type = static_cast<phosphene_event_type>(static_cast<int>(e.type) + 1);
    out->reason = toC(e.reason);
    const std::size_t n = std::min(e.name.size(), sizeof out->name - 1);
    std::memcpy(out->name, e.name.data(), n);
    out->name[n] = '\0';
    out->time = e.time;
    out->load_seconds = e.loadSeconds;
    out->transition_seconds = e.transition;
    engine->eventMessage = e.diagnostics.empty() ? std::string() : e.diagnostics.front().message;
    out->diagnostic_id = e.diagnostics.empty()
                             ? ""
                             : phosphene::core::diagnosticCode(e.diagnostics.front().id).data();
    out->message = engine->eventMessage.c_str();
    return 1;
  } catch (...) {
    return 0;
  }
}

int phosphene_is_transitioning(const phosphene_engine* engine) noexcept {
  return engine != nullptr && engine->engine.transitioning() ? 1 : 0;
}

}  // extern "C"
