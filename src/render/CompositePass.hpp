#pragma once
// The built-in composite (spec §4.8, §8.6): the canvas drawn to the host's target with video echo,
// gamma, the hue shader and the brighten / darken / solarize / invert filters. Used when a preset
// has no comp shader.
//
// FixedFunction (comp PS version 0) reproduces MD2's ShowToUser_NoShaders (milkdropfs.cpp)
// literally, but in ONE fragment-shader pass: MD2 draws up to 16 textured quads (each layer once
// plus ⌊gamma⌋ additive copies) and then the filters as untextured quads with blend tricks, every
// draw saturating and rounding into the 8-bit back buffer. The shader adds each draw's
// 8-bit-rounded contribution and saturates once (exact: the value starts at 0 and only grows, so
// clamping after every draw or once at the end agree), merging draws of the same colour into
// weighted slots (2 per layer), then applies the filters with a rounding after each of MD2's
// passes. So the result does not depend on the target's format. Vertex colours are MD2's 8-bit
// D3DCOLOR values
// ((int)(x·255) & 0xFF) per quad corner, interpolated over the same two triangles as MD2's strip.
//
// GeneratedShader (comp PS version > 0, empty comp block) uses the HLSL MD2 generates for it
// (plugin.cpp GenCompPShaderText): lerp to the echo, ×gamma, hue, then sqrt / square /
// 4x(1−x) / 1−x, with the constants rounded as MD2 prints them.
//
// The quad covers the whole target whatever its size; for portrait canvases MD2 stretches it
// horizontally by H/W (spec §8.6), reproduced here. MD2's 1 + 1/W overdraw, which compensates
// for D3D9's half-pixel offset, is not: on GL a ±1 quad maps pixel centres onto texel centres.

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlName.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"
#include "preset/FrameState.hpp"
#include "render/WarpPass.hpp"

namespace phosphene::render {

/// The draws of MD2's fixed-function composite for one frame, as plain data (testable).
struct CompositeDraws {
  static constexpr int kMaxDraws = 18;
  struct Draw {
    int layer = 0;  // 0 = the canvas, 1 = the echo copy
    /// Vertex colour per quad corner (0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right),
    /// RGB, as the 8-bit values MD2 passes to D3D, divided by 255.
    std::array<std::array<float, 3>, 4> corner{};
  };
  std::array<Draw, kMaxDraws> draws{};
  int count = 0;
  float echoZoom = 1.0f;  // after MD2's clamp to [0.001, 1000]
  bool flipU = false, flipV = false;
  bool brighten = false, darken = false, solarize = false, invert = false;
};

/// MD2's per-corner hue colours (spec §4.8) before mixing with the amount.
std::array<std::array<float, 3>, 4> hueCornerColours(double time,
                                                     const std::array<float, 4>& randStart);

/// Plans the fixed-function composite for `vars` at `time` (ShowToUser_NoShaders).
CompositeDraws planFixedComposite(const preset::FrameVars& vars, double time,
                                  const std::array<float, 4>& randStart);

class CompositePass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);

  /// Draws `canvas` into the bound framebuffer over the current viewport (any size). The
  /// canvas's own size decides MD2's portrait stretch. Changes program, VAO, array buffer, unit
  /// 0's texture and sampler; leaves blending disabled.
  void draw(const preset::FrameState& frame, const gl::Texture2D& canvas,
            BuiltinStyle style = BuiltinStyle::FixedFunction);

  /// MD2's m_fRandStart (random per program run; corner hue phases). Default zeros.
  void setHueRandom(const std::array<float, 4>& randStart) { randStart_ = randStart; }

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  struct Vertex {
    float x, y;            // clip space
    float s, v;            // screen UV, v = 0 at the top (D3D)
    float w0, w1, w2, w3;  // corner weights (Gouraud)
  };
  // What a frame's settings switch on: each combination is its own program, compiled on first
  // use, instead of branches on uniforms (software rasterisers run both sides of a branch, so
  // every filter, the echo layer and the hue colours cost every pixel even when off).
  struct Variant {
    bool generated = false;             // GeneratedShader style, else FixedFunction
    bool hue = false;                   // hue shader on: corner colours differ
    bool partialHue = false;            // generated style: 0.001 < hue amount < 1
    bool echo = false;                  // the echo layer is visible
    bool slot1 = false, slot3 = false;  // fixed style: second colour slot of a layer used
    bool whiteSlot0 = false;  // fixed style: layer 0's first colour is 1 (store8 is a no-op)
    bool gamma = false;       // generated style: gamma != 1
    bool exactFetch = false;  // canvas = viewport size, quad = viewport: texel centres
    bool brighten = false, darken = false, solarize = false, invert = false;
    std::string defines() const;
    std::uint32_t key() const;
  };
  struct Program {
    gl::ShaderProgram program;  // empty when it failed to build (`failure` says why)
    core::Diagnostics failure;
    GLint slotWeight = -1, corner = -1, echoScale = -1, gamma = -1, echoAlpha = -1, hueAmount = -1;
  };
  /// The program for `variant`, built on first use; null (with the reason in `errors`) when
  /// it does not build.
  const Program* program(const Variant& variant, core::Diagnostics& errors);

  gl::GlslDialect dialect_{};
  std::unordered_map<std::uint32_t, Program> programs_;
  gl::VertexArray vao_;
  gl::Buffer vertices_;
  CanvasSamplers samplers_;
  std::array<float, 4> randStart_{};
  std::array<float, 16 * 3> cornerScratch_{};
  std::array<std::array<std::array<float, 3>, 4>, 4> slotCorners_{};
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
