// Each setting: read from its TOML key, wrong types and out-of-range values reported at their line
// with the default kept, paths with "~" expanded.

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"

namespace phosphene::play::test {
namespace {

TEST(PlayerConfigValues, EverySettingIsRead) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse(R"([window]
width = 1920
height = 1080
x = -20
y = 40
fullscreen = true
borderless = true
display = 2
vsync = "off"
gl = "es3"

[audio]
device = "alsa_output.pci.monitor"
beat_sensitivity = 2.5

[presets]
folders = ["/usr/share/milk", "~/presets"]
texture_folders = ["~/textures"]
duration = 45.5
transition = 0
hard_cuts = true
shuffle = false
retry_failed = true
start_preset = "~/presets/a.milk"

[render]
mesh = [64, 48]
fps_cap = 144

[overlay]
show_preset_name = false
show_song_title = false
show_fps = true
font = "~/fonts/x.ttf"
font_size = 32
toast_seconds = 0
help_on_start = true

[now_playing]
mpris = false
switch_preset = true

[keys]
show_in_help = "basic"
)",
                                 issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.window.width, 1920);
  EXPECT_EQ(s.window.height, 1080);
  EXPECT_EQ(s.window.x, -20);
  EXPECT_EQ(s.window.y, 40);
  EXPECT_TRUE(s.window.fullscreen);
  EXPECT_TRUE(s.window.borderless);
  EXPECT_EQ(s.window.display, 2);
  EXPECT_EQ(s.window.vsync, VsyncMode::Off);
  EXPECT_EQ(s.window.gl, GlApi::Es3);
  EXPECT_EQ(s.audio.device, "alsa_output.pci.monitor");
  EXPECT_EQ(s.audio.beatSensitivity, 2.5);
  EXPECT_EQ(s.presets.folders,
            (std::vector<std::filesystem::path>{"/usr/share/milk", "/home/tester/presets"}));
  EXPECT_EQ(s.presets.textureFolders,
            (std::vector<std::filesystem::path>{"/home/tester/textures"}));
  EXPECT_EQ(s.presets.durationSeconds, 45.5);
  EXPECT_EQ(s.presets.transitionSeconds, 0.0);
  EXPECT_TRUE(s.presets.hardCuts);
  EXPECT_FALSE(s.presets.shuffle);
  EXPECT_TRUE(s.presets.retryFailed);
  EXPECT_EQ(s.presets.startPreset, "/home/tester/presets/a.milk");
  EXPECT_EQ(s.render.meshX, 64);
  EXPECT_EQ(s.render.meshY, 48);
  EXPECT_EQ(s.render.fpsCap, 144);
  EXPECT_FALSE(s.overlay.showPresetName);
  EXPECT_FALSE(s.overlay.showSongTitle);
  EXPECT_TRUE(s.overlay.showFps);
  EXPECT_EQ(s.overlay.font, std::filesystem::path("/home/tester/fonts/x.ttf"));
  EXPECT_EQ(s.overlay.fontSize, 32);
  EXPECT_EQ(s.overlay.toastSeconds, 0.0);
  EXPECT_TRUE(s.overlay.helpOnStart);
  EXPECT_FALSE(s.nowPlaying.mpris);
  EXPECT_TRUE(s.nowPlaying.switchPreset);
  EXPECT_EQ(s.keys.showInHelp, HelpKeys::Basic);
}

TEST(PlayerConfigValues, DefaultsMatchTheDocumentedOnes) {
  const PlayerSettings s;
  EXPECT_EQ(s.window.width, 1280);
  EXPECT_EQ(s.window.height, 720);
  EXPECT_FALSE(s.window.x.has_value());
  EXPECT_FALSE(s.window.y.has_value());
  EXPECT_EQ(s.window.vsync, VsyncMode::Adaptive);
  EXPECT_EQ(s.window.gl, GlApi::Auto);
  EXPECT_EQ(s.audio.beatSensitivity, 1.0);
  EXPECT_EQ(s.presets.durationSeconds, 30.0);
  EXPECT_EQ(s.presets.transitionSeconds, 2.7);
  EXPECT_FALSE(s.presets.hardCuts);  // off, as in MilkDrop 2
  EXPECT_TRUE(s.presets.shuffle);
  EXPECT_FALSE(s.presets.retryFailed);
  EXPECT_EQ(s.render.meshX, 48);
  EXPECT_EQ(s.render.meshY, 36);
  EXPECT_EQ(s.render.fpsCap, 60);
  EXPECT_EQ(s.overlay.fontSize, 20);
  EXPECT_EQ(s.overlay.toastSeconds, 4.0);
  EXPECT_EQ(s.keys.showInHelp, HelpKeys::All);
}

