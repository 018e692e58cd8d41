#include "preset/FrameState.hpp"

namespace phosphene::preset {

void FrameState::clearDrawLists() {
  for (auto& shape : customShapes) shape.instances.clear();
  for (auto& wave : customWaves) {
    wave.points.clear();
    wave.visible = false;
  }
  builtinWave.points.clear();
  builtinWave.secondLineStart = 0;
  builtinWave.visible = false;
  motionVectors.segments.clear();
}

}  // namespace phosphene::preset
