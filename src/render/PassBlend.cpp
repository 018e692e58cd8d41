#include "render/PassBlend.hpp"

#include "gl/Gl.hpp"

namespace phosphene::render {

void applyPassBlend(PassBlend blend) {
  switch (blend) {
    case PassBlend::Opaque:
      glDisable(GL_BLEND);
      return;
    case PassBlend::Alpha:
      glEnable(GL_BLEND);
      glBlendEquation(GL_FUNC_ADD);
      glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
      return;
    case PassBlend::InverseAlpha:
      glEnable(GL_BLEND);
      glBlendEquation(GL_FUNC_ADD);
      glBlendFuncSeparate(GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_ZERO, GL_ONE);
      return;
  }
}

}  // namespace phosphene::render
