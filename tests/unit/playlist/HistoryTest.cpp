#include "playlist/History.hpp"

#include <gtest/gtest.h>

namespace phosphene::playlist {
namespace {

const auto kAll = [](std::size_t) { return true; };

TEST(History, BackAndForwardRetraceEntries) {
  History h;
  for (std::size_t i : {4u, 7u, 2u}) h.push(i);
  EXPECT_EQ(h.back(kAll), 7u);
  EXPECT_EQ(h.back(kAll), 4u);
  EXPECT_EQ(h.back(kAll), std::nullopt);
  EXPECT_EQ(h.forward(kAll), 7u);
  EXPECT_EQ(h.forward(kAll), 2u);
  EXPECT_EQ(h.forward(kAll), std::nullopt);
}

TEST(History, PushFromTheMiddleDropsTheForwardPart) {
  History h;
  for (std::size_t i : {1u, 2u, 3u}) h.push(i);
  h.back(kAll);
  h.back(kAll);
  h.push(9);
  EXPECT_EQ(h.entries(), (std::vector<std::size_t>{1, 9}));
  EXPECT_EQ(h.forward(kAll), std::nullopt);
}

TEST(History, BackSkipsUnusableEntries) {
  History h;
  for (std::size_t i : {1u, 2u, 3u}) h.push(i);
  EXPECT_EQ(h.back([](std::size_t i) { return i != 2; }), 1u);
}

TEST(History, RemapDropsGoneEntriesAndMergesNeighbours) {
  History h;
  for (std::size_t i : {1u, 2u, 1u, 3u}) h.push(i);
  h.back(kAll);  // on the second "1"
  // Item 2 removed: 3 becomes 2, and the two 1s become neighbours and merge.
  h.remap([](std::size_t i) -> std::optional<std::size_t> {
    if (i == 2) return std::nullopt;
    return i > 2 ? i - 1 : i;
  });
  EXPECT_EQ(h.entries(), (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(h.position(), 0u);
  EXPECT_EQ(h.forward(kAll), 2u);
}

TEST(History, IsBounded) {
  History h;
  for (std::size_t i = 0; i < History::kCapacity + 50; ++i) h.push(i);
  EXPECT_EQ(h.size(), History::kCapacity);
  EXPECT_EQ(h.entries().front(), 50u);
}

}  // namespace
}  // namespace phosphene::playlist
