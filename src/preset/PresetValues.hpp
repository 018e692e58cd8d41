#pragma once
// A milk::Preset's file values in the forms the frame math reads them: the per-frame values MD2
// loads into the preset context before every per_frame run (milkdropfs.cpp
// LoadPerFrameEvallibVars), and the custom wave / shape configurations.

#include "milk/Preset.hpp"
#include "preset/CustomShape.hpp"
#include "preset/CustomWave.hpp"
#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// The values every frame starts from (q stays 0 here: the Runtime restores the post-init q).
FrameVars baseFrameVars(const milk::Preset& preset);

CustomWaveConfig customWaveConfig(const milk::CustomWave& wave);
CustomShapeConfig customShapeConfig(const milk::CustomShape& shape);

}  // namespace phosphene::preset
