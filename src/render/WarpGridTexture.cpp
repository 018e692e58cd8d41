#include "render/WarpGridTexture.hpp"

#include <utility>

#include "render/PixelInputs.hpp"
#include "render/TextureUploadGuard.hpp"

namespace phosphene::render {

const char* meshInterpolationGlsl() {
  // Texel o is the triangle's corner at the right angle; the pixel's barycentric weights along
  // the two legs are g (lower-left triangle: from v00; upper-right: from v11, legs reversed).
  // The grid texture is GL_NEAREST (sampler 0 bound, WarpGridTexture::bind) and every read is at
  // a texel centre, so textureLod returns the stored texel exactly, as texelFetch would; on
  // llvmpipe it skips texelFetch's per-lane bounds checks: the interpolation cost 0.77 instead of
  // 1.0 ms per 640x480 frame (git show dd13aca:bench/README.md, seventh session).
  return R"(
vec2 _phos_mesh_value(highp sampler2D grid, ivec2 cells, vec2 cellsPerPixel) {
  vec2 texel = 1.0 / vec2(cells + 1);
  vec2 c = gl_FragCoord.xy * cellsPerPixel;
  vec2 cell = min(floor(c), vec2(cells - 1));
  vec2 f = c - cell;
  bool upper = f.x + f.y > 1.0;
  vec2 o = ((upper ? cell + 1.0 : cell) + 0.5) * texel;
  vec2 g = upper ? 1.0 - f : f;
  vec2 legs = (upper ? -1.0 : 1.0) * texel;
  vec2 a = textureLod(grid, o, 0.0).xy;
  vec2 b = textureLod(grid, vec2(o.x + legs.x, o.y), 0.0).xy;
  vec2 d = textureLod(grid, vec2(o.x, o.y + legs.y), 0.0).xy;
  return a + g.x * (b - a) + g.y * (d - a);
}
)";
}

bool WarpGridTexture::upload(int gridX, int gridY, const float* pairs, core::Diagnostics& errors) {
  TextureUploadGuard guard;  // binding and unpack state as the host left them
  if (texture_.width() != gridX + 1 || texture_.height() != gridY + 1) {
    texture_ = {};
    auto texture =
        gl::Texture2D::create({gridX + 1, gridY + 1, GL_RG32F, GL_NEAREST, GL_CLAMP_TO_EDGE});
    if (!texture) {
      errors = std::move(texture.diagnostics());
      return false;
    }
    texture_ = std::move(*texture);
  }
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, gridX + 1, gridY + 1, GL_RG, GL_FLOAT, pairs);
  return true;
}

bool WarpGridTexture::prepareDraw(int gridX, int gridY, const float* pairs, int unit,
                                  GLint cellsLocation, GLint cellsPerPixelLocation,
                                  const std::array<int, 2>& viewport, core::Diagnostics& errors) {
  if (!upload(gridX, gridY, pairs, errors)) return false;
  bind(unit);
  glUniform2i(cellsLocation, gridX, gridY);
  glUniform2f(cellsPerPixelLocation, static_cast<float>(gridX) / static_cast<float>(viewport[0]),
              static_cast<float>(gridY) / static_cast<float>(viewport[1]));
  return true;
}

void WarpGridTexture::bind(int unit) const {
  bindInputTexture(unit, texture_.id());
}

void WarpGridTexture::unbind(int unit) {
  bindInputTexture(unit, 0);
}

}  // namespace phosphene::render
