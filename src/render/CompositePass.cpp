#include "render/CompositePass.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aScreen;
layout(location = 2) in vec4 aCorner;
out vec2 vScreen;
out vec4 vCorner;
void main() {
  vScreen = aScreen;
  vCorner = aCorner;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform vec4 uSlotWeight;  // style 0: how many MD2 draws each colour slot stands for
uniform vec3 uCorner[16];  // 4 corner colours per slot (layer 0: slots 0-1, echo: 2-3)
uniform vec2 uEchoScale;             // ±1/zoom per axis, the sign flips the echo
uniform ivec4 uFilters;              // brighten, darken, solarize, invert
uniform float uGamma;
uniform float uEchoAlpha;
uniform float uHueAmount;
in vec2 vScreen;
in vec4 vCorner;
layout(location = 0) out vec4 fragColor;

// One draw landing in an 8-bit target: saturate, round to the nearest of 256 levels.
vec3 store8(vec3 x) { return floor(clamp(x, 0.0, 1.0) * 255.0 + 0.5) / 255.0; }

vec3 layerTexel(int layer) {
  vec2 uv = layer == 0 ? vScreen : (vScreen - 0.5) * uEchoScale + 0.5;
  return texture(uSource, vec2(uv.x, 1.0 - uv.y)).rgb;
}

#if WITH_HUE
vec3 cornerMix(int first) {
  return uCorner[first] * vCorner.x + uCorner[first + 1] * vCorner.y +
         uCorner[first + 2] * vCorner.z + uCorner[first + 3] * vCorner.w;
}
#else
// Without the hue shader all four corners have the same colour: skip the interpolation.
vec3 cornerMix(int first) { return uCorner[first]; }
#endif

void main() {
  vec3 c = vec3(0.0);
  // Two programs, not a uniform branch: software rasterisers run both sides of a branch.
#if GENERATED_STYLE == 0
  {
    // MD2's draws each add store8(texel · colour) to an 8-bit value that starts at 0 and only
    // grows, so saturating after every draw equals saturating the sum once. Per layer MD2's
    // draws use at most two distinct colours (mix·s for all but the last, the gamma remainder
    // for the last), so the CPU merges them into 2 weighted slots per layer: straight-line code.
    vec3 canvas = layerTexel(0);
    c = uSlotWeight.x * store8(canvas * cornerMix(0)) +
        uSlotWeight.y * store8(canvas * cornerMix(4));
    if (uSlotWeight.z + uSlotWeight.w > 0.0) {
      vec3 echo = layerTexel(1);
      c += uSlotWeight.z * store8(echo * cornerMix(8)) +
           uSlotWeight.w * store8(echo * cornerMix(12));
    }
    c = min(c, vec3(1.0));
    if (uFilters.x != 0) {  // invert, square, invert: 1 - (1 - x)^2
      c = store8(1.0 - c);
      c = store8(c * c);
      c = store8(1.0 - c);
    }
    if (uFilters.y != 0) c = store8(c * c);
    if (uFilters.z != 0) {  // x(1 - x), then doubled: 2x(1 - x)
      c = store8(c * (1.0 - c));
      c = store8(c + c);
    }
    if (uFilters.w != 0) c = store8(1.0 - c);
  }
#else
  {
    c = layerTexel(0);
    if (uEchoAlpha > 0.001) c = mix(c, layerTexel(1), uEchoAlpha);
    c *= uGamma;
    vec3 hue = cornerMix(0);
    if (uHueAmount >= 1.0) c *= hue;
    else if (uHueAmount > 0.001) c *= (1.0 - uHueAmount) + uHueAmount * hue;
    if (uFilters.x != 0) c = sqrt(max(c, 0.0));
    if (uFilters.y != 0) c = c * c;
    if (uFilters.z != 0) c = c * (1.0 - c) * 4.0;
    if (uFilters.w != 0) c = 1.0 - c;
  }
#endif
  fragColor = vec4(clamp(c, 0.0, 1.0), 1.0);
}
#endif
)";

// MD2's D3DCOLOR_RGBA_01: (int)(x·255) & 0xFF, in float like MD2.
float d3dByte01(float x) {
  const float scaled = std::clamp(x, -1.0e6f, 1.0e6f) * 255.0f;
  return static_cast<float>(static_cast<int>(scaled) & 0xFF) / 255.0f;
}

int truncated(double x) {
  return static_cast<int>(std::clamp(x, -1.0e9, 1.0e9));
}

float rounded(double x, double scale) {
  return static_cast<float>(std::round(x * scale) / scale);
}

}  // namespace

