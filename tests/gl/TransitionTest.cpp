// MilkDrop 2 transitions through engine::Engine (issue 11, spec §9): golden images in the middle
// of a blend (p = 0.25 and 0.6) for every warp blend pattern and for the four combinations of
// presets with and without pixel shaders, on GL 3.3 and ES 3.0; a blended frame that is neither
// preset's own frame nor a cross-fade of the two; two engines with transitions in flight that do
// not affect each other; and the runaway-equations preset that the frame budget stops.
//
// Fixed clock (30 fps), fixed seed, synthetic stereo audio with a beat, 256×192 canvas and a 32×24
// mesh. The first preset plays 20 frames, then the second is requested with a 2 s transition and
// (waitForLoads) starts at frame 21, so frame 21 + k has p = k / 60.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "ImageMetrics.hpp"
#include "KickAndChordAudio.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::gltest {
namespace {

namespace fs = std::filesystem;
using platform::GlApi;
using preset::BlendPatternType;

constexpr int kW = 256, kH = 192;
constexpr int kLeadFrames = 20;             // the first preset alone
constexpr double kTransitionSeconds = 2.0;  // 60 frames at 30 fps

fs::path ownPreset(const char* name) {
  return fs::path(PHOSPHENE_SOURCE_DIR) / "presets" / name;
}
fs::path corpusPreset(const char* path) {
  return fs::path(PHOSPHENE_CORPUS_DIR) / path;
}

// Two presets without pixel shaders (our own) and two with warp and comp shaders (projectm-data).
const char* const kPlainA = "phosphene-aurora.milk";
const char* const kPlainB = "phosphene-tunnel.milk";
const char* const kShaderA = "presets_milkdrop_200/shifter + geiss - neon pulse (glow mix).milk";
const char* const kShaderB = "presets_tryptonaut/cope - digital sea.milk";

// An engine that plays `first`, then blends to `second` from frame kLeadFrames + 1.
class Player {
 public:
  Player(std::optional<BlendPatternType> pattern, std::uint64_t seed = 1234)
      : engine_(engine::EngineSettings{.fps = 30.0, .seed = seed}) {
    engine_.setMeshSize(32, 24);
    engine::SwitchSettings s;
    s.autoSwitch = false;
    s.waitForLoads = true;
    s.blendPattern = pattern;
    engine_.setSwitchSettings(s);
  }
  engine::Engine& engine() { return engine_; }
  bool renderTo(const gl::Framebuffer& fb) {
    feedKickAndChord(engine_, ++frame_);
    return static_cast<bool>(engine_.renderFrame({fb.id(), 0, fb.width(), fb.height()}, 0.0));
  }
  int frame() const { return frame_; }

 private:
  engine::Engine engine_;
  int frame_ = 0;
};

struct Combo {
  const char* name;
  fs::path from, to;
};

std::vector<Combo> combos() {
  return {{"plain_plain", ownPreset(kPlainA), ownPreset(kPlainB)},
          {"plain_shader", ownPreset(kPlainA), corpusPreset(kShaderB)},
          {"shader_plain", corpusPreset(kShaderA), ownPreset(kPlainB)},
          {"shader_shader", corpusPreset(kShaderA), corpusPreset(kShaderB)}};
}

struct GoldenCase {
  const char* pattern;
  BlendPatternType type;
  std::size_t combo;
};

// Every pattern with the plain pair; every shader combination with the wipe (whose straight edge
// shows clearly which side belongs to which preset).
const GoldenCase kCases[] = {
    {"wipe", BlendPatternType::Wipe, 0},     {"plasma", BlendPatternType::Plasma, 0},
    {"radial", BlendPatternType::Radial, 0}, {"insideout", BlendPatternType::InsideOut, 0},
    {"wipe", BlendPatternType::Wipe, 1},     {"wipe", BlendPatternType::Wipe, 2},
    {"wipe", BlendPatternType::Wipe, 3},
};

class TransitionGolden : public ::testing::TestWithParam<std::tuple<GlApi, std::size_t>> {};

TEST_P(TransitionGolden, MatchesGolden) {
  const auto [api, index] = GetParam();
  const GoldenCase& c = kCases[index];
  const Combo combo = combos()[c.combo];
  ASSERT_TRUE(fs::exists(combo.from)) << combo.from;
  ASSERT_TRUE(fs::exists(combo.to)) << combo.to;
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, api);

