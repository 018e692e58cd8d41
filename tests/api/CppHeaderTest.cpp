// The C header from C++: it compiles with -pedantic, its functions are noexcept, its structs are
// plain values, and it works through the shared library.
#include <phosphene/phosphene.h>

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

static_assert(std::is_trivially_copyable_v<phosphene_audio_frame>);
static_assert(std::is_trivially_copyable_v<phosphene_engine_desc>);
static_assert(noexcept(phosphene_engine_create(nullptr, nullptr)));
static_assert(noexcept(phosphene_pcm_add_float(nullptr, nullptr, 0, 0, 0)));

TEST(CppHeader, CreateFeedAnalyzeDestroy) {
  phosphene_engine_desc desc = phosphene_engine_desc_default();
  desc.fps = 30.0;
  phosphene_engine* engine = nullptr;
  ASSERT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  std::vector<std::int16_t> silence(2 * 1600, 0);
  phosphene_audio_frame frame{};
  for (int f = 0; f < 40; ++f) {
    ASSERT_EQ(phosphene_pcm_add_int16(engine, silence.data(), 1600, 2, 48000), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_audio_analyze(engine, 0.0, &frame), PHOSPHENE_OK);
  }
  EXPECT_EQ(frame.frame, 39u);
  EXPECT_EQ(frame.bass, 1.0f);  // silence: the long average is ~0, so levels read exactly 1
  EXPECT_EQ(frame.treb_att, 1.0f);
  EXPECT_EQ(frame.beat, 0);
  phosphene_engine_destroy(engine);
}

// The optional C++ wrapper (phosphene.hpp), compiled as C++17 like a conservative host.
#include <phosphene/phosphene.hpp>

#include <string>

TEST(CppWrapper, OwnsMovesAndForwardsLogs) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  std::string logged;
  ASSERT_EQ(engine.setLog([&](phosphene_log_level, const char* m) { logged = m; }), PHOSPHENE_OK);
  phosphene::Engine moved = std::move(engine);
  EXPECT_FALSE(engine);  // NOLINT(bugprone-use-after-move): moved-from state is specified
  phosphene_audio_frame frame{};
  EXPECT_EQ(moved.analyze(frame, -1.0), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_FALSE(moved.lastError().empty());
  EXPECT_EQ(logged, moved.lastError());  // the log function survived the move
  const float pcm[4] = {0.1f, 0.1f, -0.1f, -0.1f};
  EXPECT_EQ(moved.addPcm(pcm, 2, 2, 44100), PHOSPHENE_OK);
  EXPECT_EQ(moved.analyze(frame), PHOSPHENE_OK);
  EXPECT_EQ(moved.droppedPcmFrames(), 0u);

  phosphene_engine_desc bad = phosphene_engine_desc_default();
  bad.fps = -1.0;
  phosphene::Engine failed(bad);
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.createResult(), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}
