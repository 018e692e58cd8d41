#include "milk/PresetFeatures.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "milk/CodeText.hpp"
#include "milk/KeyTable.hpp"
#include "milk/Milkdrop3.hpp"

namespace phosphene::milk {
namespace {

bool isIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

constexpr std::array<std::string_view, 10> kBuiltinRoots{
    "main",     "blur1",    "blur2",         "blur3",       "noise_lq",
    "noise_mq", "noise_hq", "noise_lq_lite", "noisevol_lq", "noisevol_hq"};

// randNN or randNN_prefix with NN = 00..15 (plugin.cpp CacheParams).
bool isRandomRoot(std::string_view root) {
  if (root.size() < 6 || root.substr(0, 4) != "rand") return false;
  if (root[4] < '0' || root[4] > '9' || root[5] < '0' || root[5] > '9') return false;
  if ((root[4] - '0') * 10 + (root[5] - '0') > 15) return false;
  return root.size() == 6 || root[6] == '_';
}

}  // namespace

std::vector<std::string> samplerNames(const std::string& shaderText) {
  const std::string text = shaderWithoutComments(shaderText);
  constexpr std::string_view kPrefix = "sampler_";
  // `#define sampler_pic sampler_rand00` (a corpus idiom) makes sampler_pic a name for rand00:
  // the shader compiler only ever sees the target.
  std::vector<std::pair<std::string, std::string>> aliases;
  std::vector<std::size_t> aliasPositions;
  for (std::size_t pos = text.find("#define"); pos != std::string::npos;
       pos = text.find("#define", pos + 1)) {
    std::size_t i = pos + 7;
    const auto word = [&] {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
      const std::size_t start = i;
      while (i < text.size() && isIdent(text[i])) ++i;
      return std::pair{start, text.substr(start, i - start)};
    };
    const auto [namePos, name] = word();
    const auto [targetPos, target] = word();
    if (name.rfind(kPrefix, 0) == 0 && target.rfind(kPrefix, 0) == 0) {
      aliases.emplace_back(name, target);
      aliasPositions.push_back(namePos);
    }
  }
  std::vector<std::string> names;
  for (std::size_t pos = text.find(kPrefix); pos != std::string::npos;
       pos = text.find(kPrefix, pos + 1)) {
    if (pos > 0 && isIdent(text[pos - 1])) continue;
    if (std::find(aliasPositions.begin(), aliasPositions.end(), pos) != aliasPositions.end())
      continue;
    std::size_t end = pos + kPrefix.size();
    while (end < text.size() && isIdent(text[end])) ++end;
    std::string name = text.substr(pos, end - pos);
    for (const auto& [alias, target] : aliases)
      if (name == alias) name = target;
    if (name == kPrefix || name == "sampler_state") continue;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

PresetFeatures describeFeatures(const Preset& p) {
  PresetFeatures f;
  f.milkdrop3 = milkdrop3Usage(p).names();
  f.warpShader = p.warpPsVersion > 0 && !p.warpShader.empty();
  f.compShader = p.compPsVersion > 0 && !p.compShader.empty();
  for (const auto& w : p.waves) f.wavesEnabled += w.enabled != 0;
  for (const auto& s : p.shapes) {
    if (s.enabled == 0) continue;
    ++f.shapesEnabled;
    f.shapeInstances += s.instances;
  }
  for (const auto& b : codeBlockKeys(p))
    if (!b.block->empty())
      f.blocks.push_back({b.prefix, b.block->lines.size(), b.block->charCount()});

  for (const CodeBlock* block : {&p.warpShader, &p.compShader}) {
    for (const auto& sampler : samplerNames(joinShader(*block).text)) {
      std::string root = sampler.substr(8);
      // A two-letter state code (fw_, pc_, ...) goes, even when it is not a valid one.
      if (root.size() > 3 && root[2] == '_') root = root.substr(3);
      if (std::find(kBuiltinRoots.begin(), kBuiltinRoots.end(), root) != kBuiltinRoots.end()) {
        if (std::find(f.builtinSamplers.begin(), f.builtinSamplers.end(), root) ==
            f.builtinSamplers.end())
          f.builtinSamplers.push_back(root);
        continue;
      }
      const bool seen = std::any_of(f.textures.begin(), f.textures.end(),
                                    [&](const TextureRef& t) { return t.name == root; });
      if (!seen) f.textures.push_back({root, sampler, isRandomRoot(root)});
    }
  }
  return f;
}

}  // namespace phosphene::milk
