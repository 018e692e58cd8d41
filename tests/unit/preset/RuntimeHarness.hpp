#pragma once
// A Runtime built from .milk text written in the test, with a fixed clock, a small mesh and
// hand-made audio, so tests read like "this preset, these frames, these values".

#include <memory>
#include <string>
#include <string_view>

#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"

namespace phosphene::preset::testing {

inline milk::Preset presetFromText(std::string_view text) {
  core::Diagnostics diags;
  return milk::parsePreset(text, diags);
}

struct Harness {
  explicit Harness(std::string_view milkText, int meshX = 8, int meshY = 6, int width = 80,
                   int height = 60)
      : globals(std::make_unique<eel::Globals>()),
        runtime(std::make_unique<Runtime>(presetFromText(milkText), *globals)) {
    inputs.meshX = meshX;
    inputs.meshY = meshY;
    inputs.canvasWidth = width;
    inputs.canvasHeight = height;
  }

  const FrameState& step() {
    clock.advance(0.0);
    return runtime->step(audio, clock, inputs);
  }
  const FrameState& steps(int n) {
    for (int i = 1; i < n; ++i) step();
    return step();
  }

  /// A variable of one of the runtime's contexts, by name (0 when never mentioned).
  static double var(eel::Context& ctx, std::string_view name) {
    const auto slot = ctx.find(name);
    return slot ? ctx[*slot] : 0.0;
  }
  double presetVar(std::string_view name) {
    return var(*runtime->program().presetCode().context, name);
  }
  double vertexVar(std::string_view name) {
    return var(*runtime->program().vertexCode().context, name);
  }
  double waveFrameVar(int k, std::string_view name) {
    return var(*runtime->program().wave(k).frameContext, name);
  }
  double wavePointVar(int k, std::string_view name) {
    return var(*runtime->program().wave(k).pointContext, name);
  }
  double shapeVar(int k, std::string_view name) {
    return var(*runtime->program().shape(k).context, name);
  }

  std::unique_ptr<eel::Globals> globals;
  std::unique_ptr<Runtime> runtime;
  audio::FrameAudio audio;
  clock::FrameClock clock{30.0};
  StepInputs inputs;
};

}  // namespace phosphene::preset::testing
