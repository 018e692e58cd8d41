// phosphene_message.h without a GL context: loading milk_msg.ini (diagnostics with line numbers),
// launching messages and titles, their lifetime on the engine's clock and the preset name
// settings. MD2 facts: vis_milk2/plugin.cpp ReadCustomMessages (keys, defaults),
// LaunchCustomMessage (n > 99 is 99, a random pick for n < 0, nothing for an empty slot),
// LaunchSongTitleAnim (m_fSongTitleAnimDuration 1.7 s); milkdropfs.cpp RenderFrame (off after the
// frame where progress reaches 1); CPlugin's m_supertext is visualizer state, so LoadPreset
// (hard cut or blend) leaves it alone.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <string>

namespace {

constexpr const char* kPresetA = "[preset00]\nzoom=1.02\nwave_mode=2\n";
constexpr const char* kPresetB = "[preset00]\nzoom=0.98\nwave_mode=5\n";

constexpr const char* kIni =
    "// comment lines as in MilkDrop's file\n"
    "[font00]\n"
    "face=arial\n"
    "r=200\n"
    "[message00]\n"
    "text=Hello\n"
    "time=3\n"
    "[message07]\n"
    "text=Seven\n"
    "size=zz\n"       // line 10: not a number
    "[message08]\n";  // no text: no message

class MessageApi : public ::testing::Test {
 protected:
  void SetUp() override {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    desc.fps = 8.0;  // one fixed step is 0.125 s, exact in binary: no rounding at the ends
    ASSERT_EQ(phosphene_engine_create(&desc, &engine_), PHOSPHENE_OK);
  }
  void TearDown() override { phosphene_engine_destroy(engine_); }

  void load(const char* text, const phosphene_transition_style style, double seconds = 0.0) {
    phosphene_transition_desc t;
    phosphene_transition_desc_init(&t);
    t.style = style;
    t.seconds = seconds;
    ASSERT_EQ(phosphene_engine_load_preset_text(engine_, text, std::string(text).size(), "p", &t,
                                                nullptr),
              PHOSPHENE_OK)
        << phosphene_engine_last_error(engine_);
    ASSERT_EQ(phosphene_engine_wait_for_preset(engine_), PHOSPHENE_OK);
  }
  void step(int frames) {
    for (int i = 0; i < frames; ++i)
      ASSERT_EQ(phosphene_engine_advance(engine_, 0.0), PHOSPHENE_OK);
  }

