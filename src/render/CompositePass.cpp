#include "render/CompositePass.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

// One source, specialised per frame's settings by the defines of CompositePass::Variant (a
// software rasteriser such as llvmpipe runs both sides of every branch, also of branches on
// uniforms, so everything a preset leaves off is compiled out instead). Per-pixel work that is
// linear across the quad (texture coordinates, Gouraud corner colours) is done per vertex.
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aScreen;
layout(location = 2) in vec4 aCorner;
uniform vec2 uEchoScale;  // ±1/zoom per axis, the sign flips the echo
uniform vec3 uCorner[16];  // 4 corner colours per slot (layer 0: slots 0-1, echo: 2-3)
out vec2 vTex;
out vec2 vEchoTex;
#if WITH_HUE
out vec3 vSlot0;
out vec3 vSlot1;
out vec3 vSlot2;
out vec3 vSlot3;
vec3 cornerMix(int first) {
  return uCorner[first] * aCorner.x + uCorner[first + 1] * aCorner.y +
         uCorner[first + 2] * aCorner.z + uCorner[first + 3] * aCorner.w;
}
#endif
void main() {
  // Screen UV has v = 0 at the top (D3D); GL's t = 0 is the bottom row.
  vTex = vec2(aScreen.x, 1.0 - aScreen.y);
  vec2 echo = (aScreen - 0.5) * uEchoScale + 0.5;
  vEchoTex = vec2(echo.x, 1.0 - echo.y);
#if WITH_HUE
  vSlot0 = cornerMix(0);
  vSlot1 = cornerMix(4);
  vSlot2 = cornerMix(8);
  vSlot3 = cornerMix(12);
#endif
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform vec4 uSlotWeight;  // style 0: how many MD2 draws each colour slot stands for
uniform vec3 uCorner[16];
uniform float uGamma;
uniform float uEchoAlpha;
uniform float uHueAmount;
in vec2 vTex;
in vec2 vEchoTex;
#if WITH_HUE
in vec3 vSlot0;
in vec3 vSlot1;
in vec3 vSlot2;
in vec3 vSlot3;
#define SLOT0 vSlot0
#define SLOT1 vSlot1
#define SLOT2 vSlot2
#define SLOT3 vSlot3
#else
// Without the hue shader all four corners of a slot have the same colour.
#define SLOT0 uCorner[0]
#define SLOT1 uCorner[4]
#define SLOT2 uCorner[8]
#define SLOT3 uCorner[12]
#endif
layout(location = 0) out vec4 fragColor;

// One draw landing in an 8-bit target: saturate, round to the nearest of 256 levels.
vec3 store8(vec3 x) { return floor(clamp(x, 0.0, 1.0) * 255.0 + 0.5) / 255.0; }

vec3 canvasTexel() {
#if EXACT_FETCH
  // The quad maps every pixel centre onto a texel centre, where bilinear filtering returns the
  // texel itself: fetch it without filtering.
  return texelFetch(uSource, ivec2(gl_FragCoord.xy), 0).rgb;
#else
  return texture(uSource, vTex).rgb;
#endif
}

void main() {
  vec3 c = vec3(0.0);
#if GENERATED_STYLE == 0
  // MD2's draws each add store8(texel · colour) to an 8-bit value that starts at 0 and only
  // grows, so saturating after every draw equals saturating the sum once. Per layer MD2's draws
  // use at most two distinct colours (mix·s for all but the last, the gamma remainder for the
  // last), so the CPU merges them into 2 weighted slots per layer: straight-line code.
  vec3 canvas = canvasTexel();
#if WHITE_SLOT0
  c = uSlotWeight.x * canvas;  // store8(texel · 1) is the texel: it is 8-bit already
#else
  c = uSlotWeight.x * store8(canvas * SLOT0);
#endif
#if USE_SLOT1
  c += uSlotWeight.y * store8(canvas * SLOT1);
#endif
#if WITH_ECHO
  vec3 echo = texture(uSource, vEchoTex).rgb;
  c += uSlotWeight.z * store8(echo * SLOT2);
#if USE_SLOT3
  c += uSlotWeight.w * store8(echo * SLOT3);
#endif
#endif
  c = min(c, vec3(1.0));
#if BRIGHTEN  // invert, square, invert: 1 - (1 - x)^2
  c = store8(1.0 - c);
  c = store8(c * c);
  c = store8(1.0 - c);
#endif
#if DARKEN
  c = store8(c * c);
#endif
#if SOLARIZE  // x(1 - x), then doubled: 2x(1 - x)
  c = store8(c * (1.0 - c));
  c = store8(c + c);
#endif
#if INVERT
  c = store8(1.0 - c);
#endif
#else
  c = canvasTexel();
#if WITH_ECHO
  c = mix(c, texture(uSource, vEchoTex).rgb, uEchoAlpha);
#endif
#if WITH_GAMMA
  c *= uGamma;
#endif
#if WITH_HUE
#if PARTIAL_HUE
  c *= (1.0 - uHueAmount) + uHueAmount * SLOT0;
#else
  c *= SLOT0;
#endif
#endif
#if BRIGHTEN
  c = sqrt(max(c, 0.0));
#endif
#if DARKEN
  c = c * c;
#endif
#if SOLARIZE
  c = c * (1.0 - c) * 4.0;
#endif
#if INVERT
  c = 1.0 - c;
#endif
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

std::string CompositePass::Variant::defines() const {
  const auto flag = [](const char* name, bool on) {
    return std::string("#define ") + name + (on ? " 1\n" : " 0\n");
  };
  return flag("GENERATED_STYLE", generated) + flag("WITH_HUE", hue) +
         flag("PARTIAL_HUE", partialHue) + flag("WITH_ECHO", echo) + flag("USE_SLOT1", slot1) +
         flag("USE_SLOT3", slot3) + flag("WHITE_SLOT0", whiteSlot0) + flag("WITH_GAMMA", gamma) +
         flag("EXACT_FETCH", exactFetch) + flag("BRIGHTEN", brighten) + flag("DARKEN", darken) +
         flag("SOLARIZE", solarize) + flag("INVERT", invert);
}

std::uint32_t CompositePass::Variant::key() const {
  const bool bits[] = {generated, hue,        partialHue, echo,   slot1,    slot3, whiteSlot0,
                       gamma,     exactFetch, brighten,   darken, solarize, invert};
  std::uint32_t k = 0;
  for (bool b : bits) k = (k << 1) | (b ? 1u : 0u);
  return k;
}

core::Diagnostics CompositePass::init(gl::GlslDialect dialect) {
  dialect_ = dialect;
  programs_.clear();
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto vb = gl::Buffer::create(GL_ARRAY_BUFFER, 4 * sizeof(Vertex), nullptr, GL_DYNAMIC_DRAW);
  if (!vb) return std::move(vb.diagnostics());
  vertices_ = std::move(*vb);
  vao_.attribute(0, vertices_, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao_.attribute(1, vertices_, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, s));
  vao_.attribute(2, vertices_, 4, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, w0));
  if (auto errors = samplers_.init(); !errors.empty()) return errors;
  // The variant of an MD1 preset with default values (gamma 2, no echo, no hue, canvas = output
  // size) is compiled now, so a broken shader shows at init like every other pass's; the others
  // are compiled on first use.
  Variant common;
  common.whiteSlot0 = true;
  common.exactFetch = true;
  core::Diagnostics errors;
  if (program(common, errors) == nullptr) return errors;
  glUseProgram(0);
  gl::drainGlErrors("CompositePass::init", errors);
  return errors;
}

const CompositePass::Program* CompositePass::program(const Variant& variant,
                                                     core::Diagnostics& errors) {
  const std::uint32_t key = variant.key();
  if (auto it = programs_.find(key); it != programs_.end()) {
    if (it->second.program) return &it->second;
    errors = it->second.failure;
    return nullptr;
  }
  // A failed build is remembered too (with its reason): it is not retried every frame.
  Program& p = programs_[key];
  auto program =
      gl::ShaderProgram::create(dialect_, variant.defines() + kShader,
                                variant.generated ? "composite_generated" : "composite_fixed");
  if (!program) {
    p.failure = program.diagnostics();
    errors = p.failure;
    return nullptr;
  }
  p.program = std::move(*program);
  p.slotWeight = p.program.uniformLocation("uSlotWeight");
  p.corner = p.program.uniformLocation("uCorner");
  p.echoScale = p.program.uniformLocation("uEchoScale");
  p.gamma = p.program.uniformLocation("uGamma");
  p.echoAlpha = p.program.uniformLocation("uEchoAlpha");
  p.hueAmount = p.program.uniformLocation("uHueAmount");
  p.program.use();
  glUniform1i(p.program.uniformLocation("uSource"), 0);
  return &p;
}

void CompositePass::draw(const preset::FrameState& frame, const gl::Texture2D& canvas,
                         BuiltinStyle style) {
  errors_.clear();
  if (vao_.id() == 0 || canvas.width() <= 0 || canvas.height() <= 0) return;
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

  Variant variant;
  variant.generated = style != BuiltinStyle::FixedFunction;
  // A quad of exactly the viewport over a canvas of the viewport's size samples texel centres
  // (and gl_FragCoord names the texel when the viewport starts at the origin).
  GLint viewport[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, viewport);
  variant.exactFetch = mx == 1.0f && my == 1.0f && viewport[0] == 0 && viewport[1] == 0 &&
                       viewport[2] == canvas.width() && viewport[3] == canvas.height();

  bool wrap = true;
  std::array<float, 4> weight{};
  float echoScaleU = 1.0f, echoScaleV = 1.0f;
  float gamma = 1.0f, echoAlpha = 0.0f, hueAmount = 0.0f;
  std::size_t corners = 16;
  if (!variant.generated) {
    const CompositeDraws plan = planFixedComposite(vars, frame.inputs.time, randStart_);
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
    // MD2 applies the hue shader only above 0.001 (both paths).
    variant.hue = vars.hueShader > 0.001;
    variant.slot1 = weight[1] > 0.0f;
    variant.echo = weight[2] + weight[3] > 0.0f;
    variant.slot3 = weight[3] > 0.0f;
    variant.whiteSlot0 = true;
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t c = 0; c < 3; ++c)
        variant.whiteSlot0 = variant.whiteSlot0 && slotCorners_[0][k][c] == 1.0f;
    // Exact only for unfiltered texels (k/255 already); filtered values keep the rounding.
    variant.whiteSlot0 = variant.whiteSlot0 && weight[0] > 0.0f && variant.exactFetch;
    const float inv = 1.0f / plan.echoZoom;
    echoScaleU = plan.flipU ? -inv : inv;
    echoScaleV = plan.flipV ? -inv : inv;
    variant.brighten = plan.brighten;
    variant.darken = plan.darken;
    variant.solarize = plan.solarize;
    variant.invert = plan.invert;
    // ShowToUser_NoShaders sets no address mode: it inherits WarpedBlit_NoShaders' (wrap flag).
    wrap = WarpPass::wraps(vars.wrap);
  } else {
    // GenCompPShaderText prints gamma and echo alpha with 2 decimals, 1/zoom with 3.
    const double zoom = std::clamp(vars.echoZoom, 0.001, 1000.0);
    const float inv = rounded(1.0 / zoom, 1000.0);
    const int orientation = truncated(vars.echoOrient) % 4;
    echoScaleU = orientation % 2 != 0 ? -inv : inv;
    echoScaleV = orientation >= 2 ? -inv : inv;
    gamma = rounded(std::clamp(vars.gamma, 0.0, 8.0), 100.0);
    echoAlpha = rounded(vars.echoAlpha, 100.0);
    hueAmount = rounded(vars.hueShader, 100.0);
    // The generated HLSL's own tests: echo above 0.001, hue at 1 and above or partial.
    variant.echo = echoAlpha > 0.001f;
    variant.gamma = gamma != 1.0f;
    variant.hue = hueAmount > 0.001f;
    variant.partialHue = variant.hue && hueAmount < 1.0f;
    const auto hue = hueCornerColours(frame.inputs.time, randStart_);
    for (std::size_t k = 0; k < 4; ++k)
      for (std::size_t c = 0; c < 3; ++c) cornerScratch_[k * 3 + c] = hue[k][c];
    corners = 4;
    variant.brighten = vars.brighten != 0.0;
    variant.darken = vars.darken != 0.0;
    variant.solarize = vars.solarize != 0.0;
    variant.invert = vars.invert != 0.0;
  }
  const Program* p = program(variant, errors_);
  if (p == nullptr) return;
  p->program.use();
  glUniform4f(p->slotWeight, weight[0], weight[1], weight[2], weight[3]);
  glUniform3fv(p->corner, static_cast<GLsizei>(corners), cornerScratch_.data());
  glUniform2f(p->echoScale, echoScaleU, echoScaleV);
  glUniform1f(p->gamma, gamma);
  glUniform1f(p->echoAlpha, echoAlpha);
  glUniform1f(p->hueAmount, hueAmount);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, canvas.id());
  glBindSampler(0, samplers_.pick(wrap));
  glDisable(GL_BLEND);
  vao_.bind();
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glBindSampler(0, 0);
  gl::drainGlErrors("CompositePass::draw", errors_);
}

}  // namespace phosphene::render
