// The C header from C++: it compiles with -pedantic, its functions are noexcept, its structs are
// plain values, and it works through the shared library.
#include <phosphene/phosphene.h>

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

static_assert(std::is_trivially_copyable_v<phosphene_audio_frame>);
static_assert(std::is_trivially_copyable_v<phosphene_engine_desc>);
static_assert(noexcept(phosphene_engine_create(nullptr, nullptr)));
static_assert(noexcept(phosphene_engine_add_pcm_float(nullptr, nullptr, 0, 0, 0)));

TEST(CppHeader, CreateFeedAdvanceReadAudioDestroy) {
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = 30.0;
  phosphene_engine* engine = nullptr;
  ASSERT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  std::vector<std::int16_t> silence(2 * 1600, 0);
  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  for (int f = 0; f < 40; ++f) {
    ASSERT_EQ(phosphene_engine_add_pcm_int16(engine, silence.data(), 1600, 2, 48000), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_advance(engine, 0.0), PHOSPHENE_OK);  // no preset, no GL
    ASSERT_EQ(phosphene_engine_get_audio(engine, &frame), PHOSPHENE_OK);
  }
  EXPECT_EQ(frame.frame, 39u);
  EXPECT_EQ(frame.bass, 1.0f);  // silence: the long average is ~0, so levels read exactly 1
  EXPECT_EQ(frame.treb_att, 1.0f);
  EXPECT_EQ(frame.beat, 0);
  phosphene_engine_destroy(engine);
}

// The optional C++ wrapper (phosphene.hpp), compiled as C++17 like a conservative host.
#include <phosphene/phosphene.hpp>

#include <stdexcept>
#include <string>

