// Every preset of the installed collection (Debian projectm-data) that carries warp or comp
// shader text: each shader is translated to GLSL 330 core and GLSL ES 300. Prints, per shard, the
// counts that translate per stage and dialect and the failures grouped by category (diagnostic ID
// and glslang's message with the quoted token removed), then each failing preset.
//
// Target (issue 6): at least 99 % of shaders translate; the test fails below 99 % in a shard.
// research/hlsl.md measured 100 % on this collection with the same pipeline.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "corpus/CorpusFiles.hpp"
#include "milk/CodeText.hpp"
#include "milk/PresetReader.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::shader {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 4;

std::vector<fs::path> corpusFiles() {
  return testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
}

// "SHD003 'foo' : undeclared identifier" -> "SHD003 undeclared identifier".
std::string category(const core::Diagnostics& diags) {
  for (const auto& d : diags) {
    if (d.severity != core::Severity::Error) continue;
    std::string m = d.message;
    for (std::size_t q = m.find('\''); q != std::string::npos; q = m.find('\'')) {
      const std::size_t e = m.find('\'', q + 1);
      if (e == std::string::npos) break;
      m.erase(q, e - q + 1);
    }
    while (!m.empty() && (m.front() == ' ' || m.front() == ':')) m.erase(0, 1);
    if (m.size() > 90) m.resize(90);
    return std::string(core::diagnosticCode(d.id)) + " " + m;
  }
  return "no error diagnostic";
}

class ShaderCorpus : public ::testing::TestWithParam<int> {};

TEST_P(ShaderCorpus, TranslatesToGlsl330AndGlslEs300) {
  const auto files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  const int shard = GetParam();

  TranslationCache cache;
  // [stage][dialect]
  int total[2] = {0, 0};
  int ok[2][2] = {{0, 0}, {0, 0}};
  std::map<std::string, int> categories;
  std::vector<std::string> failures;
  int presets = 0;
  double worstMs = 0.0;
  std::string worstName;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    auto preset = milk::readPresetFile(files[i]);
    ASSERT_TRUE(preset) << files[i];
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    bool any = false;
    for (int s = 0; s < 2; ++s) {
      const milk::CodeBlock& block = s == 0 ? preset->warpShader : preset->compShader;
      if (block.empty()) continue;
      const int ps = s == 0 ? preset->warpPsVersion : preset->compPsVersion;
      const std::string text = milk::joinShader(block).text;
      const Stage stage = s == 0 ? Stage::Warp : Stage::Comp;
      any = true;
      ++total[s];
      for (int d = 0; d < 2; ++d) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto result =
            cache.translate(text, stage, ps, d == 0 ? Dialect::Glsl330 : Dialect::Glsl300es);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        if (ms > worstMs) {
          worstMs = ms;
          worstName = rel;
        }
        if (*result) {
          ++ok[s][d];
          continue;
        }
        const std::string cat = category(result->diagnostics());
        ++categories[std::string(dialectName(d == 0 ? Dialect::Glsl330 : Dialect::Glsl300es)) +
                     " " + cat];
        const auto& first = result->diagnostics().front();
        failures.push_back(
            rel + " [" + std::string(stageName(stage)) + ", " +
            std::string(dialectName(d == 0 ? Dialect::Glsl330 : Dialect::Glsl300es)) + "] " +
            first.format());
      }
    }
    presets += any ? 1 : 0;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("[shard %d/%d] presets with shaders %d; %.2f s; slowest %.1f ms (%s)\n", shard,
              kShards, presets, seconds, worstMs, worstName.c_str());
  for (int s = 0; s < 2; ++s)
    std::printf("  %s: %d shaders, glsl330 ok %d, glsl300es ok %d\n", s == 0 ? "warp" : "comp",
                total[s], ok[s][0], ok[s][1]);
  for (const auto& [cat, n] : categories) std::printf("  category %4d  %s\n", n, cat.c_str());
  for (const auto& f : failures) std::printf("  failed: %s\n", f.c_str());

  for (int s = 0; s < 2; ++s)
    for (int d = 0; d < 2; ++d)
      EXPECT_GE(ok[s][d] * 100, total[s] * 99) << (s == 0 ? "warp" : "comp") << " dialect " << d
                                               << ": " << ok[s][d] << " of " << total[s];
}

