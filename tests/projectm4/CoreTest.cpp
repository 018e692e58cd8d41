// libprojectM-4 without GL: parameters (projectM's defaults, clamping, ignored bad values),
// versions and strings, loading failures, logging per thread and per process, the features
// Phosphene's C API lacks (checked, logged once), NULL handles. Through the compat headers only.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "projectM-4/projectM.h"

namespace {

const std::string kPresets = PM4_PRESETS;
const std::string kPreset = kPresets + "/presets_milkdrop/Aderrasi - Agitator.milk";
const std::string kTestData = PM4_TEST_DATA;  // tests/data: sprites/quadrants.png

struct Handle {
  projectm_handle pm = projectm_create();
  ~Handle() { projectm_destroy(pm); }
};

struct Failures {
  std::vector<std::string> files, messages;
  static void record(const char* file, const char* message, void* user) {
    auto* self = static_cast<Failures*>(user);
    self->files.emplace_back(file);
    self->messages.emplace_back(message);
  }
};

struct LogLines {
  std::vector<std::string> lines;
  std::vector<projectm_log_level> levels;
  static void record(const char* message, projectm_log_level level, void* user) {
    static_cast<LogLines*>(user)->lines.emplace_back(message);
    static_cast<LogLines*>(user)->levels.push_back(level);
  }
  size_t containing(const std::string& text) const {
    size_t n = 0;
    for (const auto& line : lines) n += line.find(text) != std::string::npos ? 1 : 0;
    return n;
  }
};

// Leaves the process-wide and this thread's log settings as projectM starts.
struct LogReset {
  ~LogReset() {
    projectm_set_log_callback(nullptr, false, nullptr);
    projectm_set_log_callback(nullptr, true, nullptr);
    projectm_set_log_level(PROJECTM_LOG_LEVEL_NOTSET, false);
    projectm_set_log_level(PROJECTM_LOG_LEVEL_NOTSET, true);
  }
};

TEST(ProjectM4Core, DefaultsAreProjectMs) {
  Handle h;
  ASSERT_NE(h.pm, nullptr);
  EXPECT_EQ(projectm_get_beat_sensitivity(h.pm), 1.0f);
  EXPECT_EQ(projectm_get_hard_cut_duration(h.pm), 20.0);
  EXPECT_FALSE(projectm_get_hard_cut_enabled(h.pm));
  EXPECT_EQ(projectm_get_hard_cut_sensitivity(h.pm), 2.0f);
  EXPECT_EQ(projectm_get_soft_cut_duration(h.pm), 3.0);
  EXPECT_EQ(projectm_get_preset_duration(h.pm), 30.0);
  size_t w = 1, hgt = 1;
  projectm_get_mesh_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 32u);
  EXPECT_EQ(hgt, 24u);
  float x = 1, y = 1;
  projectm_get_texel_offset(h.pm, &x, &y);
  EXPECT_EQ(x, 0.0f);
  EXPECT_EQ(y, 0.0f);
  EXPECT_EQ(projectm_get_fps(h.pm), 60);
  EXPECT_TRUE(projectm_get_aspect_correction(h.pm));
  EXPECT_EQ(projectm_get_easter_egg(h.pm), 1.0f);
  EXPECT_FALSE(projectm_get_preset_locked(h.pm));
  projectm_get_window_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 0u);
  EXPECT_EQ(hgt, 0u);
  EXPECT_FALSE(projectm_get_preset_start_clean(h.pm));
  EXPECT_EQ(projectm_get_last_frame_time(h.pm), 0.0);
  EXPECT_EQ(projectm_sprite_get_max_sprites(h.pm), 16u);
}

