#pragma once
// Mash-ups and shader swaps in the player, as MilkDrop makes them: a new preset from parts of
// the playlist's presets, made off the render thread (reading and checking five files) and
// switched to with a cut once ready. The preset made last is kept so it can be saved.
//
// MilkDrop 2's mash-up screen fills five bins (general, motion, waves, warp shader, comp shader)
// with presets; its H key fills every bin at random (vis_milk2/plugin.cpp, UI_MASHUP). MilkDrop
// 3's `!` and `@` keys keep the running preset and take only the warp or the comp shader of a
// random one (plugin.cpp: "randomize warp shader" / "randomize comp shader").

#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "phosphene/phosphene.h"

namespace phosphene::play {

/// A preset handle shared with the thread that assembles a mash-up (handles are immutable).
using SharedPreset = std::shared_ptr<phosphene_preset>;
SharedPreset sharePreset(phosphene_preset* preset);

/// One part's source: a file to read, or a handle already made.
struct MashupSource {
  std::string path;
  SharedPreset preset;
  std::string name() const;  // a made preset's name, a file's stem
};

/// What a finished mash-up says: the line for the overlay, and the error when it failed.
struct MashupNews {
  std::string message;
  bool error = false;
};

class PresetMashups {
 public:
  PresetMashups(phosphene_engine* engine, std::uint64_t seed);
  ~PresetMashups();
  PresetMashups(const PresetMashups&) = delete;
  PresetMashups& operator=(const PresetMashups&) = delete;

  /// Every part from a random preset of the playlist. False (with `error`) when the playlist has
  /// no preset files or a mash-up is still being made.
  bool mashUpAtRandom(std::string& error);
  /// MilkDrop 3's `A`: a random preset with the warp shader of a second and the comp shader of a
  /// third ("not quite as extreme as a mash-up", vis_milk2/plugin.cpp).
  bool shadersAtRandom(std::string& error);
  /// The running preset with the warp (or comp) shader of a random playlist preset.
  bool swapShader(phosphene_mashup_part part, std::string& error);
  /// A finished mash-up, switched to; nothing while none finished.
  std::optional<MashupNews> update();
  /// The preset made last, while it is the one running (null otherwise).
  const phosphene_preset* running() const;

 private:
  struct Job {
    std::string label;    // "mash-up 3", "x + warp of y.milk": the preset's name
    std::string summary;  // where the parts come from, for the overlay
    std::future<SharedPreset> result;
    std::shared_ptr<std::string> error;  // why the result is null, written by the job
  };
  std::vector<std::string> playlistFiles() const;
  std::string randomFile(const std::vector<std::string>& files);
  /// Assembles `sources` in the background; `summary` empty: each part's source named.
  void start(std::vector<MashupSource> sources, std::string label, std::string summary);

  phosphene_engine* engine_;
  std::mt19937_64 random_;
  std::optional<Job> job_;
  SharedPreset made_;
  std::string madeName_;
  int count_ = 0;
};

}  // namespace phosphene::play
