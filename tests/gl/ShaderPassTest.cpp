// Preset warp and comp shaders on the real driver (issue 6): small hand-written shader presets run
// through engine::Engine (translation at load, link on the first frame, uniforms, blur, the v
// orientation of every texture) and the pixels they must give, on GL 3.3 core and GLES 3.0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"
#include "preset/WarpMesh.hpp"
#include "render/Renderer.hpp"
#include "shader/Translator.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 64, kH = 48;

std::string shaderPreset(const std::string& perFrame, const std::string& warp,
                         const std::string& comp) {
  std::string s =
      "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n"
      "fDecay=1.0\nfGammaAdj=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\nwarp=0.0\n";
  if (!perFrame.empty()) s += "per_frame_1=" + perFrame + "\n";
  if (!warp.empty()) s += "warp_1=`" + warp + "\n";
  if (!comp.empty()) s += "comp_1=`" + comp + "\n";
  return s;
}

void clearToBlack(const gl::Framebuffer& fb) {
  static constexpr GLfloat kBlack[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  fb.bind();
  glClearBufferfv(GL_COLOR, 0, kBlack);
}

bool hasId(const core::Diagnostics& diags, core::DiagnosticId id) {
  return std::any_of(diags.begin(), diags.end(),
                     [&](const core::Diagnostic& d) { return d.id == id; });
}

class ShaderPassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  /// Loads `text`, draws `frames` frames at a fixed clock and returns the last one.
  static platform::RgbaImage run(engine::Engine& engine, const std::string& text, int frames) {
    EXPECT_EQ(engine.loadPresetText(text, "test"), engine::Engine::LoadStatus::Ok);
    auto out = gl::Framebuffer::create({kW, kH});
    EXPECT_TRUE(out.ok());
    if (!out) return {};
    engine.setMeshSize(16, 12);
    for (int n = 0; n < frames; ++n)
      EXPECT_TRUE(engine.renderFrame({out->id(), 0, kW, kH}, 0.0)) << engine.lastError();
    return readFramebuffer(*out);
  }
  static const std::uint8_t* px(const platform::RgbaImage& img, double u, double v) {
    return img.at(std::clamp(static_cast<int>(u * kW), 0, kW - 1),
                  std::clamp(static_cast<int>(v * kH), 0, kH - 1));
  }
};

TEST_P(ShaderPassGl, CompShaderReturningAConstantFillsTheTarget) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img =
      run(engine, shaderPreset("", "", "shader_body { ret = float3(0.25, 0.5, 0.75); }"), 2);
  EXPECT_FALSE(hasId(engine.presetDiagnostics(), core::DiagnosticId::ShaderStageFallback));
  EXPECT_FALSE(hasId(engine.presetDiagnostics(), core::DiagnosticId::ShaderDriverRejected));
  for (double u : {0.02, 0.5, 0.98})
    for (double v : {0.02, 0.5, 0.98}) {
      const auto* p = px(img, u, v);
      EXPECT_NEAR(p[0], 64, 1);
      EXPECT_NEAR(p[1], 128, 1);
      EXPECT_NEAR(p[2], 191, 1);
    }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(ShaderPassGl, CompShaderReadsQ1FromPerFrame) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img =
      run(engine,
          shaderPreset("q1 = 0.6; q32 = 0.2;", "", "shader_body { ret = float3(q1, 0, q32); }"), 2);
  EXPECT_NEAR(px(img, 0.5, 0.5)[0], 153, 1);
  EXPECT_NEAR(px(img, 0.5, 0.5)[2], 51, 1);
}

// MD2's UV space has v = 0 at the top: a comp shader writing uv must show it that way.
TEST_P(ShaderPassGl, CompUvHasVDownwards) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img =
      run(engine, shaderPreset("", "", "shader_body { ret = float3(uv.x, uv.y, 0); }"), 1);
  EXPECT_LT(px(img, 0.02, 0.02)[0], 12);
  EXPECT_LT(px(img, 0.02, 0.02)[1], 12);
  EXPECT_GT(px(img, 0.98, 0.98)[0], 243);
  EXPECT_GT(px(img, 0.98, 0.98)[1], 243);
  EXPECT_NEAR(px(img, 0.5, 0.25)[1], 64, 8);
}