std::array<std::array<float, 3>, 4> hueCornerColours(double time,
                                                     const std::array<float, 4>& randStart) {
  const float t = static_cast<float>(time);
  std::array<std::array<float, 3>, 4> shade{};
  for (int i = 0; i < 4; ++i) {
    const float fi = static_cast<float>(i);
    auto& s = shade[static_cast<std::size_t>(i)];
    // milkdropfs.cpp ShowToUser_NoShaders: red takes m_fRandStart[3], green [1], blue [2].
    s[0] = 0.6f + 0.3f * std::sin(t * 30.0f * 0.0143f + 3.0f + fi * 21.0f + randStart[3]);
    s[1] = 0.6f + 0.3f * std::sin(t * 30.0f * 0.0107f + 1.0f + fi * 13.0f + randStart[1]);
    s[2] = 0.6f + 0.3f * std::sin(t * 30.0f * 0.0129f + 6.0f + fi * 9.0f + randStart[2]);
    const float peak = std::max({s[0], s[1], s[2]});
    for (float& c : s) c = 0.5f + 0.5f * (c / peak);
  }
  return shade;
}

CompositeDraws planFixedComposite(const preset::FrameVars& vars, double time,
                                  const std::array<float, 4>& randStart) {
  CompositeDraws plan;
  std::array<std::array<float, 3>, 4> shade{};
  for (auto& corner : shade) corner = {1.0f, 1.0f, 1.0f};
  const float hueAmount = static_cast<float>(vars.hueShader);
  if (hueAmount > 0.001f) {
    shade = hueCornerColours(time, randStart);
    for (auto& corner : shade)
      for (float& c : corner) c = c * hueAmount + 1.0f * (1.0f - hueAmount);
  }
  // RunPerFrameEquations clamps these right after per_frame; repeated here for hand-made states.
  const float gamma = static_cast<float>(std::clamp(vars.gamma, 0.0, 8.0));
  plan.echoZoom = static_cast<float>(std::clamp(vars.echoZoom, 0.001, 1000.0));
  const float alpha = static_cast<float>(vars.echoAlpha);
  const int orientation = truncated(vars.echoOrient) % 4;  // C's %: −1 stays −1 (odd: flip u)
  plan.flipU = (orientation % 2) != 0;
  plan.flipV = orientation >= 2;

  auto add = [&](int layer, float factor) {
    if (plan.count >= CompositeDraws::kMaxDraws) return;
    auto& d = plan.draws[static_cast<std::size_t>(plan.count++)];
    d.layer = layer;
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t c = 0; c < 3; ++c) d.corner[k][c] = d3dByte01(factor * shade[k][c]);
  };
  if (alpha > 0.001f) {
    for (int layer = 0; layer < 2; ++layer) {
      const float mix = layer == 1 ? alpha : 1.0f - alpha;
      add(layer, mix);
      if (gamma > 0.001f) {
        const int redraws = static_cast<int>(gamma - 0.0001f);
        for (int r = 0; r < redraws; ++r) {
          const float g = r == redraws - 1
                              ? gamma - static_cast<float>(static_cast<int>(gamma - 0.0001f))
                              : 1.0f;
          add(layer, g * mix);
        }
      }
    }
  } else {
    const int passes = static_cast<int>(gamma - 0.001f) + 1;
    for (int p = 0; p < passes; ++p) add(0, p == passes - 1 ? gamma - static_cast<float>(p) : 1.0f);
  }
  plan.brighten = vars.brighten != 0.0;
  plan.darken = vars.darken != 0.0;
  plan.solarize = vars.solarize != 0.0;
  plan.invert = vars.invert != 0.0;
  return plan;
}

core::Diagnostics CompositePass::init(gl::GlslDialect dialect) {
  static constexpr const char* kNames[4] = {"composite_fixed", "composite_fixed_hue",
                                            "composite_generated", "composite_generated_hue"};
  for (std::size_t variant = 0; variant < programs_.size(); ++variant) {
    const std::string source = std::string("#define GENERATED_STYLE ") +
                               (variant >= 2 ? "1" : "0") + "\n#define WITH_HUE " +
                               (variant % 2 ? "1" : "0") + "\n" + kShader;
    auto program = gl::ShaderProgram::create(dialect, source, kNames[variant]);
    if (!program) return std::move(program.diagnostics());
    Program& p = programs_[variant];
    p.program = std::move(*program);
    p.slotWeight = p.program.uniformLocation("uSlotWeight");
    p.corner = p.program.uniformLocation("uCorner");
    p.echoScale = p.program.uniformLocation("uEchoScale");
    p.filters = p.program.uniformLocation("uFilters");
    p.gamma = p.program.uniformLocation("uGamma");
    p.echoAlpha = p.program.uniformLocation("uEchoAlpha");
    p.hueAmount = p.program.uniformLocation("uHueAmount");
    p.program.use();
    glUniform1i(p.program.uniformLocation("uSource"), 0);
  }
  glUseProgram(0);
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto vb = gl::Buffer::create(GL_ARRAY_BUFFER, 4 * sizeof(Vertex), nullptr, GL_DYNAMIC_DRAW);
  if (!vb) return std::move(vb.diagnostics());
  vertices_ = std::move(*vb);
  vao_.attribute(0, vertices_, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao_.attribute(1, vertices_, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, s));
  vao_.attribute(2, vertices_, 4, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, w0));
  wrapSampler_ = makeBilinearSampler(GL_REPEAT);
  clampSampler_ = makeBilinearSampler(GL_CLAMP_TO_EDGE);
  core::Diagnostics errors;
  gl::drainGlErrors("CompositePass::init", errors);
  return errors;
}