TEST(PlayerConfigValues, LimitsComeFromTheCApi) {
  EXPECT_EQ(limits::kMinMeshX, PHOSPHENE_MIN_MESH_X);
  EXPECT_EQ(limits::kMaxMeshY, PHOSPHENE_MAX_MESH_Y);
  EXPECT_EQ(limits::kMaxFpsCap, static_cast<int>(PHOSPHENE_MAX_FPS));
  EXPECT_LE(limits::kMaxTransitionSeconds, PHOSPHENE_MAX_TRANSITION_SECONDS);
  EXPECT_EQ(limits::kMaxWindowSize, PHOSPHENE_MAX_DRAWABLE_SIZE);
}

TEST(PlayerConfigValues, IntegersAreAcceptedWhereNumbersAreExpected) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s =
      parse("[presets]\nduration = 60\n[audio]\nbeat_sensitivity = 3\n", issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.presets.durationSeconds, 60.0);
  EXPECT_EQ(s.audio.beatSensitivity, 3.0);
}

// One bad line per case: the issue is on line 2, mentions the key and the reason, and the
// setting keeps its default.
struct BadValue {
  const char* table;
  const char* line;
  const char* reason;
};

class PlayerConfigBadValue : public ::testing::TestWithParam<BadValue> {};

TEST_P(PlayerConfigBadValue, IsReportedAndTheDefaultKept) {
  const BadValue& bad = GetParam();
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse("[" + std::string(bad.table) + "]\n" + bad.line + "\n", issues);
  EXPECT_EQ(s, PlayerSettings{});
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].severity, IssueSeverity::Error);
  const std::string key = std::string(bad.line).substr(0, std::string(bad.line).find(' '));
  EXPECT_NE(issues[0].message.find(std::string(bad.table) + "." + key), std::string::npos)
      << issues[0].message;
  EXPECT_NE(issues[0].message.find(bad.reason), std::string::npos) << issues[0].message;
}

INSTANTIATE_TEST_SUITE_P(
    TypeErrors, PlayerConfigBadValue,
    ::testing::Values(BadValue{"window", "width = \"800\"", "must be an integer, not a string"},
                      BadValue{"window", "height = 720.5", "must be an integer"},
                      BadValue{"window", "x = true", "must be an integer"},
                      BadValue{"window", "fullscreen = 1", "must be true or false"},
                      BadValue{"window", "vsync = true", "must be one of"},
                      BadValue{"window", "gl = 4", "must be one of"},
                      BadValue{"audio", "device = 3", "must be a string"},
                      BadValue{"audio", "beat_sensitivity = \"high\"", "must be a number"},
                      BadValue{"presets", "folders = 7", "must be a list"},
                      BadValue{"presets", "shuffle = \"yes\"", "must be true or false"},
                      BadValue{"presets", "start_preset = []", "must be a string"},
                      BadValue{"render", "mesh = 48", "must be [columns, rows]"},
                      BadValue{"render", "mesh = [48]", "must be [columns, rows]"},
                      BadValue{"render", "mesh = [48, 36, 1]", "must be [columns, rows]"},
                      BadValue{"render", "mesh = [48.0, 36.0]", "must be [columns, rows]"},
                      BadValue{"render", "fps_cap = 60.0", "must be an integer"},
                      BadValue{"overlay", "font = false", "must be a string"},
                      BadValue{"overlay", "toast_seconds = 1979-05-27", "a date"},
                      BadValue{"keys", "show_in_help = \"some\"", "must be one of"}));

INSTANTIATE_TEST_SUITE_P(
    RangeErrors, PlayerConfigBadValue,
    ::testing::Values(BadValue{"window", "width = 10", "outside 64..16384"},
                      BadValue{"window", "height = 99999", "outside 64..16384"},
                      BadValue{"window", "x = 5000000", "outside"},
                      BadValue{"window", "display = -1", "outside 0..63"},
                      BadValue{"window", "vsync = \"sometimes\"", "\"off\", \"on\", \"adaptive\""},
                      BadValue{"audio", "beat_sensitivity = 0.05", "outside 0.1..10.0"},
                      BadValue{"audio", "beat_sensitivity = nan", "outside"},
                      BadValue{"presets", "duration = 0.5", "outside 1.0..3600.0"},
                      BadValue{"presets", "duration = inf", "outside"},
                      BadValue{"presets", "transition = 30.5", "outside 0.0..30.0"},
                      BadValue{"presets", "transition = -1", "outside"},
                      BadValue{"render", "mesh = [4, 36]", "outside 8..320"},
                      BadValue{"render", "mesh = [48, 241]", "outside 6..240"},
                      BadValue{"render", "fps_cap = 5", "outside 10..1000"},
                      BadValue{"render", "fps_cap = 1001", "outside 10..1000"},
                      BadValue{"overlay", "font_size = 2", "outside 6..200"},
                      BadValue{"overlay", "toast_seconds = 61", "outside 0.0..60.0"},
                      BadValue{"window", "width = 9223372036854775807", "outside"}));

