// Finding texture files by MilkDrop 2's rules (plugin.cpp, milkdrop2077/MilkDrop3
// code/vis_milk2/plugin.cpp): `texture_exts` = jpg, dds, png, tga, bmp, dib; CShaderParams::
// CacheParams tries each extension in the textures folder then the preset folder before the next
// extension; PickRandomTexture picks rand() % count among the files with those extensions whose
// name starts with the prefix (_wcsnicmp: case-insensitive) and drops the extension.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "render/TextureFinder.hpp"

namespace phosphene::render {
namespace {

const std::filesystem::path kDir =
    std::filesystem::path(PHOSPHENE_SOURCE_DIR) / "tests/data/textures";

class TextureFinderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tmp_ =
        std::filesystem::temp_directory_path() /
        ("phosphene_finder_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(tmp_);
    std::filesystem::create_directories(tmp_ / "a");
    std::filesystem::create_directories(tmp_ / "b");
  }
  void TearDown() override { std::filesystem::remove_all(tmp_); }
  void touch(const std::filesystem::path& p) { std::ofstream(tmp_ / p) << "x"; }
  std::filesystem::path tmp_;
};

TEST_F(TextureFinderTest, ExtensionOrderWinsOverFolderOrder) {
  touch("a/clouds.png");
  touch("b/clouds.jpg");
  TextureFinder f;
  f.setSearchPath({tmp_ / "a", tmp_ / "b"});
  EXPECT_EQ(f.find("clouds"), tmp_ / "b" / "clouds.jpg");  // jpg before png, whatever the folder
  touch("a/clouds.jpg");
  f.setSearchPath({tmp_ / "a", tmp_ / "b"});  // listings are cached until the path is set again
  EXPECT_EQ(f.find("clouds"), tmp_ / "a" / "clouds.jpg");
}

TEST_F(TextureFinderTest, EveryMilkDropExtensionAndNothingElse) {
  for (const char* name : {"t1.dds", "t2.tga", "t3.bmp", "t4.dib", "t5.gif", "t6.jpeg"})
    touch(std::filesystem::path("a") / name);
  TextureFinder f;
  f.setSearchPath({tmp_ / "a"});
  EXPECT_TRUE(f.find("t1"));
  EXPECT_TRUE(f.find("t2"));
  EXPECT_TRUE(f.find("t3"));
  EXPECT_TRUE(f.find("t4"));
  EXPECT_FALSE(f.find("t5"));  // MD2 does not try .gif
  EXPECT_FALSE(f.find("t6"));  // nor .jpeg
  EXPECT_EQ(kTextureExtensions[0], "jpg");
  EXPECT_EQ(kTextureExtensions[1], "dds");
}

TEST_F(TextureFinderTest, NamesMatchCaseInsensitivelyPreferringExactCase) {
  touch("a/Clouds.JPG");
  TextureFinder f;
  f.setSearchPath({tmp_ / "a"});
  EXPECT_EQ(f.find("clouds"), tmp_ / "a" / "Clouds.JPG");
  touch("a/clouds.jpg");
  f.setSearchPath({tmp_ / "a"});
  EXPECT_EQ(f.find("clouds"), tmp_ / "a" / "clouds.jpg");
  EXPECT_EQ(f.find("Clouds"), tmp_ / "a" / "Clouds.JPG");
}

TEST_F(TextureFinderTest, MissingFoldersAndNamesFindNothing) {
  TextureFinder f;
  EXPECT_FALSE(f.find("clouds"));  // empty path
  f.setSearchPath({tmp_ / "does_not_exist", tmp_ / "a"});
  EXPECT_FALSE(f.find("clouds"));
  EXPECT_FALSE(f.find(""));
  clock::Random r(1);
  EXPECT_FALSE(f.pickRandom("", r));
  EXPECT_EQ(r, clock::Random(1));  // no draw when there is nothing to pick
}

TEST(TextureFinder, RandomPicksHonourPrefixCaseInsensitivelyAndIgnoreOtherFiles) {
  TextureFinder f;
  f.setSearchPath({kDir / "random"});
  EXPECT_EQ(f.randomCandidates("").size(), 3u);  // readme.txt is not a texture
  EXPECT_EQ(f.randomCandidates("smalltiled").size(), 2u);
  EXPECT_EQ(f.randomCandidates("SMALLTILED_g").size(), 1u);
  std::set<std::string> picked;
  clock::Random r(5);
  for (int i = 0; i < 64; ++i) picked.insert(f.pickRandom("smalltiled", r).value());
  EXPECT_EQ(picked, (std::set<std::string>{"SmallTiled_green", "smalltiled_red"}));
  EXPECT_FALSE(f.pickRandom("nomatch", r));
}

TEST(TextureFinder, RandomPicksAreDeterministicPerSeed) {
  TextureFinder f;
  f.setSearchPath({kDir / "random"});
  const auto sequence = [&](std::uint64_t seed) {
    clock::Random r(seed);
    std::vector<std::string> out;
    for (int i = 0; i < 16; ++i) out.push_back(f.pickRandom("", r).value());
    return out;
  };
  EXPECT_EQ(sequence(1), sequence(1));
  EXPECT_NE(sequence(1), sequence(2));
}

TEST_F(TextureFinderTest, AFolderNamedTwiceDoesNotWeighDouble) {
  touch("a/x.png");
  touch("b/y.png");
  TextureFinder f;
  f.setSearchPath({tmp_ / "a", tmp_ / "b", tmp_ / "a" / ".." / "a"});
  EXPECT_EQ(f.randomCandidates("").size(), 2u);
}

// MD2 has one textures folder for every preset (plugin.cpp CacheParams: <milkdrop2>/textures,
// then the preset's folder). Debian's projectm-data spreads its presets over folders and ships
// the images in one of them (presets_tryptonaut/), so "presets_milkdrop_200/Geiss - Chrome.milk"
// names sampler_clouds and finds clouds.jpg only beside its own folder (issue 18).
TEST_F(TextureFinderTest, CollectionFoldersAreTheOtherFoldersBesideThePresetsInNameOrder) {
  std::filesystem::create_directories(tmp_ / "C");
  touch("a/not-a-folder.jpg");
  const std::vector<std::filesystem::path> got = collectionFolders(tmp_ / "a");
  ASSERT_EQ(got.size(), 2u);  // b and C, never a itself, never files
  EXPECT_EQ(got[0].filename(), "b");
  EXPECT_EQ(got[1].filename(), "C");  // case-insensitive name order
  EXPECT_TRUE(collectionFolders({}).empty());
}

TEST_F(TextureFinderTest, ANameMissingOnTheSearchPathIsFoundInTheCollection) {
  touch("b/clouds.jpg");
  TextureFinder f;
  f.setSearchPath({tmp_ / "missing-textures", tmp_ / "a"});
  EXPECT_FALSE(f.find("clouds"));  // the search path alone: MD2's rule, nothing there
  f.setSearchPath({tmp_ / "missing-textures", tmp_ / "a"}, collectionFolders(tmp_ / "a"));
  EXPECT_EQ(f.find("clouds"), tmp_ / "b" / "clouds.jpg");
}

TEST_F(TextureFinderTest, TheSearchPathAlwaysWinsOverTheCollection) {
  touch("a/clouds.tga");
  touch("b/clouds.jpg");  // an earlier extension, but only a fallback
  TextureFinder f;
  f.setSearchPath({tmp_ / "a"}, collectionFolders(tmp_ / "a"));
  EXPECT_EQ(f.find("clouds"), tmp_ / "a" / "clouds.tga");
}

TEST_F(TextureFinderTest, RandomPicksUseTheCollectionOnlyWhenThePathHasNoCandidate) {
  std::filesystem::create_directories(tmp_ / "c");
  touch("a/smalltiled_1.jpg");
  touch("b/smalltiled_2.jpg");
  touch("b/worms.tga");
  touch("c/worms.tga");  // the same file shipped twice in the collection counts once
  TextureFinder f;
  f.setSearchPath({tmp_ / "a"}, collectionFolders(tmp_ / "a"));
  const std::vector<std::filesystem::path> tiled = f.randomCandidates("smalltiled");
  ASSERT_EQ(tiled.size(), 1u);  // the path has one: picks stay as they were without a collection
  EXPECT_EQ(tiled[0], tmp_ / "a" / "smalltiled_1.jpg");
  const std::vector<std::filesystem::path> worms = f.randomCandidates("worms");
  ASSERT_EQ(worms.size(), 1u);
  EXPECT_EQ(worms[0], tmp_ / "b" / "worms.tga");
}

}  // namespace
}  // namespace phosphene::render
