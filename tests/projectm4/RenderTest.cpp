// libprojectM-4 with frames, on a headless EGL context: render_frame_fbo's target and the host's
// GL state, deterministic frames at host frame times, switch requests from the preset duration,
// the lock and hard cuts, callbacks that call back into the API, smooth versus hard loads, the
// three PCM formats.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
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
const std::string kTestData = PM4_TEST_DATA;  // tests/data: sprites/quadrants.png
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

// The same music as float, int16 and uint8 (projectM's three PCM entry points, MilkDrop's 8-bit
// format: silence = 128), mono: int16 and uint8 silence draw float silence's frames exactly, and
// uint8 music moves the picture away from uint8 silence as float music does.
TEST_F(ProjectM4Render, PcmFormatsFeedTheSameAnalysis) {
  enum class Format { Float, Int16, Uint8 };
  auto run = [&](Format format, bool music) {
    projectm_handle pm = make();
    projectm_load_preset_file(pm, kPresetA.c_str(), false);
    float stereo[735 * 2];
    float mono[735];
    int16_t mono16[735];
    uint8_t mono8[735];
    for (int k = 0; k < 40; ++k) {
      music_frame(k, stereo);
      for (int i = 0; i < 735; ++i) {
        const float s = music ? stereo[2 * i] : 0.0f;
        mono[i] = s;
        mono16[i] = static_cast<int16_t>(s * 32767.0f);
        mono8[i] = static_cast<uint8_t>(128 + static_cast<int>(s * 127.0f));
      }
      if (format == Format::Float) projectm_pcm_add_float(pm, mono, 735, PROJECTM_MONO);
      if (format == Format::Int16) projectm_pcm_add_int16(pm, mono16, 735, PROJECTM_MONO);
      if (format == Format::Uint8) projectm_pcm_add_uint8(pm, mono8, 735, PROJECTM_MONO);
      projectm_set_frame_time(pm, k / 60.0);
      projectm_opengl_render_frame_fbo(pm, fb_.framebuffer);
    }
    projectm_destroy(pm);
    return pixels();
  };
  const auto silent_float = run(Format::Float, false);
  EXPECT_EQ(run(Format::Int16, false), silent_float);
  EXPECT_EQ(run(Format::Uint8, false), silent_float);
  const auto music_float = run(Format::Float, true), music_uint8 = run(Format::Uint8, true);
  EXPECT_GT(pixels_changed(music_float.data(), silent_float.data(), kWidth * kHeight), 0.05);
  EXPECT_GT(pixels_changed(music_uint8.data(), silent_float.data(), kWidth * kHeight), 0.05);
  EXPECT_GT(pixels_mean(music_uint8.data(), kWidth * kHeight), 2.0);
}

}  // namespace

// A user sprite made through projectm_sprite_create draws over the preset, and once destroyed is
// gone: with burn=0 it never reaches the canvas the preset warps, so the frames after
// projectm_sprite_destroy are those of a run that never had it, byte for byte.
TEST_F(ProjectM4Render, SpriteCreatedThroughTheApiDrawsAndDestroyRemovesIt) {
  const char* paths[] = {kTestData.c_str()};
  // Frames 29 (the sprite's last) and 39 (ten frames after its destruction).
  auto run = [&](bool with_sprite) {
    projectm_handle pm = make();
    projectm_set_texture_search_paths(pm, paths, 1);
    projectm_load_preset_file(pm, kPresetA.c_str(), false);
    uint32_t id = 0;
    std::vector<std::vector<unsigned char>> frames;
    for (int k = 0; k < 40; ++k) {
      if (with_sprite && k == 10) {
        id = projectm_sprite_create(pm, "milkdrop",
                                    "img=quadrants\ninit_1=burn=0; sx=4; sy=4;\ncode_1=x=0.5;\n");
        EXPECT_NE(id, 0u);
        EXPECT_EQ(projectm_sprite_get_sprite_count(pm), 1u);
      }
      if (k == 30) {
        frames.push_back(pixels());
        if (with_sprite) projectm_sprite_destroy(pm, id);
        EXPECT_EQ(projectm_sprite_get_sprite_count(pm), 0u);
      }
      frame(pm, k);
    }
    frames.push_back(pixels());
    projectm_destroy(pm);
    return frames;
  };
  const auto plain = run(false);
  const auto sprite = run(true);
  EXPECT_GT(pixels_changed(sprite[0].data(), plain[0].data(), kWidth * kHeight), 0.3)
      << "the sprite covers the middle of the picture";
  EXPECT_EQ(sprite[1], plain[1]) << "a destroyed burn=0 sprite leaves no trace";
}

// A preset that draws nothing and keeps its canvas as it is; with kGreyBorders a flat grey one.
const char* const kStillPreset =
    "[preset00]\nfDecay=1.0\nfGammaAdj=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\nwarp=0.0\n"
    "rot=0.0\n";
const std::string kGreyPreset = std::string(kStillPreset) +
                                "ob_size=0.5\nob_r=0.5\nob_g=0.5\nob_b=0.5\nob_a=1.0\n"
                                "ib_size=0.5\nib_r=0.5\nib_g=0.5\nib_b=0.5\nib_a=1.0\n";

