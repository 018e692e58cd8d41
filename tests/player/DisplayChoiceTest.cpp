// Choosing the display by number or by name (issue 37: multi-monitor).
#include <gtest/gtest.h>

#include "DisplayChoice.hpp"

namespace phosphene::play {
namespace {

const std::vector<std::string> kDisplays = {"DP-1 Dell U2415", "HDMI-A-0 Projector", "eDP-1"};

TEST(DisplayChoice, ByNumber) {
  EXPECT_EQ(chooseDisplay(kDisplays, "", 1).index, 1);
  EXPECT_TRUE(chooseDisplay(kDisplays, "", 2).warning.empty());
  const DisplayChoice gone = chooseDisplay(kDisplays, "", 5);  // a monitor unplugged since
  EXPECT_EQ(gone.index, 0);
  EXPECT_EQ(gone.warning,
            "no display 5 (displays: 0 'DP-1 Dell U2415', 1 'HDMI-A-0 Projector', 2 'eDP-1'); "
            "using 0");
}

TEST(DisplayChoice, ByNameExactThenAUniquePartIgnoringCase) {
  EXPECT_EQ(chooseDisplay(kDisplays, "edp-1", 0).index, 2);
  EXPECT_EQ(chooseDisplay(kDisplays, "projector", 0).index, 1);
  // The name wins over a remembered number that now points elsewhere.
  const DisplayChoice moved = chooseDisplay(kDisplays, "HDMI-A-0 Projector", 0);
  EXPECT_EQ(moved.index, 1);
  EXPECT_TRUE(moved.warning.empty());
}

TEST(DisplayChoice, NameNotFoundOrAmbiguousFallsBackToTheNumber) {
  const DisplayChoice missing = chooseDisplay(kDisplays, "TV", 2);
  EXPECT_EQ(missing.index, 2);
  EXPECT_NE(missing.warning.find("no display named 'TV'"), std::string::npos);
  const DisplayChoice several = chooseDisplay(kDisplays, "dp-", 0);  // DP-1 and eDP-1
  EXPECT_EQ(several.index, 0);
  EXPECT_NE(several.warning.find("several displays match 'dp-'"), std::string::npos);
  EXPECT_EQ(chooseDisplay({}, "x", 3).index, 0);  // no display listed at all
}

}  // namespace
}  // namespace phosphene::play