TEST(ProjectM4Core, SettersStoreAndRejectBadValues) {
  Handle h;
  projectm_set_beat_sensitivity(h.pm, 2.5f);
  projectm_set_beat_sensitivity(h.pm, NAN);
  EXPECT_EQ(projectm_get_beat_sensitivity(h.pm), 2.5f);
  projectm_set_hard_cut_duration(h.pm, 5.0);
  projectm_set_hard_cut_duration(h.pm, -1.0);
  EXPECT_EQ(projectm_get_hard_cut_duration(h.pm), 5.0);
  projectm_set_hard_cut_enabled(h.pm, true);
  EXPECT_TRUE(projectm_get_hard_cut_enabled(h.pm));
  projectm_set_hard_cut_sensitivity(h.pm, 1.5f);
  EXPECT_EQ(projectm_get_hard_cut_sensitivity(h.pm), 1.5f);
  projectm_set_soft_cut_duration(h.pm, 0.0);
  EXPECT_EQ(projectm_get_soft_cut_duration(h.pm), 0.0);
  projectm_set_preset_duration(h.pm, 12.0);
  projectm_set_preset_duration(h.pm, INFINITY);
  EXPECT_EQ(projectm_get_preset_duration(h.pm), 12.0);
  projectm_set_texel_offset(h.pm, 0.5f, 0.25f);
  float x = 0, y = 0;
  projectm_get_texel_offset(h.pm, &x, &y);
  EXPECT_EQ(x, 0.5f);
  EXPECT_EQ(y, 0.25f);
  projectm_set_fps(h.pm, 30);
  projectm_set_fps(h.pm, 0);
  projectm_set_fps(h.pm, -5);
  EXPECT_EQ(projectm_get_fps(h.pm), 30);
  projectm_set_aspect_correction(h.pm, false);
  EXPECT_FALSE(projectm_get_aspect_correction(h.pm));
  projectm_set_easter_egg(h.pm, 0.0f);
  EXPECT_EQ(projectm_get_easter_egg(h.pm), 0.0f);
  projectm_set_preset_locked(h.pm, true);
  EXPECT_TRUE(projectm_get_preset_locked(h.pm));
  projectm_set_window_size(h.pm, 1000000000u, 1u);
  size_t w = 0, hgt = 0;
  projectm_get_window_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 1000000000u);
  EXPECT_EQ(hgt, 1u);
  projectm_set_preset_start_clean(h.pm, true);
  EXPECT_TRUE(projectm_get_preset_start_clean(h.pm));
  projectm_sprite_set_max_sprites(h.pm, 3);
  EXPECT_EQ(projectm_sprite_get_max_sprites(h.pm), 3u);
}

TEST(ProjectM4Core, MeshSizeIsClampedAndRoundedUpToEven) {
  Handle h;
  size_t w = 0, hgt = 0;
  projectm_set_mesh_size(h.pm, 1, 0);
  projectm_get_mesh_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 8u);
  EXPECT_EQ(hgt, 8u);
  projectm_set_mesh_size(h.pm, 33, 25);
  projectm_get_mesh_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 34u);
  EXPECT_EQ(hgt, 26u);
  projectm_set_mesh_size(h.pm, 1000000000u, 301);
  projectm_get_mesh_size(h.pm, &w, &hgt);
  EXPECT_EQ(w, 300u);
  EXPECT_EQ(hgt, 300u);
}

TEST(ProjectM4Core, VersionsAndStrings) {
  int major = 0, minor = 0, patch = -1;
  projectm_get_version_components(&major, &minor, &patch);
  EXPECT_EQ(major, 4);
  EXPECT_EQ(minor, 2);
  EXPECT_EQ(patch, 0);
  projectm_get_version_components(nullptr, nullptr, nullptr);
  char* version = projectm_get_version_string();
  EXPECT_STREQ(version, PROJECTM_VERSION_STRING);
  projectm_free_string(version);
  char* vcs = projectm_get_vcs_version_string();
  EXPECT_EQ(std::string(vcs).rfind("phosphene-", 0), 0u);
  projectm_free_string(vcs);
  char* buffer = projectm_alloc_string(16);
  ASSERT_NE(buffer, nullptr);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(buffer[i], 0);
  std::strcpy(buffer, "fifteen chars..");
  projectm_free_string(buffer);
  projectm_free_string(projectm_alloc_string(0));
  projectm_free_string(nullptr);
  EXPECT_EQ(projectm_pcm_get_max_samples(), 576u);
}

