#include "render/BlurPass.hpp"

#include <algorithm>
#include <cmath>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

// A full-screen triangle pair from gl_VertexID: no buffers needed.
constexpr const char* kVertex = R"(
#ifdef VERTEX_SHADER
void main() {
  vec2 p = vec2(float((gl_VertexID & 1) * 2 - 1), float((gl_VertexID >> 1) * 2 - 1));
  gl_Position = vec4(p, 0.0, 1.0);
}
#endif
)";

// Both passes reproduce D3D9's sampling exactly (see BlurPass.hpp): the D3D texture coordinate
// of this pixel is (x/W, 1 − y_d/H) with x, y_d its integer column and row from the top, which in
// GL terms (row r from the bottom, every texture stored with t = 1 − v) is
// ((fragCoord.x − 0.5)/W, (fragCoord.y + 0.5)/H); lookups go to (u, 1 − v).
constexpr const char* kHorizontal = R"(
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform vec4 uTexSize;   // source w, h, 1/w, 1/h
uniform vec2 uTarget;    // target w, h
uniform vec4 uWeights;   // w1..w4
uniform vec4 uOffsets;   // d1..d4 (source texels)
uniform vec3 uScaleBias; // scale, bias, w_div
layout(location = 0) out vec4 fragColor;
vec3 tap(vec2 c, float d) {
  vec2 o = vec2(d * uTexSize.z, 0.0);
  vec2 a = c + o, b = c - o;
  return texture(uSource, vec2(a.x, 1.0 - a.y)).rgb + texture(uSource, vec2(b.x, 1.0 - b.y)).rgb;
}
void main() {
  vec2 uv = vec2((gl_FragCoord.x - 0.5) / uTarget.x, (gl_FragCoord.y + 0.5) / uTarget.y);
  vec2 c = uv + uTexSize.zw;  // blur1_ps.fx: uv + srctexsize.zw*float2(1,1)
  vec3 blur = tap(c, uOffsets.x) * uWeights.x + tap(c, uOffsets.y) * uWeights.y +
              tap(c, uOffsets.z) * uWeights.z + tap(c, uOffsets.w) * uWeights.w;
  blur *= uScaleBias.z;
  fragColor = vec4(blur * uScaleBias.x + uScaleBias.y, 1.0);
}
#endif
)";

constexpr const char* kVertical = R"(
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform vec4 uTexSize;        // source w, h, 1/w, 1/h
uniform vec2 uTarget;         // target w, h
uniform vec4 uWeightsOffsets; // w1, w2, d1, d2
uniform vec4 uDivEdge;        // w_div, edge_darken_c1..c3
layout(location = 0) out vec4 fragColor;
vec3 tap(vec2 c, float d) {
  vec2 o = vec2(0.0, d * uTexSize.w);
  vec2 a = c + o, b = c - o;
  return texture(uSource, vec2(a.x, 1.0 - a.y)).rgb + texture(uSource, vec2(b.x, 1.0 - b.y)).rgb;
}
void main() {
  vec2 uv = vec2((gl_FragCoord.x - 0.5) / uTarget.x, (gl_FragCoord.y + 0.5) / uTarget.y);
  vec2 c = uv + vec2(uTexSize.z, 0.0);  // blur2_ps.fx: uv + srctexsize.zw*float2(1,0)
  vec3 blur = tap(c, uWeightsOffsets.z) * uWeightsOffsets.x + tap(c, uWeightsOffsets.w) * uWeightsOffsets.y;
  blur *= uDivEdge.x;
  float t = min(min(uv.x, uv.y), 1.0 - max(uv.x, uv.y));
  t = uDivEdge.y + uDivEdge.z * clamp(sqrt(t) * uDivEdge.w, 0.0, 1.0);
  fragColor = vec4(blur * t, 1.0);
}
#endif
)";

constexpr std::array<float, 8> kW = {4.0f, 3.8f, 3.5f, 2.9f, 1.9f, 1.2f, 0.7f, 0.3f};

}  // namespace

std::array<int, 2> BlurPass::targetSize(int canvasWidth, int canvasHeight, int index) {
  int w = canvasWidth, h = canvasHeight;
  std::array<int, 2> size{};
  for (int i = 0; i <= index; ++i) {
    if (!(i & 1) || i < 2) {
      w = std::max(16, w / 2);
      h = std::max(16, h / 2);
    }
    size = {((w + 3) / 16) * 16, ((h + 3) / 4) * 4};
  }
  return size;
}

core::Diagnostics BlurPass::init(gl::GlslDialect dialect) {
  auto h = gl::ShaderProgram::create(dialect, std::string(kVertex) + kHorizontal, "blur_h");
  if (!h) return std::move(h.diagnostics());
  auto v = gl::ShaderProgram::create(dialect, std::string(kVertex) + kVertical, "blur_v");
  if (!v) return std::move(v.diagnostics());
  horizontal_ = std::move(*h);
  vertical_ = std::move(*v);
  h_ = {horizontal_.uniformLocation("uTexSize"), horizontal_.uniformLocation("uTarget"),
        horizontal_.uniformLocation("uWeights"), horizontal_.uniformLocation("uOffsets"),
        horizontal_.uniformLocation("uScaleBias")};
  v_ = {vertical_.uniformLocation("uTexSize"), vertical_.uniformLocation("uTarget"),
        vertical_.uniformLocation("uWeightsOffsets"), vertical_.uniformLocation("uDivEdge")};
  for (const gl::ShaderProgram* p : {&horizontal_, &vertical_}) {
    p->use();
    glUniform1i(p->uniformLocation("uSource"), 0);
  }
  glUseProgram(0);
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto sampler = gl::Sampler::create(GL_LINEAR, GL_CLAMP_TO_EDGE);
  if (!sampler) return std::move(sampler.diagnostics());
  clampSampler_ = std::move(*sampler);
  core::Diagnostics errors;
  gl::drainGlErrors("BlurPass::init", errors);
  return errors;
}

