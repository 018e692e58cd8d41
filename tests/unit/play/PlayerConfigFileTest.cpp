// The config file on disk: where it lives, first-run creation, and every IO failure reported
// instead of thrown.

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"

namespace phosphene::play::test {
namespace {

namespace fs = std::filesystem;

TEST(PlayerConfigFile, DefaultPathFollowsXdg) {
  ConfigEnvironment env;
  env.home = "/home/u";
  EXPECT_EQ(defaultConfigPath(env), fs::path("/home/u/.config/phosphene/phosphene.toml"));
  env.xdgConfigHome = "/cfg";
  EXPECT_EQ(defaultConfigPath(env), fs::path("/cfg/phosphene/phosphene.toml"));
  env.xdgConfigHome = "relative/cfg";  // the XDG spec says: ignore relative paths
  EXPECT_EQ(defaultConfigPath(env), fs::path("/home/u/.config/phosphene/phosphene.toml"));
  EXPECT_EQ(defaultConfigPath(ConfigEnvironment{}), fs::path());
}

TEST(PlayerConfigFile, ExpandHome) {
  const ConfigEnvironment env = testEnvironment();
  EXPECT_EQ(expandHome("~", env), fs::path("/home/tester"));
  EXPECT_EQ(expandHome("~/a/b", env), fs::path("/home/tester/a/b"));
  EXPECT_EQ(expandHome("~other/a", env), fs::path("~other/a"));
  EXPECT_EQ(expandHome("", env), fs::path());
  EXPECT_EQ(expandHome("/abs", env), fs::path("/abs"));
}

// share/phosphene/phosphene.toml is generated at build time (apps/phosphene/play/config.cmake) and
// installed: it must be byte for byte the file a new user's first run writes.
TEST(PlayerConfigFile, InstalledDefaultFileIsTheOneTheFirstRunWrites) {
  const fs::path generated = fs::path(PHOSPHENE_BINARY_DIR) / "data" / "phosphene.toml";
  ASSERT_TRUE(fs::exists(generated)) << generated;
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  ASSERT_TRUE(loadOrCreateConfig(path, testEnvironment()).created);
  EXPECT_EQ(readAll(generated), readAll(path));
}

TEST(PlayerConfigFile, FirstLoadCreatesTheCommentedFileThenReadsIt) {
  TempDir dir;
  const fs::path path = dir.path() / "config" / "phosphene" / "phosphene.toml";
  const ConfigLoad first = loadOrCreateConfig(path, testEnvironment());
  EXPECT_TRUE(first.created);
  EXPECT_EQ(first.path, path);
  EXPECT_TRUE(first.issues.empty()) << describe(first.issues);
  EXPECT_EQ(first.settings, PlayerSettings{});
  EXPECT_EQ(readAll(path), writeDefaultConfig());
  // Only the file itself: no temporary left behind by the atomic write.
  EXPECT_EQ(std::distance(fs::directory_iterator(path.parent_path()), fs::directory_iterator()), 1);

  const ConfigLoad second = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(second.created);
  EXPECT_TRUE(second.issues.empty()) << describe(second.issues);
  EXPECT_EQ(second.settings, PlayerSettings{});
}

TEST(PlayerConfigFile, ExistingFileIsReadAndIssuesNameIt) {
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  writeAll(path, "[window]\nwidth = 640\nheight = 1\n");
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(load.created);
  EXPECT_EQ(load.settings.window.width, 640);
  ASSERT_EQ(load.issues.size(), 1u);
  EXPECT_EQ(load.issues[0].file, path.string());
  EXPECT_EQ(load.issues[0].line, 3);
  EXPECT_EQ(readAll(path), "[window]\nwidth = 640\nheight = 1\n");  // never rewritten
}

TEST(PlayerConfigFile, Utf8FolderNames) {
  TempDir dir;
  const fs::path path = dir.path() / "Réglages ★ 設定" / "phosphene.toml";
  EXPECT_TRUE(loadOrCreateConfig(path, testEnvironment()).created);
  const ConfigLoad again = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(again.created);
  EXPECT_TRUE(again.issues.empty()) << describe(again.issues);
}

TEST(PlayerConfigFile, AFolderInPlaceOfTheFileIsReported) {
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  fs::create_directory(path);
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(load.created);
  EXPECT_EQ(load.settings, PlayerSettings{});
  ASSERT_EQ(load.issues.size(), 1u);
  EXPECT_EQ(load.issues[0].format(), path.string() + ": error: is a folder, not a file");
}

TEST(PlayerConfigFile, AFifoIsReportedNotOpened) {
  // Opening a FIFO for reading would block until a writer comes: it must not be opened at all.
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(load.created);
  ASSERT_EQ(load.issues.size(), 1u);
  EXPECT_NE(load.issues[0].message.find("not a regular file"), std::string::npos);
}

// Root reads through permission bits; as root the test reads as "nobody" for its duration (the
// saved set-user-ID lets it switch back).
class ReadAsUnprivilegedUser {
 public:
  ReadAsUnprivilegedUser() : wasRoot_(::geteuid() == 0) {
    if (wasRoot_) {
      EXPECT_EQ(::seteuid(65534), 0);
    }
  }
  ~ReadAsUnprivilegedUser() {
    if (wasRoot_) {
      EXPECT_EQ(::seteuid(0), 0);
    }
  }
  ReadAsUnprivilegedUser(const ReadAsUnprivilegedUser&) = delete;
  ReadAsUnprivilegedUser& operator=(const ReadAsUnprivilegedUser&) = delete;