void CompositePass::draw(const preset::FrameState& frame, const gl::Texture2D& canvas,
                         BuiltinStyle style) {
  errors_.clear();
  // MD2 applies the hue shader only above 0.001 (both paths).
  const bool hueOn = frame.vars.hueShader > 0.001;
  const Program& p = programs_[(style == BuiltinStyle::FixedFunction ? 0 : 2) + (hueOn ? 1 : 0)];
  if (!p.program || canvas.width() <= 0 || canvas.height() <= 0) return;
  const auto& vars = frame.vars;

  // ShowToUser_NoShaders: aspect = W / (H·invAspectY); portrait canvases stretch the quad in x.
  const float w = static_cast<float>(canvas.width());
  const float h = static_cast<float>(canvas.height());
  const float invAspectY = canvas.width() > canvas.height() ? w / h : 1.0f;
  const float aspect = w / (h * invAspectY);
  const float mx = aspect > 1.0f ? 1.0f : 1.0f / aspect;
  const float my = aspect > 1.0f ? aspect : 1.0f;
  // Strip order of MD2's v3[]: bottom-left, bottom-right, top-left, top-right.
  const Vertex quad[4] = {{-mx, -my, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f, 0.0f},
                          {mx, -my, 1.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f},
                          {-mx, my, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f},
                          {mx, my, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f}};
  vertices_.update(0, sizeof(quad), quad);

  p.program.use();
  bool wrap = true;
  if (style == BuiltinStyle::FixedFunction) {
    const CompositeDraws plan = planFixedComposite(vars, frame.inputs.time, randStart_);
    std::array<float, 4> weight{};
    for (int i = 0; i < plan.count; ++i) {
      const auto& d = plan.draws[static_cast<std::size_t>(i)];
      const auto base = static_cast<std::size_t>(d.layer == 0 ? 0 : 2);
      for (std::size_t slot = base; slot < base + 2; ++slot) {
        const bool empty = weight[slot] == 0.0f;
        if (!empty && d.corner != slotCorners_[slot]) continue;
        slotCorners_[slot] = d.corner;
        weight[slot] += 1.0f;
        break;  // a third distinct colour per layer cannot occur (see planFixedComposite)
      }
    }
    for (std::size_t slot = 0; slot < 4; ++slot)
      for (std::size_t k = 0; k < 4; ++k)
        for (std::size_t c = 0; c < 3; ++c)
          cornerScratch_[(slot * 4 + k) * 3 + c] =
              weight[slot] > 0.0f ? slotCorners_[slot][k][c] : 0.0f;
    glUniform4f(p.slotWeight, weight[0], weight[1], weight[2], weight[3]);
    glUniform3fv(p.corner, 16, cornerScratch_.data());
    const float inv = 1.0f / plan.echoZoom;
    glUniform2f(p.echoScale, plan.flipU ? -inv : inv, plan.flipV ? -inv : inv);
    glUniform4i(p.filters, plan.brighten, plan.darken, plan.solarize, plan.invert);
    // ShowToUser_NoShaders sets no address mode: it inherits WarpedBlit_NoShaders' (wrap flag).
    wrap = WarpPass::wraps(vars.wrap);
  } else {
    // GenCompPShaderText prints gamma and echo alpha with 2 decimals, 1/zoom with 3.
    const double zoom = std::clamp(vars.echoZoom, 0.001, 1000.0);
    const float inv = rounded(1.0 / zoom, 1000.0);
    const int orientation = truncated(vars.echoOrient) % 4;
    glUniform2f(p.echoScale, orientation % 2 != 0 ? -inv : inv, orientation >= 2 ? -inv : inv);
    glUniform1f(p.gamma, rounded(std::clamp(vars.gamma, 0.0, 8.0), 100.0));
    glUniform1f(p.echoAlpha, rounded(vars.echoAlpha, 100.0));
    glUniform1f(p.hueAmount, rounded(vars.hueShader, 100.0));
    const auto hue = hueCornerColours(frame.inputs.time, randStart_);
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t c = 0; c < 3; ++c) cornerScratch_[k * 3 + c] = hue[k][c];
    glUniform3fv(p.corner, 4, cornerScratch_.data());
    glUniform4i(p.filters, vars.brighten != 0.0, vars.darken != 0.0, vars.solarize != 0.0,
                vars.invert != 0.0);
  }
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, canvas.id());
  glBindSampler(0, wrap ? wrapSampler_.get() : clampSampler_.get());
  glDisable(GL_BLEND);
  vao_.bind();
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glBindSampler(0, 0);
  gl::drainGlErrors("CompositePass::draw", errors_);
}

}  // namespace phosphene::render
