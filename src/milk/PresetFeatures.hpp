#pragma once
// A summary of what a preset uses, for `phosphene info` and the linter: code sizes per block,
// shader stages, enabled custom waves/shapes and the textures its shaders ask for. Texture names
// follow MD2's sampler naming rules (spec §8.3); this is a text scan, not a shader compile.

#include <cstddef>
#include <string>
#include <vector>

#include "milk/Preset.hpp"

namespace phosphene::milk {

struct CodeBlockStats {
  std::string name;  // the block's key prefix, e.g. "per_frame_" or "wave_1_per_point"
  std::size_t lines = 0;
  std::size_t chars = 0;
};

struct TextureRef {
  std::string name;     // root name after `sampler_` and any two-letter state code
  std::string sampler;  // the sampler as written, e.g. "sampler_fc_worms"
  bool random = false;  // randNN or randNN_prefix: a random pick from the textures folder
};

struct PresetFeatures {
  bool warpShader = false;  // a warp shader will run (PS version > 0 and text present)
  bool compShader = false;
  int wavesEnabled = 0;
  int shapesEnabled = 0;
  int shapeInstances = 0;                    // sum of num_inst over enabled shapes
  std::vector<CodeBlockStats> blocks;        // non-empty blocks only, in file order
  std::vector<TextureRef> textures;          // user and random textures, each name once
  std::vector<std::string> builtinSamplers;  // main, blur1, noise_lq, ... that are used
  std::vector<std::string> milkdrop3;        // MilkDrop 3 features used (Milkdrop3Usage::names)
};

PresetFeatures describeFeatures(const Preset& preset);

/// The sampler names in HLSL text (comments ignored), each once, in order of appearance.
std::vector<std::string> samplerNames(const std::string& shaderText);

}  // namespace phosphene::milk
