// The per-frame shader constants (include.fx's _c0.._c13, spec §8.2) a preset's comp shader gets,
// end to end through engine::Engine: tiny shader presets write constants into the picture and the
// test reads them back, against MilkDrop 2's milkdropfs.cpp ApplyShaderParams. The equation side
// of the same inputs is tests/unit/engine/FrameInputsTest.cpp.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "KickAndChordAudio.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 64, kH = 48;

std::string compPreset(const std::string& body) {
  return "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
         "PSVERSION_COMP=2\nfDecay=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\nwarp=0.0\n"
         "comp_1=`shader_body { " +
         body + " }\n";
}

// progress, the preset-relative shader time and the global frame counter: _c2.w, _c2.x, _c2.z.
const std::string kClock = compPreset("ret = float3(progress, time, frame / 100.0);");

// One channel of the canvas' centre, 0..1.
double centre(const platform::RgbaImage& img, int channel) {
  return img.at(kW / 2, kH / 2)[channel] / 255.0;
}

// 8-bit output: half a step, plus a little for the driver's rounding.
constexpr double kStep = 0.6 / 255.0;

class Player {
 public:
  Player() : engine_(engine::EngineSettings{.fps = 30.0, .seed = 99}) {
    engine_.setMeshSize(16, 12);
    engine_.setDrawableSize(kW, kH);
  }
  engine::Engine& engine() { return engine_; }
  platform::RgbaImage frame(const gl::Framebuffer& fb) {
    feedKickAndChord(engine_, frame_++);
    EXPECT_TRUE(engine_.renderFrame({fb.id(), 0, kW, kH}, 0.0)) << engine_.lastError();
    return readFramebuffer(fb);
  }

 private:
  engine::Engine engine_;
  int frame_ = 0;
};

// _c2 = (time since this preset started, wrapped at 10000 s; fps; frame; progress): the shader's
// time restarts at every preset (CState::GetPresetStartTime), frame does not, and progress runs
// through the preset's scheduled life (m_fPresetStartTime .. m_fNextPresetTime). progress was 0
// before issue 35.
TEST(FrameInputsGl, ShaderClockRestartsWithEachPresetAndProgressRunsItsSchedule) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  Player player;
  engine::Engine& engine = player.engine();
  engine::SwitchSettings s;
  s.presetDuration = 1.0;
  s.presetDurationRandom = 0.0;
  s.durationIncludesBlend = true;
  s.blendTimeAuto = 0.0;  // hard cuts: one preset's comp shader on screen at a time
  s.waitForLoads = true;
  engine.setSwitchSettings(s);
  int provided = 0;
  engine.setPresetProvider([&provided](engine::SwitchReason) {
    ++provided;
    return std::optional(engine::PresetSource::fromText(kClock, "clock"));
  });
  ASSERT_EQ(engine.loadPresetText(kClock, "first"), engine::LoadStatus::Ok);
  double presetStart = 0.0;
  for (int frame = 0; frame < 50; ++frame) {  // 1.67 s: one switch, at 1 s
    const platform::RgbaImage img = player.frame(*fb);
    for (const engine::EngineEvent& e : engine.takeEvents())
      if (e.type == engine::EngineEvent::Type::PresetStarted) presetStart = e.time;
    const double now = engine.clock().time();
    const double sincePreset = now - presetStart;
    // The next switch is due 1 s after the start (for the first preset: at 1 s exactly).
    EXPECT_NEAR(centre(img, 0), sincePreset / 1.0, kStep) << "progress at " << now;
    EXPECT_NEAR(centre(img, 1), std::min(sincePreset, 1.0), kStep) << "time at " << now;
    EXPECT_NEAR(centre(img, 2), frame / 100.0, kStep) << "frame at " << now;
  }
  EXPECT_EQ(provided, 1);
  EXPECT_NEAR(presetStart, 1.0, 1e-6);
}

