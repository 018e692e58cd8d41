// Render calls from a host that forgot to make its GL context current: the engine must refuse
// with PHOSPHENE_ERROR_NO_CONTEXT and say why, not abort the host (libepoxy asserts on a GL call
// with no current context). This process never loads EGL or GLX itself, so nothing can be current.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

constexpr const char* kNoContext = "no GL context is current on this thread";

// A preset with something to draw, so only the missing context can stop the render call.
constexpr const char* kPreset =
    "[preset00]\nzoom=1.02\nwave_mode=2\nper_frame_1=wave_r = 0.5 + 0.5*sin(time);\n";

class NoContext : public ::testing::Test {
 protected:
  void SetUp() override {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    ASSERT_EQ(phosphene_engine_create(&desc, &engine_), PHOSPHENE_OK);
    // Current once the wait returns; no frame has been made yet.
    phosphene_transition_desc cut;
    phosphene_transition_desc_init(&cut);
    cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
    ASSERT_EQ(phosphene_engine_load_preset_text(engine_, kPreset, std::string(kPreset).size(),
                                                "preset", &cut, nullptr),
              PHOSPHENE_OK)
        << phosphene_engine_last_error(engine_);
    ASSERT_EQ(phosphene_engine_wait_for_preset(engine_), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_set_drawable_size(engine_, 64, 48), PHOSPHENE_OK);
  }
  void TearDown() override { phosphene_engine_destroy(engine_); }

  std::string lastError() const { return phosphene_engine_last_error(engine_); }
  uint64_t frameIndex() const {
    uint64_t frame = 99;
    EXPECT_EQ(phosphene_engine_get_time(engine_, nullptr, &frame), PHOSPHENE_OK);
    return frame;
  }
  // render refuses before it advances: no frame was made, so there is no audio to read yet.
  void expectNoFrameYet() const {
    phosphene_audio_frame audio;
    phosphene_audio_frame_init(&audio);
    EXPECT_EQ(phosphene_engine_get_audio(engine_, &audio), PHOSPHENE_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(frameIndex(), 0u);
  }

  phosphene_engine* engine_ = nullptr;
};

TEST_F(NoContext, RenderToTheBoundFramebufferRefusesWithNoContext) {
  EXPECT_EQ(phosphene_engine_render(engine_, 0.0, nullptr), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_engine_render: ") + kNoContext);
  expectNoFrameYet();
}

TEST_F(NoContext, RenderToFramebufferRefusesWithNoContext) {
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.width = 64;
  target.height = 48;
  EXPECT_EQ(phosphene_engine_render(engine_, 0.0, &target), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_engine_render: ") + kNoContext);
  expectNoFrameYet();
}

TEST_F(NoContext, RenderToTextureRefusesWithNoContext) {
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_TEXTURE;
  target.gl_name = 7;
  EXPECT_EQ(phosphene_engine_render(engine_, 0.0, &target), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_engine_render: ") + kNoContext);
  expectNoFrameYet();
}

// advance needs no context; only the draw that follows it does.
TEST_F(NoContext, DrawRefusesAfterAnAdvance) {
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_draw(engine_, nullptr), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_NE(lastError().find(kNoContext), std::string::npos) << lastError();
  EXPECT_EQ(frameIndex(), 0u);
}

TEST_F(NoContext, EngineKeepsWorkingAfterARefusal) {
  ASSERT_EQ(phosphene_engine_render(engine_, 0.0, nullptr), PHOSPHENE_ERROR_NO_CONTEXT);
  ASSERT_EQ(phosphene_engine_render(engine_, 0.0, nullptr),
            PHOSPHENE_ERROR_NO_CONTEXT);  // and again, no crash
  std::vector<float> silence(1470 * 2, 0.0f);
  EXPECT_EQ(phosphene_engine_add_pcm_float(engine_, silence.data(), 1470, 2, 44100), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  EXPECT_STREQ(phosphene_engine_current_preset_name(engine_), "preset");
  EXPECT_EQ(phosphene_engine_load_preset_text(engine_, kPreset, std::string(kPreset).size(),
                                              nullptr, nullptr, nullptr),
            PHOSPHENE_OK);
}

// The argument checks still come first: they need no GL either. No preset is no error (the frame
// would be black), so an engine without one stops only at the missing context.
TEST_F(NoContext, ArgumentErrorsAreReportedBeforeTheContextCheck) {
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.height = 48;
  EXPECT_EQ(phosphene_engine_render(engine_, 0.0, &target), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  phosphene_engine* empty = nullptr;
  ASSERT_EQ(phosphene_engine_create(nullptr, &empty), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_render(empty, 0.0, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(phosphene_engine_set_drawable_size(empty, 64, 48), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_render(empty, 0.0, nullptr), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(phosphene_engine_draw(empty, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);  // no frame
  EXPECT_EQ(phosphene_engine_advance(empty, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_draw(empty, nullptr), PHOSPHENE_ERROR_NO_CONTEXT);
  phosphene_engine_destroy(empty);
}

}  // namespace
