#pragma once
// How an engine is made (EngineSettings) and how it switches presets (SwitchSettings), with
// MilkDrop 2's defaults.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "audio/PcmInput.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/Runtime.hpp"

namespace phosphene::engine {

struct EngineSettings {
  double fps = 60.0;  // fixed-clock frame rate
  std::uint64_t seed = 0;
  std::size_t pcmRingFrames = audio::kDefaultRingFrames;
  bool alignWaves = true;  // MD2's AlignWaves (audio/WaveAligner.hpp)
};

/// Why a preset switch happened (events, the provider's question).
enum class SwitchReason { User, Auto, HardCut, Beat, LoadFailed, OverBudget };
const char* switchReasonName(SwitchReason reason);

/// The switching policy. Defaults are MilkDrop 2's (plugin.cpp MyPreInitialize) where it has one.
struct SwitchSettings {
  double presetDuration = 16.0;         // fTimeBetweenPresets (seconds)
  double presetDurationRandom = 10.0;   // fTimeBetweenPresetsRand: 0..this added per preset
  bool durationIncludesBlend = true;    // MD2: next switch = now + blend time + duration + rand
  double blendTimeAuto = 2.7;           // fBlendTimeAuto: automatic switches
  double blendTimeUser = 1.7;           // fBlendTimeUser: requestPreset with a negative time
  bool autoSwitch = true;               // acts only when a PresetProvider is set
  bool locked = false;                  // preset lock: no automatic switches and no hard cuts
  bool loudnessHardCuts = false;        // MD2's m_bHardCutsDisabled = true (spec §5.5)
  bool beatHardCuts = false;            // cut on the beat detector's onsets
  double beatHardCutMinInterval = 4.0;  // seconds between two beat cuts at least
  /// The beat detector's sensitivity (audio::BeatDetector::setSensitivity, 0.1..10): Beat events
  /// and beat hard cuts; bass/mid/treb, which presets see, are MD2's and never scaled.
  double beatSensitivity = 1.0;
  /// Loop iterations all of a preset's equations may run per frame (preset::Runtime); past it the
  /// preset is stopped and switched away from. Negative: unlimited.
  std::int64_t iterationBudgetPerFrame = preset::kDefaultIterationBudgetPerFrame;
  /// Offline rendering: a frame waits for a requested preset to be ready, so the same options
  /// give the same frames. Interactive hosts leave it off and never stall.
  bool waitForLoads = false;
  /// Forces one warp blend pattern (tests, golden images); nothing: MD2's random choice.
  std::optional<preset::BlendPatternType> blendPattern;
};

}  // namespace phosphene::engine
