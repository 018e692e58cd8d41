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

// The blend patterns a host can force, in both directions; PHOSPHENE_BLEND_RANDOM is "none".
struct BlendPatternName {
  phosphene_blend_pattern c;
  BlendPatternType type;
};
constexpr BlendPatternName kBlendPatterns[] = {
    {PHOSPHENE_BLEND_WIPE, BlendPatternType::Wipe},
    {PHOSPHENE_BLEND_PLASMA, BlendPatternType::Plasma},
    {PHOSPHENE_BLEND_RADIAL, BlendPatternType::Radial},
    {PHOSPHENE_BLEND_INSIDE_OUT, BlendPatternType::InsideOut}};

phosphene_switch_reason toC(SwitchReason r) {
  return static_cast<phosphene_switch_reason>(static_cast<int>(r));
}

}  // namespace

namespace phosphene::capi {

TransitionSeconds readTransition(phosphene_engine& engine, const char* function,
                                 const phosphene_transition_desc* transition) {
  TransitionSeconds out;
  if (transition == nullptr) return out;
  phosphene_transition_desc d;
  phosphene_transition_desc_init(&d);
  if (readVersioned(transition, d) != PHOSPHENE_OK) {
    engine.engine.setLastError(std::string(function) +
                               ": transition->struct_size not understood "
                               "(phosphene_transition_desc_init)");
    out.result = PHOSPHENE_ERROR_ABI_MISMATCH;
    return out;
  }
  switch (enumValue(d.style)) {
    case PHOSPHENE_TRANSITION_DEFAULT:
      return out;
    case PHOSPHENE_TRANSITION_HARD_CUT:
      out.seconds = 0.0;
      return out;
    case PHOSPHENE_TRANSITION_BLEND:
      if (std::isfinite(d.seconds) && d.seconds > 0.0 &&
          d.seconds <= PHOSPHENE_MAX_TRANSITION_SECONDS) {
        out.seconds = d.seconds;
        return out;
      }
      break;
    default:
      break;
  }
  engine.engine.setLastError(std::string(function) +
                             ": transition must be DEFAULT, HARD_CUT or a BLEND of 0 < seconds "
                             "<= 3600");
  out.result = PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return out;
}

}  // namespace phosphene::capi

