// phosphene info: what a .milk file contains as MilkDrop 2 reads it: versions, values (those
// that differ from MilkDrop's defaults, or all of them), code sizes, features and the reader's
// diagnostics.
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "ArgParser.hpp"
#include "Commands.hpp"
#include "eel/Eel.hpp"
#include "milk/DoublePreset.hpp"
#include "milk/KeyTable.hpp"
#include "milk/PresetFeatures.hpp"
#include "milk/PresetReader.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/Program.hpp"

namespace phosphene::cli {
namespace {

using milk::Preset;

std::string formatValue(double v, milk::ValueType type) {
  if (type != milk::ValueType::Float) return std::to_string(static_cast<long long>(v));
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  return std::string(buf, r.ptr);
}

const char* psName(int v) {
  switch (v) {
    case milk::kPsNone:
      return "none";
    case milk::kPs2_0:
      return "ps_2_0";
    case milk::kPs2_x:
      return "ps_2_x";
    case milk::kPs3_0:
      return "ps_3_0";
    default:
      return "unknown";
  }
}

template <typename Owner>
void printField(const std::string& key, const milk::Field<Owner>& f, const Owner& value,
                const Owner& defaults, bool all, int& shown) {
  const double v = milk::fieldValue(f, value);
  const double d = milk::fieldValue(f, defaults);
  const bool differs = v != d;
  if (!all && !differs) return;
  ++shown;
  std::printf("  %-28s %s", key.c_str(), formatValue(v, f.type).c_str());
  if (differs) std::printf("   (default %s)", formatValue(d, f.type).c_str());
  std::printf("\n");
}

void printValues(const Preset& p, bool all) {
  const Preset defaults;
  int shown = 0;
  std::printf("values (%s):\n", all ? "all" : "those that differ from MilkDrop's defaults");
  for (const auto& f : milk::generalAndWaveFields())
    printField(std::string(f.key), f, p, defaults, all, shown);
  for (const auto& f : milk::motionFields())
    printField(std::string(f.key), f, p, defaults, all, shown);
  for (std::size_t k = 0; k < p.waves.size(); ++k)
    for (const auto& f : milk::waveFields())
      printField("wavecode_" + std::to_string(k) + "_" + std::string(f.key), f, p.waves[k],
                 defaults.waves[k], all, shown);
  for (std::size_t k = 0; k < p.shapes.size(); ++k)
    for (const auto& f : milk::shapeFields())
      printField("shapecode_" + std::to_string(k) + "_" + std::string(f.key), f, p.shapes[k],
                 defaults.shapes[k], all, shown);
  if (shown == 0) std::printf("  (all values are MilkDrop's defaults)\n");
}

void printFeatures(const Preset& p) {
  const milk::PresetFeatures f = milk::describeFeatures(p);
  std::printf("code:\n");
  if (f.blocks.empty()) std::printf("  (none)\n");
  for (const auto& b : f.blocks)
    std::printf("  %-22s %5zu lines %7zu chars\n", (b.name + "N").c_str(), b.lines, b.chars);

  std::printf("features:\n");
  std::printf("  warp shader:      %s\n", f.warpShader ? "yes" : "no (fixed-function warp)");
  std::printf("  comp shader:      %s\n", f.compShader ? "yes" : "no (fixed-function composite)");
  std::string waves;
  for (std::size_t k = 0; k < p.waves.size(); ++k)
    if (p.waves[k].enabled) waves += (waves.empty() ? "" : ", ") + std::to_string(k);
  std::printf("  custom waves:     %d enabled%s%s%s\n", f.wavesEnabled, waves.empty() ? "" : " (",
              waves.c_str(), waves.empty() ? "" : ")");
  std::string shapes;
  for (std::size_t k = 0; k < p.shapes.size(); ++k)
    if (p.shapes[k].enabled)
      shapes += (shapes.empty() ? "" : ", ") + std::to_string(k) + " x" +
                std::to_string(p.shapes[k].instances);
  std::printf("  custom shapes:    %d enabled%s%s%s\n", f.shapesEnabled, shapes.empty() ? "" : " (",
              shapes.c_str(), shapes.empty() ? "" : ")");
  std::printf("  per-vertex code:  %s\n", p.perPixel.empty() ? "no" : "yes");
  std::printf("  motion vectors:   %s\n", p.mvA > 0.0f ? "on" : "off");
  std::string textures;
  for (const auto& t : f.textures)
    textures += (textures.empty() ? "" : ", ") + t.name + (t.random ? " (random pick)" : "");
  std::printf("  textures:         %s\n", textures.empty() ? "none" : textures.c_str());
  std::string builtins;
  for (const auto& s : f.builtinSamplers) builtins += (builtins.empty() ? "" : ", ") + s;
  std::printf("  built-in samplers: %s\n", builtins.empty() ? "none" : builtins.c_str());
  // MilkDrop 2 presets say "no"; a preset using MilkDrop 3's extensions lists them.
  std::string md3;
  for (const auto& name : f.milkdrop3) md3 += (md3.empty() ? "" : ", ") + name;
  std::printf("  needs MilkDrop 3: %s\n", md3.empty() ? "no" : ("yes (" + md3 + ")").c_str());
}

void describe(const Preset& p, core::Diagnostics diags, bool all) {
  std::printf("version: MILKDROP_PRESET_VERSION=%d, warp PS %d (%s), comp PS %d (%s)\n", p.version,
              p.warpPsVersion, psName(p.warpPsVersion), p.compPsVersion, psName(p.compPsVersion));
  printValues(p, all);
  printFeatures(p);
  // Reading and compiling report separately: a file can read cleanly and still hold code that
  // MilkDrop would not run.
  eel::Globals globals;
  const auto program = preset::Program::compile(p, globals);
  diags.insert(diags.end(), program.diagnostics().begin(), program.diagnostics().end());
  std::printf("diagnostics: %zu\n", diags.size());
  for (const auto& d : diags) std::printf("  %s\n", d.format().c_str());
}

int infoOne(const std::string& path, bool all) {
  core::Expected<std::string> bytes = milk::readPresetBytes(path);
  if (bytes && milk::isDoublePresetText(*bytes)) {
    core::Diagnostics diags;
    std::optional<milk::DoublePreset> dp = milk::parseDoublePreset(*bytes, diags);
    if (!dp) {
      for (const auto& d : diags) std::fprintf(stderr, "phosphene info: %s\n", d.format().c_str());
      return 1;
    }
    std::printf("preset: %s\n", path.c_str());
    std::printf(
        "double preset (MilkDrop 3 .milk2): blending_pattern=%s%s, blending_progress=%g, "
        "blending_direction=%d\n",
        dp->blendingPattern.empty() ? "(none)" : dp->blendingPattern.c_str(),
        dp->blendingPattern.empty() || preset::md3PatternType(dp->blendingPattern)
            ? ""
            : " (not drawn by Phosphene: an even mix)",
        static_cast<double>(dp->blendingProgress), dp->blendingDirection);
    for (int half = 1; half <= 2; ++half) {
      core::Diagnostics own;
      const std::string section = "preset" + std::to_string(half);
      for (const auto& d : diags)
        if (d.section == section) own.push_back(d);
      std::printf("\n[preset %d]\n", half);
      describe(half == 1 ? dp->first : dp->second, std::move(own), all);
    }
    return 0;
  }
  auto result = bytes
                    ? milk::parsePresetText(*bytes, std::filesystem::path(path).filename().string())
                    : core::Expected<Preset>(std::move(bytes.diagnostics()));
  if (!result.ok()) {
    for (const auto& d : result.diagnostics())
      std::fprintf(stderr, "phosphene info: %s\n", d.message.c_str());
    return 1;
  }
  std::printf("preset: %s\n", path.c_str());
  describe(*result, result.diagnostics(), all);
  return 0;
}

}  // namespace

int runInfo(const Args& args) {
  ArgParser parser("info", "PRESET.milk|PRESET.milk2...",
                   "Show what MilkDrop 2 reads from a preset: versions, values, code sizes,\n"
                   "features (shaders, custom waves and shapes, textures) and diagnostics.");
  bool all = false;
  parser.flag("all", "list every value, not only those that differ from MilkDrop's defaults", all);
  parser.positionals("PRESET", "preset files (.milk, or MilkDrop 3 .milk2) to describe", 1,
                     1 << 20);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  int status = 0;
  bool first = true;
  for (const auto& path : parser.positional()) {
    if (!first) std::printf("\n");
    first = false;
    if (infoOne(path, all) != 0) status = 1;
  }
  return status;
}

}  // namespace phosphene::cli
