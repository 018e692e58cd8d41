// phosphene_sprite.h without GL (advance only): the sprite file, launching, ids, killing, events,
// and sprites across a transition and a hard cut. MD2 facts: vis_milk2/plugin.cpp LaunchSprite
// (img%02d sections, an [imgNN] without img= is "not defined", a 17th sprite kills the one with
// the lowest start frame), texmgr.cpp LoadTex (an image that does not load launches nothing),
// milkdropfs.cpp DrawUserSprites (frame counts from the launch; progress is the blend's; `done`
// ends the sprite after its draw), and CPlugin owning m_texmgr apart from the preset states, so
// neither a blend nor a hard cut touches sprites.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

const std::string kData = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/sprites";
constexpr const char* kPreset = "[preset00]\nzoom=1.0\n";

class SpriteApi : public ::testing::Test {
 protected:
  void SetUp() override {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    ASSERT_EQ(phosphene_engine_create(&desc, &engine_), PHOSPHENE_OK);
    load(PHOSPHENE_TRANSITION_HARD_CUT, 0.0);
    ASSERT_EQ(phosphene_engine_set_drawable_size(engine_, 64, 48), PHOSPHENE_OK);
  }
  void TearDown() override { phosphene_engine_destroy(engine_); }

  void load(phosphene_transition_style style, double seconds) {
    phosphene_transition_desc t;
    phosphene_transition_desc_init(&t);
    t.style = style;
    t.seconds = seconds;
    ASSERT_EQ(phosphene_engine_load_preset_text(engine_, kPreset, std::string(kPreset).size(), "p",
                                                &t, nullptr),
              PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_wait_for_preset(engine_), PHOSPHENE_OK);
  }
  /// The SPRITE_ENDED events waiting, as "id:how".
  std::vector<std::string> endedEvents() {
    std::vector<std::string> out;
    phosphene_event e;
    phosphene_event_init(&e);
    while (phosphene_engine_poll_event(engine_, &e) == 1)
      if (e.type == PHOSPHENE_EVENT_SPRITE_ENDED)
        out.push_back(std::to_string(e.request_id) + ":" + e.name);
    return out;
  }
  std::vector<std::string> diagnostics() {
    std::vector<std::string> out;
    for (uint32_t i = 0; i < phosphene_sprite_diagnostic_count(engine_); ++i) {
      phosphene_diagnostic d;
      phosphene_diagnostic_init(&d);
      EXPECT_EQ(phosphene_sprite_diagnostic(engine_, i, &d), PHOSPHENE_OK);
      out.push_back(std::string(d.id) + "@" + std::to_string(d.line));
    }
    return out;
  }
  void loadIni() {
    ASSERT_EQ(phosphene_sprite_load_ini_file(engine_, (kData + "/milk_img.ini").c_str()),
              PHOSPHENE_OK);
  }

  phosphene_engine* engine_ = nullptr;
};

TEST_F(SpriteApi, IniDiagnosticsCarryLines) {
  loadIni();
  const auto d = diagnostics();
  EXPECT_NE(std::find(d.begin(), d.end(), "SPR001@24"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "SPR003@26"), d.end());
  EXPECT_EQ(phosphene_sprite_load_ini_file(engine_, "/nonexistent/milk_img.ini"),
            PHOSPHENE_ERROR_IO);
}

