#include "milk/Milkdrop3.hpp"

#include "milk/CodeText.hpp"
#include "milk/KeyTable.hpp"

namespace phosphene::milk {
namespace {

bool identChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.';
}

}  // namespace

bool namesQAbove32(std::string_view text) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    if (text[i] != 'q' && text[i] != 'Q') continue;
    if (i > 0 && identChar(text[i - 1])) continue;
    std::size_t j = i + 1;
    int n = 0;
    while (j < text.size() && j < i + 3 && text[j] >= '0' && text[j] <= '9')
      n = n * 10 + (text[j++] - '0');
    if (j != i + 3 || (j < text.size() && identChar(text[j]))) continue;
    if (n >= 33 && n <= kMd3QCount && text[i + 1] != '0') return true;
  }
  return false;
}

Milkdrop3Usage milkdrop3Usage(const Preset& p) {
  Milkdrop3Usage u;
  u.waveSlots = usedWaveSlots(p);
  u.shapeSlots = usedShapeSlots(p);
  for (std::size_t k = kMd2CustomWaves; k < p.waves.size(); ++k) {
    const CustomWave& w = p.waves[k];
    u.extraWaves = u.extraWaves || w.enabled != 0 || !w.init.empty() || !w.perFrame.empty() ||
                   !w.perPoint.empty();
  }
  for (std::size_t k = kMd2CustomShapes; k < p.shapes.size(); ++k) {
    const CustomShape& s = p.shapes[k];
    u.extraShapes = u.extraShapes || s.enabled != 0 || !s.init.empty() || !s.perFrame.empty();
  }
  u.waveModeAbove8 = p.waveMode > kMd2WaveModes;
  for (const CustomShape& s : p.shapes) u.sidesAbove100 = u.sidesAbove100 || s.sides > 100;
  for (const auto& b : codeBlockKeys(p)) {
    if (b.block->empty()) continue;
    const std::string text =
        b.shader ? shaderWithoutComments(joinShader(*b.block).text) : joinEquations(*b.block).text;
    u.qAbove32 = u.qAbove32 || namesQAbove32(text);
    if (b.shader)
      for (std::size_t at = text.find("get_fft"); at != std::string::npos;
           at = text.find("get_fft", at + 1))
        if (at == 0 || !identChar(text[at - 1])) u.fftInShader = true;
  }
  return u;
}

std::vector<std::string> Milkdrop3Usage::names() const {
  std::vector<std::string> out;
  if (extraWaves) out.emplace_back("waves>4");
  if (extraShapes) out.emplace_back("shapes>4");
  if (qAbove32) out.emplace_back("q33-q64");
  if (waveModeAbove8) out.emplace_back("wave_mode>8");
  if (sidesAbove100) out.emplace_back("sides>100");
  if (fftInShader) out.emplace_back("get_fft");
  return out;
}

}  // namespace phosphene::milk