TEST(ProjectM4Core, LoadFailuresAreReportedAtOnce) {
  Handle h;
  Failures failures;
  projectm_set_preset_switch_failed_event_callback(h.pm, &Failures::record, &failures);
  projectm_load_preset_file(h.pm, kPresets.c_str(), true);  // a folder
  projectm_load_preset_file(h.pm, "/no/such/preset.milk", false);
  projectm_load_preset_file(h.pm, nullptr, false);
  projectm_load_preset_data(h.pm, "this is not a preset", false);
  projectm_load_preset_data(h.pm, nullptr, true);
  ASSERT_EQ(failures.files.size(), 5u);
  EXPECT_EQ(failures.files[0], kPresets);
  EXPECT_EQ(failures.files[1], "/no/such/preset.milk");
  for (const auto& message : failures.messages) EXPECT_FALSE(message.empty());
  projectm_load_preset_file(h.pm, kPreset.c_str(), true);  // loads: no new failure
  projectm_load_preset_data(h.pm, "[preset00]\nzoom=1.01\n", false);
  EXPECT_EQ(failures.files.size(), 5u);
  projectm_set_preset_switch_failed_event_callback(h.pm, nullptr, nullptr);
  projectm_load_preset_file(h.pm, "/no/such/preset.milk", false);
  EXPECT_EQ(failures.files.size(), 5u);
}

TEST(ProjectM4Core, MissingFeaturesAreCheckedAndLoggedOnce) {
  LogReset reset;
  LogLines log;
  projectm_set_log_callback(&LogLines::record, false, &log);
  Handle h;
  projectm_touch(h.pm, 0.5f, 0.5f, 1, PROJECTM_TOUCH_TYPE_CIRCLE);
  projectm_touch_drag(h.pm, 0.6f, 0.5f, 1);
  projectm_touch_destroy(h.pm, 0.6f, 0.5f);
  projectm_touch_destroy_all(h.pm);
  EXPECT_EQ(log.containing("touch"), 1u);
  projectm_write_debug_image_on_next_frame(h.pm, nullptr);  // written after a drawn frame only
  EXPECT_EQ(log.containing("debug image"), 0u);
  projectm_opengl_burn_texture(h.pm, 0, 0, 0, 10, 10);  // invalid: nothing said
  EXPECT_EQ(log.containing("burn_texture"), 0u);
  for (int i = 0; i < 20; ++i) projectm_opengl_burn_texture(h.pm, 7, 0, 0, 10, 10);
  // 16 wait for a frame: the 17th is said once (the engine's own error lines aside)
  EXPECT_EQ(log.containing("(projectM API): projectm_opengl_burn_texture"), 1u);
  projectm_set_texture_load_event_callback(
      h.pm, [](const char*, projectm_texture_load_data*, void*) {}, nullptr);
  EXPECT_EQ(log.containing("texture-load"), 0u);  // honoured now: nothing to say
  const int16_t samples[4] = {0, 0, 0, 0};
  projectm_pcm_add_int16(h.pm, samples, 2, static_cast<projectm_channels>(3));
  projectm_pcm_add_int16(h.pm, samples, 2, static_cast<projectm_channels>(0));
  EXPECT_EQ(log.containing("channel count"), 1u);
}