TEST_F(SpriteApi, LaunchListKill) {
  loadIni();
  uint32_t a = 0, b = 0, none = 7;
  ASSERT_EQ(phosphene_sprite_launch(engine_, 0, &a), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_sprite_launch(engine_, 2, &b), PHOSPHENE_OK);
  EXPECT_NE(a, 0u);
  EXPECT_NE(a, b);
  EXPECT_EQ(phosphene_sprite_launch(engine_, 9, &none), PHOSPHENE_ERROR_NOT_FOUND);
  EXPECT_EQ(none, 0u);
  EXPECT_EQ(phosphene_sprite_launch(engine_, 3, &none), PHOSPHENE_ERROR_IO);  // missing.png
  EXPECT_EQ(phosphene_sprite_launch(engine_, -1, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_sprite_count(engine_), 2u);
  uint32_t ids[4] = {};
  EXPECT_EQ(phosphene_sprite_ids(engine_, ids, 4), 2u);
  EXPECT_EQ(ids[0], a);
  EXPECT_EQ(ids[1], b);
  EXPECT_EQ(phosphene_sprite_kill(engine_, a), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_kill(engine_, a), PHOSPHENE_ERROR_NOT_FOUND);
  EXPECT_EQ(phosphene_sprite_kill_all(engine_), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_count(engine_), 0u);
  EXPECT_EQ(endedEvents(), (std::vector<std::string>{std::to_string(a) + ":killed",
                                                     std::to_string(b) + ":killed"}));
}

TEST_F(SpriteApi, LaunchFromCodeText) {
  uint32_t id = 0;
  const std::string code = "img=quadrants.png\ninit_1=burn=0;\ncode_1=x = 0.3 +;\n";
  ASSERT_EQ(phosphene_sprite_launch_code(engine_, code.c_str(), kData.c_str(), &id), PHOSPHENE_OK);
  EXPECT_NE(id, 0u);
  // The per-frame code does not compile: a warning, and the sprite runs without it (MD2).
  const auto d = diagnostics();
  EXPECT_NE(std::find(d.begin(), d.end(), "SPR004@3"), d.end());
  EXPECT_EQ(phosphene_sprite_launch_code(engine_, "code_1=x=1;", kData.c_str(), &id),
            PHOSPHENE_ERROR_NOT_FOUND);
}

void collectLog(void* user, phosphene_log_level, const char* message) {
  static_cast<std::vector<std::string>*>(user)->push_back(message);
}

TEST_F(SpriteApi, CodeCutShortByTheLoopBudgetIsLoggedOncePerSprite) {
  // A preset over its budget raises PRESET_OVER_BUDGET once; a sprite's loops were cut without
  // a word. Now: one SPR007 warning per sprite, for its init and for its per-frame code.
  std::vector<std::string> log;
  ASSERT_EQ(phosphene_engine_set_log_callback(engine_, &collectLog, &log, PHOSPHENE_LOG_WARNING),
            PHOSPHENE_OK);
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  ASSERT_EQ(phosphene_engine_get_switch_settings(engine_, &s), PHOSPHENE_OK);
  s.iteration_budget = 1000;
  ASSERT_EQ(phosphene_engine_set_switch_settings(engine_, &s), PHOSPHENE_OK);
  const auto spr007 = [&] {
    return std::count_if(log.begin(), log.end(), [](const std::string& line) {
      return line.find("SPR007") != std::string::npos;
    });
  };
  uint32_t id = 0;
  const std::string heavy = "img=quadrants.png\ncode_1=loop(5000, n = n + 1);\n";
  ASSERT_EQ(phosphene_sprite_launch_code(engine_, heavy.c_str(), kData.c_str(), &id), PHOSPHENE_OK);
  for (int f = 0; f < 5; ++f) ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(spr007(), 1) << "five frames cut, one warning";
  EXPECT_EQ(phosphene_sprite_count(engine_), 1u) << "the sprite keeps running";
  // Another sprite over its budget is named too; a sprite killed and launched again is new.
  const std::string heavyInit = "img=quadrants.png\ninit_1=loop(5000, n = n + 1);\n";
  ASSERT_EQ(phosphene_sprite_launch_code(engine_, heavyInit.c_str(), kData.c_str(), &id),
            PHOSPHENE_OK);
  EXPECT_EQ(spr007(), 2) << "the init code cut short";
  const auto d = diagnostics();
  EXPECT_NE(std::find(d.begin(), d.end(), "SPR007@0"), d.end())
      << "and in the launch's diagnostics";
  ASSERT_EQ(phosphene_sprite_kill_all(engine_), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_sprite_launch_code(engine_, heavy.c_str(), kData.c_str(), &id), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(spr007(), 3);
  for (const auto& line : log) {
    if (line.find("SPR007") != std::string::npos) {
      EXPECT_NE(line.find("sprite from code"), std::string::npos) << line;
    }
  }
}

TEST_F(SpriteApi, DoneEndsTheSpriteAfterItsThirdFrame) {
  loadIni();
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  uint32_t id = 0;
  ASSERT_EQ(phosphene_sprite_launch(engine_, 1, &id), PHOSPHENE_OK);  // done = frame >= 2
  endedEvents();
  for (int f = 0; f < 2; ++f) {
    ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_sprite_count(engine_), 1u) << f;
  }
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_count(engine_), 0u);
  EXPECT_EQ(endedEvents(), std::vector<std::string>{std::to_string(id) + ":done"});
}

