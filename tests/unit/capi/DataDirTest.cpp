// The data folder's order of precedence (src/capi/DataDir.hpp): the environment variable, then
// the folder next to the library's file (lib/ then bin/ layouts), then the configured prefix.

#include "capi/DataDir.hpp"

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "unit/TempDir.hpp"

namespace phosphene::capi {
namespace {

namespace fs = std::filesystem;
using phosphene::test::TempDir;

const fs::path kFromLib = "../share/phosphene";
const fs::path kFromBin = "../share/phosphene";
const fs::path kInstalled = "/usr/local/share/phosphene";

TEST(DataDir, EnvironmentWinsEvenWhenTheFolderIsMissing) {
  TempDir prefix;
  fs::create_directories(prefix.path() / "share/phosphene");
  EXPECT_EQ(chooseDataDir("/nowhere/data", prefix.path() / "lib/libphosphene.so.0", kFromLib,
                          kFromBin, kInstalled),
            fs::path("/nowhere/data"));
}

TEST(DataDir, EmptyEnvironmentIsIgnored) {
  EXPECT_EQ(chooseDataDir("", "", kFromLib, kFromBin, kInstalled), kInstalled);
  EXPECT_EQ(chooseDataDir(nullptr, "", kFromLib, kFromBin, kInstalled), kInstalled);
}

TEST(DataDir, FoundNextToTheLibraryWhereverThePrefixIs) {
  TempDir prefix;
  fs::create_directories(prefix.path() / "lib/x86_64-linux-gnu");
  fs::create_directories(prefix.path() / "share/phosphene");
  // Debian's multiarch libdir is one level deeper.
  EXPECT_EQ(chooseDataDir(nullptr, prefix.path() / "lib/x86_64-linux-gnu/libphosphene.so.0",
                          "../../share/phosphene", kFromBin, kInstalled),
            prefix.path() / "share/phosphene");
  EXPECT_EQ(chooseDataDir(nullptr, prefix.path() / "bin/host", "../../share/phosphene", kFromBin,
                          kInstalled),
            prefix.path() / "share/phosphene");
}

TEST(DataDir, MissingFolderFallsBackToTheConfiguredPrefix) {
  TempDir prefix;
  fs::create_directories(prefix.path() / "lib");
  EXPECT_EQ(chooseDataDir(nullptr, prefix.path() / "lib/libphosphene.so.0", kFromLib, kFromBin,
                          kInstalled),
            kInstalled);
  // A program started by a bare name has no folder to start from.
  EXPECT_EQ(chooseDataDir(nullptr, "phosphene", kFromLib, kFromBin, kInstalled), kInstalled);
}

TEST(DataDir, FindDataDirReadsTheEnvironment) {
  // findDataDir reads PHOSPHENE_DATA_DIR on every call (processDataDir keeps the first answer).
  ASSERT_EQ(setenv(kDataDirVariable, "/from/the/environment", 1), 0);
  EXPECT_EQ(findDataDir(), fs::path("/from/the/environment"));
  ASSERT_EQ(unsetenv(kDataDirVariable), 0);
  EXPECT_TRUE(findDataDir().is_absolute()) << findDataDir();
}

}  // namespace
}  // namespace phosphene::capi