TEST(CppWrapper, OwnsMovesAndForwardsLogs) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  std::string logged;
  ASSERT_EQ(engine.setLog([&](phosphene_log_level, const char* m) { logged = m; }), PHOSPHENE_OK);
  phosphene::Engine moved = std::move(engine);
  EXPECT_FALSE(engine);  // NOLINT(bugprone-use-after-move): moved-from state is specified
  phosphene_audio_frame frame{};
  EXPECT_EQ(moved.advance(-1.0), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_FALSE(moved.lastError().empty());
  EXPECT_EQ(logged, moved.lastError());  // the log function survived the move
  EXPECT_EQ(moved.audio(frame), PHOSPHENE_ERROR_INVALID_ARGUMENT);  // no frame advanced yet
  const float pcm[4] = {0.1f, 0.1f, -0.1f, -0.1f};
  EXPECT_EQ(moved.addPcm(pcm, 2, 2, 44100), PHOSPHENE_OK);
  EXPECT_EQ(moved.advance(), PHOSPHENE_OK);
  EXPECT_EQ(moved.audio(frame), PHOSPHENE_OK);  // audio() sets struct_size itself
  EXPECT_EQ(frame.struct_size, sizeof frame);
  EXPECT_EQ(frame.frame, 0u);
  EXPECT_EQ(frame.fps, 60.0);
  EXPECT_EQ(moved.droppedPcmFrames(), 0u);

  phosphene_engine_desc bad;
  phosphene_engine_desc_init(&bad);
  bad.fps = -1.0;
  phosphene::Engine failed(bad);
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.createResult(), PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

// A log function that throws: the exception stays in the wrapper (the C library sits between the
// wrapper and the caller, so letting it through ended the process with std::terminate).
TEST(CppWrapper, ThrowingLogFunctionDoesNotEndTheProcess) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  int calls = 0;
  ASSERT_EQ(engine.setLog([&](phosphene_log_level, const char*) {
    ++calls;
    throw std::runtime_error("host's logger failed");
  }),
            PHOSPHENE_OK);
  EXPECT_EQ(engine.advance(-1.0), PHOSPHENE_ERROR_INVALID_ARGUMENT);  // logs an error
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(engine.lastError().empty());  // the error itself is still reported
  EXPECT_EQ(engine.advance(-1.0), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(calls, 2);  // and the engine goes on logging
  EXPECT_EQ(engine.advance(), PHOSPHENE_OK);
}

// The 1.0 wrapper's loads: queued with an optional transition and request id, like switchTo;
// failures arrive as events with their diagnostics. render() is advance + draw, so without a
// context it refuses and the frame stays where it was.
TEST(CppWrapper, LoadsTakeATransitionAndReportThroughEvents) {
  static_assert(noexcept(std::declval<phosphene::Engine&>().render()));
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  uint64_t request = 0;
  ASSERT_EQ(
      engine.loadPresetText("[preset00]\nzoom=1.02\nper_frame_1=x = ( ;\n", "text", &cut, &request),
      PHOSPHENE_OK);
  EXPECT_GT(request, 0u);
  ASSERT_EQ(engine.waitForPreset(), PHOSPHENE_OK);
  ASSERT_EQ(engine.advance(), PHOSPHENE_OK);
  EXPECT_STREQ(engine.presetName(), "text");
  const uint32_t diagnostics = engine.presetDiagnosticCount();
  EXPECT_GE(diagnostics, 1u);  // the broken equation
  phosphene::Event e;
  bool started = false;
  while (engine.poll(e))
    if (e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.requestId == request) started = true;
  EXPECT_TRUE(started);

  uint64_t failed = 0;
  ASSERT_EQ(engine.loadPresetFile("/no/such/preset.milk", &cut, &failed), PHOSPHENE_OK);
  EXPECT_GT(failed, request);
  ASSERT_EQ(engine.waitForPreset(), PHOSPHENE_ERROR_IO);  // known at once, and as an event:
  ASSERT_EQ(engine.advance(), PHOSPHENE_OK);
  bool reported = false;
  while (!reported && engine.poll(e)) {
    if (e.type != PHOSPHENE_EVENT_PRESET_LOAD_FAILED || e.requestId != failed) continue;
    reported = true;
    phosphene_diagnostic d;
    ASSERT_EQ(engine.eventDiagnostic(0, d), PHOSPHENE_OK);
    EXPECT_STREQ(d.id, "IO001");
  }
  EXPECT_TRUE(reported);
  EXPECT_STREQ(engine.presetName(), "text");  // the failure left the current preset
  EXPECT_EQ(engine.presetDiagnosticCount(), diagnostics);
  // Defaults: a blend of the user time, no request id wanted.
  EXPECT_EQ(engine.loadPresetText("[preset00]\nzoom=1.03\n"), PHOSPHENE_OK);
  phosphene_transition_desc bad;
  phosphene_transition_desc_init(&bad);
  bad.style = PHOSPHENE_TRANSITION_BLEND;  // of 0 seconds
  EXPECT_EQ(engine.loadPresetFile("x.milk", &bad), PHOSPHENE_ERROR_INVALID_ARGUMENT);

  uint64_t frame = 0;
  ASSERT_EQ(phosphene_engine_get_time(engine.get(), nullptr, &frame), PHOSPHENE_OK);
  ASSERT_EQ(engine.setDrawableSize(32, 24), PHOSPHENE_OK);
  EXPECT_EQ(engine.render(), PHOSPHENE_ERROR_NO_CONTEXT);
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  EXPECT_EQ(engine.render(0.0, target), PHOSPHENE_ERROR_NO_CONTEXT);
  uint64_t after = 0;
  ASSERT_EQ(phosphene_engine_get_time(engine.get(), nullptr, &after), PHOSPHENE_OK);
  EXPECT_EQ(after, frame);
}

// The wrapper without GL: preset handles, a native preset in C++, the playlist, events.
namespace {

class Spin : public phosphene::NativePreset {
 public:
  explicit Spin(int* live) : live_(live) { ++*live_; }
  ~Spin() override { --*live_; }
  Spin(const Spin&) = delete;
  Spin& operator=(const Spin&) = delete;
  void perFrame(phosphene::NativeFrame& frame) override {
    frame.set("rot", 0.01 * ++frames_);
    phosphene_audio_frame audio;
    if (frame.audio(audio) == PHOSPHENE_OK && audio.fps > 0.0) frame.set("q2", audio.fps);
  }

 private:
  int* live_;
  int frames_ = 0;
};

}  // namespace

TEST(CppWrapper, DataDirForwards) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  EXPECT_STREQ(engine.dataDir(), phosphene_default_data_dir());
  ASSERT_EQ(engine.setDataDir("/srv/phosphene"), PHOSPHENE_OK);
  EXPECT_STREQ(engine.dataDir(), "/srv/phosphene");
  ASSERT_EQ(engine.setDataDir(""), PHOSPHENE_OK);
  EXPECT_STREQ(engine.dataDir(), phosphene_default_data_dir());
}