// The warp shader paints the top quarter red; the comp shader shows sampler_main. If the canvas
// were read without flipping v, the red band would appear at the bottom.
TEST_P(ShaderPassGl, SamplerMainKeepsTheImageUpright) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img =
      run(engine,
          shaderPreset("",
                       "shader_body { ret = tex2D(sampler_main, uv).xyz; if (uv_orig.y "
                       "< 0.25) ret = float3(1, 0, 0); }",
                       "shader_body { ret = tex2D(sampler_main, uv).xyz; }"),
          3);
  EXPECT_GT(px(img, 0.5, 0.1)[0], 240);
  EXPECT_LT(px(img, 0.5, 0.9)[0], 10);
}

// A warp shader reading below each pixel moves the image up, as in MD2: a white band fed in at
// the bottom climbs the screen by 1/8 per frame.
TEST_P(ShaderPassGl, WarpShaderShiftingUvMovesTheImage) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img =
      run(engine,
          shaderPreset("",
                       "shader_body { ret = tex2D(sampler_fc_main, uv_orig + float2(0, "
                       "0.125)).xyz; if (uv_orig.y > 0.875) ret = 1; }",
                       "shader_body { ret = tex2D(sampler_main, uv).xyz; }"),
          4);
  // Frames 1..4 warp; the comp shows VS0 (3 warps): white from about 1 − 3/8 down.
  EXPECT_LT(px(img, 0.5, 0.05)[0], 10);
  EXPECT_LT(px(img, 0.5, 0.5)[0], 10);
  EXPECT_GT(px(img, 0.5, 0.75)[0], 240);
  EXPECT_GT(px(img, 0.5, 0.95)[0], 240);
}

// The comp pass gets MD2's hue colours through _vDiffuse: 0.5..1 per channel, varying over the
// screen, brighter than zero everywhere.
TEST_P(ShaderPassGl, HueShaderColoursTheCompositeGrid) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img = run(engine, shaderPreset("", "", "shader_body { ret = hue_shader; }"), 1);
  int distinct = 0;
  const auto* first = px(img, 0.02, 0.02);
  for (double u : {0.02, 0.98})
    for (double v : {0.02, 0.98}) {
      const auto* p = px(img, u, v);
      for (int c = 0; c < 3; ++c) {
        EXPECT_GE(p[c], 126);
        EXPECT_LE(p[c], 255);
      }
      if (p[0] != first[0] || p[1] != first[1] || p[2] != first[2]) ++distinct;
    }
  EXPECT_GT(distinct, 0) << "the four corners have the same hue";
}

// GetBlur1 of a half-white canvas: white well inside the white half, black well inside the black
// half, in between at the edge between them; blur1 only (the highest level read).
TEST_P(ShaderPassGl, GetBlur1BlursTheCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img = run(engine,
                       shaderPreset("", "shader_body { ret = uv_orig.x < 0.5 ? 1 : 0; }",
                                    "shader_body { ret = GetBlur1(uv); }"),
                       3);
  EXPECT_GT(px(img, 0.25, 0.5)[0], 200);
  EXPECT_LT(px(img, 0.8, 0.5)[0], 30);
  const int mid = px(img, 0.5, 0.5)[0];
  EXPECT_GT(mid, 50);
  EXPECT_LT(mid, 205);
}

// blur1's range [b1n, b1x] = [0.2, 0.6]: the horizontal pass packs it into 0..1 (values outside
// saturate in the 8-bit target), GetBlur1 unpacks with _c5 — so a flat canvas reads back clamped
// to the range. blur1_edge_darken 0 keeps the edges out of it.
TEST_P(ShaderPassGl, GetBlur1UnpacksTheBlurRange) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img = run(engine,
                       shaderPreset("blur1_min = 0.2; blur1_max = 0.6; blur1_edge_darken = 0;",
                                    "shader_body { ret = float3(0.9, 0.4, 0.1); }",
                                    "shader_body { ret = GetBlur1(uv); }"),
                       3);
  for (double u : {0.1, 0.5, 0.9}) {
    EXPECT_NEAR(px(img, u, 0.5)[0], 153, 2);
    EXPECT_NEAR(px(img, u, 0.5)[1], 102, 2);
    EXPECT_NEAR(px(img, u, 0.5)[2], 51, 2);
  }
}

