#include "engine/Engine.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace phosphene::engine {
namespace {

std::vector<float> tone(double hz, int frames, int start) {
  std::vector<float> v(static_cast<std::size_t>(frames) * 2);
  for (int i = 0; i < frames; ++i) {
    const float s = static_cast<float>(0.5 * std::sin(6.283185307 * hz * (start + i) / 44100.0));
    v[static_cast<std::size_t>(2 * i)] = s;
    v[static_cast<std::size_t>(2 * i + 1)] = s;
  }
  return v;
}

TEST(Engine, AnalyzesOncePerFrameOnItsClock) {
  Engine e(EngineSettings{.fps = 30.0});
  for (int f = 0; f < 10; ++f) {
    const auto pcm = tone(440.0, 1470, f * 1470);
    e.pcm().addFloat(pcm.data(), 1470, 2, 44100);
    ASSERT_TRUE(e.analyzeFrame(0.0));
  }
  EXPECT_EQ(e.clock().frame(), 9u);
  EXPECT_NEAR(e.clock().time(), 10.0 / 30.0, 1e-12);
  EXPECT_NE(e.audio().waveform[0][100], 0.0f);
}

TEST(Engine, BadFrameTimeSetsTheLastErrorAndChangesNothing) {
  Engine e;
  std::string logged;
  e.logger().setSink([&](core::LogLevel, std::string_view m) { logged = m; });
  EXPECT_FALSE(e.analyzeFrame(-1.0));
  EXPECT_FALSE(e.analyzeFrame(11.0));
  EXPECT_FALSE(e.lastError().empty());
  EXPECT_EQ(logged, e.lastError());
  EXPECT_FALSE(e.clock().started());
}

// The producer only counts non-finite samples; the controller reports them as AUD003, rate-limited.
TEST(Engine, ReportsNonFiniteInputAsAWarning) {
  Engine e;
  std::vector<std::string> logged;
  e.logger().setSink([&](core::LogLevel, std::string_view m) { logged.emplace_back(m); },
                     core::LogLevel::Warning);
  const float bad[4] = {NAN, 0.0f, INFINITY, 0.5f};
  for (int f = 0; f < 120; ++f) {
    e.pcm().addFloat(bad, 2, 2, 44100);
    e.analyzeFrame(0.0);
  }
  ASSERT_EQ(logged.size(), 1u);  // 2 s of frames: one report
  EXPECT_NE(logged[0].find("AUD003"), std::string::npos);
  EXPECT_NE(logged[0].find("2 non-finite"), std::string::npos);
}

// No global state: two engines fed different audio, interleaved, each give exactly what it
// gives alone.
TEST(Engine, TwoEnginesAreIndependent) {
  Engine alone;
  std::vector<audio::FrameAudio> reference;
  for (int f = 0; f < 60; ++f) {
    const auto pcm = tone(100.0, 735, f * 735);
    alone.pcm().addFloat(pcm.data(), 735, 2, 44100);
    alone.analyzeFrame(0.0);
    reference.push_back(alone.audio());
  }
  Engine a, b;
  for (int f = 0; f < 60; ++f) {
    const auto pa = tone(100.0, 735, f * 735);
    const auto pb = tone(5000.0, 735, f * 735);
    a.pcm().addFloat(pa.data(), 735, 2, 44100);
    b.pcm().addFloat(pb.data(), 735, 2, 44100);
    a.analyzeFrame(0.0);
    b.analyzeFrame(1.0 / 37.0);
    ASSERT_EQ(a.audio().bass, reference[static_cast<std::size_t>(f)].bass);
    ASSERT_EQ(a.audio().spectrum, reference[static_cast<std::size_t>(f)].spectrum);
  }
  EXPECT_NE(a.audio().spectrum, b.audio().spectrum);
}

}  // namespace
}  // namespace phosphene::engine
