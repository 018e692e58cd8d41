// The read-only inputs a preset's equations see (spec §3.1), end to end through Engine::advance:
// each test runs a preset whose per_frame copies inputs into q variables and reads them back from
// the engine's runtime, against what MilkDrop 2 computes (milkdropfs.cpp LoadPerFrameEvallibVars
// unless a test says otherwise). No GL: the shader constants are checked in
// tests/gl/FrameInputsGlTest.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "engine/Engine.hpp"
#include "gl/KickAndChordAudio.hpp"

namespace phosphene::engine {
namespace {

// Every input a per_frame block reads, each into its own q variable.
const char* const kEcho =
    "[preset00]\n"
    "per_frame_1=q1 = time; q2 = fps; q3 = frame; q4 = progress;\n"
    "per_frame_2=q5 = bass; q6 = mid; q7 = treb;\n"
    "per_frame_3=q8 = bass_att; q9 = mid_att; q10 = treb_att;\n"
    "per_frame_4=q11 = meshx; q12 = meshy; q13 = pixelsx; q14 = pixelsy;\n"
    "per_frame_5=q15 = aspectx; q16 = aspecty;\n"
    "per_frame_6=q17 = rand_start; q18 = rand_preset;\n"
    // A custom shape's per_frame VM gets its own copy of the inputs (milkdropfs.cpp
    // LoadCustomShapePerFrameEvallibVars).
    "shapecode_0_enabled=1\n"
    "shape_0_per_frame1=x = progress; y = time; rad = frame; ang = bass; tex_ang = treb_att;\n";

enum Q {
  kTime = 0,
  kFps,
  kFrame,
  kProgress,
  kBass,
  kMid,
  kTreb,
  kBassAtt,
  kMidAtt,
  kTrebAtt,
  kMeshX,
  kMeshY,
  kPixelsX,
  kPixelsY,
  kAspectX,
  kAspectY,
  kRandStart,
  kRandPreset
};

double q(const preset::Runtime* runtime, Q which) {
  return runtime->state().vars.q[static_cast<std::size_t>(which)];
}

const preset::ShapeInstance& shape(const preset::Runtime* runtime) {
  return runtime->state().customShapes[0].instances.at(0);
}

// A provider that hands out the echo preset, counting its calls.
PresetProvider echoProvider(int& calls) {
  return [&calls](SwitchReason) -> std::optional<PresetSource> {
    ++calls;
    return PresetSource::fromText(kEcho, "echo " + std::to_string(calls));
  };
}

const EngineSettings kThirtyFps{.fps = 30.0, .seed = 7};

// Presets that load at once, switching automatically every `duration` seconds exactly with an
// automatic blend of `blend` seconds.
void schedule(Engine& engine, double duration, double blend, bool includesBlend) {
  engine.setMeshSize(16, 12);
  SwitchSettings s;
  s.presetDuration = duration;
  s.presetDurationRandom = 0.0;
  s.durationIncludesBlend = includesBlend;
  s.blendTimeAuto = blend;
  s.waitForLoads = true;
  engine.setSwitchSettings(s);
}

// The time of the last PresetStarted event since the previous call, if any.
std::optional<double> startedAt(Engine& engine) {
  std::optional<double> at;
  for (const EngineEvent& e : engine.takeEvents())
    if (e.type == EngineEvent::Type::PresetStarted) at = e.time;
  return at;
}

// progress = (now − preset start) / (next switch − preset start), where the next switch is due at
// start + blend + duration (+ random) (milkdropfs.cpp RenderFrame sets m_fNextPresetTime,
// plugin.cpp LoadPreset resets m_fPresetStartTime at every switch). It was 0 on every frame before
// issue 35.
TEST(FrameInputs, ProgressRunsThroughEachPresetsScheduledLife) {
  Engine engine(kThirtyFps);
  schedule(engine, 2.0, 1.0, true);
  int calls = 0;
  engine.setPresetProvider(echoProvider(calls));
  ASSERT_EQ(engine.loadPresetText(kEcho, "first"), LoadStatus::Ok);
  engine.takeEvents();  // its own PresetStarted
  // The first preset is a hard cut at time 0: due at 0 + 2 s. The automatic switch at 2 s blends
  // for 1 s, so the second is due at 2 + 1 + 2 = 5 s, counted from its start at 2 s.
  double start = 0.0, due = 2.0;
  bool sawSwitch = false;
  double highest = 0.0;
  for (int frame = 0; frame < 140; ++frame) {  // 4.67 s
    ASSERT_TRUE(engine.advance(0.0));
    if (std::optional<double> at = startedAt(engine)) {
      ASSERT_FALSE(sawSwitch) << "one automatic switch in 4.67 s";
      EXPECT_NEAR(*at, 2.0, 1e-6);
      sawSwitch = true;
      start = *at;
      due = 5.0;
    }
    const double now = engine.clock().time();
    const double expected = (now - start) / (due - start);
    ASSERT_NEAR(q(engine.runtime(), kProgress), expected, 1e-9) << "at " << now << " s";
    ASSERT_EQ(shape(engine.runtime()).x, q(engine.runtime(), kProgress)) << "shape at " << now;
    // During the blend the outgoing preset reads the same progress: MD2 keeps one preset start
    // for both (plugin.cpp m_fPresetStartTime), the new preset's.
    if (const preset::Runtime* old = engine.outgoingRuntime()) {
      ASSERT_NEAR(q(old, kProgress), expected, 1e-9) << "outgoing at " << now << " s";
    }
    highest = std::max(highest, q(engine.runtime(), kProgress));
  }
  EXPECT_TRUE(sawSwitch);
  EXPECT_EQ(calls, 1);
  EXPECT_NEAR(highest, 59.0 / 60.0, 1e-9);  // the first preset's last frame, 1/30 s before 2 s
}

// While the due switch's preset is still loading, MD2's schedule stays where it was (the next time
// is only set again once the new preset runs, milkdropfs.cpp RenderFrame): progress reaches 1
// and passes it if the load takes longer.
TEST(FrameInputs, ProgressKeepsCountingWhileTheNextPresetLoads) {
  Engine engine(kThirtyFps);
  schedule(engine, 1.0, 0.0, false);
  SwitchSettings s = engine.switchSettings();
  s.waitForLoads = false;  // the loader thread: the switch starts a frame after it is due at least
  engine.setSwitchSettings(s);
  int calls = 0;
  engine.setPresetProvider(echoProvider(calls));
  ASSERT_EQ(engine.loadPresetText(kEcho, "first"), LoadStatus::Ok);
  engine.takeEvents();
  bool due = false;
  for (int frame = 0; frame < 120; ++frame) {
    ASSERT_TRUE(engine.advance(0.0));
    if (startedAt(engine)) break;
    const double now = engine.clock().time();
    ASSERT_NEAR(q(engine.runtime(), kProgress), now / 1.0, 1e-9) << "at " << now << " s";
    due = due || calls > 0;
  }
  EXPECT_TRUE(due);
  EXPECT_EQ(calls, 1);
}

// A locked preset has its start moved to now every frame (plugin.cpp MyRenderFn: "freeze time @
// [preset] zero"), so progress reads 0 however long it runs, and counts from the unlock after it.
TEST(FrameInputs, ProgressStaysZeroWhileLockedAndCountsFromTheUnlock) {
  Engine engine(kThirtyFps);
  schedule(engine, 2.0, 1.0, false);
  int calls = 0;
  engine.setPresetProvider(echoProvider(calls));
  SwitchSettings s = engine.switchSettings();
  s.locked = true;
  engine.setSwitchSettings(s);
  ASSERT_EQ(engine.loadPresetText(kEcho, "locked"), LoadStatus::Ok);
  for (int frame = 0; frame < 90; ++frame) {  // 3 s, past the 2 s schedule
    ASSERT_TRUE(engine.advance(0.0));
    ASSERT_EQ(q(engine.runtime(), kProgress), 0.0) << "frame " << frame;
  }
  const double unlockedAt = engine.clock().time();
  s.locked = false;
  engine.setSwitchSettings(s);
  for (int frame = 0; frame < 30; ++frame) {
    ASSERT_TRUE(engine.advance(0.0));
    const double now = engine.clock().time();
    ASSERT_NEAR(q(engine.runtime(), kProgress), (now - unlockedAt) / 2.0, 1e-9) << now;
  }
  EXPECT_EQ(calls, 0);
}

// No automatic switch will ever come without a provider or with autoSwitch off: that is MD2's
// lock too (MilkDrop 3's "unlimited" preset time is the lock, plugin.cpp), progress 0.
TEST(FrameInputs, ProgressIsZeroWithoutAutomaticSwitches) {
  Engine noProvider(kThirtyFps);
  schedule(noProvider, 1.0, 0.0, false);
  Engine autoOff(kThirtyFps);
  schedule(autoOff, 1.0, 0.0, false);
  int calls = 0;
  autoOff.setPresetProvider(echoProvider(calls));
  SwitchSettings s = autoOff.switchSettings();
  s.autoSwitch = false;
  autoOff.setSwitchSettings(s);
  for (Engine* engine : {&noProvider, &autoOff}) {
    ASSERT_EQ(engine->loadPresetText(kEcho), LoadStatus::Ok);
    for (int frame = 0; frame < 45; ++frame) {
      ASSERT_TRUE(engine->advance(0.0));
      ASSERT_EQ(q(engine->runtime(), kProgress), 0.0);
    }
  }
}

// A preset loaded by the host counts its progress from its own start, in the schedule of the
// switch it made (Engine::start reschedules).
TEST(FrameInputs, ProgressRestartsAtAHostLoad) {
  Engine engine(kThirtyFps);
  schedule(engine, 3.0, 0.0, false);
  int calls = 0;
  engine.setPresetProvider(echoProvider(calls));
  ASSERT_EQ(engine.loadPresetText(kEcho, "first"), LoadStatus::Ok);
  for (int frame = 0; frame < 45; ++frame) ASSERT_TRUE(engine.advance(0.0));
  EXPECT_NEAR(q(engine.runtime(), kProgress), 1.5 / 3.0, 1e-9);
  const double loadedAt = engine.clock().time();
  ASSERT_EQ(engine.loadPresetText(kEcho, "second"), LoadStatus::Ok);
  for (int frame = 0; frame < 30; ++frame) {
    ASSERT_TRUE(engine.advance(0.0));
    const double now = engine.clock().time();
    ASSERT_NEAR(q(engine.runtime(), kProgress), (now - loadedAt) / 3.0, 1e-9);
  }
}

// time is seconds since the visualizer started, not since the preset did (GetTime() −
// m_fStartTime, set once at frame 0 in milkdropfs.cpp RenderFrame); frame is the global frame
// counter (GetFrame()); fps the measured rate (GetFps()). None of them restarts at a switch.
TEST(FrameInputs, TimeFrameAndFpsAreTheVisualizersNotThePresets) {
  Engine engine(kThirtyFps);
  ASSERT_EQ(engine.loadPresetText(kEcho, "first"), LoadStatus::Ok);
  double lastTime = -1.0;
  for (int frame = 0; frame < 60; ++frame) {
    if (frame == 40) {
      ASSERT_EQ(engine.loadPresetText(kEcho, "second"), LoadStatus::Ok);
    }
    ASSERT_TRUE(engine.advance(0.0));
    const preset::Runtime* r = engine.runtime();
    ASSERT_EQ(q(r, kTime), engine.clock().time());
    ASSERT_EQ(q(r, kFrame), static_cast<double>(frame));
    ASSERT_EQ(q(r, kFps), 30.0);
    ASSERT_EQ(shape(r).y, q(r, kTime));
    ASSERT_EQ(shape(r).rad, q(r, kFrame));
    if (lastTime >= 0.0) {
      ASSERT_NEAR(q(r, kTime) - lastTime, 1.0 / 30.0, 1e-12);
    }
    lastTime = q(r, kTime);
  }
  // A host clock: fps follows the host's frame times (pluginshell.cpp DoTime's damping, which
  // jumps to the measured rate when it is more than 3 off).
  for (int frame = 0; frame < 5; ++frame) ASSERT_TRUE(engine.advance(1.0 / 50.0));
  EXPECT_NEAR(q(engine.runtime(), kFps), 50.0, 1e-9);
  EXPECT_NEAR(q(engine.runtime(), kTime), 60.0 / 30.0 + 5.0 / 50.0, 1e-9);
}

// bass/mid/treb are MD2's imm_rel and the _att ones its avg_rel (milkdropfs.cpp
// LoadPerFrameEvallibVars, plugin.cpp DoCustomSoundAnalysis): the engine's analysis of this frame's
// audio. Silence reads exactly 1 (long_avg below 0.001).
TEST(FrameInputs, AudioBandsAreThisFramesAnalysis) {
  Engine engine(kThirtyFps);
  ASSERT_EQ(engine.loadPresetText(kEcho), LoadStatus::Ok);
  ASSERT_TRUE(engine.advance(0.0));
  for (Q band : {kBass, kMid, kTreb, kBassAtt, kMidAtt, kTrebAtt})
    EXPECT_EQ(q(engine.runtime(), band), 1.0) << "silence, q" << band + 1;
  bool varied = false;
  for (int frame = 1; frame < 90; ++frame) {
    gltest::feedKickAndChord(engine, frame);
    ASSERT_TRUE(engine.advance(0.0));
    const audio::FrameAudio& a = engine.audio();
    const preset::Runtime* r = engine.runtime();
    ASSERT_EQ(q(r, kBass), a.bass);
    ASSERT_EQ(q(r, kMid), a.mid);
    ASSERT_EQ(q(r, kTreb), a.treb);
    ASSERT_EQ(q(r, kBassAtt), a.bass_att);
    ASSERT_EQ(q(r, kMidAtt), a.mid_att);
    ASSERT_EQ(q(r, kTrebAtt), a.treb_att);
    ASSERT_EQ(shape(r).ang, a.bass);
    ASSERT_EQ(shape(r).texAng, a.treb_att);
    varied = varied || std::fabs(a.bass - 1.0) > 0.1;
  }
  EXPECT_TRUE(varied) << "the kick moves bass away from 1";
}

// meshx/meshy are the mesh's cells (m_nGridX/Y), pixelsx/pixelsy the window (GetWidth/Height),
// aspectx/aspecty the inverse aspect factors m_fInvAspectX/Y, computed in float from the canvas
// (plugin.cpp AllocateMyDX9Stuff: the shorter side over the longer one for the longer axis'
// factor, inverted).
TEST(FrameInputs, MeshCanvasAndAspectFollowTheEngine) {
  Engine engine(kThirtyFps);
  ASSERT_EQ(engine.loadPresetText(kEcho), LoadStatus::Ok);
  engine.setMeshSize(40, 30);
  engine.setDrawableSize(800, 600);
  ASSERT_TRUE(engine.advance(0.0));
  const preset::Runtime* r = engine.runtime();
  EXPECT_EQ(q(r, kMeshX), 40.0);
  EXPECT_EQ(q(r, kMeshY), 30.0);
  EXPECT_EQ(q(r, kPixelsX), 800.0);
  EXPECT_EQ(q(r, kPixelsY), 600.0);
  EXPECT_EQ(q(r, kAspectX), 1.0);
  EXPECT_EQ(q(r, kAspectY), static_cast<double>(1.0f / (600.0f / 800.0f)));

  engine.setMeshSize(24, 18);
  engine.setDrawableSize(600, 800);  // portrait
  ASSERT_TRUE(engine.advance(0.0));
  EXPECT_EQ(q(r, kMeshX), 24.0);
  EXPECT_EQ(q(r, kMeshY), 18.0);
  EXPECT_EQ(q(r, kPixelsX), 600.0);
  EXPECT_EQ(q(r, kPixelsY), 800.0);
  EXPECT_EQ(q(r, kAspectX), static_cast<double>(1.0f / (600.0f / 800.0f)));
  EXPECT_EQ(q(r, kAspectY), 1.0);

  // No drawable size: the last render target's (Engine::noteTargetSize).
  engine.setDrawableSize(0, 0);
  engine.noteTargetSize(320, 200);
  ASSERT_TRUE(engine.advance(0.0));
  EXPECT_EQ(q(r, kPixelsX), 320.0);
  EXPECT_EQ(q(r, kPixelsY), 200.0);
  EXPECT_EQ(q(r, kAspectY), static_cast<double>(1.0f / (200.0f / 320.0f)));
}

// During a blend both presets run on the same frame's inputs (MD2 loads the same globals into
// both states' VMs, milkdropfs.cpp LoadPerFrameEvallibVars).
TEST(FrameInputs, BothPresetsOfABlendSeeTheSameInputs) {
  Engine engine(kThirtyFps);
  SwitchSettings s;
  s.waitForLoads = true;
  engine.setSwitchSettings(s);
  engine.setDrawableSize(400, 300);
  ASSERT_EQ(engine.loadPresetText(kEcho, "old"), LoadStatus::Ok);
  for (int frame = 0; frame < 10; ++frame) ASSERT_TRUE(engine.advance(0.0));
  engine.requestPreset(PresetSource::fromText(kEcho, "new"), 1.0);
  for (int frame = 10; frame < 25; ++frame) {
    gltest::feedKickAndChord(engine, frame);
    ASSERT_TRUE(engine.advance(0.0));
    ASSERT_TRUE(engine.transitioning());
    for (int k = 0; k <= kAspectY; ++k)
      ASSERT_EQ(q(engine.runtime(), Q(k)), q(engine.outgoingRuntime(), Q(k))) << "q" << k + 1;
  }
}

// rand_start and rand_preset are no inputs of MD2's equations (state.cpp registers neither; they
// are projectM's): a preset that reads them reads its own variables, 0 until it writes them.
// rand_preset exists only as a shader constant (tests/gl/FrameInputsGlTest.cpp).
TEST(FrameInputs, RandStartAndRandPresetAreOrdinaryVariables) {
  Engine engine(kThirtyFps);
  ASSERT_EQ(engine.loadPresetText(kEcho), LoadStatus::Ok);
  for (int frame = 0; frame < 3; ++frame) {
    ASSERT_TRUE(engine.advance(0.0));
    EXPECT_EQ(q(engine.runtime(), kRandStart), 0.0);
    EXPECT_EQ(q(engine.runtime(), kRandPreset), 0.0);
  }
}
}  // namespace
}  // namespace phosphene::engine
