// A host built against the projectM 4 headers draws the same frames as a host of Phosphene's own
// C API given the same inputs: the same PCM (float stereo, 735 samples per 1/60 s frame at
// 44.1 kHz), projectM's frame time k / 60 against the engine's fixed clock (1/60 s per advance),
// the same seed (the compat layer's engines use the default seed 0; projectM's API has none to
// set), the same mesh (projectM's default 32 x 24) and a hard cut to the preset waited for.
// Shader presets from the corpus (warp and composite shaders), compared byte for byte at
// several frames; the frames must also not be black.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <phosphene/phosphene.h>

#include "headless_gl.h"
#include "projectM-4/projectM.h"

namespace {

const std::string kFolder = std::string(PM4_PRESETS) + "/presets_milkdrop_200/";
constexpr int kWidth = 96, kHeight = 72;
constexpr int kFrames = 61;
constexpr int kCompared[] = {1, 10, 30, 60};

struct EngineDeleter {
  void operator()(phosphene_engine* engine) const { phosphene_engine_destroy(engine); }
};

class ProjectM4Equality : public ::testing::TestWithParam<const char*> {
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
  std::vector<unsigned char> read() {
    std::vector<unsigned char> pixels(kWidth * kHeight * 4);
    host_framebuffer_read(&fb_, pixels.data());
    return pixels;
  }

  // The frames kCompared through libprojectM-4, as a projectM host renders offline.
  std::vector<std::vector<unsigned char>> through_projectm(const std::string& preset) {
    std::vector<std::vector<unsigned char>> frames;
    projectm_handle pm = projectm_create();
    projectm_set_window_size(pm, kWidth, kHeight);
    projectm_load_preset_file(pm, preset.c_str(), false);
    float stereo[735 * 2];
    for (int k = 0; k < kFrames; ++k) {
      music_frame(k, stereo);
      projectm_pcm_add_float(pm, stereo, 735, PROJECTM_STEREO);
      projectm_set_frame_time(pm, k / 60.0);
      projectm_opengl_render_frame_fbo(pm, fb_.framebuffer);
      if (std::find(std::begin(kCompared), std::end(kCompared), k) != std::end(kCompared))
        frames.push_back(read());
    }
    projectm_destroy(pm);
    return frames;
  }

  // The same frames through Phosphene's own C API with its fixed clock.
  std::vector<std::vector<unsigned char>> through_phosphene(const std::string& preset) {
    std::vector<std::vector<unsigned char>> frames;
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.seed = 0;
    phosphene_engine* raw = nullptr;
    EXPECT_EQ(phosphene_engine_create(&desc, &raw), PHOSPHENE_OK);
    std::unique_ptr<phosphene_engine, EngineDeleter> engine(raw);
    phosphene_switch_settings settings;
    phosphene_switch_settings_init(&settings);
    phosphene_engine_get_switch_settings(raw, &settings);
    settings.auto_switch = 0;  // one preset for the whole run, as the projectM host above
    phosphene_engine_set_switch_settings(raw, &settings);
    phosphene_engine_set_mesh_size(raw, 32, 24);
    phosphene_transition_desc cut;
    phosphene_transition_desc_init(&cut);
    cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
    EXPECT_EQ(phosphene_engine_load_preset_file(raw, preset.c_str(), &cut, nullptr), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_wait_for_preset(raw), PHOSPHENE_OK);
    phosphene_render_target target;
    phosphene_render_target_init(&target);
    target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
    target.gl_name = fb_.framebuffer;
    target.width = kWidth;
    target.height = kHeight;
    float stereo[735 * 2];
    for (int k = 0; k < kFrames; ++k) {
      music_frame(k, stereo);
      phosphene_engine_add_pcm_float(raw, stereo, 735, 2, 44100);
      EXPECT_EQ(phosphene_engine_render(raw, 1.0 / 60.0, &target), PHOSPHENE_OK);
      if (std::find(std::begin(kCompared), std::end(kCompared), k) != std::end(kCompared))
        frames.push_back(read());
    }
    return frames;
  }

  headless_gl gl_{};
  host_framebuffer fb_{};
  bool open_ = false;
};

TEST_P(ProjectM4Equality, SameFramesAsPhosphenesOwnApi) {
  const std::string preset = kFolder + GetParam();
  const auto projectm = through_projectm(preset);
  const auto phosphene = through_phosphene(preset);
  ASSERT_EQ(projectm.size(), std::size(kCompared));
  ASSERT_EQ(phosphene.size(), std::size(kCompared));
  for (size_t i = 0; i < projectm.size(); ++i) {
    SCOPED_TRACE("frame " + std::to_string(kCompared[i]));
    EXPECT_GT(pixels_mean(phosphene[i].data(), kWidth * kHeight), 1.0) << "black frame";
    EXPECT_EQ(pixels_changed(projectm[i].data(), phosphene[i].data(), kWidth * kHeight), 0.0);
    EXPECT_TRUE(projectm[i] == phosphene[i]) << "frames differ (alpha included)";
  }
  // The pictures move: the last compared frame is not the first.
  EXPECT_GT(pixels_changed(phosphene.front().data(), phosphene.back().data(), kWidth * kHeight),
            0.05);
}

INSTANTIATE_TEST_SUITE_P(
    ShaderPresets, ProjectM4Equality,
    ::testing::Values("Benski - Atom Smasher.milk",
                      "Flexi + Geiss - Bipolar vs- reaction diffusion.milk",
                      "Flexi - ferny ernie.milk",
                      "Aderrasi + Geiss - Airhandler (Painterly Relief Mix).milk",
                      "EoS + Geiss - glowsticks v2 02 (Relief Mix).milk"));

}  // namespace
