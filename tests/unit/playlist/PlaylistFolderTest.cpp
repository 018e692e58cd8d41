#include <gtest/gtest.h>

#include "TempDir.hpp"
#include "playlist/FolderScan.hpp"
#include "playlist/Playlist.hpp"

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names(const Playlist& list) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list.size(); ++i) out.push_back(list.item(i).name);
  return out;
}

class PlaylistFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_.write("b.milk");
    dir_.write("A.MILK");
    dir_.write("notes.txt");
    dir_.write("x.milk.bak");
    dir_.write("sub/c.Milk");
    dir_.write("sub/deeper/d.milk");
  }
  test::TempDir dir_;
};

TEST_F(PlaylistFolder, RecursiveAddsEveryMilkFileInSortedPathOrder) {
  Playlist list;
  core::Diagnostics diags;
  EXPECT_EQ(list.addFolder(dir_.path(), true, &diags), 4u);
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(names(list), (std::vector<std::string>{"A.MILK", "b.milk", "c.Milk", "d.milk"}));
  EXPECT_TRUE(list.item(0).path.is_absolute());
}

TEST_F(PlaylistFolder, NonRecursiveStaysInTheFolder) {
  Playlist list;
  EXPECT_EQ(list.addFolder(dir_.path(), false), 2u);
  EXPECT_EQ(names(list), (std::vector<std::string>{"A.MILK", "b.milk"}));
}

TEST_F(PlaylistFolder, AddingAgainSkipsFilesAlreadyListed) {
  Playlist list;
  list.addFolder(dir_.path(), false);
  EXPECT_EQ(list.addFolder(dir_.path() / ".", true), 2u) << "only the two in sub/";
  EXPECT_EQ(list.size(), 4u);
}

TEST_F(PlaylistFolder, FilterAppliesWhileAdding) {
  Playlist list;
  list.setFilter(PresetFilter({"-deeper/", "-a.milk"}));
  EXPECT_EQ(list.addFolder(dir_.path()), 2u);
  EXPECT_EQ(names(list), (std::vector<std::string>{"b.milk", "c.Milk"}));
}

TEST_F(PlaylistFolder, MissingFolderAddsNothingAndSaysWhy) {
  Playlist list;
  core::Diagnostics diags;
  EXPECT_EQ(list.addFolder(dir_.path() / "nope", true, &diags), 0u);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].id, core::DiagnosticId::IoOpenFailed);
  EXPECT_NE(diags[0].message.find("nope"), std::string::npos);
  EXPECT_EQ(list.addFolder(dir_.path() / "b.milk"), 0u) << "a file is not a folder";
  EXPECT_EQ(list.addFolder(""), 0u);
}

TEST_F(PlaylistFolder, LinkCyclesDoNotHang) {
  std::error_code ec;
  fs::create_directory_symlink(dir_.path(), dir_.path() / "sub" / "loop", ec);
  ASSERT_FALSE(ec) << ec.message();
  Playlist list;
  EXPECT_EQ(list.addFolder(dir_.path()), 4u);
}

TEST(FolderScan, MilkExtensionIsCaseInsensitive) {
  EXPECT_TRUE(hasMilkExtension("a.MiLk"));
  EXPECT_TRUE(hasMilkExtension("a.milk2"));  // MilkDrop 3 double presets (issue 36)
  EXPECT_TRUE(hasMilkExtension("a.MILK2"));
  EXPECT_FALSE(hasMilkExtension("a.milk3"));
  EXPECT_FALSE(hasMilkExtension("milk"));
  EXPECT_TRUE(hasMilkExtension(".milk.milk"));
}

}  // namespace
}  // namespace phosphene::playlist
