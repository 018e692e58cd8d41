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
void addHeadlessOptions(ArgParser& p);

// Each returns an error message for a bad value, nothing when the option is absent or valid.
std::optional<std::string> readGlOption(const ArgParser& p, HeadlessGlChoice& out);
std::optional<std::string> readSeedOption(const ArgParser& p, std::uint64_t& seed);
std::optional<std::string> readTextureDirs(const ArgParser& p, std::vector<std::string>& dirs);

// The texture search path of a run: the --texture-dir folders, else MilkDrop 2's layout for each
// preset folder (FOLDER/textures, FOLDER/../textures). Folders that do not exist are harmless.
std::vector<std::string> textureSearchPath(const std::vector<std::string>& textureDirs,
                                           const std::vector<std::filesystem::path>& presetFolders);

// Opens a headless context; without an explicit --gl, falls back from 3.3 core to ES 3.0.
core::Expected<platform::HeadlessContext> openHeadlessContext(const HeadlessGlChoice& gl,
                                                              bool debug);

}  // namespace phosphene::cli