 private:
  bool wasRoot_;
};

TEST(PlayerConfigFile, UnreadableFileIsReported) {
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  writeAll(path, "[window]\nwidth = 640\n");
  fs::permissions(path, fs::perms::none);
  ConfigLoad load;
  {
    const ReadAsUnprivilegedUser unprivileged;
    load = loadOrCreateConfig(path, testEnvironment());
  }
  EXPECT_FALSE(load.created);
  EXPECT_EQ(load.settings, PlayerSettings{});
  ASSERT_EQ(load.issues.size(), 1u) << describe(load.issues);
  EXPECT_EQ(load.issues[0].format(), path.string() + ": error: cannot open: Permission denied");
  fs::permissions(path, fs::perms::owner_all);
  EXPECT_EQ(readAll(path), "[window]\nwidth = 640\n");  // left as it was
}

TEST(PlayerConfigFile, SymlinkLoopIsReported) {
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  fs::create_symlink(path, path);
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(load.created);
  ASSERT_EQ(load.issues.size(), 1u) << describe(load.issues);
  EXPECT_EQ(load.issues[0].message.rfind("cannot examine the file: ", 0), 0u)
      << load.issues[0].message;
}

TEST(PlayerConfigFile, TooLargeFileIsRefused) {
  TempDir dir;
  const fs::path path = dir.path() / "phosphene.toml";
  writeAll(path, std::string(2 << 20, '#'));
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_EQ(load.settings, PlayerSettings{});
  ASSERT_EQ(load.issues.size(), 1u);
  EXPECT_NE(load.issues[0].message.find("larger than"), std::string::npos);
}

TEST(PlayerConfigFile, UnwritableLocationIsReportedAndDefaultsUsed) {
  TempDir dir;
  writeAll(dir.path() / "file", "x");
  const fs::path path = dir.path() / "file" / "phosphene" / "phosphene.toml";
  const ConfigLoad load = loadOrCreateConfig(path, testEnvironment());
  EXPECT_FALSE(load.created);
  EXPECT_EQ(load.settings, PlayerSettings{});
  ASSERT_EQ(load.issues.size(), 1u) << describe(load.issues);
  EXPECT_EQ(load.issues[0].message.rfind("cannot", 0), 0u) << load.issues[0].message;
}

TEST(PlayerConfigFile, NoPathAtAllIsReported) {
  const ConfigLoad load = loadOrCreateConfig(defaultConfigPath(ConfigEnvironment{}), {});
  EXPECT_FALSE(load.created);
  ASSERT_EQ(load.issues.size(), 1u);
  EXPECT_NE(load.issues[0].message.find("HOME"), std::string::npos);
}

}  // namespace
}  // namespace phosphene::play::test
