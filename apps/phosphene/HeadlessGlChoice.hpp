#pragma once
// The options `render` and `bench` share for a headless run: which GL API (--gl), the random
// seed (--seed) and the texture folders (--texture-dir), and opening the context they ask for.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ArgParser.hpp"
#include "HeadlessContext.hpp"
#include "core/Expected.hpp"

namespace phosphene::cli {

struct HeadlessGlChoice {
  platform::GlApi api = platform::GlApi::Core33;
  bool apiGiven = false;  // --gl was given: no fallback to ES 3.0
};

// Declares --seed, --gl and --texture-dir, with the help both commands print.
void addHeadlessOptions(ArgParser& p, std::uint64_t& seed, HeadlessGlChoice& gl,
                        std::vector<std::string>& textureDirs);
// --size WxH and --mesh WxH within the C API's limits (EngineLimits.hpp); `size`/`mesh` hold the
// defaults.
void addSizeOption(ArgParser& p, Size& size);
void addMeshOption(ArgParser& p, Size& mesh);

// The texture search path of a run: the --texture-dir folders, else MilkDrop 2's layout for each
// preset folder (FOLDER/textures, FOLDER/../textures). Folders that do not exist are harmless.
std::vector<std::string> textureSearchPath(const std::vector<std::string>& textureDirs,
                                           const std::vector<std::filesystem::path>& presetFolders);

// How many threads a software rasteriser should use for frames of width x height: 0 (the
// calling thread) up to kSmallFramePixels, else -1 (the driver's choice). Measured on llvmpipe,
// 2 cores: at 96x72 the whole process takes 20-35% less time on one thread, at 160x120 ~15%
// less, at 320x240 10-15% more (bench/README.md).
constexpr long long kSmallFramePixels = 160 * 120;
int rasterThreadsFor(int width, int height);
// " (LP_NUM_THREADS=N)" when the variable is set (by the user or rasterThreadsFor), else "": for
// reports that name the renderer, so timings say how they were taken.
std::string rasterThreadsNote();

// Opens a headless context for frames of width x height; without an explicit --gl, falls back
// from 3.3 core to ES 3.0.
core::Expected<platform::HeadlessContext> openHeadlessContext(const HeadlessGlChoice& gl,
                                                              bool debug, int width, int height);

}  // namespace phosphene::cli
