#include "PresetBrowser.hpp"

#include <gtest/gtest.h>

namespace phosphene::play {
namespace {

std::vector<BrowserItem> sample() {
  return {{0, "Geiss - Reaction Diffusion", false},
          {1, "Flexi - Mindblob", true},
          {2, "Geiss - Cosmic Dust", false},
          {3, "Rovastar - Geiss Tribute", true}};
}

std::vector<std::uint32_t> indices(const PresetBrowser& b) {
  std::vector<std::uint32_t> out;
  for (auto m : b.matches()) out.push_back(b.items()[m].index);
  return out;
}

TEST(PresetBrowser, EmptyQueryListsFavouritesFirstThenPlaylistOrder) {
  PresetBrowser b;
  b.setItems(sample());
  EXPECT_EQ(indices(b), (std::vector<std::uint32_t>{1, 3, 0, 2}));
  EXPECT_EQ(b.selectedIndex(), 1u);
}

TEST(PresetBrowser, EveryWordMustMatchCaseInsensitively) {
  PresetBrowser b;
  b.setItems(sample());
  b.type("GEISS");
  EXPECT_EQ(indices(b), (std::vector<std::uint32_t>{3, 0, 2}));
  b.type(" dust");
  EXPECT_EQ(indices(b), (std::vector<std::uint32_t>{2}));
  b.type("x");
  EXPECT_TRUE(b.matches().empty());
  EXPECT_FALSE(b.selectedIndex().has_value());
}

TEST(PresetBrowser, BackspaceRemovesWholeUtf8Characters) {
  PresetBrowser b;
  b.setItems(sample());
  b.type("g\xC3\xA9");  // g, e-acute (two bytes)
  b.backspace();
  EXPECT_EQ(b.query(), "g");
  b.backspace();
  b.backspace();  // on an empty query: nothing
  EXPECT_EQ(b.query(), "");
  EXPECT_EQ(b.matches().size(), 4u);
}

TEST(PresetBrowser, SelectionIsClampedAndResetByTyping) {
  PresetBrowser b;
  b.setItems(sample());
  b.move(10);
  EXPECT_EQ(b.selected(), 3u);
  EXPECT_EQ(b.selectedIndex(), 2u);
  b.move(-100);
  EXPECT_EQ(b.selected(), 0u);
  b.move(2);
  b.type("geiss");
  EXPECT_EQ(b.selected(), 0u);
}

TEST(PresetBrowser, FirstVisibleKeepsTheSelectionOnScreen) {
  PresetBrowser b;
  std::vector<BrowserItem> many;
  for (std::uint32_t i = 0; i < 100; ++i) many.push_back({i, "p" + std::to_string(i), false});
  b.setItems(many);
  EXPECT_EQ(b.firstVisible(10), 0u);
  b.move(50);
  EXPECT_EQ(b.firstVisible(10), 45u);
  b.move(1000);
  EXPECT_EQ(b.firstVisible(10), 90u);
}

}  // namespace
}  // namespace phosphene::play