// projectm_set_preset_start_clean: the next preset starts from black instead of the picture the
// one before it left (which a preset that draws nothing keeps showing).
TEST_F(ProjectM4Render, PresetStartCleanStartsTheNextPresetFromBlack) {
  for (const bool clean : {false, true}) {
    SCOPED_TRACE(clean ? "clean" : "carried");
    projectm_handle pm = make();
    projectm_set_preset_start_clean(pm, clean);
    EXPECT_EQ(projectm_get_preset_start_clean(pm), clean);
    projectm_load_preset_data(pm, kGreyPreset.c_str(), false);
    for (int k = 0; k < 10; ++k) frame(pm, k);
    EXPECT_NEAR(pixels_mean(pixels().data(), kWidth * kHeight), 127.0, 3.0);
    projectm_load_preset_data(pm, kStillPreset, false);
    for (int k = 10; k < 13; ++k) frame(pm, k);
    const double mean = pixels_mean(pixels().data(), kWidth * kHeight);
    if (clean) {
      EXPECT_LT(mean, 1.0);
    } else {
      EXPECT_NEAR(mean, 127.0, 3.0);
    }
    projectm_destroy(pm);
  }
}

// projectm_set_texel_offset: a sprite burnt once into a still canvas stays put at 0, 0 and moves
// one pixel left a frame at (1, 0).
TEST_F(ProjectM4Render, TexelOffsetShiftsTheFeedback) {
  const char* paths[] = {kTestData.c_str()};
  auto centroid_x = [&](float offset) {
    projectm_handle pm = make();
    projectm_set_texture_search_paths(pm, paths, 1);
    projectm_set_texel_offset(pm, offset, 0.0f);
    projectm_load_preset_data(pm, kStillPreset, false);
    frame(pm, 0);
    EXPECT_NE(projectm_sprite_create(pm, "milkdrop",
                                     "img=quadrants\ninit_1=sx=0.3; sy=0.3;\ncode_1=done=1;\n"),
              0u);
    for (int k = 1; k <= 11; ++k) frame(pm, k);  // burnt at frame 1, then 10 frames of warp
    projectm_destroy(pm);
    const auto image = pixels();
    double sum = 0, n = 0;
    for (int i = 0; i < kWidth * kHeight; ++i) {
      if (image[4 * i] + image[4 * i + 1] + image[4 * i + 2] > 60) {
        sum += i % kWidth;
        n += 1;
      }
    }
    EXPECT_GT(n, 20);
    return sum / n;
  };
  EXPECT_NEAR(centroid_x(1.0f), centroid_x(0.0f) - 10.0, 1.5);
}

// projectm_set_texture_load_event_callback: asked for the texture a preset names (after its
// sampler_ prefix and filter code), before the file search; its pixels or its GL texture (which
// stays the host's) are what the preset samples; no answer: the files (none here: black).
struct TextureLoads {
  std::vector<std::string> names;
  const unsigned char* pixels = nullptr;
  unsigned int texture = 0;
  static void answer(const char* name, projectm_texture_load_data* data, void* user) {
    auto* self = static_cast<TextureLoads*>(user);
    self->names.emplace_back(name);
    if (self->pixels == nullptr && self->texture == 0) return;
    data->data = self->pixels;
    data->width = data->height = 1;
    data->channels = 4;
    data->texture_id = self->texture;
  }
};

TEST_F(ProjectM4Render, TextureLoadCallbackGivesThePresetsTexture) {
  const char* preset =
      "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
      "PSVERSION_COMP=2\nfGammaAdj=1.0\n"
      "comp_1=`sampler sampler_fw_hosttex;\n"
      "comp_2=`shader_body { ret = tex2D(sampler_fw_hosttex, uv).xyz; }\n";
  const unsigned char red[4] = {255, 0, 0, 255};
  GLuint green = 0;
  const unsigned char green_texel[4] = {0, 255, 0, 255};
  glGenTextures(1, &green);
  glBindTexture(GL_TEXTURE_2D, green);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, green_texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);
  auto run = [&](TextureLoads& loads) {
    projectm_handle pm = make();
    projectm_set_texture_load_event_callback(pm, &TextureLoads::answer, &loads);
    projectm_load_preset_data(pm, preset, false);
    for (int k = 0; k < 10; ++k) frame(pm, k);
    std::vector<unsigned char> image = pixels();
    projectm_destroy(pm);
    return image;
  };
  const auto channel_mean = [](const std::vector<unsigned char>& image, int channel) {
    double sum = 0;
    for (std::size_t i = static_cast<std::size_t>(channel); i < image.size(); i += 4)
      sum += image[i];
    return sum / (image.size() / 4);
  };
  TextureLoads with_pixels;
  with_pixels.pixels = red;
  const auto reds = run(with_pixels);
  EXPECT_GT(channel_mean(reds, 0), 250.0);
  EXPECT_LT(channel_mean(reds, 1), 5.0);
  ASSERT_FALSE(with_pixels.names.empty());
  EXPECT_EQ(with_pixels.names.front(), "hosttex");
  TextureLoads with_texture;
  with_texture.texture = green;
  const auto greens = run(with_texture);
  EXPECT_GT(channel_mean(greens, 1), 250.0);
  EXPECT_LT(channel_mean(greens, 0), 5.0);
  EXPECT_EQ(glIsTexture(green), GL_TRUE) << "projectM 4.2 does not take the host's texture over";
  TextureLoads none;
  const auto black = run(none);
  EXPECT_LT(pixels_mean(black.data(), kWidth * kHeight), 1.0);
  EXPECT_FALSE(none.names.empty());
  glDeleteTextures(1, &green);
}