TEST(CppWrapper, CanvasSettingsForward) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  EXPECT_FALSE(engine.startClean());
  ASSERT_EQ(engine.setStartClean(true), PHOSPHENE_OK);
  EXPECT_TRUE(engine.startClean());
  ASSERT_EQ(engine.setTexelOffset(0.5f, 0.25f), PHOSPHENE_OK);
  EXPECT_EQ(engine.setTexelOffset(99.0f, 0.0f), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  float x = 0, y = 0;
  ASSERT_EQ(phosphene_engine_get_texel_offset(engine.get(), &x, &y), PHOSPHENE_OK);
  EXPECT_EQ(x, 0.5f);
  EXPECT_EQ(y, 0.25f);
  EXPECT_EQ(engine.burnTexture(0, 0, 0, 8, 8), PHOSPHENE_ERROR_INVALID_ARGUMENT);  // no texture
  EXPECT_EQ(engine.burnTexture(5, 0, 0, 8, 8), PHOSPHENE_OK);  // queued for the next draw
  int w = -1, h = -1;
  EXPECT_TRUE(engine.readCanvas(w, h).empty());  // nothing drawn yet: 0 x 0
  EXPECT_EQ(w, 0);
  EXPECT_EQ(h, 0);
}

TEST(CppWrapper, MessagesForward) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  EXPECT_EQ(engine.loadMessagesText("[message03]\ntext=three\nsize=x\n"), PHOSPHENE_OK);
  EXPECT_TRUE(engine.hasMessage(3));
  ASSERT_EQ(engine.messageDiagnosticCount(), 1u);
  phosphene_diagnostic d;
  EXPECT_EQ(engine.messageDiagnostic(0, d), PHOSPHENE_OK);
  EXPECT_EQ(d.line, 3);
  EXPECT_EQ(engine.launchMessage(3), PHOSPHENE_OK);
  EXPECT_TRUE(engine.messageShowing());
  EXPECT_EQ(engine.stopMessage(), PHOSPHENE_OK);
  EXPECT_FALSE(engine.messageShowing());
  EXPECT_EQ(engine.showMessage("hello"), PHOSPHENE_OK);
  EXPECT_EQ(engine.showSongTitle("title"), PHOSPHENE_OK);
  EXPECT_EQ(engine.setSongTitleDuration(2.0f), PHOSPHENE_OK);
  EXPECT_EQ(engine.showPresetName(2.0f), PHOSPHENE_OK);
  EXPECT_EQ(engine.setPresetNameDisplay(true, 3.0f), PHOSPHENE_OK);
  EXPECT_EQ(engine.setMessageFont("built-in"), PHOSPHENE_OK);
}

