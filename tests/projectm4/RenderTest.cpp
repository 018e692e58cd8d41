// libprojectM-4 with frames, on a headless EGL context: render_frame_fbo's target and the host's
// GL state, deterministic frames at host frame times, switch requests from the preset duration,
// the lock and hard cuts, callbacks that call back into the API, smooth versus hard loads.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "headless_gl.h"
#include "projectM-4/projectM.h"

namespace {

const std::string kPresets = PM4_PRESETS;
const std::string kPresetA = kPresets + "/presets_milkdrop/Aderrasi - Agitator.milk";
const std::string kPresetB =
    kPresets + "/presets_milkdrop_104/Rovastar - Altars Of Madness (Boxfresh Mix).milk";
constexpr int kWidth = 64, kHeight = 48;

class ProjectM4Render : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!headless_gl_open(&gl_)) GTEST_SKIP() << "no EGL display";
    open_ = true;
    host_framebuffer_make(&fb_, kWidth, kHeight);
  }
  void TearDown() override {
    if (!open_) return;
    host_framebuffer_free(&fb_);
    headless_gl_close(&gl_);
  }
  projectm_handle make() {
    projectm_handle pm = projectm_create();
    projectm_set_window_size(pm, kWidth, kHeight);
    return pm;
  }
  // One frame at time k / 60 with its music, into the host framebuffer.
  void frame(projectm_handle pm, int k) {
    float stereo[735 * 2];
    music_frame(k, stereo);
    projectm_pcm_add_float(pm, stereo, 735, PROJECTM_STEREO);
    projectm_set_frame_time(pm, k / 60.0);
    projectm_opengl_render_frame_fbo(pm, fb_.framebuffer);
  }
  std::vector<unsigned char> pixels() {
    std::vector<unsigned char> out(kWidth * kHeight * 4);
    host_framebuffer_read(&fb_, out.data());
    return out;
  }
  headless_gl gl_{};
  host_framebuffer fb_{};
  bool open_ = false;
};

TEST_F(ProjectM4Render, RenderFrameFboDrawsIntoItAndKeepsTheHostsState) {
  projectm_handle pm = make();
  projectm_load_preset_file(pm, kPresetA.c_str(), false);
  host_framebuffer other;
  host_framebuffer_make(&other, 8, 8);  // bound by the host, with its own viewport
  glViewport(1, 2, 3, 4);
  for (int k = 0; k < 30; ++k) frame(pm, k);
  GLint draw = 0, viewport[4] = {};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(static_cast<GLuint>(draw), other.framebuffer);
  EXPECT_EQ(viewport[0], 1);
  EXPECT_EQ(viewport[3], 4);
  const auto image = pixels();
  EXPECT_GT(pixels_mean(image.data(), kWidth * kHeight), 2.0);
  std::vector<unsigned char> untouched(8 * 8 * 4);
  host_framebuffer_read(&other, untouched.data());
  EXPECT_EQ(pixels_mean(untouched.data(), 64), 0.0);
  host_framebuffer_free(&other);
  projectm_destroy(pm);
}

TEST_F(ProjectM4Render, SameFrameTimesAndMusicGiveTheSameFrames) {
  std::vector<unsigned char> images[2];
  for (auto& image : images) {
    projectm_handle pm = make();
    projectm_load_preset_file(pm, kPresetA.c_str(), false);
    for (int k = 0; k < 40; ++k) frame(pm, k);
    EXPECT_DOUBLE_EQ(projectm_get_last_frame_time(pm), 39 / 60.0);
    image = pixels();
    projectm_destroy(pm);
  }
  EXPECT_EQ(images[0], images[1]);
  EXPECT_GT(pixels_mean(images[0].data(), kWidth * kHeight), 2.0);
}

struct Requests {
  int smooth = 0, hard = 0;
  projectm_handle reload = nullptr;  // when set, the callback loads a preset (re-entry)
  static void record(bool is_hard_cut, void* user) {
    auto* self = static_cast<Requests*>(user);
    (is_hard_cut ? self->hard : self->smooth)++;
    if (self->reload != nullptr) projectm_load_preset_file(self->reload, kPresetB.c_str(), true);
  }
};

TEST_F(ProjectM4Render, SwitchRequestsFollowTheDurationAndTheLock) {
  projectm_handle pm = make();
  Requests requests;
  projectm_set_preset_switch_requested_event_callback(pm, &Requests::record, &requests);
  projectm_set_preset_duration(pm, 0.5);
  projectm_set_easter_egg(pm, 0.0f);
  frame(pm, 0);
  EXPECT_EQ(requests.smooth, 1);  // no preset yet: asked at once
  projectm_load_preset_file(pm, kPresetA.c_str(), false);
  for (int k = 1; k <= 120; ++k) frame(pm, k);
  EXPECT_GE(requests.smooth, 4);  // every half second over two seconds
  EXPECT_LE(requests.smooth, 6);
  EXPECT_EQ(requests.hard, 0);
  const int before = requests.smooth;
  projectm_set_preset_locked(pm, true);
  for (int k = 121; k <= 240; ++k) frame(pm, k);
  EXPECT_EQ(requests.smooth, before);
  projectm_destroy(pm);
}

TEST_F(ProjectM4Render, HardCutsWhenEnabledAndLoud) {
  projectm_handle pm = make();
  Requests requests;
  projectm_set_preset_switch_requested_event_callback(pm, &Requests::record, &requests);
  projectm_load_preset_file(pm, kPresetA.c_str(), false);
  projectm_set_hard_cut_enabled(pm, true);
  projectm_set_hard_cut_duration(pm, 0.25);
  projectm_set_hard_cut_sensitivity(pm, 0.0f);  // any sound is loud enough
  for (int k = 0; k < 60; ++k) frame(pm, k);
  EXPECT_GE(requests.hard, 2);
  projectm_destroy(pm);
}

TEST_F(ProjectM4Render, CallbacksMayCallBackIntoTheApi) {
  projectm_handle pm = make();
  Requests requests;
  requests.reload = pm;
  projectm_set_preset_switch_requested_event_callback(pm, &Requests::record, &requests);
  projectm_set_preset_duration(pm, 0.2);
  projectm_set_easter_egg(pm, 0.0f);
  for (int k = 0; k < 60; ++k) frame(pm, k);
  EXPECT_GE(requests.smooth, 3);
  EXPECT_GT(pixels_mean(pixels().data(), kWidth * kHeight), 2.0);
  projectm_destroy(pm);
}

TEST_F(ProjectM4Render, SmoothLoadsBlendHardLoadsCut) {
  auto change = [&](bool smooth) {
    projectm_handle pm = make();
    projectm_set_soft_cut_duration(pm, 2.0);
    projectm_load_preset_file(pm, kPresetA.c_str(), false);
    for (int k = 0; k < 30; ++k) frame(pm, k);
    const auto before = pixels();
    projectm_load_preset_file(pm, kPresetB.c_str(), smooth);
    frame(pm, 30);
    frame(pm, 31);
    const auto after = pixels();
    projectm_destroy(pm);
    double sum = 0.0;
    for (size_t i = 0; i < before.size(); ++i) sum += std::abs(before[i] - after[i]);
    return sum / before.size();
  };
  const double smooth = change(true), hard = change(false);
  EXPECT_LT(smooth, hard) << "a 2 s blend starts from the old picture; a cut does not";
}

}  // namespace
