#include "render/TextureUnitGuard.hpp"

#include "render/GlStateGuard.hpp"

namespace phosphene::render {

TextureUnitGuard::TextureUnitGuard(int units) {
  if (units <= 0) return;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active_);
  units_.resize(static_cast<std::size_t>(units));
  for (int i = 0; i < units; ++i) {
    Unit& u = units_[static_cast<std::size_t>(i)];
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(i));
    glGetIntegerv(GL_TEXTURE_BINDING_3D, &u.texture3d);
    if (i >= GlStateGuard::kSavedTextureUnits) {
      glGetIntegerv(GL_TEXTURE_BINDING_2D, &u.texture2d);
      glGetIntegerv(GL_SAMPLER_BINDING, &u.sampler);
    }
  }
  glActiveTexture(static_cast<GLenum>(active_));
}

TextureUnitGuard::~TextureUnitGuard() {
  if (units_.empty()) return;
  for (std::size_t i = 0; i < units_.size(); ++i) {
    const Unit& u = units_[i];
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(i));
    glBindTexture(GL_TEXTURE_3D, static_cast<GLuint>(u.texture3d));
    if (static_cast<int>(i) >= GlStateGuard::kSavedTextureUnits) {
      glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(u.texture2d));
      glBindSampler(static_cast<GLuint>(i), static_cast<GLuint>(u.sampler));
    }
  }
  glActiveTexture(static_cast<GLenum>(active_));
}

}  // namespace phosphene::render
