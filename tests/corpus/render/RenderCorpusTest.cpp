// Every preset of the installed collection (Debian projectm-data): compiles, steps and renders 30
// frames at 160×120 on a headless GL 3.3 core context (llvmpipe) with synthetic audio; presets
// with warp/comp shaders run them (translated and linked as a render does, textures from the
// preset's folder and presets_tryptonaut/). Fails on a load failure, a GL error (from the renderer
// or KHR_debug), a shader that does not translate or link (that stage would fall back to the
// built-in pass), or a crash. Prints, per shard:
//  * presets with a non-finite value in what the renderer draws (the FrameState), with the first
//    one found. Non-finite warp coordinates alone are listed, not failed: they come from the
//    preset's own arithmetic (zoom 0, a negative zoom to a fractional power), which MD2 evaluates
//    the same way (see tests/corpus/preset); a non-finite value anywhere else fails;
//  * presets whose 30 frames are all black, whose picture never changes after the first frame,
//    or whose every frame is one flat colour; shader presets marked "(shaders)".
//
// The presets come from the Runtime (preset stage) straight into one render::Renderer per shard
// whose feedback is cleared before each preset, so nothing carries over between presets. The
// collection is split into shards, one CTest case each, so `ctest -j` spreads the work.

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "corpus/CorpusFiles.hpp"
#include "corpus/SyntheticFrameAudio.hpp"
#include "eel/Eel.hpp"
#include "engine/PresetShaderTranslation.hpp"
#include "gl/Framebuffer.hpp"
#include "milk/PresetFeatures.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"
#include "render/Renderer.hpp"

namespace phosphene::render {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 16;
constexpr int kFrames = 30;
constexpr int kW = 160, kH = 120;

void syntheticAudio(int frame, audio::FrameAudio& a) {
  testing::syntheticFrameAudio(frame, a, 15);  // a kick every 15 frames
}

bool finite(double v) {
  return std::isfinite(v);
}
bool finite(const preset::Vec2& v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
bool finite(const preset::Rgba& c) {
  return std::isfinite(c.r) && std::isfinite(c.g) && std::isfinite(c.b) && std::isfinite(c.a);
}

// The first non-finite value the renderer would draw outside the warp coordinates ("" if none).
std::string nonFiniteOutsideWarp(const preset::FrameState& f) {
  const preset::FrameVars& v = f.vars;
  const double vars[] = {v.decay,  v.gamma,    v.echoZoom, v.echoAlpha, v.echoOrient,   v.brighten,
                         v.darken, v.solarize, v.invert,   v.wrap,      v.darkenCenter, v.obSize,
                         v.obR,    v.obG,      v.obB,      v.obA,       v.ibSize,       v.ibR,
                         v.ibG,    v.ibB,      v.ibA,      v.hueShader};
  for (double value : vars)
    if (!finite(value)) return "a composite/border variable";
  for (float a : f.mesh.alpha)
    if (!std::isfinite(a)) return "warp mesh alpha";
  const auto& wave = f.builtinWave;
  if (wave.visible) {
    if (!finite(wave.colour)) return "built-in wave colour";
    for (const auto& p : wave.points)
      if (!finite(p)) return "built-in wave point";
  }
  for (std::size_t w = 0; w < f.customWaves.size(); ++w) {
    if (!f.customWaves[w].visible) continue;
    for (const auto& p : f.customWaves[w].points)
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !finite(p.colour))
        return "custom wave " + std::to_string(w) + " point";
  }
  for (std::size_t s = 0; s < f.customShapes.size(); ++s)
    for (const auto& i : f.customShapes[s].instances) {
      const double values[] = {i.x,  i.y,  i.rad,     i.ang,     i.texAng,  i.texZoom,
                               i.r,  i.g,  i.b,       i.a,       i.r2,      i.g2,
                               i.b2, i.a2, i.borderR, i.borderG, i.borderB, i.borderA};
      for (double value : values)
        if (!finite(value)) return "custom shape " + std::to_string(s) + " instance";
    }
  if (!f.motionVectors.segments.empty()) {
    if (!finite(f.motionVectors.colour)) return "motion vector colour";
    for (const auto& p : f.motionVectors.segments)
      if (!finite(p)) return "motion vector segment";
  }
  return "";
}

// What the frames of one preset looked like.
class PictureHistory {
 public:
  void add(const std::vector<std::uint8_t>& rgba, int frame) {
    int maxValue = 0;
    bool flat = true;
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
      for (std::size_t c = 0; c < 3; ++c) {
        maxValue = std::max<int>(maxValue, rgba[i + c]);
        if (rgba[i + c] != rgba[c]) flat = false;
      }
    }
    if (maxValue > kBlackLevel) allBlack_ = false;
    if (!flat) allFlat_ = false;
    // Frame 0 differs from the rest for nearly every preset (MD2 clears the feedback after it).
    if (frame >= 2 && !equalRgb(rgba, previous_)) changedAfterFirst_ = true;
    previous_ = rgba;
  }
  bool allBlack() const { return allBlack_; }
  bool frozen() const { return !allBlack_ && !changedAfterFirst_; }
  bool allFlat() const { return !allBlack_ && allFlat_; }

 private:
  static constexpr int kBlackLevel = 2;  // a channel at most this high counts as black
  static bool equalRgb(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); i += 4)
      if (a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2]) return false;
    return true;
  }
  bool allBlack_ = true, allFlat_ = true, changedAfterFirst_ = false;
  std::vector<std::uint8_t> previous_;
};

class RenderCorpus : public ::testing::TestWithParam<int> {};

