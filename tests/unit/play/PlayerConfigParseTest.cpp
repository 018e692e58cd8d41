// Whole-file behaviour of parseConfig: empty input, syntax errors (reported, the line skipped, the
// rest applied), unknown tables and keys, issue order and format.

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"

namespace phosphene::play::test {
namespace {

TEST(PlayerConfigParse, EmptyFileGivesDefaultsWithoutIssues) {
  std::vector<ConfigIssue> issues;
  EXPECT_EQ(parse("", issues), PlayerSettings{});
  EXPECT_TRUE(issues.empty()) << describe(issues);
}

TEST(PlayerConfigParse, CommentsAndEmptyTablesGiveDefaults) {
  std::vector<ConfigIssue> issues;
  EXPECT_EQ(parse("# nothing here\n\n[window]\n[audio] # still nothing\n", issues),
            PlayerSettings{});
  EXPECT_TRUE(issues.empty()) << describe(issues);
}

TEST(PlayerConfigParse, SyntaxErrorIsReportedWithLineAndLaterLinesApply) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse(
      "[window]\n"
      "width = 800\n"
      "height = = 600\n"  // line 3
      "fullscreen = true\n"
      "[audio]\n"
      "device = \"USB Mic\"\n",
      issues);
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].file, "test.toml");
  EXPECT_EQ(issues[0].line, 3);
  EXPECT_GT(issues[0].column, 0);
  EXPECT_EQ(issues[0].severity, IssueSeverity::Error);
  EXPECT_NE(issues[0].message.find("syntax error"), std::string::npos) << issues[0].message;
  EXPECT_EQ(settings.window.width, 800);
  EXPECT_EQ(settings.window.height, 720);  // the broken line: default kept
  EXPECT_TRUE(settings.window.fullscreen);
  EXPECT_EQ(settings.audio.device, "USB Mic");
}

TEST(PlayerConfigParse, SeveralSyntaxErrorsAreEachReported) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse(
      "[window]\n"
      "width 800\n"  // 2: no '='
      "height = 600\n"
      "display = 1 2\n"     // 4: trailing junk
      "[presets\n"          // 5: unterminated header
      "duration = 12.5\n",  // joins [window]: reported as unknown there
      issues);
  EXPECT_EQ(settings.window.height, 600);
  EXPECT_EQ(settings.window.width, 1280);
  const auto syntax = issuesMentioning(issues, "syntax error");
  ASSERT_EQ(syntax.size(), 3u) << describe(issues);
  EXPECT_EQ(syntax[0].line, 2);
  EXPECT_EQ(syntax[1].line, 4);
  EXPECT_EQ(syntax[2].line, 5);
  const auto unknown = issuesMentioning(issues, "window.duration");
  ASSERT_EQ(unknown.size(), 1u) << describe(issues);
  EXPECT_EQ(unknown[0].line, 6);
}

TEST(PlayerConfigParse, UnterminatedStringAtTheEndKeepsEarlierSettings) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings =
      parse("[render]\nfps_cap = 30\n[overlay]\nfont = \"\"\"/usr/share/fonts\n\n", issues);
  EXPECT_EQ(settings.render.fpsCap, 30);
  EXPECT_EQ(settings.overlay.font, std::filesystem::path());
  EXPECT_FALSE(issuesMentioning(issues, "syntax error").empty());
}

TEST(PlayerConfigParse, BrokenLineInsideAMultiLineArraySkipsOnlyThatEntry) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings =
      parse("[presets]\nfolders = [\n  \"/a\",\n  oops,\n  \"/b\",\n]\nshuffle = false\n", issues);
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 4);
  EXPECT_EQ(settings.presets.folders, (std::vector<std::filesystem::path>{"/a", "/b"}));
  EXPECT_FALSE(settings.presets.shuffle);
}

TEST(PlayerConfigParse, DuplicateKeyKeepsTheFirst) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse("[window]\nwidth = 800\nwidth = 900\n", issues);
  EXPECT_EQ(settings.window.width, 800);
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 3);
}