// projectM's user sprites: type "milkdrop" in any letter case, img= found in the texture search
// paths by its name without extension, code that does not compile refused, ids oldest first, the
// limit evicting the oldest (also when lowered), 0 showing none, more than 16 kept but 16 live.
TEST(ProjectM4Core, SpritesFollowProjectMsRules) {
  LogReset reset;
  LogLines log;
  projectm_set_log_callback(&LogLines::record, false, &log);
  Handle h;
  const char* sprite = "img=quadrants\ninit_1=burn=0;\ncode_1=x=0.5;\n";
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop", sprite), 0u);  // not in a search path yet
  EXPECT_EQ(log.containing("sprite not created"), 1u);
  const char* paths[] = {kTestData.c_str()};
  projectm_set_texture_search_paths(h.pm, paths, 1);  // quadrants.png is in its sprites/ folder
  const uint32_t a = projectm_sprite_create(h.pm, "MilkDrop", sprite);
  EXPECT_NE(a, 0u);
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop2", sprite), 0u);
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop", "img=quadrants\ncode_1=x = 0.3 +;\n"), 0u);
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop", "code_1=x=0.5;\n"), 0u);  // no img=
  EXPECT_EQ(projectm_sprite_create(h.pm, nullptr, sprite), 0u);
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop", nullptr), 0u);
  const std::string absolute =
      "img=" + kTestData + "/sprites/quadrants.png\ninit_1=burn=0;\n";  // a full path as it is
  const uint32_t b = projectm_sprite_create(h.pm, "milkdrop", absolute.c_str());
  const uint32_t c = projectm_sprite_create(h.pm, "milkdrop", "IMG = Quadrants.PNG\n");
  ASSERT_NE(b, 0u);
  ASSERT_NE(c, 0u);
  EXPECT_EQ(projectm_sprite_get_sprite_count(h.pm), 3u);
  std::vector<uint32_t> ids(3);
  projectm_sprite_get_sprite_ids(h.pm, ids.data());
  EXPECT_EQ(ids, (std::vector<uint32_t>{a, b, c}));
  projectm_sprite_set_max_sprites(h.pm, 2);  // below the live count: the oldest goes
  EXPECT_EQ(projectm_sprite_get_sprite_count(h.pm), 2u);
  ids.assign(2, 0);
  projectm_sprite_get_sprite_ids(h.pm, ids.data());
  EXPECT_EQ(ids, (std::vector<uint32_t>{b, c}));
  const uint32_t d = projectm_sprite_create(h.pm, "milkdrop", sprite);  // at the limit: b goes
  ASSERT_NE(d, 0u);
  projectm_sprite_get_sprite_ids(h.pm, ids.data());
  EXPECT_EQ(ids, (std::vector<uint32_t>{c, d}));
  projectm_sprite_destroy(h.pm, c);
  projectm_sprite_destroy(h.pm, c);  // gone already: nothing happens
  projectm_sprite_destroy(h.pm, 12345);
  EXPECT_EQ(projectm_sprite_get_sprite_count(h.pm), 1u);
  projectm_sprite_get_sprite_ids(h.pm, nullptr);
  projectm_sprite_destroy_all(h.pm);
  EXPECT_EQ(projectm_sprite_get_sprite_count(h.pm), 0u);
  projectm_sprite_set_max_sprites(h.pm, 0);
  EXPECT_EQ(projectm_sprite_create(h.pm, "milkdrop", sprite), 0u);  // a limit of 0 shows none
  projectm_sprite_set_max_sprites(h.pm, 40);
  projectm_sprite_set_max_sprites(h.pm, 50);
  EXPECT_EQ(projectm_sprite_get_max_sprites(h.pm), 50u);  // read back as set
  EXPECT_EQ(log.containing("at most 16 sprites"), 1u);
  for (int i = 0; i < 20; ++i) EXPECT_NE(projectm_sprite_create(h.pm, "milkdrop", sprite), 0u);
  EXPECT_EQ(projectm_sprite_get_sprite_count(h.pm), 16u);
  ids.assign(16, 0);
  projectm_sprite_get_sprite_ids(h.pm, ids.data());
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
}