// _c3 = (bass, mid, treb, treb/3) and _c4 the _att ones with the same comma-operator bug (vol =
// 0.3333f*(a, b, c) keeps c); _c0 the aspect of the window, _c7 the canvas size, _c12.x log2 of the
// window width. All from the frame the engine just stepped.
TEST(FrameInputsGl, AudioAndCanvasConstantsAreTheFramesOwn) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  Player audio;
  ASSERT_EQ(audio.engine().loadPresetText(compPreset("ret = float3(bass, treb, vol) / 4;"), "a"),
            engine::LoadStatus::Ok);
  for (int frame = 0; frame < 40; ++frame) {
    const platform::RgbaImage img = audio.frame(*fb);
    const audio::FrameAudio& a = audio.engine().audio();
    const auto shown = [](double v) { return std::min(v / 4.0, 1.0); };
    EXPECT_NEAR(centre(img, 0), shown(a.bass), kStep) << "bass at frame " << frame;
    EXPECT_NEAR(centre(img, 1), shown(a.treb), kStep) << "treb at frame " << frame;
    EXPECT_NEAR(centre(img, 2), shown(0.3333 * a.treb), kStep) << "vol at frame " << frame;
  }
  Player canvas;
  ASSERT_EQ(canvas.engine().loadPresetText(
                compPreset("ret = float3(aspect.y, texsize.z * 32, mip_x / 8);"), "c"),
            engine::LoadStatus::Ok);
  const platform::RgbaImage img = canvas.frame(*fb);
  EXPECT_NEAR(centre(img, 0), 48.0 / 64.0, kStep);          // landscape: (1, H/W, 1, W/H)
  EXPECT_NEAR(centre(img, 1), 32.0 / 64.0, kStep);          // 1/W · 32
  EXPECT_NEAR(centre(img, 2), std::log2(64.0) / 8, kStep);  // log2(W) / 8
}

// rand_preset: four FRAND values drawn at every load (state.cpp RandomizePresetVars, from
// CState::Default) and fixed for that preset's life; rand_frame: four drawn every rendered frame
// (milkdropfs.cpp RenderFrame). FRAND is (rand() % 7381) / 7380, so 0..1.
TEST(FrameInputsGl, RandPresetIsFixedPerLoadAndRandFrameChangesEveryFrame) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GlApi::Core33);
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  const std::string kPreset =
      compPreset("ret = uv_orig.x < 0.5 ? rand_preset.xyz : rand_frame.xyz;");
  Player player;
  engine::Engine& engine = player.engine();
  std::vector<std::array<int, 3>> presetValues, frameValues;
  for (int load = 0; load < 3; ++load) {
    ASSERT_EQ(engine.loadPresetText(kPreset, "rand"), engine::LoadStatus::Ok);
    const std::array<float, 4> drawn = engine.presetShaders().random.randPreset;
    for (int frame = 0; frame < 4; ++frame) {
      const platform::RgbaImage img = player.frame(*fb);
      const std::uint8_t* left = img.at(kW / 4, kH / 2);
      const std::uint8_t* right = img.at(3 * kW / 4, kH / 2);
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(left[c] / 255.0, drawn[static_cast<std::size_t>(c)], kStep) << "load " << load;
      }
      presetValues.push_back({left[0], left[1], left[2]});
      frameValues.push_back({right[0], right[1], right[2]});
    }
  }
  for (std::size_t i = 1; i < presetValues.size(); ++i) {
    EXPECT_NE(frameValues[i], frameValues[i - 1]) << "rand_frame at frame " << i;
    if (i % 4 == 0) {
      EXPECT_NE(presetValues[i], presetValues[i - 1]) << "rand_preset of load " << i / 4;
    } else {
      EXPECT_EQ(presetValues[i], presetValues[i - 1]) << "rand_preset within a load, frame " << i;
    }
  }
}

}  // namespace
}  // namespace phosphene::gltest