TEST(PlayerConfigParse, InvalidUtf8LineIsSkipped) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings =
      parse("[audio]\ndevice = \"caf\xc3\"\nbeat_sensitivity = 2\n", issues);
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(settings.audio.device, "");
  EXPECT_EQ(settings.audio.beatSensitivity, 2.0);
}

TEST(PlayerConfigParse, CrLfLineEndingsAndByteOrderMarkAreAccepted) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings =
      parse("\xEF\xBB\xBF[window]\r\nwidth = 1024\r\nheight = 768\r\n", issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(settings.window.width, 1024);
  EXPECT_EQ(settings.window.height, 768);
}

TEST(PlayerConfigParse, ManySyntaxErrorsEndInBoundedTime) {
  std::string text = "[window]\nwidth = 800\n";
  for (int i = 0; i < 300; ++i) text += "this is = = not toml\n";
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse(text, issues);
  EXPECT_EQ(settings, PlayerSettings{});  // past the cap the whole file is ignored
  EXPECT_LE(issues.size(), 102u);
  EXPECT_FALSE(issuesMentioning(issues, "whole file is ignored").empty()) << describe(issues);
}

TEST(PlayerConfigParse, UnknownTablesAndKeysAreWarningsWithTheirLine) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse(
      "volume = 3\n"  // 1: outside any table
      "[window]\n"
      "widht = 800\n"  // 3: misspelt
      "height = 600\n"
      "[colours]\n"  // 5: unknown table
      "background = 1\n",
      issues);
  EXPECT_EQ(settings.window.height, 600);
  ASSERT_EQ(issues.size(), 3u) << describe(issues);
  for (const auto& issue : issues) EXPECT_EQ(issue.severity, IssueSeverity::Warning);
  EXPECT_EQ(issues[0].line, 1);
  EXPECT_NE(issues[0].message.find("'volume'"), std::string::npos);
  EXPECT_EQ(issues[1].line, 3);
  EXPECT_NE(issues[1].message.find("window.widht"), std::string::npos);
  EXPECT_EQ(issues[2].line, 5);
  EXPECT_NE(issues[2].message.find("[colours]"), std::string::npos);
}

TEST(PlayerConfigParse, KnownTableNameWithAValueIsAnError) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings = parse("window = 3\n[audio]\ndevice = \"x\"\n", issues);
  EXPECT_EQ(settings.audio.device, "x");
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].severity, IssueSeverity::Error);
  EXPECT_EQ(issues[0].line, 1);
  EXPECT_NE(issues[0].message.find("must be a table"), std::string::npos);
}

TEST(PlayerConfigParse, InlineAndDottedTablesWork) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings settings =
      parse("window = { width = 640, height = 480 }\nrender.fps_cap = 0\n", issues);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(settings.window.width, 640);
  EXPECT_EQ(settings.window.height, 480);
  EXPECT_EQ(settings.render.fpsCap, 0);
}

TEST(PlayerConfigParse, IssuesComeOutInLineOrder) {
  std::vector<ConfigIssue> issues;
  parse("[window]\nwidth = \"wide\"\nbogus = 1\nheight = = 2\n[zzz]\n[audio]\ndevice = 5\n",
        issues);
  ASSERT_EQ(issues.size(), 5u) << describe(issues);
  for (std::size_t i = 1; i < issues.size(); ++i)
    EXPECT_LE(issues[i - 1].line, issues[i].line) << describe(issues);
}

TEST(PlayerConfigParse, IssueFormatNamesFileLineColumnAndSeverity) {
  std::vector<ConfigIssue> issues;
  parse("[window]\nwidth = 10\n", issues);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].format(),
            "test.toml:2:9: error: window.width = 10 is outside 64..16384; keeping 1280");
  const ConfigIssue whole{"a.toml", 0, 0, IssueSeverity::Warning, "m"};
  EXPECT_EQ(whole.format(), "a.toml: warning: m");
}

TEST(PlayerConfigParse, AppendsToExistingIssues) {
  std::vector<ConfigIssue> issues{{"earlier", 99, 1, IssueSeverity::Error, "kept first"}};
  parse("[window]\nwidth = 10\n", issues);
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(issues[0].file, "earlier");
}

}  // namespace
}  // namespace phosphene::play::test