TEST(ProjectM4Core, LogCallbackPerThreadWinsOverTheProcessOne) {
  LogReset reset;
  LogLines process, own;
  projectm_set_log_callback(&LogLines::record, false, &process);
  {
    Handle h;
    projectm_set_texel_offset(h.pm, 20.0f, 0.5f);  // an INFO notice (clamped)
  }
  EXPECT_EQ(process.containing("texel offsets beyond"), 1u);
  std::thread other([&] {
    projectm_set_log_callback(&LogLines::record, true, &own);
    Handle h;
    projectm_set_texel_offset(h.pm, 20.0f, 0.5f);
  });
  other.join();
  EXPECT_EQ(own.containing("texel offsets beyond"), 1u);
  EXPECT_EQ(process.containing("texel offsets beyond"),
            1u);  // the other thread's went to its own sink
  projectm_set_log_level(PROJECTM_LOG_LEVEL_WARN, false);
  {
    Handle h;
    projectm_set_texel_offset(h.pm, 20.0f, 0.5f);  // INFO: below WARN
    projectm_sprite_create(h.pm, "milkdrop", "");  // WARN
  }
  EXPECT_EQ(process.containing("texel offsets beyond"), 1u);
  EXPECT_EQ(process.containing("sprite not created"), 1u);
  projectm_set_log_level(PROJECTM_LOG_LEVEL_TRACE, true);  // this thread hears everything again
  {
    Handle h;
    projectm_set_texel_offset(h.pm, 20.0f, 0.5f);
  }
  EXPECT_EQ(process.containing("texel offsets beyond"), 2u);
}

TEST(ProjectM4Core, NullHandlesAndArgumentsNeverCrash) {
  projectm_destroy(nullptr);
  projectm_load_preset_file(nullptr, "x.milk", true);
  projectm_load_preset_data(nullptr, "x", true);
  projectm_reset_textures(nullptr);
  projectm_pcm_add_float(nullptr, nullptr, 10, PROJECTM_STEREO);
  projectm_opengl_render_frame(nullptr);
  projectm_opengl_render_frame_fbo(nullptr, 3);
  projectm_set_window_size(nullptr, 1, 1);
  projectm_set_texture_search_paths(nullptr, nullptr, 3);
  size_t w = 7;
  projectm_get_mesh_size(nullptr, &w, nullptr);
  EXPECT_EQ(w, 7u);
  EXPECT_EQ(projectm_get_fps(nullptr), 0);
  EXPECT_EQ(projectm_sprite_create(nullptr, "milkdrop", ""), 0u);
  Handle h;
  projectm_pcm_add_float(h.pm, nullptr, 10, PROJECTM_STEREO);
  const char* paths[] = {nullptr, "", kPresets.c_str()};
  projectm_set_texture_search_paths(h.pm, paths, 3);
  projectm_set_texture_search_paths(h.pm, nullptr, 5);
  projectm_reset_textures(h.pm);
  projectm_get_mesh_size(h.pm, nullptr, nullptr);
  projectm_get_texel_offset(h.pm, nullptr, nullptr);
  projectm_get_window_size(h.pm, nullptr, nullptr);
  projectm_set_frame_time(h.pm, NAN);
  projectm_opengl_render_frame(h.pm);  // no window size, no context: nothing happens
}

TEST(ProjectM4Core, CreateWithLoadProcWorks) {
  projectm_handle pm = projectm_create_with_opengl_load_proc(
      [](const char*, void*) -> void* { return nullptr; }, nullptr);
  ASSERT_NE(pm, nullptr);
  projectm_destroy(pm);
  pm = projectm_create_with_opengl_load_proc(nullptr, nullptr);
  ASSERT_NE(pm, nullptr);
  projectm_destroy(pm);
}

TEST(ProjectM4Core, TwoInstancesKeepTheirOwnSettings) {
  Handle a, b;
  projectm_set_preset_duration(a.pm, 5.0);
  projectm_set_mesh_size(b.pm, 64, 48);
  EXPECT_EQ(projectm_get_preset_duration(b.pm), 30.0);
  size_t w = 0, hgt = 0;
  projectm_get_mesh_size(a.pm, &w, &hgt);
  EXPECT_EQ(w, 32u);
}

}  // namespace
