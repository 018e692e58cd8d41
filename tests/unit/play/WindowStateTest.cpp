// The remembered window (window.toml): its path, a save/load round trip, bad files, and that
// saving it never touches phosphene.toml.

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"
#include "play/WindowState.hpp"

namespace phosphene::play::test {
namespace {

namespace fs = std::filesystem;

TEST(WindowState, DefaultPathFollowsXdgState) {
  ConfigEnvironment env;
  env.home = "/home/u";
  EXPECT_EQ(defaultWindowStatePath(env), fs::path("/home/u/.local/state/phosphene/window.toml"));
  env.xdgStateHome = "/state";
  EXPECT_EQ(defaultWindowStatePath(env), fs::path("/state/phosphene/window.toml"));
  EXPECT_EQ(defaultWindowStatePath(ConfigEnvironment{}), fs::path());
}

TEST(WindowState, SaveAndLoadRoundTrip) {
  TempDir dir;
  const fs::path path = dir.path() / "state" / "phosphene" / "window.toml";
  std::vector<ConfigIssue> issues;
  const WindowState placed{-1200, 35, 1000, 600, true, 1, "HDMI-A-0 \"Projector\""};
  ASSERT_TRUE(saveWindowState(path, placed, issues)) << describe(issues);
  EXPECT_EQ(loadWindowState(path, issues), placed);
  const WindowState centred{std::nullopt, std::nullopt, 800, 450, false, 0, ""};
  ASSERT_TRUE(saveWindowState(path, centred, issues));
  EXPECT_EQ(loadWindowState(path, issues), centred);
  EXPECT_TRUE(issues.empty()) << describe(issues);
  EXPECT_EQ(std::distance(fs::directory_iterator(path.parent_path()), fs::directory_iterator()), 1);
}

TEST(WindowState, MissingFileIsTheFirstRunNotAnIssue) {
  TempDir dir;
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(loadWindowState(dir.path() / "window.toml", issues).has_value());
  EXPECT_TRUE(issues.empty());
}

TEST(WindowState, BrokenFileIsReportedAndNotUsed) {
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(parseWindowState("width = 800\nheight = \n", "window.toml", issues).has_value());
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].file, "window.toml");
}

TEST(WindowState, BadValuesKeepDefaultsAndUnknownKeysWarn) {
  std::vector<ConfigIssue> issues;
  const auto state =
      parseWindowState("width = 5\nheight = 500\nx = \"left\"\nmaximised = true\n", "w", issues);
  ASSERT_TRUE(state.has_value());
  EXPECT_EQ(state->width, WindowSettings{}.width);
  EXPECT_EQ(state->height, 500);
  EXPECT_FALSE(state->x.has_value());
  ASSERT_EQ(issues.size(), 3u) << describe(issues);
}

TEST(WindowState, AppliesOverTheConfiguredWindow) {
  WindowSettings window;
  window.vsync = VsyncMode::Off;
  window.x = 10;
  applyWindowState(window, WindowState{std::nullopt, 20, 640, 480, true, 2, "DP-1"});
  EXPECT_EQ(window.x, 10);  // not remembered: the config's value stays
  EXPECT_EQ(window.y, 20);
  EXPECT_EQ(window.width, 640);
  EXPECT_EQ(window.height, 480);
  EXPECT_TRUE(window.fullscreen);
  EXPECT_EQ(window.display, 2);
  EXPECT_EQ(window.displayName, "DP-1");
  EXPECT_EQ(window.vsync, VsyncMode::Off);
}

TEST(WindowState, SavingNeverTouchesTheConfigFile) {
  TempDir dir;
  ConfigEnvironment env;
  env.xdgConfigHome = (dir.path() / "config").string();
  env.xdgStateHome = (dir.path() / "state").string();
  const fs::path configPath = defaultConfigPath(env);
  writeAll(dir.path() / "placeholder", "");
  ASSERT_TRUE(loadOrCreateConfig(configPath, env).created);
  const std::string before = readAll(configPath);
  std::vector<ConfigIssue> issues;
  ASSERT_TRUE(saveWindowState(defaultWindowStatePath(env),
                              WindowState{1, 2, 300, 200, false, 0, ""}, issues));
  EXPECT_EQ(readAll(configPath), before);
  EXPECT_NE(defaultWindowStatePath(env).parent_path(), configPath.parent_path());
}

TEST(WindowState, UnwritableLocationIsReported) {
  TempDir dir;
  writeAll(dir.path() / "file", "x");
  std::vector<ConfigIssue> issues;
  EXPECT_FALSE(saveWindowState(dir.path() / "file" / "window.toml", WindowState{}, issues));
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_FALSE(saveWindowState(fs::path(), WindowState{}, issues));
  EXPECT_EQ(issues.size(), 2u);
}

}  // namespace
}  // namespace phosphene::play::test