core::Diagnostics BlurPass::resize(int canvasWidth, int canvasHeight) {
  if (canvasWidth == canvasWidth_ && canvasHeight == canvasHeight_ && targets_[0].id() != 0)
    return {};
  for (int i = 0; i < kTargets; ++i) {
    const auto size = targetSize(canvasWidth, canvasHeight, i);
    auto fb = gl::Framebuffer::create({size[0], size[1], GL_RGBA8, GL_LINEAR, GL_CLAMP_TO_EDGE});
    if (!fb) {
      targets_ = {};
      canvasWidth_ = canvasHeight_ = 0;
      return std::move(fb.diagnostics());
    }
    targets_[static_cast<std::size_t>(i)] = std::move(*fb);
  }
  canvasWidth_ = canvasWidth;
  canvasHeight_ = canvasHeight;
  computedLevels_ = 0;
  return {};
}

const gl::Texture2D* BlurPass::level(int n) const {
  if (n < 1 || n > 3 || targets_[0].id() == 0) return nullptr;
  return &targets_[static_cast<std::size_t>(2 * n - 1)].color();
}

core::Diagnostics BlurPass::run(const gl::Texture2D& source, int levels,
                                const preset::BlurRanges& ranges, float edgeDarken) {
  levels = std::clamp(levels, 0, 3);
  if (levels == 0) return {};
  core::Diagnostics errors = resize(source.width(), source.height());
  if (!errors.empty()) return errors;
  const preset::BlurPacking packing = preset::blurPacking(ranges);

  // BlurPasses' constants.
  const float w1 = kW[0] + kW[1], w2 = kW[2] + kW[3], w3 = kW[4] + kW[5], w4 = kW[6] + kW[7];
  const float d1 = 0 + 2 * kW[1] / w1, d2 = 2 + 2 * kW[3] / w2, d3 = 4 + 2 * kW[5] / w3,
              d4 = 6 + 2 * kW[7] / w4;
  const float hDiv = 0.5f / (w1 + w2 + w3 + w4);
  const float vw1 = kW[0] + kW[1] + kW[2] + kW[3], vw2 = kW[4] + kW[5] + kW[6] + kW[7];
  const float vd1 = 0 + 2 * ((kW[2] + kW[3]) / vw1), vd2 = 2 + 2 * ((kW[6] + kW[7]) / vw2);
  const float vDiv = 1.0f / ((vw1 + vw2) * 2);

  glDisable(GL_BLEND);
  vao_.bind();
  glActiveTexture(GL_TEXTURE0);
  glBindSampler(0, clampSampler_.id());
  for (int i = 0; i < levels * 2; ++i) {
    const gl::Texture2D& src = i == 0 ? source : targets_[static_cast<std::size_t>(i - 1)].color();
    const gl::Framebuffer& dst = targets_[static_cast<std::size_t>(i)];
    dst.bind();
    glBindTexture(GL_TEXTURE_2D, src.id());
    const float sw = static_cast<float>(src.width()), sh = static_cast<float>(src.height());
    if (i % 2 == 0) {
      float scale = packing.scale[static_cast<std::size_t>(i / 2)];
      float bias = packing.bias[static_cast<std::size_t>(i / 2)];
      // A collapsed range (spec §4.5): MD2 divides by zero; GetBlurN then reads with range 0, so
      // the texture's content is never seen. Store zeros instead of infinities.
      if (!std::isfinite(scale) || !std::isfinite(bias)) scale = bias = 0.0f;
      horizontal_.use();
      glUniform4f(h_.texSize, sw, sh, 1.0f / sw, 1.0f / sh);
      glUniform2f(h_.target, static_cast<float>(dst.width()), static_cast<float>(dst.height()));
      glUniform4f(h_.weights, w1, w2, w3, w4);
      glUniform4f(h_.offsets, d1, d2, d3, d4);
      glUniform3f(h_.scaleBias, scale, bias, hDiv);
    } else {
      vertical_.use();
      glUniform4f(v_.texSize, sw, sh, 1.0f / sw, 1.0f / sh);
      glUniform2f(v_.target, static_cast<float>(dst.width()), static_cast<float>(dst.height()));
      glUniform4f(v_.weightsOffsets, vw1, vw2, vd1, vd2);
      // Only the first vertical pass darkens the edges (BlurPasses: i == 1).
      if (i == 1)
        glUniform4f(v_.divEdge, vDiv, 1.0f - edgeDarken, edgeDarken, 5.0f);
      else
        glUniform4f(v_.divEdge, vDiv, 1.0f, 0.0f, 5.0f);
    }
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
  glBindVertexArray(0);
  glBindSampler(0, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  computedLevels_ = levels;
  gl::drainGlErrors("BlurPass::run", errors);
  return errors;
}

}  // namespace phosphene::render