// Where blur1 lands relative to the canvas, with MD2's sampling (flipping quad, D3D9 pixel
// centres, the +1-texel offsets of blur1_ps.fx / blur2_ps.fx; BlurPasses): a one-pixel cross at
// canvas texel (32, 24) of a 64×48 canvas (blur targets 32×24 then 16×16). The expected centroids
// come from a step-by-step emulation of those D3D passes (bilinear D3D sampling in float):
// x 32.396, y 22.945 — so the level is NOT centred on the line vertically, as in MD2.
TEST_P(ShaderPassGl, Blur1LinesUpWithMilkDrop) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img = run(engine,
                       shaderPreset("blur1_edge_darken = 0;",
                                    "shader_body { float2 p = floor(uv_orig * texsize.xy); ret = "
                                    "(p.x == 32 || p.y == 24) ? 1 : 0; }",
                                    "shader_body { ret = GetBlur1(uv); }"),
                       3);
  double sx = 0, wx = 0, sy = 0, wy = 0;
  for (int x = 8; x < kW - 8; ++x) {
    const double i = img.at(x, 8)[0];  // a row far from the horizontal line
    sx += i * x;
    wx += i;
  }
  for (int y = 6; y < kH - 6; ++y) {
    const double i = img.at(8, y)[0];
    sy += i * y;
    wy += i;
  }
  ASSERT_GT(wx, 0.0);
  ASSERT_GT(wy, 0.0);
  // llvmpipe's 8-bit bilinear weights and the 8-bit targets move it by up to ~0.15 px.
  EXPECT_NEAR(sx / wx, 32.396, 0.25);
  EXPECT_NEAR(sy / wy, 22.945, 0.25);
}

// A shader that does not translate: warning at load, and the stage falls back to the built-in
// shader, which shows the canvas the (working) warp shader fills.
TEST_P(ShaderPassGl, UntranslatableCompShaderFallsBackWithAWarning) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  engine::Engine engine;
  const auto img = run(engine,
                       shaderPreset("", "shader_body { ret = float3(0, 1, 0); }",
                                    "shader_body { ret = no_such_thing(uv); }"),
                       3);
  EXPECT_TRUE(hasId(engine.presetDiagnostics(), core::DiagnosticId::ShaderStageFallback));
  EXPECT_FALSE(engine.presetShaders().comp);
  EXPECT_TRUE(engine.presetShaders().warp);
  EXPECT_GT(px(img, 0.5, 0.5)[1], 200) << "fallback composite does not show the canvas";
}

// GLSL the driver rejects (here: a translation result spoiled by hand) falls back with SHD011.
TEST_P(ShaderPassGl, DriverRejectionFallsBackWithAWarning) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  auto good = shader::translate("shader_body { ret = 0.5; }", shader::Stage::Comp, 2, dialect);
  ASSERT_TRUE(good) << good.diagnostics().front().format();
  auto bad = std::make_shared<shader::TranslatedShader>(*good);
  bad->glsl += "\nthis is not GLSL;\n";
  render::Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  render::PresetShaders shaders;
  shaders.comp = bad;
  const auto diags = renderer.setPresetShaders(shaders);
  EXPECT_TRUE(hasId(diags, core::DiagnosticId::ShaderDriverRejected));
  EXPECT_FALSE(renderer.hasCompShader());
  shaders.comp = std::make_shared<shader::TranslatedShader>(*good);
  EXPECT_TRUE(renderer.setPresetShaders(shaders).empty());
  EXPECT_TRUE(renderer.hasCompShader());
}

// A comp shader with 8 samplers uses texture units 0..7; the host's bindings there (2D, 3D and
// sampler objects, beyond the units GlStateGuard saves) must come back unchanged.
TEST_P(ShaderPassGl, HostTextureUnitsAreRestored) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  GLuint tex2d = 0, tex3d = 0, sampler = 0;
  glGenTextures(1, &tex2d);
  glGenTextures(1, &tex3d);
  glGenSamplers(1, &sampler);
  glActiveTexture(GL_TEXTURE6);
  glBindTexture(GL_TEXTURE_2D, tex2d);
  glBindSampler(6, sampler);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_3D, tex3d);
  glActiveTexture(GL_TEXTURE2);
  engine::Engine engine;
  run(engine,
      shaderPreset("", "",
                   "shader_body { ret = tex2D(sampler_main, uv).xyz + tex2D(sampler_fc_main, "
                   "uv).xyz + tex2D(sampler_pw_main, uv).xyz + tex2D(sampler_pc_main, uv).xyz + "
                   "tex2D(sampler_fw_main, uv).xyz + GetBlur1(uv) + GetBlur2(uv) + GetBlur3(uv); "
                   "}"),
      2);
  EXPECT_TRUE(engine.presetShaders().comp);
  GLint active = 0, bound = 0;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
  EXPECT_EQ(active, GL_TEXTURE2);
  glActiveTexture(GL_TEXTURE6);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), tex2d);
  glGetIntegerv(GL_SAMPLER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), sampler);
  glActiveTexture(GL_TEXTURE1);
  glGetIntegerv(GL_TEXTURE_BINDING_3D, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), tex3d);
  glActiveTexture(GL_TEXTURE0);
  glBindSampler(6, 0);
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &tex2d);
  glDeleteTextures(1, &tex3d);
}

