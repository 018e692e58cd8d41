#pragma once
// The simulation's side of a preset: a slot (the current preset, or the outgoing one during a
// transition) and the one preset on its way in. Their GPU state lives in render::SlotRenderer,
// keyed by the slot's id.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "engine/EngineSettings.hpp"
#include "engine/NativePreset.hpp"
#include "engine/PreparedPreset.hpp"
#include "preset/Runtime.hpp"
#include "render/SlotRenderer.hpp"

namespace phosphene::engine {

struct PresetSlot {
  render::SlotId id = 0;  // 0: an empty slot
  std::optional<preset::Runtime> runtime;
  std::string name;
  std::filesystem::path path;              // the preset's file; empty for texts and natives
  std::unique_ptr<NativeInstance> native;  // a native preset's per-frame function
  std::uint64_t requestId = 0;             // the requestPreset ticket it came from; 0: none
  std::int64_t tag = -1;
  double loadSeconds = 0.0;  // the loader's preparation time
  bool overBudgetReported = false;
};

/// A requested preset from the request to its start: prepared on the loader thread, then (a live
/// switch with two shader programs) staged for one frame, whose draw links its warp program, so
/// that no frame links two programs; the outgoing preset keeps drawing meanwhile.
struct Incoming {
  std::uint64_t ticket = 0;  // the loader's ticket, which is also the request's id in events
  double transition = 0.0;   // seconds; 0: a hard cut
  SwitchReason reason = SwitchReason::User;
  std::optional<PreparedPreset> prepared;  // ready, not started yet
  std::optional<PresetSlot> staged;        // starts at the next advance

  bool preparing() const { return !prepared && !staged; }
};

}  // namespace phosphene::engine
