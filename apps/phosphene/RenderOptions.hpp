#pragma once
// `phosphene render`'s command line: what a run renders, how and where to, and its parsing.

#include <phosphene/phosphene.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "Commands.hpp"
#include "HeadlessGlChoice.hpp"
#include "OptionValue.hpp"
#include "RenderLaunches.hpp"

namespace phosphene::cli {

struct RenderOptions {
  static constexpr const char* kDefaultOut = "demo-out";
  static constexpr long long kMaxFrames = 10'000'000;

  std::string preset;                // the first (or only) preset
  std::vector<std::string> presets;  // every preset of the sequence, in play order
  double presetDuration = 16.0;      // seconds each preset plays before the next one
  double transition = 2.7;           // MilkDrop 2's blend time for automatic switches
  bool hardCuts = false, shuffle = false, randomDuration = false, asyncLoads = false;
  std::vector<std::string> presetFolders;  // --presets
  std::string audio;
  Size size{640, 480};  // MilkDrop's classic 4:3; small enough for llvmpipe
  double fps = 60;
  std::optional<long long> frames;
  std::optional<double> duration;
  std::uint64_t seed = 0;
  std::string out = kDefaultOut;
  HeadlessGlChoice gl;
  Size mesh{PHOSPHENE_DEFAULT_MESH_X, PHOSPHENE_DEFAULT_MESH_Y};
  std::vector<std::string> textureDirs;  // --texture-dir, in order
  bool verbose = false;
  bool diagnostic = false;
  // MilkDrop's sprites, custom messages and song title at fixed times (RenderLaunches).
  std::vector<std::string> spriteSpecs, messageSpecs;  // N@T as given
  LaunchPlan launches;

  /// The name the summary and messages give the first preset: the embedded one's without
  /// --preset.
  std::string presetName() const;
  /// --frames, else --duration or the whole audio (`audioSeconds`) at --fps; at least one.
  long long frameCount(double audioSeconds) const;
};

/// Parses render's arguments into `o`. Returns the exit status when the command ends here (0
/// after --help, 2 after a usage error, which it has printed), nothing when the run goes on.
std::optional<int> parseRenderOptions(const Args& args, RenderOptions& o);

}  // namespace phosphene::cli