  Player player(c.type);
  engine::Engine& engine = player.engine();
  ASSERT_EQ(engine.loadPresetFile(combo.from), engine::LoadStatus::Ok) << engine.lastError();
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  while (player.frame() < kLeadFrames) ASSERT_TRUE(player.renderTo(*out)) << engine.lastError();
  engine.requestPreset(engine::PresetSource::file(combo.to), kTransitionSeconds);
  for (const int k : {15, 36}) {  // p = 0.25, 0.6
    while (player.frame() < kLeadFrames + 1 + k)
      ASSERT_TRUE(player.renderTo(*out)) << engine.lastError();
    ASSERT_TRUE(engine.transitioning());
    EXPECT_NEAR(engine.transitionProgress(), k / 60.0, 1e-6);
    const std::string name = std::string("transition_") + c.pattern + "_" + combo.name + "_" +
                             (api == GlApi::Core33 ? "gl33_" : "es3_") + (k == 15 ? "p25" : "p60");
    const auto result = compareWithGolden(name, readFramebuffer(*out), {30.0, 0.92});
    EXPECT_TRUE(result.passed) << result.message;
  }
  for (const core::Diagnostic& d : engine.presetDiagnostics()) {
    EXPECT_NE(d.id, core::DiagnosticId::ShaderDriverRejected) << d.format();
    EXPECT_NE(d.id, core::DiagnosticId::ShaderStageFallback) << d.format();
  }
  // The blend ends at p = 1 and the outgoing preset is gone.
  while (player.frame() < kLeadFrames + 62) ASSERT_TRUE(player.renderTo(*out));
  EXPECT_FALSE(engine.transitioning());
  EXPECT_EQ(engine.outgoingRuntime(), nullptr);
  EXPECT_TRUE(ctx->debugErrors().empty());
}

std::string caseName(const ::testing::TestParamInfo<std::tuple<GlApi, std::size_t>>& info) {
  const GoldenCase& c = kCases[std::get<1>(info.param)];
  return std::string(c.pattern) + "_" + combos()[c.combo].name +
         (std::get<0>(info.param) == GlApi::Core33 ? "_gl33" : "_es3");
}

INSTANTIATE_TEST_SUITE_P(Cases, TransitionGolden,
                         ::testing::Combine(::testing::Values(GlApi::Core33, GlApi::Es30),
                                            ::testing::Range<std::size_t>(0, std::size(kCases))),
                         caseName);

// Renders `frames` frames of `player` into a fresh framebuffer and returns the last one.
platform::RgbaImage lastFrame(Player& player, const gl::Framebuffer& fb, int untilFrame) {
  while (player.frame() < untilFrame) EXPECT_TRUE(player.renderTo(fb));
  return readFramebuffer(fb);
}