TEST_F(SpriteApi, SeventeenthLaunchEvictsTheOldest) {
  loadIni();
  std::vector<uint32_t> ids;
  for (int i = 0; i < PHOSPHENE_MAX_SPRITES; ++i) {
    uint32_t id = 0;
    ASSERT_EQ(phosphene_sprite_launch(engine_, 0, &id), PHOSPHENE_OK);
    ids.push_back(id);
    ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  }
  endedEvents();
  uint32_t newest = 0;
  ASSERT_EQ(phosphene_sprite_launch(engine_, 0, &newest), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_count(engine_), 16u);
  EXPECT_EQ(endedEvents(), std::vector<std::string>{std::to_string(ids[0]) + ":evicted"});
  uint32_t live[16] = {};
  phosphene_sprite_ids(engine_, live, 16);
  EXPECT_EQ(live[0], newest);  // it took the evicted sprite's slot: drawn first
}

TEST_F(SpriteApi, SpritesLiveThroughATransitionAndAHardCut) {
  // frame counts from the launch whatever the presets do; progress follows the blend.
  uint32_t counter = 0, blend = 0;
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_sprite_launch_code(engine_, "img=quadrants.png\ncode_1=done = frame >= 90;",
                                         kData.c_str(), &counter),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_sprite_launch_code(
                engine_, "img=quadrants.png\ncode_1=done = progress > 0.45 && progress < 0.55;",
                kData.c_str(), &blend),
            PHOSPHENE_OK);
  endedEvents();
  for (int f = 0; f < 10; ++f) ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  load(PHOSPHENE_TRANSITION_BLEND, 1.0);  // 60 frames of the fixed 60 fps clock
  int blendEndedAt = -1;
  for (int f = 10; f < 50; ++f) {
    ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
    if (blendEndedAt < 0 && phosphene_sprite_count(engine_) == 1) blendEndedAt = f;
  }
  // Half-way through the 60-frame blend, not before it.
  EXPECT_GE(blendEndedAt, 35);
  EXPECT_LE(blendEndedAt, 45);
  EXPECT_EQ(endedEvents(), std::vector<std::string>{std::to_string(blend) + ":done"});
  load(PHOSPHENE_TRANSITION_HARD_CUT, 0.0);
  for (int f = 50; f < 90; ++f) {
    ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_sprite_count(engine_), 1u) << f;
  }
  ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);  // frame 90 since the launch
  EXPECT_EQ(phosphene_sprite_count(engine_), 0u);
  EXPECT_EQ(endedEvents(), std::vector<std::string>{std::to_string(counter) + ":done"});
}

TEST(SpriteApiNull, NullArgumentsAreRefused) {
  EXPECT_EQ(phosphene_sprite_load_ini_file(nullptr, "x"), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_sprite_launch(nullptr, 0, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_sprite_count(nullptr), 0u);
  EXPECT_EQ(phosphene_sprite_ids(nullptr, nullptr, 0), 0u);
  EXPECT_EQ(phosphene_sprite_kill_all(nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

}  // namespace
