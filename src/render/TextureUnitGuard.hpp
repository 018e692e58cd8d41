#pragma once
// Saves and restores the texture bindings a preset shader pass changes beyond what GlStateGuard
// covers: GL_TEXTURE_3D on every unit used, and GL_TEXTURE_2D plus the sampler object on units at
// or above GlStateGuard::kSavedTextureUnits. Made only while a preset shader is active.

#include <vector>

#include "gl/Gl.hpp"

namespace phosphene::render {

class TextureUnitGuard {
 public:
  explicit TextureUnitGuard(int units);
  ~TextureUnitGuard();
  TextureUnitGuard(const TextureUnitGuard&) = delete;
  TextureUnitGuard& operator=(const TextureUnitGuard&) = delete;

 private:
  struct Unit {
    GLint texture2d = 0, texture3d = 0, sampler = 0;
  };
  std::vector<Unit> units_;
  GLint active_ = GL_TEXTURE0;
};

}  // namespace phosphene::render
