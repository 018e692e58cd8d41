#include "FrameScript.hpp"

#include <gtest/gtest.h>

#include "KeyBindings.hpp"

namespace phosphene::play {
namespace {

TEST(FrameScript, ParsesEveryActionAndSortsByFrame) {
  std::vector<ScriptStep> steps;
  std::string error;
  ASSERT_TRUE(
      parseFrameScript("# a comment\n"
                       "30 key shift+n\n"
                       "10 key F1\n"
                       "\n"
                       "20 text geiss dust\n"
                       "40 screenshot out dir/a.png\n"
                       "50 drop /tmp/x.milk\n"
                       "60 wheel down\n"
                       "70 double-click\n"
                       "80 key ctrl+q\n"
                       "85 audio\n"
                       "90 quit\n"
                       "95 mirror-screenshot m.png\n"
                       "96 close-window mirror\n",
                       "s.txt", steps, error))
      << error;
  ASSERT_EQ(steps.size(), 12u);
  EXPECT_EQ(steps[0].frame, 10u);
  EXPECT_EQ(steps[0].key, SDLK_F1);
  EXPECT_EQ(steps[1].kind, ScriptStep::Kind::Text);
  EXPECT_EQ(steps[1].text, "geiss dust");
  EXPECT_EQ(steps[2].key, SDLK_n);
  EXPECT_TRUE(steps[2].mods & KMOD_SHIFT);
  EXPECT_EQ(steps[3].text, "out dir/a.png");
  EXPECT_EQ(steps[5].wheel, -1);
  EXPECT_EQ(steps[6].kind, ScriptStep::Kind::DoubleClick);
  EXPECT_TRUE(steps[7].mods & KMOD_CTRL);
  EXPECT_EQ(steps[8].kind, ScriptStep::Kind::Audio);
  EXPECT_EQ(steps[9].kind, ScriptStep::Kind::Quit);
  EXPECT_EQ(steps[10].kind, ScriptStep::Kind::MirrorScreenshot);
  EXPECT_EQ(steps[10].text, "m.png");
  EXPECT_EQ(steps[11].kind, ScriptStep::Kind::CloseWindow);
  EXPECT_EQ(steps[11].text, "mirror");
}

TEST(FrameScript, ReportsFileAndLineOfABadLine) {
  std::vector<ScriptStep> steps;
  std::string error;
  EXPECT_FALSE(parseFrameScript("10 key n\n20 key nosuchkey\n", "s.txt", steps, error));
  EXPECT_EQ(error.rfind("s.txt:2: unknown key 'nosuchkey'", 0), 0u) << error;
  EXPECT_FALSE(parseFrameScript("x key n\n", "s.txt", steps, error));
  EXPECT_EQ(error.rfind("s.txt:1: expected a frame number", 0), 0u) << error;
  EXPECT_FALSE(parseFrameScript("5 dance\n", "s.txt", steps, error));
  EXPECT_NE(error.find("unknown action 'dance'"), std::string::npos) << error;
  EXPECT_FALSE(parseFrameScript("5 close-window projector\n", "s.txt", steps, error));
  EXPECT_EQ(error.rfind("s.txt:1: close-window takes main or mirror", 0), 0u) << error;
}

TEST(KeyBindings, OneTableDrivesActionsAndHelp) {
  EXPECT_EQ(actionFor(SDLK_n, KMOD_NONE), Action::Next);
  EXPECT_EQ(actionFor(SDLK_n, KMOD_LSHIFT), Action::NextBlend);
  EXPECT_EQ(actionFor(SDLK_q, KMOD_RCTRL), Action::Quit);
  EXPECT_EQ(actionFor(SDLK_q, KMOD_NONE), std::nullopt);
  EXPECT_EQ(actionFor(SDLK_s, KMOD_LCTRL), Action::Screenshot);
  EXPECT_EQ(actionFor(SDLK_EQUALS, KMOD_LSHIFT), Action::RateUp);  // '+' on a US layout
  // Every action with a key appears in the full help, by its label; aliases are not repeated.
  const auto rows = helpRows(false);
  for (const auto& b : keyBindings()) {
    if (!b.label) continue;
    const bool listed = std::any_of(rows.begin(), rows.end(), [&](const auto& r) {
      return r.first == b.label && r.second == b.help;
    });
    EXPECT_TRUE(listed) << b.label;
  }
  EXPECT_LT(helpRows(true).size(), rows.size());
}

TEST(KeyBindings, NoKeyIsBoundTwice) {
  const auto table = keyBindings();
  for (std::size_t i = 0; i < table.size(); ++i)
    for (std::size_t j = i + 1; j < table.size(); ++j)
      EXPECT_FALSE(table[i].key == table[j].key && table[i].mods == table[j].mods)
          << SDL_GetKeyName(table[i].key);
}

}  // namespace
}  // namespace phosphene::play