  phosphene_engine* engine_ = nullptr;
};

TEST_F(MessageApi, LoadsTextWithDiagnostics) {
  ASSERT_EQ(phosphene_engine_load_messages_text(engine_, kIni, std::string(kIni).size()),
            PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_has_message(engine_, 0), 1);
  EXPECT_EQ(phosphene_engine_has_message(engine_, 7), 1);
  EXPECT_EQ(phosphene_engine_has_message(engine_, 8), 0);
  ASSERT_EQ(phosphene_engine_message_diagnostic_count(engine_), 1u);
  phosphene_diagnostic d;
  phosphene_diagnostic_init(&d);
  ASSERT_EQ(phosphene_engine_message_diagnostic(engine_, 0, &d), PHOSPHENE_OK);
  EXPECT_STREQ(d.id, "MSG002");
  EXPECT_STREQ(d.section, "milk_msg.ini");
  EXPECT_EQ(d.line, 10);
  EXPECT_EQ(d.severity, PHOSPHENE_LOG_WARNING);
  EXPECT_EQ(phosphene_engine_message_diagnostic(engine_, 1, &d), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

TEST_F(MessageApi, MissingFileIsAnIoError) {
  EXPECT_EQ(phosphene_engine_load_messages_file(engine_, "/nonexistent/milk_msg.ini"),
            PHOSPHENE_ERROR_IO);
  EXPECT_EQ(phosphene_engine_load_messages_file(engine_, nullptr),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

TEST_F(MessageApi, LaunchRules) {
  ASSERT_EQ(phosphene_engine_load_messages_text(engine_, kIni, std::string(kIni).size()),
            PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_launch_message(engine_, 8), PHOSPHENE_ERROR_NOT_FOUND);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 0);
  EXPECT_EQ(phosphene_engine_launch_message(engine_, 7), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  EXPECT_EQ(phosphene_engine_launch_message(engine_, -1), PHOSPHENE_OK);  // random pick
  EXPECT_EQ(phosphene_engine_launch_message(engine_, 100), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_launch_message(engine_, -2), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_stop_message(engine_), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 0);
  EXPECT_EQ(phosphene_engine_launch_message(nullptr, 0), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

TEST_F(MessageApi, ShowMessageChecksItsDescription) {
  phosphene_message_desc desc;
  phosphene_message_desc_init(&desc);
  EXPECT_EQ(desc.size, 50.0f);
  EXPECT_EQ(desc.time, 1.5f);
  EXPECT_EQ(desc.fade, 0.2f);
  EXPECT_EQ(desc.r, -1);
  EXPECT_EQ(phosphene_engine_show_message(engine_, &desc), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  desc.text = "hi";
  desc.growth = 1.0f / 0.0f;
  EXPECT_EQ(phosphene_engine_show_message(engine_, &desc), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  desc.growth = 2.0f;
  EXPECT_EQ(phosphene_engine_show_message(engine_, &desc), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  desc.struct_size = 0;
  EXPECT_EQ(phosphene_engine_show_message(engine_, &desc), PHOSPHENE_ERROR_ABI_MISMATCH);
}

TEST_F(MessageApi, SongTitleLastsItsDurationOnTheEngineClock) {
  load(kPresetA, PHOSPHENE_TRANSITION_HARD_CUT);
  step(1);
  EXPECT_EQ(phosphene_engine_show_song_title(engine_, ""), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(phosphene_engine_show_song_title(engine_, "Artist - Song"), PHOSPHENE_OK);
  // 1.7 s at 0.125 s per frame: progress reaches 1 on the 14th frame (1.75 s), which still draws
  // it (and burns it into the canvas); it is off after that frame.
  step(13);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  step(1);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 0);
  EXPECT_EQ(phosphene_engine_set_song_title_duration(engine_, 0.0f),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_set_song_title_duration(engine_, 0.5f), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_show_song_title(engine_, "Short"), PHOSPHENE_OK);
  step(5);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 0);
}

TEST_F(MessageApi, MessageSurvivesHardCutAndTransition) {
  // MD2 keeps m_supertext in the plugin, not in a preset state: neither LoadPreset's hard cut
  // nor its blend restarts, stops or shortens a message.
  ASSERT_EQ(phosphene_engine_load_messages_text(engine_, kIni, std::string(kIni).size()),
            PHOSPHENE_OK);
  load(kPresetA, PHOSPHENE_TRANSITION_HARD_CUT);
  step(1);
  ASSERT_EQ(phosphene_engine_launch_message(engine_, 0), PHOSPHENE_OK);  // 3 s
  step(5);
  load(kPresetB, PHOSPHENE_TRANSITION_HARD_CUT);
  step(5);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  load(kPresetA, PHOSPHENE_TRANSITION_BLEND, 2.0);
  step(5);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  // 15 frames so far: progress reaches 1 at the 24th frame (3 s) after the launch.
  step(8);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 1);
  step(1);
  EXPECT_EQ(phosphene_engine_message_showing(engine_), 0);
}

TEST_F(MessageApi, PresetNameSettingsAreChecked) {
  EXPECT_EQ(phosphene_engine_show_preset_name(engine_, -1.0f), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_show_preset_name(engine_, 3.0f), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_set_preset_name_display(engine_, 1, 0.0f), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_set_preset_name_display(engine_, 0, 1e9f),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_set_message_font(engine_, "built-in"), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_set_message_font(nullptr, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

}  // namespace