TEST(Transition, BlendIsSpatialNotACrossFade) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  const int atFrame = kLeadFrames + 1 + 30;  // p = 0.5

  Player blended(BlendPatternType::Wipe);
  ASSERT_EQ(blended.engine().loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  lastFrame(blended, *fb, kLeadFrames);
  blended.engine().requestPreset(engine::PresetSource::file(ownPreset(kPlainB)),
                                 kTransitionSeconds);
  const platform::RgbaImage mid = lastFrame(blended, *fb, atFrame);
  ASSERT_TRUE(blended.engine().transitioning());

  Player onlyA(BlendPatternType::Wipe);
  ASSERT_EQ(onlyA.engine().loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  const platform::RgbaImage a = lastFrame(onlyA, *fb, atFrame);

  // B as a hard cut at the same frame, over the same canvas A left.
  Player onlyB(BlendPatternType::Wipe);
  ASSERT_EQ(onlyB.engine().loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  lastFrame(onlyB, *fb, kLeadFrames);
  ASSERT_EQ(onlyB.engine().loadPresetFile(ownPreset(kPlainB)), engine::LoadStatus::Ok);
  const platform::RgbaImage b = lastFrame(onlyB, *fb, atFrame);

  platform::RgbaImage crossFade(kW, kH);
  for (std::size_t i = 0; i < crossFade.pixels.size(); ++i)
    crossFade.pixels[i] = static_cast<std::uint8_t>((a.pixels[i] + b.pixels[i] + 1) / 2);

  std::printf(
      "PSNR of the blended frame: to A %.1f dB, to B %.1f dB, to the cross-fade %.1f dB; "
      "A to B %.1f dB\n",
      psnr(mid, a), psnr(mid, b), psnr(mid, crossFade), psnr(a, b));
  // Measured on llvmpipe: the blended frame is ~12-16 dB from each of these; identical images
  // would be infinite and a frame that merely followed one of them well above 30 dB.
  EXPECT_LT(psnr(mid, a), 25.0);
  EXPECT_LT(psnr(mid, b), 25.0);
  EXPECT_LT(psnr(mid, crossFade), 25.0);
  EXPECT_LT(psnr(a, b), 25.0) << "the two presets must look different for this test to mean much";
}

TEST(Transition, TwoEnginesWithTransitionsInFlightDoNotAffectEachOther) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fbX = gl::Framebuffer::create({kW, kH});
  auto fbY = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fbX.ok() && fbY.ok());
  const int until = kLeadFrames + 1 + 20;

  // X alone.
  Player alone(BlendPatternType::Radial, 7);
  ASSERT_EQ(alone.engine().loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  lastFrame(alone, *fbX, kLeadFrames);
  alone.engine().requestPreset(engine::PresetSource::file(ownPreset(kPlainB)), 2.0);
  const platform::RgbaImage reference = lastFrame(alone, *fbX, until);

  // X and Y interleaved frame by frame, each with its own transition.
  Player x(BlendPatternType::Radial, 7);
  Player y(BlendPatternType::Plasma, 99);
  ASSERT_EQ(x.engine().loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  ASSERT_EQ(y.engine().loadPresetFile(ownPreset(kPlainB)), engine::LoadStatus::Ok);
  while (x.frame() < kLeadFrames) {
    ASSERT_TRUE(x.renderTo(*fbX));
    ASSERT_TRUE(y.renderTo(*fbY));
  }
  x.engine().requestPreset(engine::PresetSource::file(ownPreset(kPlainB)), 2.0);
  y.engine().requestPreset(engine::PresetSource::file(ownPreset("phosphene-starfield.milk")), 1.0);
  while (x.frame() < until) {
    ASSERT_TRUE(x.renderTo(*fbX));
    ASSERT_TRUE(y.renderTo(*fbY));
    ASSERT_TRUE(x.engine().transitioning());
    ASSERT_TRUE(y.engine().transitioning());
  }
  const platform::RgbaImage interleaved = readFramebuffer(*fbX);
  EXPECT_EQ(interleaved.pixels, reference.pixels);
}

TEST(Transition, RunawayEquationsAreStoppedAndReported) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  Player player(std::nullopt);
  engine::Engine& engine = player.engine();
  // The preset that hung the host for minutes (issue 11): ~1.9 G iterations a frame.
  ASSERT_EQ(engine.loadPresetText("[preset00]\nper_pixel_1=loop(100000000, x=x+1);\n", "runaway"),
            engine::LoadStatus::Ok);
  bool next = false;
  engine.setPresetProvider([&](engine::SwitchReason reason) -> std::optional<engine::PresetSource> {
    EXPECT_EQ(reason, engine::SwitchReason::OverBudget);
    next = true;
    return engine::PresetSource::file(ownPreset(kPlainA));
  });
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(player.renderTo(*fb)) << engine.lastError();
  EXPECT_TRUE(next) << "the engine asks for another preset";
  EXPECT_EQ(engine.presetName(), std::string(kPlainA));
  bool reported = false;
  for (const engine::EngineEvent& e : engine.takeEvents())
    if (e.type == engine::EngineEvent::Type::PresetOverBudget) {
      reported = true;
      EXPECT_EQ(e.name, "runaway");
      ASSERT_FALSE(e.diagnostics.empty());
      EXPECT_EQ(e.diagnostics.front().id, core::DiagnosticId::PresetOverBudget);
    }
  EXPECT_TRUE(reported);
}

TEST(Transition, FailedLoadKeepsTheCurrentPresetRunning) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  Player player(std::nullopt);
  engine::Engine& engine = player.engine();
  ASSERT_EQ(engine.loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(player.renderTo(*fb));
  engine.requestPreset(engine::PresetSource::file("/nonexistent/nothing.milk"), 1.0);
  ASSERT_TRUE(player.renderTo(*fb)) << engine.lastError();
  EXPECT_EQ(engine.presetName(), std::string(kPlainA));
  EXPECT_FALSE(engine.transitioning());
  const platform::RgbaImage image = readFramebuffer(*fb);
  double sum = 0;
  for (std::size_t i = 0; i < image.pixels.size(); i += 4) sum += image.pixels[i + 1];
  EXPECT_GT(sum / (kW * kH), 2.0) << "not black: the current preset keeps drawing";
  bool failed = false;
  for (const engine::EngineEvent& e : engine.takeEvents())
    if (e.type == engine::EngineEvent::Type::PresetLoadFailed) {
      failed = true;
      ASSERT_FALSE(e.diagnostics.empty());
      EXPECT_EQ(e.diagnostics.front().id, core::DiagnosticId::IoOpenFailed);
    }
  EXPECT_TRUE(failed);
}

// A switch during a blend does what MD2 does (vis_milk2/plugin.cpp LoadPresetTick, at the swap:
// m_pOldState takes m_pState, the state coming in, and the previous m_pOldState is overwritten;
// then RandomizeBlendPattern and StartBlendFrom at GetTime()): the preset coming in becomes the
// one going out, the old one is dropped, and a new blend with a new pattern starts at the switch.
TEST(Transition, SwitchDuringATransitionStartsANewBlendFromTheIncomingPreset) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  Player player(BlendPatternType::Wipe);
  engine::Engine& engine = player.engine();
  ASSERT_EQ(engine.loadPresetFile(ownPreset(kPlainA)), engine::LoadStatus::Ok);
  lastFrame(player, *fb, 5);
  engine.requestPreset(engine::PresetSource::file(ownPreset(kPlainB)), 2.0);
  lastFrame(player, *fb, 20);
  ASSERT_TRUE(engine.transitioning());
  engine.requestPreset(engine::PresetSource::file(ownPreset("phosphene-starfield.milk")), 2.0);
  const platform::RgbaImage image = lastFrame(player, *fb, 21);
  EXPECT_TRUE(engine.transitioning());
  EXPECT_EQ(engine.presetName(), "phosphene-starfield.milk");
  ASSERT_NE(engine.outgoingRuntime(), nullptr);
  EXPECT_NEAR(engine.transitionProgress(), 0.0, 1e-9);
  double sum = 0;
  for (std::size_t i = 0; i < image.pixels.size(); i += 4)
    sum += image.pixels[i] + image.pixels[i + 1] + image.pixels[i + 2];
  EXPECT_GT(sum, 0.0) << "never a black frame";
}

}  // namespace
}  // namespace phosphene::gltest