// plugin.cpp AllocateMyDX9Stuff: halve (floor 16) before targets 0, 1, 2 and 4, then round the
// width to ⌊(w+3)/16⌋·16 and the height to ⌊(h+3)/4⌋·4. No GL needed.
TEST(BlurPassSizes, MilkDropsBlurTargetSizes) {
  const int w1024[6][2] = {{512, 384}, {256, 192}, {128, 96}, {128, 96}, {64, 48}, {64, 48}};
  const int w256[6][2] = {{128, 96}, {64, 48}, {32, 24}, {32, 24}, {16, 16}, {16, 16}};
  for (int i = 0; i < 6; ++i) {
    const auto a = render::BlurPass::targetSize(1024, 768, i);
    EXPECT_EQ(a[0], w1024[i][0]);
    EXPECT_EQ(a[1], w1024[i][1]);
    const auto b = render::BlurPass::targetSize(256, 192, i);
    EXPECT_EQ(b[0], w256[i][0]);
    EXPECT_EQ(b[1], w256[i][1]);
  }
  const auto odd = render::BlurPass::targetSize(100, 70, 0);  // 50×35 → 48×36
  EXPECT_EQ(odd[0], 48);
  EXPECT_EQ(odd[1], 36);
}

// The comp pass's pixel inputs (one triangle; _uv from the pixel, rad/ang from a map of the grid)
// give what MD2's 32×24 grid interpolates: the same comp shader drawn both ways into a float
// target agrees to float rounding, at a size whose grid cells do not line up with a rasteriser's
// 4×4 blocks. Naming hue_shader (times 0) keeps the second program on the grid.
TEST_P(ShaderPassGl, CompPixelInputsGiveTheGridsValues) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  const std::string body = "ret = float3(rad, ang / 6.2831853, uv.x + uv.y * 0.5)";
  auto pixelShader =
      shader::translate("shader_body { " + body + "; }", shader::Stage::Comp, 2, dialect);
  auto gridShader = shader::translate("shader_body { " + body + " + hue_shader * 0.0; }",
                                      shader::Stage::Comp, 2, dialect);
  ASSERT_TRUE(pixelShader && gridShader);
  EXPECT_FALSE(pixelShader->readsHueShader);
  EXPECT_TRUE(gridShader->readsHueShader);
  render::ShaderCompPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  constexpr int w = 97, h = 61;
  auto out = gl::Framebuffer::create({w, h, GL_RGBA32F, GL_NEAREST});
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().format();
  const auto drawAndRead = [&](const shader::TranslatedShader& t, bool& pixelInputs) {
    render::PresetShaderProgram program;
    const auto errors =
        program.build(t, ctx->caps().dialect(), render::ShaderCompPass::vertexSource(),
                      "pixel_inputs", {}, render::ShaderCompPass::fragmentAdapter(t));
    EXPECT_TRUE(errors.empty()) << errors.front().format();
    clearToBlack(*out);
    program.use();
    program.setConstants({});
    pass.draw(w, h, {}, program);
    EXPECT_TRUE(pass.lastErrors().empty());
    pixelInputs = pass.lastDrawUsedPixelInputs();
    std::vector<float> pixels(static_cast<std::size_t>(w) * h * 4);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, pixels.data());
    return pixels;
  };
  bool pixelMode = false, gridMode = true;
  const auto perPixel = drawAndRead(*pixelShader, pixelMode);
  const auto grid = drawAndRead(*gridShader, gridMode);
  EXPECT_TRUE(pixelMode);
  EXPECT_FALSE(gridMode);
  float worst = 0.0f, radMax = 0.0f;
  for (std::size_t i = 0; i < perPixel.size(); ++i) {
    if (i % 4 == 3) continue;
    worst = std::max(worst, std::abs(perPixel[i] - grid[i]));
    if (i % 4 == 0) radMax = std::max(radMax, perPixel[i]);
  }
  EXPECT_LT(worst, 1e-5f);
  EXPECT_GT(radMax, 0.95f);  // the corners: rad reached the pixels at all
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// The same for the warp: the per-frame map of the mesh's warped uv, the per-mesh map of rad and
// ang (drawn in MD2's two halves around the ang seam) and uv_orig from the pixel give what the
// mesh interpolates. A transition mask (an alpha below 1) keeps the pass on the mesh.
TEST_P(ShaderPassGl, WarpPixelInputsGiveTheMeshsValues) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  constexpr int w = 97, h = 61;
  preset::FrameState frame;
  preset::buildMeshGeometry({48, 36, w, h, 0.5f, 0.5f}, frame.mesh.geometry);
  const auto& g = frame.mesh.geometry;
  render::ShaderWarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  auto out = gl::Framebuffer::create({w, h, GL_RGBA32F, GL_NEAREST});
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().format();
  // Four texture reads (of nothing bound, times 0): the shader of a typical costly warp.
  const std::string reads =
      " + 0.0 * (tex2D(sampler_main, uv).xyz + tex2D(sampler_main, uv * 2) + "
      "tex2D(sampler_main, uv * 3).xyz + tex2D(sampler_main, uv * 4).xyz);";
  for (const char* body :
       {"ret = float3(uv.x, uv.y, rad)", "ret = float3(uv_orig.x, uv_orig.y, ang / 6.2831853)"}) {
    auto t = shader::translate(std::string("shader_body { ") + body + reads + " }",
                               shader::Stage::Warp, 2, dialect);
    ASSERT_TRUE(t) << t.diagnostics().front().format();
    ASSERT_TRUE(render::ShaderWarpPass::fragmentAdapter(*t).pixelInputs);
    render::PresetShaderProgram program;
    const auto errors =
        program.build(*t, ctx->caps().dialect(), render::ShaderWarpPass::vertexSource(),
                      "pixel_inputs", {}, render::ShaderWarpPass::fragmentAdapter(*t));
    ASSERT_TRUE(errors.empty()) << errors.front().format();
    const auto drawAndRead = [&](bool& pixelInputs) {
      clearToBlack(*out);
      program.use();
      program.setConstants({});
      EXPECT_TRUE(pass.draw(frame, program));
      EXPECT_TRUE(pass.lastErrors().empty());
      pixelInputs = pass.lastDrawUsedPixelInputs();
      std::vector<float> pixels(static_cast<std::size_t>(w) * h * 4);
      glReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, pixels.data());
      return pixels;
    };
    for (int step = 0; step < 2; ++step) {  // the second frame warps differently
      frame.mesh.uv.clear();
      for (const preset::Vec2& o : g.uvOrig)  // not linear over the mesh
        frame.mesh.uv.push_back(
            {o.x + 0.05f * std::sin(o.y * 9.0f + static_cast<float>(step)), o.y * o.y});
      bool pixelMode = false, meshMode = true;
      frame.mesh.alpha.clear();
      const auto perPixel = drawAndRead(pixelMode);
      frame.mesh.alpha.assign(g.vertexCount(), 1.0f);
      frame.mesh.alpha[0] = 0.5f;
      const auto mesh = drawAndRead(meshMode);
      EXPECT_TRUE(pixelMode) << body;
      EXPECT_FALSE(meshMode) << body;
      float worst = 0.0f;
      for (std::size_t i = 0; i < perPixel.size(); ++i)
        if (i % 4 != 3) worst = std::max(worst, std::abs(perPixel[i] - mesh[i]));
      EXPECT_LT(worst, 1e-5f) << body;
    }
  }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// Which programs get pixel mode: every comp shader but those reading hue_shader; every warp shader,