// projectm_opengl_burn_texture: the host's texture is in the next frame, at the rectangle given
// in window pixels from the top-left corner, and the preset's decay then fades it.
TEST_F(ProjectM4Render, BurnTextureDrawsIntoTheCanvasTheWarpCarries) {
  GLuint texture = 0;
  const unsigned char red[4] = {255, 0, 0, 255};
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  glBindTexture(GL_TEXTURE_2D, 0);
  projectm_handle pm = make();
  std::string fading = kStillPreset;  // with a decay of 0.9 (the first fDecay line counts)
  fading.replace(fading.find("fDecay=1.0"), 10, "fDecay=0.9");
  projectm_load_preset_data(pm, fading.c_str(), false);
  frame(pm, 0);
  EXPECT_LT(pixels_mean(pixels().data(), kWidth * kHeight), 1.0);
  projectm_opengl_burn_texture(pm, texture, 8, 4, 16, 8);
  frame(pm, 1);
  auto image = pixels();  // rows bottom first: window row r is image row kHeight - 1 - r
  auto at = [&](int x, int row) { return &image[4 * ((kHeight - 1 - row) * kWidth + x)]; };
  EXPECT_GT(at(15, 7)[0], 200);  // inside the rectangle (x 8..24, rows 4..12)
  EXPECT_LT(at(15, 7)[1], 30);
  EXPECT_LT(at(4, 7)[0], 10);    // left of it
  EXPECT_LT(at(15, 20)[0], 10);  // below it
  const int first = at(15, 7)[0];
  for (int k = 2; k < 12; ++k) frame(pm, k);
  image = pixels();
  EXPECT_LT(at(15, 7)[0], first * 0.6) << "the preset's decay fades it";
  EXPECT_GT(at(15, 7)[0], 10);
  projectm_destroy(pm);
  glDeleteTextures(1, &texture);
}

// projectm_write_debug_image_on_next_frame: after the next frame the canvas (before the
// composite) is in the file as a 24-bit BMP of the window's size, and only that once.
TEST_F(ProjectM4Render, DebugImageWritesTheNextFramesCanvasAsBmp) {
  GLuint texture = 0;
  const unsigned char red[4] = {255, 0, 0, 255};
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  glBindTexture(GL_TEXTURE_2D, 0);
  const std::string file = ::testing::TempDir() + "pm4_debug_image.bmp";
  std::remove(file.c_str());
  projectm_handle pm = make();
  projectm_load_preset_data(pm, kStillPreset, false);
  frame(pm, 0);
  projectm_opengl_burn_texture(pm, texture, 8, 4, 16, 8);
  projectm_write_debug_image_on_next_frame(pm, file.c_str());
  frame(pm, 1);
  std::FILE* in = std::fopen(file.c_str(), "rb");
  ASSERT_NE(in, nullptr);
  std::vector<unsigned char> bmp(100000);
  bmp.resize(std::fread(bmp.data(), 1, bmp.size(), in));
  std::fclose(in);
  const auto u32 = [&](size_t at) {
    return bmp[at] | bmp[at + 1] << 8 | bmp[at + 2] << 16 |
           static_cast<uint32_t>(bmp[at + 3]) << 24;
  };
  ASSERT_EQ(bmp.size(), 54u + kWidth * 3 * kHeight);
  EXPECT_EQ(bmp[0], 'B');
  EXPECT_EQ(bmp[1], 'M');
  EXPECT_EQ(u32(18), static_cast<uint32_t>(kWidth));
  EXPECT_EQ(u32(22), static_cast<uint32_t>(kHeight));
  EXPECT_EQ(bmp[28], 24);
  // BMP rows go bottom first, BGR: window row 7 (from the top), column 15 is in the burnt square.
  const auto px = [&](int x, int row) { return &bmp[54 + ((kHeight - 1 - row) * kWidth + x) * 3]; };
  EXPECT_GT(px(15, 7)[2], 200);
  EXPECT_LT(px(15, 7)[1], 30);
  EXPECT_LT(px(40, 30)[2], 10);
  std::remove(file.c_str());
  frame(pm, 2);
  EXPECT_EQ(std::fopen(file.c_str(), "rb"), nullptr) << "only the next frame";
  projectm_destroy(pm);
  glDeleteTextures(1, &texture);
}
