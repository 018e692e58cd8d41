#include "render/PresetGpuState.hpp"

#include <algorithm>

namespace phosphene::render {

int PresetGpuState::textureUnits() const {
  return std::max(warp.textureUnits(), comp.textureUnits());
}

std::vector<GLuint> PresetGpuState::textureNames() const {
  std::vector<GLuint> names = warp.externalTextures();
  const std::vector<GLuint> more = comp.externalTextures();
  names.insert(names.end(), more.begin(), more.end());
  return names;
}

void PresetGpuState::reset() {
  warp.reset();
  comp.reset();
  blurLevels = 0;
}

}  // namespace phosphene::render
