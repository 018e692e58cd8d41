#pragma once
// What the engine tells its host (events, in the order things happened) and asks it (the next
// preset). The C API's phosphene_event and phosphene_next_preset_fn are these.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "core/Diagnostic.hpp"
#include "engine/EngineSettings.hpp"
#include "engine/PreparedPreset.hpp"

namespace phosphene::engine {

/// Something hosts want to hear about, in the order it happened (takeEvents()).
struct EngineEvent {
  enum class Type {
    PresetStarted,     // a preset became current (transition or hard cut)
    TransitionEnded,   // the outgoing preset is gone
    PresetLoadFailed,  // a load failed; the current preset keeps running
    PresetOverBudget,  // a preset's equations exceeded the per-frame budget
    PresetLoaded,      // a requested preset is prepared; it starts at the next frame
    Beat,              // the beat detector saw an onset this frame
    HardCut,           // MD2's loudness hard-cut rule fired this frame
    SpriteEnded,       // a user sprite is gone: requestId is its id, name how ("done", ...)
  };
  Type type = Type::PresetStarted;
  SwitchReason reason = SwitchReason::User;
  std::uint64_t requestId = 0;  // the requestPreset ticket it belongs to; 0: none
  std::int64_t tag = -1;        // the PresetSource's tag
  std::string name;
  std::filesystem::path path;  // the preset's file, when it came from one
  double time = 0.0;           // engine clock
  double loadSeconds = 0.0;    // PresetLoaded/Started: preparation time on the loader
  double transition = 0.0;     // PresetStarted: blend duration (0: hard cut)
  core::Diagnostics diagnostics;
};

/// Answers "which preset next?" for automatic switches, hard cuts and switching away from a
/// failed preset. Nothing: no switch.
using PresetProvider = std::function<std::optional<PresetSource>(SwitchReason)>;

}  // namespace phosphene::engine
