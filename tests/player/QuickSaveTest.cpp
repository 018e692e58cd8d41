// Quick-save file names: never over an earlier save, nothing a file name cannot hold.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "QuickSave.hpp"

namespace phosphene::play {
namespace {

std::filesystem::path tempFolder(const char* name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(QuickSave, NamesFollowThePresetAndNeverReplaceASave) {
  const auto dir = tempFolder("quicksave-names");
  EXPECT_EQ(freshSavePath(dir, "Geiss - Reaction.milk"), dir / "Geiss - Reaction.milk");
  EXPECT_EQ(freshSavePath(dir, "mash-up 1"), dir / "mash-up 1.milk");
  std::ofstream(dir / "mash-up 1.milk") << "x";
  EXPECT_EQ(freshSavePath(dir, "mash-up 1"), dir / "mash-up 1 (2).milk");
  std::ofstream(dir / "mash-up 1 (2).milk") << "x";
  EXPECT_EQ(freshSavePath(dir, "mash-up 1.milk"), dir / "mash-up 1 (3).milk");
}

TEST(QuickSave, NamesCannotLeaveTheFolder) {
  const auto dir = tempFolder("quicksave-odd");
  EXPECT_EQ(freshSavePath(dir, "a/b\\c"), dir / "a_b_c.milk");
  EXPECT_EQ(freshSavePath(dir, ".."), dir / "preset.milk");
  EXPECT_EQ(freshSavePath(dir, ""), dir / "preset.milk");
  EXPECT_EQ(freshSavePath(dir, "tab\there"), dir / "tab_here.milk");
}

TEST(QuickSave, FolderFromTheDataHome) {
  const char* oldData = std::getenv("XDG_DATA_HOME");
  const std::string keep = oldData ? oldData : "";
  setenv("XDG_DATA_HOME", "/data/home", 1);
  EXPECT_EQ(quickSaveFolder(), std::filesystem::path("/data/home/phosphene/saved"));
  setenv("XDG_DATA_HOME", "relative", 1);  // not absolute: ignored, as the XDG spec says
  setenv("HOME", "/home/u", 1);
  EXPECT_EQ(quickSaveFolder(), std::filesystem::path("/home/u/.local/share/phosphene/saved"));
  if (oldData)
    setenv("XDG_DATA_HOME", keep.c_str(), 1);
  else
    unsetenv("XDG_DATA_HOME");
}

}  // namespace
}  // namespace phosphene::play
