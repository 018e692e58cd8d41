#pragma once
// What `phosphene bench` was asked for, and the engine settings that follow from it; shared by
// its two modes: each preset on its own (BenchCommand.cpp) and a run of switches
// (BenchSwitches.cpp).

#include <phosphene/phosphene.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ArgParser.hpp"
#include "HeadlessGlChoice.hpp"

namespace phosphene::cli {

struct BenchOptions {
  std::vector<std::string> presets;  // files; empty: the embedded default preset
  std::string audio;                 // empty: the built-in demo track
  Size size{640, 480};
  Size mesh{PHOSPHENE_DEFAULT_MESH_X, PHOSPHENE_DEFAULT_MESH_Y};
  long long frames = 300;
  long long warmup = 10;
  double fps = 60;
  std::uint64_t seed = 0;
  HeadlessGlChoice gl;
  std::vector<std::string> textureDirs;
  bool json = false;
  // --switches: one engine switching among the presets in turn, as a player does.
  bool switches = false;
  double seconds = 40;      // timed engine seconds
  double interval = 4;      // seconds between two switch requests
  double transition = 2.7;  // blend seconds (0: hard cuts)
  bool asyncLoads = false;  // live: frames never wait for the loader thread
  bool stripShaders = false;
};

/// Sets `engine` up for a bench: no automatic switch and no hard cut, frames waiting for loads
/// unless `asyncLoads`, textures searched as `phosphene render` does (the presets' folders).
/// False with the engine's message in `error` when it refuses.
bool prepareBenchEngine(phosphene_engine* engine, const BenchOptions& o,
                        const std::vector<std::string>& presetPaths, bool asyncLoads,
                        std::string& error);

/// The offscreen framebuffer `framebuffer` of `size` as the engine's draw target.
phosphene_render_target benchTarget(unsigned framebuffer, Size size);

}  // namespace phosphene::cli
