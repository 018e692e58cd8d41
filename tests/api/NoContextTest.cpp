// Render calls from a host that forgot to make its GL context current: the engine must refuse
// with PHOSPHENE_ERROR_NO_CONTEXT and say why, not abort the host (libepoxy asserts on a GL call
// with no current context). This process never loads EGL or GLX itself, so nothing can be current.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

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
    phosphene_engine_desc desc = phosphene_engine_desc_default();
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    ASSERT_EQ(phosphene_engine_create(&desc, &engine_), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_load_preset_text(engine_, kPreset, std::string(kPreset).size()),
              PHOSPHENE_OK)
        << phosphene_engine_last_error(engine_);
    ASSERT_EQ(phosphene_engine_set_drawable_size(engine_, 64, 48), PHOSPHENE_OK);
  }
  void TearDown() override { phosphene_engine_destroy(engine_); }

  std::string lastError() const { return phosphene_engine_last_error(engine_); }

  phosphene_engine* engine_ = nullptr;
};

TEST_F(NoContext, RenderFrameRefusesWithNoContext) {
  EXPECT_EQ(phosphene_render_frame(engine_, 0.0), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_render_frame: ") + kNoContext);
}

TEST_F(NoContext, RenderToFramebufferRefusesWithNoContext) {
  EXPECT_EQ(phosphene_render_frame_to_framebuffer(engine_, 0, 64, 48, 0.0),
            PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_render_frame_to_framebuffer: ") + kNoContext);
}

TEST_F(NoContext, RenderToTextureRefusesWithNoContext) {
  EXPECT_EQ(phosphene_render_frame_to_texture(engine_, 7, 64, 48, 0.0), PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(lastError(), std::string("phosphene_render_frame_to_texture: ") + kNoContext);
}

TEST_F(NoContext, EngineKeepsWorkingAfterARefusal) {
  ASSERT_EQ(phosphene_render_frame(engine_, 0.0), PHOSPHENE_ERROR_NO_CONTEXT);
  ASSERT_EQ(phosphene_render_frame(engine_, 0.0),
            PHOSPHENE_ERROR_NO_CONTEXT);  // and again, no crash
  std::vector<float> silence(1470 * 2, 0.0f);
  EXPECT_EQ(phosphene_engine_add_pcm_float(engine_, silence.data(), 1470, 2, 44100), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_load_preset_text(engine_, kPreset, std::string(kPreset).size()),
            PHOSPHENE_OK);
}

// The argument and preset checks still come first: they need no GL either.
TEST_F(NoContext, ArgumentErrorsAreReportedBeforeTheContextCheck) {
  EXPECT_EQ(phosphene_render_frame_to_framebuffer(engine_, 0, 0, 48, 0.0),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  phosphene_engine* empty = nullptr;
  ASSERT_EQ(phosphene_engine_create(nullptr, &empty), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_set_drawable_size(empty, 64, 48), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_render_frame(empty, 0.0), PHOSPHENE_ERROR_NO_PRESET);
  phosphene_engine_destroy(empty);
}

}  // namespace