TEST(CppWrapper, PresetsNativePresetsPlaylistAndEvents) {
  static_assert(noexcept(std::declval<phosphene::Engine&>().advance()));
  phosphene::Preset text = phosphene::Preset::fromText("[preset00]\nzoom=1.02\n", "t");
  ASSERT_TRUE(text);
  EXPECT_STREQ(text.name(), "t");
  phosphene::Preset missing = phosphene::Preset::fromFile("/no/such.milk");
  EXPECT_FALSE(missing);
  EXPECT_EQ(missing.result(), PHOSPHENE_ERROR_IO);
  phosphene_diagnostic d;
  EXPECT_EQ(missing.diagnostic(0, d), PHOSPHENE_OK);
  EXPECT_STREQ(d.id, "IO001");

  int live = 0;
  phosphene::Engine engine;
  {
    phosphene::Preset spin = phosphene::NativePreset::make<Spin>("spin", "", &live);
    ASSERT_TRUE(spin);
    phosphene::Playlist list = engine.playlist();
    ASSERT_EQ(list.add(text), PHOSPHENE_OK);
    ASSERT_EQ(list.add(spin), PHOSPHENE_OK);
    EXPECT_EQ(list.size(), 2u);
    EXPECT_EQ(list.setFilters({"-t"}), PHOSPHENE_OK);
    EXPECT_EQ(list.size(), 1u);
    ASSERT_EQ(list.next(), PHOSPHENE_OK);
  }  // the handles go; the playlist and the engine keep what they need
  engine.waitForPreset();
  for (int f = 0; f < 5; ++f) ASSERT_EQ(engine.advance(), PHOSPHENE_OK) << engine.lastError();
  EXPECT_EQ(live, 1);
  EXPECT_STREQ(engine.presetName(), "spin");
  phosphene::Event e;
  bool started = false;
  while (engine.poll(e))
    if (e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.name == "spin" && e.playlistIndex == 0)
      started = true;
  EXPECT_TRUE(started);
  engine = phosphene::Engine();  // the old engine, its playlist and the instance go
  EXPECT_EQ(live, 0);
}

// Preset handles are made on any thread (a host's file scanner) while the engine plays, and
// switched to and destroyed from other threads than the one that made them.
#include <atomic>
#include <mutex>
#include <thread>

TEST(CppWrapper, PresetHandlesFromManyThreadsWhileTheEnginePlays) {
  phosphene::Engine engine;
  ASSERT_TRUE(engine);
  std::mutex mutex;
  std::vector<phosphene::Preset> made;
  std::atomic<int> failures{0};
  std::vector<std::thread> makers;
  for (int t = 0; t < 3; ++t) {
    makers.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        const std::string text = "[preset00]\nzoom=1.0" + std::to_string(i) +
                                 "\nper_frame_1=rot = 0.01*" + std::to_string(t) + ";\n";
        phosphene::Preset p = phosphene::Preset::fromText(text, "made");
        if (!p || p.diagnosticCount() != 0) ++failures;
        const std::lock_guard<std::mutex> lock(mutex);
        made.push_back(std::move(p));
      }
    });
  }
  // Switch to each handle as it appears (the makers may be slower than the frames).
  std::size_t switched = 0;
  for (long spins = 0; switched < 30 && spins < 10'000'000; ++spins) {
    bool next = false;
    {
      const std::lock_guard<std::mutex> lock(mutex);
      if (switched < made.size()) {
        phosphene_transition_desc cut;
        phosphene_transition_desc_init(&cut);
        cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
        ASSERT_EQ(engine.switchTo(made[switched++], &cut), PHOSPHENE_OK);
        next = true;
      }
    }
    if (!next) {
      std::this_thread::yield();
      continue;
    }
    engine.waitForPreset();
    if (engine.advance() != PHOSPHENE_OK) ++failures;
  }
  EXPECT_EQ(switched, 30u);
  for (std::thread& t : makers) t.join();
  EXPECT_EQ(failures.load(), 0);
  // Destroyed on another thread than the ones that made them, while the engine keeps its copies.
  std::thread([&] { made.clear(); }).join();
  EXPECT_EQ(engine.advance(), PHOSPHENE_OK);
  EXPECT_STREQ(engine.presetName(), "made");
}
