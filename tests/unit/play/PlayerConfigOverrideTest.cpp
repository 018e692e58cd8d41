// --set table.key=value overrides: the same checks as the file, a plain-string fallback for
// unquoted text, and the setting unchanged on any problem.

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"

namespace phosphene::play::test {
namespace {

bool set(PlayerSettings& s, std::string_view key, std::string_view value,
         std::vector<ConfigIssue>& issues) {
  return applyOverride(s, key, value, issues, testEnvironment());
}

TEST(PlayerConfigOverride, TomlValuesOfEveryKind) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_TRUE(set(s, "window.width", "800", issues));
  EXPECT_TRUE(set(s, "window.fullscreen", "true", issues));
  EXPECT_TRUE(set(s, "presets.transition", "0.5", issues));
  EXPECT_TRUE(set(s, "render.mesh", "[64, 48]", issues));
  EXPECT_TRUE(set(s, "audio.device", "\"quoted # not a comment\"", issues));
  EXPECT_TRUE(set(s, "presets.folders", "[\"~/a\", \"/b\"]", issues));
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.window.width, 800);
  EXPECT_TRUE(s.window.fullscreen);
  EXPECT_EQ(s.presets.transitionSeconds, 0.5);
  EXPECT_EQ(s.render.meshX, 64);
  EXPECT_EQ(s.render.meshY, 48);
  EXPECT_EQ(s.audio.device, "quoted # not a comment");
  EXPECT_EQ(s.presets.folders, (std::vector<std::filesystem::path>{"/home/tester/a", "/b"}));
}

TEST(PlayerConfigOverride, UnquotedTextIsAPlainString) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_TRUE(set(s, "audio.device", "Monitor of Built-in Audio", issues));
  EXPECT_TRUE(set(s, "window.vsync", "off", issues));
  EXPECT_TRUE(set(s, "overlay.font", "~/fonts/Ünï.ttf", issues));
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(s.audio.device, "Monitor of Built-in Audio");
  EXPECT_EQ(s.window.vsync, VsyncMode::Off);
  EXPECT_EQ(s.overlay.font, std::filesystem::path("/home/tester/fonts/Ünï.ttf"));
}

TEST(PlayerConfigOverride, NumberForAStringSettingIsATypeError) {
  // "2" parses as the TOML integer 2; a device index must be written as a string.
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(set(s, "audio.device", "2", issues));
  EXPECT_TRUE(set(s, "audio.device", "\"2\"", issues));
  EXPECT_EQ(s.audio.device, "2");
}

TEST(PlayerConfigOverride, UnknownKeysAreRejected) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  for (const char* key : {"width", "window.depth", "colours.background", "", ".", "window."}) {
    EXPECT_FALSE(set(s, key, "1", issues)) << key;
  }
  EXPECT_EQ(s, PlayerSettings{});
  ASSERT_EQ(issues.size(), 6u);
  EXPECT_EQ(issues[0].file, "--set");
  EXPECT_EQ(issues[0].line, 0);
  EXPECT_EQ(issues[0].format(),
            "--set: error: unknown setting 'width' (expected table.key as in phosphene.toml, "
            "e.g. window.width)");
}

TEST(PlayerConfigOverride, BadValuesLeaveTheSettingUnchanged) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(set(s, "window.width", "10", issues));
  EXPECT_FALSE(set(s, "window.width", "wide", issues));
  EXPECT_FALSE(set(s, "render.mesh", "[64, 1000]", issues));
  EXPECT_FALSE(set(s, "presets.folders", "[\"/ok\", 5]", issues));  // no partial list either
  EXPECT_FALSE(set(s, "window.vsync", "sometimes", issues));
  EXPECT_EQ(s, PlayerSettings{});
  ASSERT_EQ(issues.size(), 5u) << describe(issues);
  EXPECT_EQ(issues[0].message, "window.width = 10 is outside 64..16384; keeping 1280");
  EXPECT_NE(issues[1].message.find("must be an integer, not a string"), std::string::npos);
}

TEST(PlayerConfigOverride, TextThatSmugglesInOtherKeysIsOnlyAString) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_TRUE(set(s, "audio.device", "1\n[window]\nwidth = 64", issues));
  EXPECT_EQ(s.audio.device, "1\n[window]\nwidth = 64");
  EXPECT_EQ(s.window.width, 1280);
  EXPECT_FALSE(set(s, "window.height", "100\nwidth = 64", issues));
  EXPECT_EQ(s.window, WindowSettings{});
}

TEST(PlayerConfigOverride, InvalidUtf8IsRejected) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(set(s, "audio.device", "caf\xc3", issues));
  EXPECT_FALSE(set(s, "audio.device", "\xed\xa0\x80", issues));  // a UTF-16 surrogate
  EXPECT_FALSE(set(s, "audio.device", "\xc0\xaf", issues));      // overlong '/'
  EXPECT_EQ(s.audio.device, "");
  ASSERT_EQ(issues.size(), 3u);
  EXPECT_NE(issues[0].message.find("not valid UTF-8 (byte 4)"), std::string::npos);
  EXPECT_NE(issues[2].message.find("(byte 1)"), std::string::npos);
}

TEST(PlayerConfigOverride, OverriddenSettingsStillWriteAndReadBack) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  ASSERT_TRUE(set(s, "audio.device", "a \"b\" \\ c", issues));
  ASSERT_TRUE(set(s, "window.x", "-5", issues));
  EXPECT_EQ(parse(formatConfig(s), issues), s);
  EXPECT_TRUE(issues.empty()) << describe(issues);
}

}  // namespace
}  // namespace phosphene::play::test
