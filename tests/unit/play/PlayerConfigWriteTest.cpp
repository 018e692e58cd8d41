// The written file: commented, every setting present with its default, and it reads back to
// exactly the settings it was written from with no issues.

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"

namespace phosphene::play::test {
namespace {

TEST(PlayerConfigWrite, DefaultFileReadsBackAsDefaultsWithZeroIssues) {
  std::vector<ConfigIssue> issues;
  EXPECT_EQ(parse(writeDefaultConfig(), issues), PlayerSettings{});
  EXPECT_TRUE(issues.empty()) << describe(issues);
}

TEST(PlayerConfigWrite, EverySettingHasACommentWithItsDefault) {
  std::istringstream lines(writeDefaultConfig());
  std::string previous;
  std::string line;
  int settings = 0;
  while (std::getline(lines, line)) {
    const bool setting = !line.empty() && line[0] != '#' && line[0] != '[';
    const bool unsetSetting = line.rfind("# x = ", 0) == 0 || line.rfind("# y = ", 0) == 0;
    if (setting || unsetSetting) {
      ++settings;
      EXPECT_EQ(previous.rfind("# ", 0), 0u) << "no comment above: " << line;
      EXPECT_NE(previous.find(" Default: "), std::string::npos) << previous;
    }
    previous = line;
  }
  EXPECT_EQ(settings, 33);
  const std::string text = writeDefaultConfig();
  for (const char* table :
       {"[window]", "[audio]", "[presets]", "[render]", "[overlay]", "[now_playing]", "[keys]"})
    EXPECT_NE(text.find(table), std::string::npos) << table;
  EXPECT_NE(text.find("# Window width in pixels, 64..16384. Default: 1280\nwidth = 1280\n"),
            std::string::npos);
  EXPECT_NE(text.find("transition = 2.7\n"), std::string::npos);
  EXPECT_NE(text.find("mesh = [48, 36]\n"), std::string::npos);
  EXPECT_NE(text.find("Default: unset\n# x = 100\n"), std::string::npos);
}

PlayerSettings everythingChanged() {
  PlayerSettings s;
  s.window = {1920,          1200,       -1920, 0, true, true, 1, "HDMI-A-0", "DP-2 \"beamer\"",
              VsyncMode::On, GlApi::Gl33};
  s.audio.device = "Quote \" backslash \\ tab \t newline \n bell \x07 del \x7f é ★";
  s.audio.beatSensitivity = 0.1 + 0.2;  // not exactly 0.3: the written text must be exact
  s.presets.folders = {"/a b/c", "/médias/音楽", "C:\\Windows\\style"};
  s.presets.textureFolders = {"/t"};
  s.presets.durationSeconds = 3600.0;
  s.presets.transitionSeconds = 1e-3;
  s.presets.hardCuts = true;
  s.presets.shuffle = false;
  s.presets.retryFailed = true;
  s.presets.startPreset = "Geiss - Reaction Diffusion 2.milk";
  s.render = {320, 6, 0};
  s.overlay = {false, false, true, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
               6,     60.0,  true};
  s.keys.showInHelp = HelpKeys::Basic;
  return s;
}

TEST(PlayerConfigWrite, AnySettingsRoundTrip) {
  const PlayerSettings original = everythingChanged();
  std::vector<ConfigIssue> issues;
  const std::string text = formatConfig(original);
  EXPECT_EQ(parse(text, issues), original) << text;
  EXPECT_TRUE(issues.empty()) << describe(issues);
  // The comments still show the defaults, not the values written.
  EXPECT_NE(text.find("Default: 1280\nwidth = 1920\n"), std::string::npos) << text;
}

TEST(PlayerConfigWrite, UnsetPositionIsWrittenCommentedOut) {
  PlayerSettings s;
  s.window.x = 5;
  const std::string text = formatConfig(s);
  EXPECT_NE(text.find("\nx = 5\n"), std::string::npos);
  EXPECT_NE(text.find("\n# y = 100\n"), std::string::npos);
  std::vector<ConfigIssue> issues;
  EXPECT_EQ(parse(text, issues), s);
}

TEST(PlayerConfigWrite, FloatsAreWrittenShortestAndExact) {
  for (const double value : {2.7, 30.0, 1.0, 0.1, 1.0 / 3.0, 29.999999999999, 1e-7}) {
    PlayerSettings s;
    s.presets.transitionSeconds = value;
    std::vector<ConfigIssue> issues;
    EXPECT_EQ(parse(formatConfig(s), issues).presets.transitionSeconds, value);
  }
  PlayerSettings s;
  s.presets.durationSeconds = 30.0;
  EXPECT_NE(formatConfig(s).find("duration = 30.0\n"), std::string::npos);
}

}  // namespace
}  // namespace phosphene::play::test
