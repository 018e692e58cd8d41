// The switching policy without GL (issue 33: it was tested only under GL): every rule with its
// own reason, through Engine::advance, the half of a frame that never touches GL. The presets are
// our own and have no pixel shaders, so nothing waits for a draw to link a program.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/Engine.hpp"
#include "gl/KickAndChordAudio.hpp"

namespace phosphene::engine {
namespace {

namespace fs = std::filesystem;

fs::path ownPreset(const char* name) {
  return fs::path(PHOSPHENE_SOURCE_DIR) / "presets" / name;
}
const char* const kPlainA = "phosphene-aurora.milk";
const char* const kPlainB = "phosphene-tunnel.milk";

// An engine at 30 fps with a kick every half second, advanced one frame at a time.
class Player {
 public:
  Player() : engine_(EngineSettings{.fps = 30.0, .seed = 1234}) {
    engine_.setMeshSize(32, 24);
    SwitchSettings s;
    s.autoSwitch = false;
    s.waitForLoads = true;
    engine_.setSwitchSettings(s);
  }
  Engine& engine() { return engine_; }
  bool advance() {
    gltest::feedKickAndChord(engine_, ++frame_);
    return static_cast<bool>(engine_.advance(0.0));
  }
  int frame() const { return frame_; }

 private:
  Engine engine_;
  int frame_ = 0;
};

// The switching policy, every rule with its own reason: automatic switches every duration (with
// MD2's default blend time), a preset lock that stops them, and beat hard cuts no closer than
// their minimum interval.
struct ProviderLog {
  std::vector<std::pair<SwitchReason, double>> calls;
};

PresetProvider recordingProvider(ProviderLog& log, Engine& engine) {
  return [&log, &engine](SwitchReason reason) -> std::optional<PresetSource> {
    log.calls.emplace_back(reason, engine.clock().time());
    return PresetSource::file(ownPreset(log.calls.size() % 2 ? kPlainB : kPlainA));
  };
}

// The blend time of each preset started for `reason` since the last takeEvents, in order: a list,
// so a switch that never started or one with the wrong blend shows, not just the last one.
std::vector<double> blendsStarted(Engine& engine, SwitchReason reason) {
  std::vector<double> blends;
  for (const EngineEvent& e : engine.takeEvents())
    if (e.type == EngineEvent::Type::PresetStarted && e.reason == reason)
      blends.push_back(e.transition);
  return blends;
}

TEST(SwitchPolicy, AutomaticSwitchesKeepTheirRhythmAndTheLockStopsThem) {
  Player player;
  Engine& engine = player.engine();
  SwitchSettings s = engine.switchSettings();
  s.autoSwitch = true;
  s.presetDuration = 1.0;
  s.presetDurationRandom = 0.0;
  s.durationIncludesBlend = false;
  engine.setSwitchSettings(s);
  ProviderLog log;
  engine.setPresetProvider(recordingProvider(log, engine));
  ASSERT_EQ(engine.loadPresetFile(ownPreset(kPlainA)), LoadStatus::Ok);
  while (player.frame() < 100) ASSERT_TRUE(player.advance());  // 3.33 s at 30 fps
  ASSERT_EQ(log.calls.size(), 3u);
  for (std::size_t i = 0; i < log.calls.size(); ++i) {
    EXPECT_EQ(log.calls[i].first, SwitchReason::Auto);
    EXPECT_NEAR(log.calls[i].second, 1.0 * static_cast<double>(i + 1), 1e-6);
  }
  // Every automatic switch started, each with MD2's fBlendTimeAuto.
  EXPECT_EQ(blendsStarted(engine, SwitchReason::Auto), std::vector<double>(log.calls.size(), 2.7));
  s.locked = true;
  engine.setSwitchSettings(s);
  while (player.frame() < 200) ASSERT_TRUE(player.advance());
  EXPECT_EQ(log.calls.size(), 3u) << "a locked preset is never switched away from";
}

TEST(SwitchPolicy, BeatHardCutsRespectTheirMinimumInterval) {
  Player player;
  Engine& engine = player.engine();
  SwitchSettings s = engine.switchSettings();
  s.autoSwitch = false;
  s.beatHardCuts = true;
  s.beatHardCutMinInterval = 1.0;
  engine.setSwitchSettings(s);
  ProviderLog log;
  engine.setPresetProvider(recordingProvider(log, engine));
  ASSERT_EQ(engine.loadPresetFile(ownPreset(kPlainA)), LoadStatus::Ok);
  while (player.frame() < 150) ASSERT_TRUE(player.advance());  // 5 s, a kick every 0.5 s
  ASSERT_GE(log.calls.size(), 3u);
  for (std::size_t i = 0; i < log.calls.size(); ++i) {
    EXPECT_EQ(log.calls[i].first, SwitchReason::Beat);
    if (i > 0) {
      EXPECT_GE(log.calls[i].second - log.calls[i - 1].second, 1.0 - 1e-9);
    }
  }
  // Every beat switch started, each a hard cut.
  EXPECT_EQ(blendsStarted(engine, SwitchReason::Beat), std::vector<double>(log.calls.size(), 0.0));
  EXPECT_FALSE(engine.transitioning());
}

// With nothing running and nothing on its way, advance asks the provider itself (a hard cut, as
// MD2 starts its first preset); with no provider the frame is empty but clock and audio go on.
// Before 1.0 the C API asked the playlist from four entry points and advance refused to run.
TEST(SwitchPolicy, AnIdleEngineAsksItsProviderAndRunsWithoutOne) {
  Player player;
  Engine& engine = player.engine();
  ASSERT_TRUE(player.advance()) << engine.lastError();
  ASSERT_TRUE(player.advance()) << engine.lastError();
  EXPECT_FALSE(engine.hasPreset());
  EXPECT_EQ(engine.clock().frame(), 1u) << "the clock runs without a preset";
  EXPECT_GT(engine.audio().bass, 0.0f) << "so does the analysis";

  ProviderLog log;
  engine.setPresetProvider(recordingProvider(log, engine));
  ASSERT_TRUE(player.advance());
  ASSERT_EQ(log.calls.size(), 1u);
  EXPECT_EQ(log.calls[0].first, SwitchReason::Auto);
  EXPECT_TRUE(engine.hasPreset()) << "waitForLoads: the first pick starts in the same frame";
  EXPECT_EQ(blendsStarted(engine, SwitchReason::Auto), std::vector<double>{0.0});
  while (player.frame() < 10) ASSERT_TRUE(player.advance());
  EXPECT_EQ(log.calls.size(), 1u) << "a running preset is not replaced (auto switching is off)";
}

// One queue: the newest kMaxQueuedEvents wait for a host that never polls, and the listener
// hears every one of them as it happens, also those the queue drops.
TEST(SwitchPolicy, EventsAreBoundedAndTheListenerHearsEveryOne) {
  Player player;
  Engine& engine = player.engine();
  std::size_t heard = 0;
  engine.setEventListener([&heard](const EngineEvent&) { ++heard; });
  ASSERT_EQ(engine.loadPresetFile(ownPreset(kPlainA)), LoadStatus::Ok);
  const std::size_t perRound = [&] {
    const std::size_t before = heard;
    engine.requestPreset(PresetSource::file(ownPreset(kPlainB)), 0.0);
    player.advance();
    return heard - before;
  }();
  ASSERT_GT(perRound, 0u);
  while (heard <= Engine::kMaxQueuedEvents + 10) {
    engine.requestPreset(PresetSource::file(ownPreset(heard % 2 ? kPlainA : kPlainB)), 0.0);
    ASSERT_TRUE(player.advance());
  }
  std::size_t queued = 0;
  for (EngineEvent e; engine.pollEvent(e);) ++queued;
  EXPECT_EQ(queued, Engine::kMaxQueuedEvents);
  EXPECT_FALSE(engine.pollEvent(*std::make_unique<EngineEvent>()));
}

}  // namespace
}  // namespace phosphene::engine
