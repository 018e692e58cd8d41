#include "playlist/PresetFilter.hpp"

#include <gtest/gtest.h>

namespace phosphene::playlist {
namespace {

TEST(PresetFilter, NoRulesOrNoMatchIncludes) {
  EXPECT_TRUE(PresetFilter().accepts("/p/a.milk"));
  EXPECT_TRUE(PresetFilter({"-*.txt"}).accepts("/p/a.milk"));
}

TEST(PresetFilter, FirstMatchingRuleWins) {
  const PresetFilter filter({"-*bad*", "+*bad*", "+*good*", "-/**"});
  EXPECT_FALSE(filter.accepts("/p/bad.milk"));
  EXPECT_TRUE(filter.accepts("/p/good.milk"));
  EXPECT_FALSE(filter.accepts("/p/other.milk")) << "-/** makes a whitelist";
}

TEST(PresetFilter, IncludeBeforeExcludeCarvesAnException) {
  const PresetFilter filter({"+old/keep*", "-old/"});
  EXPECT_TRUE(filter.accepts("/p/old/keep me.milk"));
  EXPECT_FALSE(filter.accepts("/p/old/drop.milk"));
  EXPECT_TRUE(filter.accepts("/p/new/drop.milk"));
  // The reverse order: the exclude comes first, so the include never gets a say.
  const PresetFilter reversed({"-old/", "+old/keep*"});
  EXPECT_FALSE(reversed.accepts("/p/old/keep me.milk"));
}

TEST(PresetFilter, UnprefixedRuleExcludesWithItsWholeText) {
  const PresetFilter filter({"*.milk2"});
  EXPECT_FALSE(filter.accepts("/p/a.milk2"));
  // To match a literal leading '+' or '-', prefix the rule.
  const PresetFilter literal({"-+plus.milk", "--minus.milk"});
  EXPECT_FALSE(literal.accepts("/p/+plus.milk"));
  EXPECT_FALSE(literal.accepts("/p/-minus.milk"));
  EXPECT_TRUE(literal.accepts("/p/plus.milk"));
}

TEST(PresetFilter, EmptyRulesMatchNothing) {
  const PresetFilter filter({"", "+", "-", "-x*"});
  EXPECT_TRUE(filter.accepts("/p/a.milk"));
  EXPECT_FALSE(filter.accepts("/p/x.milk"));
}

TEST(PresetFilter, KeepsRulesVerbatimAndCaseIsSelectable) {
  PresetFilter filter({"-*.MILK", "+ spaced "});
  EXPECT_EQ(filter.rules(), (std::vector<std::string>{"-*.MILK", "+ spaced "}));
  EXPECT_FALSE(filter.accepts("/p/a.milk"));
  filter.setCaseSensitivity(CaseSensitivity::Sensitive);
  EXPECT_TRUE(filter.accepts("/p/a.milk"));
  EXPECT_TRUE(filter.acceptsPath(std::filesystem::path("/p/a.milk")));
}

TEST(PresetFilter, QuestionMarkAndDoubleStar) {
  const PresetFilter filter({"-/**/v?/*.milk"});
  EXPECT_FALSE(filter.accepts("/p/q/v1/a.milk"));
  EXPECT_TRUE(filter.accepts("/p/q/v10/a.milk"));
  EXPECT_FALSE(filter.accepts("/v2/a.milk"));
}

}  // namespace
}  // namespace phosphene::playlist