extern "C" {

phosphene_result phosphene_engine_switch_preset(phosphene_engine* engine,
                                                const phosphene_preset* preset,
                                                const phosphene_transition_desc* transition,
                                                uint64_t* out_request) noexcept {
  if (out_request != nullptr) *out_request = 0;
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (preset == nullptr) {
    engine->engine.setLastError("phosphene_engine_switch_preset: preset is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (preset->status != PHOSPHENE_OK) {
    engine->engine.setLastError("phosphene_engine_switch_preset: " + preset->name +
                                " did not load");
    return PHOSPHENE_ERROR_PRESET_INVALID;
  }
  const phosphene::capi::TransitionSeconds transitionRead =
      phosphene::capi::readTransition(*engine, "phosphene_engine_switch_preset", transition);
  if (transitionRead.result != PHOSPHENE_OK) return transitionRead.result;
  const double seconds = transitionRead.seconds;
  return guarded(engine, "phosphene_engine_switch_preset", [&] {
    const std::uint64_t id = engine->engine.requestPreset(preset->source, seconds);
    if (out_request != nullptr) *out_request = id;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_load_preset_file(phosphene_engine* engine, const char* path,
                                                   const phosphene_transition_desc* transition,
                                                   uint64_t* out_request) noexcept {
  if (out_request != nullptr) *out_request = 0;
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (path == nullptr) {
    engine->engine.setLastError("phosphene_engine_load_preset_file: path is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  const phosphene::capi::TransitionSeconds transitionRead =
      phosphene::capi::readTransition(*engine, "phosphene_engine_load_preset_file", transition);
  if (transitionRead.result != PHOSPHENE_OK) return transitionRead.result;
  const double seconds = transitionRead.seconds;
  return guarded(engine, "phosphene_engine_load_preset_file", [&] {
    const std::uint64_t id = engine->engine.requestPreset(PresetSource::file(path), seconds);
    if (out_request != nullptr) *out_request = id;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_load_preset_text(phosphene_engine* engine, const char* text,
                                                   size_t length, const char* name,
                                                   const phosphene_transition_desc* transition,
                                                   uint64_t* out_request) noexcept {
  if (out_request != nullptr) *out_request = 0;
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (text == nullptr && length > 0) {
    engine->engine.setLastError("phosphene_engine_load_preset_text: text is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  const phosphene::capi::TransitionSeconds transitionRead =
      phosphene::capi::readTransition(*engine, "phosphene_engine_load_preset_text", transition);
  if (transitionRead.result != PHOSPHENE_OK) return transitionRead.result;
  const double seconds = transitionRead.seconds;
  return guarded(engine, "phosphene_engine_load_preset_text", [&] {
    std::string copy = text == nullptr ? std::string() : std::string(text, length);
    const std::uint64_t id = engine->engine.requestPreset(
        PresetSource::fromText(std::move(copy), name != nullptr ? name : "<text>"), seconds);
    if (out_request != nullptr) *out_request = id;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_engine_wait_for_preset(phosphene_engine* engine) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_wait_for_preset", [&] {
    switch (engine->engine.finishPendingLoad()) {
      case phosphene::engine::LoadStatus::Ok:
        return PHOSPHENE_OK;
      case phosphene::engine::LoadStatus::IoError:
        return PHOSPHENE_ERROR_IO;
      case phosphene::engine::LoadStatus::Invalid:
        return PHOSPHENE_ERROR_PRESET_INVALID;
    }
    return PHOSPHENE_ERROR_INTERNAL;
  });
}

phosphene_result phosphene_engine_set_next_preset_callback(phosphene_engine* engine,
                                                           phosphene_next_preset_fn fn,
                                                           void* user_data) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(engine, "phosphene_engine_set_next_preset_callback", [&] {
    if (fn == nullptr) {
      engine->playlist.attach();  // the playlist answers again
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

phosphene_result phosphene_engine_get_switch_settings(const phosphene_engine* engine,
                                                      phosphene_switch_settings* out) noexcept {
  if (engine == nullptr || out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (out->struct_size < kSwitchSettingsV1) return PHOSPHENE_ERROR_ABI_MISMATCH;
  const SwitchSettings& s = engine->engine.switchSettings();
  phosphene_switch_settings c{};
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
  c.beat_sensitivity = s.beatSensitivity;
  c.blend_pattern = PHOSPHENE_BLEND_RANDOM;
  for (const BlendPatternName& n : kBlendPatterns)
    if (s.blendPattern == n.type) c.blend_pattern = n.c;
  phosphene::capi::writeVersioned(out, c, kSwitchSettingsV1);
  return PHOSPHENE_OK;
}

phosphene_result phosphene_engine_set_switch_settings(
    phosphene_engine* engine, const phosphene_switch_settings* in) noexcept {
  if (engine == nullptr || in == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (in->struct_size < kSwitchSettingsV1) return PHOSPHENE_ERROR_ABI_MISMATCH;
  // Fields past an older host's struct keep their current values.
  phosphene_switch_settings current;
  phosphene_switch_settings_init(&current);
  phosphene_engine_get_switch_settings(engine, &current);
  if (phosphene::capi::readVersioned(in, current, kSwitchSettingsV1) != PHOSPHENE_OK)
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  in = &current;
  const auto time = [](double t) { return std::isfinite(t) && t >= 0.0 && t <= 86400.0; };
  const auto sensitivity = [](double s) {
    return s == 0.0 || (s >= PHOSPHENE_MIN_BEAT_SENSITIVITY && s <= PHOSPHENE_MAX_BEAT_SENSITIVITY);
  };
  // A C host may store any int in the enum field; reading one outside the enumerators (0..7 here)
  // through the C++ enum type is undefined behaviour, so the check reads the bytes as an int.
  const int pattern = phosphene::capi::enumValue(in->blend_pattern);
  if (!time(in->preset_duration) || !time(in->preset_duration_random) ||
      !time(in->blend_time_auto) || !time(in->blend_time_user) ||
      !time(in->beat_hard_cut_min_interval) || pattern < PHOSPHENE_BLEND_RANDOM ||
      pattern > PHOSPHENE_BLEND_INSIDE_OUT || !sensitivity(in->beat_sensitivity)) {
    engine->engine.setLastError(
        "phosphene_engine_set_switch_settings: times must be 0..86400 s, the blend pattern known "
        "and the "
        "beat sensitivity 0.1..10");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(engine, "phosphene_engine_set_switch_settings", [&] {
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
    s.beatSensitivity = in->beat_sensitivity == 0.0 ? 1.0 : in->beat_sensitivity;
    s.blendPattern.reset();  // PHOSPHENE_BLEND_RANDOM
    for (const BlendPatternName& n : kBlendPatterns)
      if (pattern == n.c) s.blendPattern = n.type;
    engine->engine.setSwitchSettings(s);
    return PHOSPHENE_OK;
  });
}

int phosphene_engine_poll_event(phosphene_engine* engine, phosphene_event* out) noexcept {
  // Errors answer 0 too, so `while (phosphene_engine_poll_event(e, &ev))` can never spin on one.
  if (engine == nullptr || out == nullptr) return 0;
  if (phosphene::capi::structSize(out) < phosphene::capi::kMinStructSize) {
    engine->engine.setLastError("phosphene_engine_poll_event: out->struct_size not set");
    return 0;
  }
  try {
    if (!engine->engine.pollEvent(engine->lastEvent)) return 0;
    const EngineEvent& e = engine->lastEvent;
    engine->lastEventName = e.name;
    engine->lastEventPath = e.path.string();
    phosphene_event c;
    phosphene_event_init(&c);
    c.type = static_cast<phosphene_event_type>(static_cast<int>(e.type) + 1);
    c.reason = toC(e.reason);
    c.request_id = e.requestId;
    c.name = engine->lastEventName.c_str();
    c.path = engine->lastEventPath.c_str();
    c.playlist_index = e.tag;
    c.time = e.time;
    c.load_seconds = e.loadSeconds;
    c.transition_seconds = e.transition;
    c.diagnostic_count = static_cast<uint32_t>(e.diagnostics.size());
    c.diagnostic_id = e.diagnostics.empty()
                          ? ""
                          : phosphene::core::diagnosticCode(e.diagnostics.front().id).data();
    c.message = e.diagnostics.empty() ? "" : e.diagnostics.front().message.c_str();
    phosphene::capi::writeVersioned(out, c);
    return 1;
  } catch (...) {
    engine->engine.setLastError("phosphene_engine_poll_event: out of memory");
    return 0;
  }
}

phosphene_result phosphene_engine_event_diagnostic(const phosphene_engine* engine, uint32_t index,
                                                   phosphene_diagnostic* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(engine->lastEvent.diagnostics, index, out);
}

const char* phosphene_engine_current_preset_name(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? "" : engine->engine.presetName().c_str();
}

const char* phosphene_engine_current_preset_path(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? "" : engine->engine.presetPath().c_str();
}

int phosphene_engine_is_transitioning(const phosphene_engine* engine) noexcept {
  return engine != nullptr && engine->engine.transitioning() ? 1 : 0;
}

}  // extern "C"