INSTANTIATE_TEST_SUITE_P(Shards, ShaderCorpus, ::testing::Range(0, kShards));

// research/hlsl.md §6's regression fixtures: each preset exercises one repair or quirk, and
// every translation of it must keep doing so.
struct Fixture {
  const char* file;
  const char* what;
  bool (*check)(const TranslatedShader&);
};

bool hasRepair(const TranslatedShader& t, Repair r) {
  return std::find(t.repairs.begin(), t.repairs.end(), r) != t.repairs.end();
}

const Fixture kFixtures[] = {
    {"presets_tryptonaut/Geiss + Flexi + Martin - disconnected.milk", "writes q variables",
     [](const TranslatedShader& t) { return hasRepair(t, Repair::WritableUniforms); }},
    {"presets_tryptonaut/martin - lightning [Goody tunnel artifact tweak].milk", "double3",
     [](const TranslatedShader& t) { return hasRepair(t, Repair::DoubleToFloat); }},
    {"presets_tryptonaut/suksma - satanic teleprompter - understudy prohmptz + aenkryptshun.milk",
     "-(bool) and pow of a negative number",
     [](const TranslatedShader& t) {
       return hasRepair(t, Repair::NegatedParen) || hasRepair(t, Repair::Dx9Math);
     }},
    {"presets_tryptonaut/Goody + martin - crystal palace - Aqua Lumens.milk", "normalize(float)",
     [](const TranslatedShader& t) { return hasRepair(t, Repair::ScalarNormalize); }},
    {"presets_tryptonaut/Rozzor & Rovastar - Dynamic Swirls 3 (Mysticial Awakening Mix Tweak) - "
     "cpe rst roams nz+ qohere graft.milk",
     "typeless sampler read with tex3D",
     [](const TranslatedShader& t) {
       return std::any_of(t.samplers.begin(), t.samplers.end(), [](const ShaderSampler& s) {
         return s.volume && s.name == "sampler_fw_noisevol_hq";
       });
     }},
    {"presets_tryptonaut/Flexi + Rovastar - Fractopia [blame hexcollie].milk", "float %",
     [](const TranslatedShader& t) { return t.glsl.find("trunc(") != std::string::npos; }},
    {"presets_tryptonaut/Stahlregen & bdrv + fiSHbRAiN + flexi + Geiss + shifter - Starcraft "
     "(Distorted).milk",
     "asin beyond [-1, 1]",
     [](const TranslatedShader& t) { return t.glsl.find("_md_asin") != std::string::npos; }},
    {"presets_tryptonaut/[dylan] cube in a room -no effects - code is very messy nz+ shit-ass "
     "tape.milk",
     "sampler named main",
     [](const TranslatedShader& t) {
       return std::any_of(t.samplers.begin(), t.samplers.end(),
                          [](const ShaderSampler& s) { return s.glslName == "md_main"; });
     }},
    {"presets_milkdrop_200/Geiss - Drempels (Let Op!).milk", "random texture through a #define",
     [](const TranslatedShader& t) {
       return std::any_of(t.samplers.begin(), t.samplers.end(), [](const ShaderSampler& s) {
         return s.texture.kind == TextureKind::Random;
       });
     }},
};

TEST(ShaderCorpusFixtures, EachKeepsItsRepairInBothDialects) {
  const fs::path root(PHOSPHENE_CORPUS_DIR);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  TranslationCache cache;
  for (const Fixture& f : kFixtures) {
    auto preset = milk::readPresetFile(root / f.file);
    ASSERT_TRUE(preset) << f.file;
    for (Dialect d : {Dialect::Glsl330, Dialect::Glsl300es}) {
      bool seen = false;
      for (Stage stage : {Stage::Warp, Stage::Comp}) {
        const milk::CodeBlock& block =
            stage == Stage::Warp ? preset->warpShader : preset->compShader;
        if (block.empty()) continue;
        const auto r = cache.translate(milk::joinShader(block).text, stage, 2, d);
        ASSERT_TRUE(*r) << f.file << ": " << r->diagnostics().front().format();
        seen = seen || f.check(**r);
      }
      EXPECT_TRUE(seen) << f.file << " (" << f.what << ", " << dialectName(d) << ")";
    }
  }
}

}  // namespace
}  // namespace phosphene::shader