// the cheapest too (its UVs come from the per-vertex grid, no per-frame map to pay for). No GL.
TEST(PixelInputsChoice, CompUnlessHueEveryWarp) {
  const auto adapter = [](const std::string& body, shader::Stage stage) {
    auto t = shader::translate("shader_body { " + body + " }", stage, 2, shader::Dialect::Glsl330);
    EXPECT_TRUE(t) << t.diagnostics().front().format();
    return !t                             ? false
           : stage == shader::Stage::Comp ? render::ShaderCompPass::fragmentAdapter(*t).pixelInputs
                                          : render::ShaderWarpPass::fragmentAdapter(*t).pixelInputs;
  };
  EXPECT_TRUE(adapter("ret = tex2D(sampler_main, uv).xyz * rad;", shader::Stage::Comp));
  EXPECT_FALSE(adapter("ret = tex2D(sampler_main, uv).xyz * hue_shader;", shader::Stage::Comp));
  EXPECT_TRUE(adapter("ret = tex2D(sampler_main, uv).xyz;", shader::Stage::Warp));
  EXPECT_TRUE(adapter("for (int i = 0; i < 4; i++) ret += tex2D(sampler_main, uv + i * 0.01).xyz;",
                      shader::Stage::Warp));
}

// A user texture is bound as its file stores it (first row = top, as D3D): no v flip for it,
// unlike the canvas. texsize_<name> gets its size. The texture comes from a resolver standing in
// for the TextureLibrary: 2×2, top row red, bottom row blue.
TEST_P(ShaderPassGl, UserTextureIsReadUprightWithItsSize) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  auto t = shader::translate(
      "sampler sampler_pc_clouds; float4 texsize_clouds;\nshader_body { ret = "
      "tex2D(sampler_pc_clouds, uv).xyz; ret.y = texsize_clouds.x * 0.25 + texsize_clouds.w * "
      "0.5; }",
      shader::Stage::Comp, 2, dialect);
  ASSERT_TRUE(t) << t.diagnostics().front().format();
  auto texture = gl::Texture2D::create({2, 2});
  ASSERT_TRUE(texture.ok());
  const std::uint8_t rows[16] = {255, 0, 0,   255, 255, 0, 0,   255,   // first row (top)
                                 0,   0, 255, 255, 0,   0, 255, 255};  // second row (bottom)
  ASSERT_TRUE(texture->uploadRgba8(rows));
  render::PresetShaderProgram program;
  int resolved = 0;
  const auto errors = program.build(
      *t, ctx->caps().dialect(), render::ShaderCompPass::vertexSource(), "user_texture",
      [&](const shader::ShaderSampler& s) {
        ++resolved;
        EXPECT_EQ(s.texture.root, "clouds");
        return render::ExternalTexture{texture->id(), GL_TEXTURE_2D, 2, 2};
      },
      render::ShaderCompPass::fragmentAdapter(*t));
  ASSERT_TRUE(errors.empty()) << errors.front().format();
  EXPECT_EQ(resolved, 1);
  render::ShaderCompPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  GLuint samplers[4];
  glGenSamplers(4, samplers);
  for (GLuint sm : samplers) {
    glSamplerParameteri(sm, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(sm, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  out->bind();
  program.use();
  program.setConstants({});
  program.bindTextures({}, {samplers[0], samplers[1], samplers[2], samplers[3]});
  pass.draw(kW, kH, {}, program);
  program.unbindTextures();
  glDeleteSamplers(4, samplers);
  EXPECT_TRUE(pass.lastErrors().empty());
  const auto img = readFramebuffer(*out);
  EXPECT_GT(px(img, 0.5, 0.1)[0], 250);  // top: red
  EXPECT_LT(px(img, 0.5, 0.1)[2], 5);
  EXPECT_GT(px(img, 0.5, 0.9)[2], 250);  // bottom: blue
  EXPECT_LT(px(img, 0.5, 0.9)[0], 5);
  EXPECT_NEAR(px(img, 0.5, 0.5)[1], 191, 1);  // 2·0.25 + 0.5·0.5 = 0.75
}

// A noise volume is bound as a 3D texture on its unit, with its size in texsize_noisevol_hq; the
// size of a noise texture the shader does not sample still reaches texsize_noise_lq (MD2 always
// has them). Textures come from a resolver standing in for NoiseTextures: the volume is 2×2×2,
// all (64, 128, 192).
TEST_P(ShaderPassGl, NoiseVolumeIsBoundAsA3dTexture) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  auto t = shader::translate(
      "shader_body { ret = tex3D(sampler_noisevol_hq, float3(uv, 0.5)).xyz + GetPixel(uv); "
      "ret.x += texsize_noisevol_hq.x / 32.0 * 0.25; ret.y += texsize_noise_lq.x / 256.0 * 0.25; "
      "ret.z += step(2.0, rad); }",  // reads rad: the pixel-input map sampler is active
      shader::Stage::Comp, 2, dialect);
  ASSERT_TRUE(t) << t.diagnostics().front().format();
  GLuint volume = 0;
  glGenTextures(1, &volume);
  glBindTexture(GL_TEXTURE_3D, volume);
  std::uint8_t texels[8 * 4];
  for (int i = 0; i < 8; ++i) {
    texels[i * 4 + 0] = 64;
    texels[i * 4 + 1] = 128;
    texels[i * 4 + 2] = 192;
    texels[i * 4 + 3] = 255;
  }
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glBindTexture(GL_TEXTURE_3D, 0);
  render::PresetShaderProgram program;
  const auto errors = program.build(
      *t, ctx->caps().dialect(), render::ShaderCompPass::vertexSource(), "noise_volume",
      [&](const shader::ShaderSampler& s) {
        if (s.texture.root == "noise_lq")  // texsize only
          return render::ExternalTexture{0, GL_TEXTURE_2D, 256, 256};
        EXPECT_TRUE(s.volume);
        return render::ExternalTexture{volume, GL_TEXTURE_3D, 32, 32};
      },
      render::ShaderCompPass::fragmentAdapter(*t));
  ASSERT_TRUE(errors.empty()) << errors.front().format();
  EXPECT_EQ(program.textureUnits(), 2);
  auto black = gl::Framebuffer::create({4, 4});
  ASSERT_TRUE(black.ok());
  clearToBlack(*black);
  render::ShaderCompPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  GLuint samplers[4];
  glGenSamplers(4, samplers);
  for (GLuint sm : samplers) {  // a fresh sampler's mipmap filter would leave the volume incomplete
    glSamplerParameteri(sm, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(sm, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  }
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  out->bind();
  program.use();
  program.setConstants({});
  program.bindTextures({&black->color(), {}}, {samplers[0], samplers[1], samplers[2], samplers[3]});
  pass.draw(kW, kH, {}, program);
  EXPECT_TRUE(pass.lastDrawUsedPixelInputs());
  EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
  const auto img = readFramebuffer(*out);
  // On the grid (a transition's blend) the pixel-input maps' samplers stay off unit 0, where the
  // sampler3D is: GL refuses a draw with two sampler types on one unit (GL_INVALID_OPERATION).
  const preset::WarpMeshState noMask;
  out->bind();
  pass.draw(kW, kH, {}, program, &noMask, render::PassBlend::Alpha);
  EXPECT_FALSE(pass.lastDrawUsedPixelInputs());
  EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
  glDisable(GL_BLEND);
  program.unbindTextures();
  glDeleteSamplers(4, samplers);
  glDeleteTextures(1, &volume);
  EXPECT_NEAR(px(img, 0.5, 0.5)[0], 64 + 64, 2);   // + 32/32·0.25
  EXPECT_NEAR(px(img, 0.5, 0.5)[1], 128 + 64, 2);  // texsize of a noise texture not sampled
  EXPECT_NEAR(px(img, 0.5, 0.5)[2], 192, 2);
}

// Blur passes run only up to the highest level the preset's two shaders read.
TEST_P(ShaderPassGl, BlurLevelsFollowTheShaders) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  const auto make = [&](const char* text, shader::Stage stage) {
    auto t = shader::translate(text, stage, 2, dialect);
    EXPECT_TRUE(t) << t.diagnostics().front().format();
    return t ? std::make_shared<shader::TranslatedShader>(*t) : nullptr;
  };
  render::Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  render::PresetShaders shaders;
  shaders.comp = make("shader_body { ret = GetBlur2(uv); }", shader::Stage::Comp);
  EXPECT_TRUE(renderer.setPresetShaders(shaders).empty());
  EXPECT_EQ(renderer.blurLevels(), 2);
  shaders.warp = make("shader_body { ret = GetBlur3(uv); }", shader::Stage::Warp);
  shaders.comp = make("shader_body { ret = GetBlur1(uv); }", shader::Stage::Comp);
  EXPECT_TRUE(renderer.setPresetShaders(shaders).empty());
  EXPECT_EQ(renderer.blurLevels(), 3);
  shaders.warp = make("shader_body { ret = GetPixel(uv); }", shader::Stage::Warp);
  shaders.comp = make("shader_body { ret = tex2D(sampler_main, uv).xyz; }", shader::Stage::Comp);
  EXPECT_TRUE(renderer.setPresetShaders(shaders).empty());
  EXPECT_EQ(renderer.blurLevels(), 0);
}

INSTANTIATE_TEST_SUITE_P(Apis, ShaderPassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