TEST(PlayerConfigValues, RangeErrorNamesTheKeptValue) {
  std::vector<ConfigIssue> issues;
  parse("[presets]\ntransition = 99\n", issues);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_NE(issues[0].message.find("keeping 2.7"), std::string::npos) << issues[0].message;
}

TEST(PlayerConfigValues, EdgesOfTheRangesAreAccepted) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse(
      "[render]\nmesh = [8, 240]\nfps_cap = 1000\n[presets]\ntransition = 30\nduration = 1\n"
      "[window]\nwidth = 64\nheight = 16384\n",
      issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.render.meshX, 8);
  EXPECT_EQ(s.render.meshY, 240);
  EXPECT_EQ(s.render.fpsCap, 1000);
  EXPECT_EQ(s.presets.transitionSeconds, 30.0);
  EXPECT_EQ(s.window.width, 64);
  EXPECT_EQ(s.window.height, 16384);
}

TEST(PlayerConfigValues, ChoicesAreAllAccepted) {
  const std::pair<const char*, VsyncMode> vsync[] = {
      {"off", VsyncMode::Off}, {"on", VsyncMode::On}, {"adaptive", VsyncMode::Adaptive}};
  for (const auto& [name, mode] : vsync) {
    std::vector<ConfigIssue> issues;
    EXPECT_EQ(parse("[window]\nvsync = \"" + std::string(name) + "\"\n", issues).window.vsync,
              mode);
    EXPECT_TRUE(issues.empty()) << describe(issues);
  }
  const std::pair<const char*, GlApi> gl[] = {{"\"auto\"", GlApi::Auto},
                                              {"\"3.3\"", GlApi::Gl33},
                                              {"3.3", GlApi::Gl33},
                                              {"\"es3\"", GlApi::Es3}};
  for (const auto& [text, api] : gl) {
    std::vector<ConfigIssue> issues;
    EXPECT_EQ(parse("[window]\ngl = " + std::string(text) + "\n", issues).window.gl, api) << text;
    EXPECT_TRUE(issues.empty()) << describe(issues);
  }
}

TEST(PlayerConfigValues, ABadListEntryIsSkippedAndTheOthersKept) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse("[presets]\nfolders = [\"/a\", 3, \"/b\"]\n", issues);
  EXPECT_EQ(s.presets.folders, (std::vector<std::filesystem::path>{"/a", "/b"}));
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].column, 18);  // the 3
}

TEST(PlayerConfigValues, ASingleFolderStringIsAListOfOne) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse("[presets]\nfolders = \"~/milk\"\n", issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.presets.folders, (std::vector<std::filesystem::path>{"/home/tester/milk"}));
}

TEST(PlayerConfigValues, TildeExpansionOnlyForHomePaths) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s =
      parse("[presets]\nfolders = [\"~\", \"~/\", \"~bob/x\", \"/a/~/b\", \"x~\"]\n", issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.presets.folders, (std::vector<std::filesystem::path>{"/home/tester", "/home/tester/",
                                                                   "~bob/x", "/a/~/b", "x~"}));
}

TEST(PlayerConfigValues, TildeStaysWhenHomeIsUnknown) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s =
      parseConfig("[overlay]\nfont = \"~/f.ttf\"\n", "t.toml", issues, ConfigEnvironment{});
  EXPECT_EQ(s.overlay.font, std::filesystem::path("~/f.ttf"));
}

TEST(PlayerConfigValues, Utf8PathsAndNamesArePreserved) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse(
      "[presets]\nfolders = [\"/médias/Préréglages ★\", \"~/音楽/milk\"]\n"
      "[audio]\ndevice = \"Micrófono \\u00e9\"\n",
      issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  ASSERT_EQ(s.presets.folders.size(), 2u);
  EXPECT_EQ(s.presets.folders[0].string(), "/médias/Préréglages ★");
  EXPECT_EQ(s.presets.folders[1].string(), "/home/tester/音楽/milk");
  EXPECT_EQ(s.audio.device, "Micrófono é");
}

TEST(PlayerConfigValues, PositionIsOptional) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse("[window]\nx = 0\n", issues);
  EXPECT_EQ(s.window.x, 0);
  EXPECT_FALSE(s.window.y.has_value());
}

}  // namespace
}  // namespace phosphene::play::test