TEST_P(RenderCorpus, RendersThirtyFramesWithoutGlErrors) {
  const auto files = phosphene::testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, platform::GlApi::Core33);
  const auto start = std::chrono::steady_clock::now();
  const int shard = GetParam();

  Renderer renderer;
  const auto init = renderer.init(ctx->caps().dialect());
  ASSERT_TRUE(init.empty()) << init.front().format();
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  preset::StepInputs inputs;
  inputs.meshX = 48;
  inputs.meshY = 36;
  inputs.canvasWidth = kW;
  inputs.canvasHeight = kH;

  shader::TranslationCache translations;
  clock::Random random(1234);
  renderer.setSeed(99);
  int total = 0, rendered = 0, withShaders = 0;
  std::vector<std::string> loadFailures, glFailures, shaderFailures, nonFinite, warpNaN, black,
      frozen, flat;
  std::vector<std::uint8_t> pixels;
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    ++total;
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    auto milkPreset = milk::readPresetFile(files[i]);
    if (!milkPreset) {
      loadFailures.push_back(rel);
      continue;
    }
    const milk::PresetFeatures features = milk::describeFeatures(*milkPreset);
    const bool shaders = features.warpShader || features.compShader;
    withShaders += shaders ? 1 : 0;
    ++rendered;
    eel::Globals globals(1 << 16);  // a small gmegabuf: presets index it mod its size anyway
    preset::Runtime runtime(preset::Program::compile(*milkPreset, globals));
    renderer.clearFeedback();
    renderer.setStages(
        PresetStages::fromPsVersions(milkPreset->warpPsVersion, milkPreset->compPsVersion));
    {
      core::Diagnostics report;
      engine::TranslatedPresetShaders t = engine::translatePresetShaders(
          *milkPreset, shader::Dialect::Glsl330, translations, &report);
      // MD2 has one textures folder for all presets; projectm-data ships its textures in
      // presets_tryptonaut/ only, and presets of the other folders name them too.
      renderer.setTextureSearchPath(
          {files[i].parent_path(), fs::path(PHOSPHENE_CORPUS_DIR) / "presets_tryptonaut"});
      PresetShaders presetShaders{t.warp, t.comp, preset::ShaderPresetRandom::draw(random), 0.0,
                                  rel};
      for (const core::Diagnostic& d : renderer.setPresetShaders(presetShaders))
        if (d.id == core::DiagnosticId::ShaderDriverRejected) report.push_back(d);
      if (!report.empty()) shaderFailures.push_back(rel + ": " + report.front().format());
    }
    const std::size_t debugErrorsBefore = ctx->debugErrors().size();
    clock::FrameClock clock(30.0);
    audio::FrameAudio audio;
    PictureHistory history;
    bool nanListed = false, warpListed = false, glListed = false;
    for (int frame = 0; frame < kFrames; ++frame) {
      clock.advance(0.0);
      syntheticAudio(frame, audio);
      const preset::FrameState& state = runtime.step(audio, clock, inputs);
      if (const std::string where = nonFiniteOutsideWarp(state); !where.empty() && !nanListed) {
        nanListed = true;
        nonFinite.push_back(rel + " (frame " + std::to_string(frame) + "): " + where);
      }
      if (!warpListed && preset::nonFiniteWarpVertices(state) > 0) {
        warpListed = true;
        warpNaN.push_back(rel + " (frame " + std::to_string(frame) + ")");
      }
      const auto problems = renderer.draw(state, {out->id(), 0, kW, kH});
      if (!problems.empty() && !glListed) {
        glListed = true;
        glFailures.push_back(rel + ": " + problems.front().format());
      }
      out->readRgba8(pixels);
      history.add(pixels, frame);
    }
    if (ctx->debugErrors().size() > debugErrorsBefore && !glListed)
      glFailures.push_back(rel + ": " + ctx->debugErrors()[debugErrorsBefore]);
    const std::string label = shaders ? rel + " (shaders)" : rel;
    if (history.allBlack()) black.push_back(label);
    if (history.frozen()) frozen.push_back(label);
    if (history.allFlat()) flat.push_back(label);
  }

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "[shard %d/%d] files %d, rendered %d (with pixel shaders %d), GL failures %zu, shader "
      "failures %zu, non-finite draw values %zu, non-finite warp %zu, black %zu, frozen %zu, "
      "flat %zu; %.1f s\n",
      shard, kShards, total, rendered, withShaders, glFailures.size(), shaderFailures.size(),
      nonFinite.size(), warpNaN.size(), black.size(), frozen.size(), flat.size(), seconds);
  for (const auto& e : warpNaN) std::printf("  non-finite warp: %s\n", e.c_str());
  for (const auto& e : nonFinite) std::printf("  non-finite: %s\n", e.c_str());
  for (const auto& e : black) std::printf("  black: %s\n", e.c_str());
  for (const auto& e : frozen) std::printf("  frozen: %s\n", e.c_str());
  for (const auto& e : flat) std::printf("  flat: %s\n", e.c_str());
  for (const auto& f : loadFailures) ADD_FAILURE() << "cannot load " << f;
  for (const auto& f : glFailures) ADD_FAILURE() << "GL error: " << f;
  for (const auto& f : shaderFailures) ADD_FAILURE() << "shader falls back: " << f;
  for (const auto& f : nonFinite) ADD_FAILURE() << "non-finite value drawn: " << f;
}

INSTANTIATE_TEST_SUITE_P(Shards, RenderCorpus, ::testing::Range(0, kShards));

}  // namespace
}  // namespace phosphene::render
