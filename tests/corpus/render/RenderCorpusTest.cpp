// Every preset of the installed collection (Debian projectm-data), in two passes per shard.
//
// Pass 1: compiles, steps and renders 30 frames at 160×120 on a headless GL 3.3 core context
// (llvmpipe) with synthetic audio; presets with warp/comp shaders run them (translated and linked
// as a render does, textures found as `phosphene render` finds them: the preset's folder, then
// the collection folders beside it, render/TextureFinder.hpp). Fails on a load failure, a GL
// error (from the renderer or KHR_debug), a shader that does not translate or link (that stage
// would fall back to the built-in pass), or a crash. Prints, per shard:
//  * presets with a non-finite value in what the renderer draws (the FrameState), with the first
//    one found. Non-finite warp coordinates alone are listed, not failed: they come from the
//    preset's own arithmetic (zoom 0, a negative zoom to a fractional power), which MD2 evaluates
//    the same way (see tests/corpus/preset); a non-finite value anywhere else fails;
//  * presets whose 30 frames are all black, whose picture never changes after the first frame,
//    or whose every frame is one flat colour; shader presets marked "(shaders)".
//
// Pass 2 (issue 18): 30 frames of synthetic audio say little about presets that build up their
// picture. Every preset pass 1 found black, frozen or flat, and every preset named in
// degenerate-presets.txt, is rendered again from a fresh runtime and feedback: 300 frames at
// 60 fps of the differential tool's music (corpus/MusicSignal.hpp, through the real audio
// analysis) at 96×72 and at 160×120 (mesh 48×36), and its last frame classified as
// tools/differential/differential.py does: luma 0.299 R + 0.587 G + 0.114 B, black when its mean
// is below 2/255, flat when its s.d. is below 1/255, else drawn. A preset degenerate at either
// size must have its line in degenerate-presets.txt (naming the docs/compatibility.md entry that
// explains it), and a listed preset must still be degenerate as listed: either mismatch fails
// with the line to add, change or remove. Identical files (the same bytes in several folders)
// are rendered once, under the first path in sorted order, and listed under that path.
// Only the suspects get 300 frames: that check of every preset is the differential tool's job
// (hours of CPU for the whole corpus at two sizes), far more than CI can spend on it.
//
// The presets come from the Runtime (preset stage) straight into one render::Renderer per shard
// whose feedback is cleared before each preset, so nothing carries over between presets. The
// collection is split into shards, one CTest case each, so `ctest -j` spreads the work.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "GlTestContext.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "corpus/CorpusFiles.hpp"
#include "corpus/MusicSignal.hpp"
#include "corpus/SyntheticFrameAudio.hpp"
#include "eel/Eel.hpp"
#include "engine/PresetShaderTranslation.hpp"
#include "gl/Framebuffer.hpp"
#include "milk/PresetFeatures.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"
#include "render/Renderer.hpp"
#include "render/TextureFinder.hpp"

namespace phosphene::render {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 16;
constexpr int kFrames = 30;
constexpr int kW = 160, kH = 120;
constexpr int kLongFrames = 300;
constexpr double kLongFps = 60.0;
struct CanvasSize {
  int w, h;
  std::string name() const { return std::to_string(w) + "x" + std::to_string(h); }
};
constexpr CanvasSize kLongSizes[] = {{96, 72}, {160, 120}};

void syntheticAudio(int frame, audio::FrameAudio& a) {
  testing::syntheticFrameAudio(frame, a, 15);  // a kick every 15 frames
}

bool finite(double v) {
  return std::isfinite(v);
}
bool finite(const preset::Vec2& v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
bool finite(const preset::Rgba& c) {
  return std::isfinite(c.r) && std::isfinite(c.g) && std::isfinite(c.b) && std::isfinite(c.a);
}

// The first non-finite value the renderer would draw outside the warp coordinates ("" if none).
std::string nonFiniteOutsideWarp(const preset::FrameState& f) {
  const preset::FrameVars& v = f.vars;
  const double vars[] = {v.decay,  v.gamma,    v.echoZoom, v.echoAlpha, v.echoOrient,   v.brighten,
                         v.darken, v.solarize, v.invert,   v.wrap,      v.darkenCenter, v.obSize,
                         v.obR,    v.obG,      v.obB,      v.obA,       v.ibSize,       v.ibR,
                         v.ibG,    v.ibB,      v.ibA,      v.hueShader};
  for (double value : vars)
    if (!finite(value)) return "a composite/border variable";
  for (float a : f.mesh.alpha)
    if (!std::isfinite(a)) return "warp mesh alpha";
  const auto& wave = f.builtinWave;
  if (wave.visible) {
    if (!finite(wave.colour)) return "built-in wave colour";
    for (const auto& p : wave.points)
      if (!finite(p)) return "built-in wave point";
  }
  for (std::size_t w = 0; w < f.customWaves.size(); ++w) {
    if (!f.customWaves[w].visible) continue;
    for (const auto& p : f.customWaves[w].points)
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !finite(p.colour))
        return "custom wave " + std::to_string(w) + " point";
  }
  for (std::size_t s = 0; s < f.customShapes.size(); ++s)
    for (const auto& i : f.customShapes[s].instances) {
      const double values[] = {i.x,  i.y,  i.rad,     i.ang,     i.texAng,  i.texZoom,
                               i.r,  i.g,  i.b,       i.a,       i.r2,      i.g2,
                               i.b2, i.a2, i.borderR, i.borderG, i.borderB, i.borderA};
      for (double value : values)
        if (!finite(value)) return "custom shape " + std::to_string(s) + " instance";
    }
  if (!f.motionVectors.segments.empty()) {
    if (!finite(f.motionVectors.colour)) return "motion vector colour";
    for (const auto& p : f.motionVectors.segments)
      if (!finite(p)) return "motion vector segment";
  }
  return "";
}

// What the frames of one preset looked like.
class PictureHistory {
 public:
  void add(const std::vector<std::uint8_t>& rgba, int frame) {
    int maxValue = 0;
    bool flat = true;
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
      for (std::size_t c = 0; c < 3; ++c) {
        maxValue = std::max<int>(maxValue, rgba[i + c]);
        if (rgba[i + c] != rgba[c]) flat = false;
      }
    }
    if (maxValue > kBlackLevel) allBlack_ = false;
    if (!flat) allFlat_ = false;
    // Frame 0 differs from the rest for nearly every preset (MD2 clears the feedback after it).
    if (frame >= 2 && !equalRgb(rgba, previous_)) changedAfterFirst_ = true;
    previous_ = rgba;
  }
  bool allBlack() const { return allBlack_; }
  bool frozen() const { return !allBlack_ && !changedAfterFirst_; }
  bool allFlat() const { return !allBlack_ && allFlat_; }

 private:
  static constexpr int kBlackLevel = 2;  // a channel at most this high counts as black
  static bool equalRgb(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); i += 4)
      if (a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2]) return false;
    return true;
  }
  bool allBlack_ = true, allFlat_ = true, changedAfterFirst_ = false;
  std::vector<std::uint8_t> previous_;
};

// MD2's one textures folder, as `phosphene render` emulates it for a collection installed as
// several folders (engine/Engine.cpp searchPathFor and linkSlotPart with no --textures).
void useTexturesOf(Renderer& renderer, const fs::path& file) {
  const fs::path folder = file.parent_path();
  renderer.setTextureSearchPath({folder}, collectionFolders(folder));
}

// Translates and links the preset's shaders into the renderer's own slot; what went wrong.
core::Diagnostics loadShaders(Renderer& renderer, const milk::Preset& preset, const fs::path& file,
                              const std::string& rel, shader::TranslationCache& translations,
                              clock::Random& random) {
  renderer.setStages(PresetStages::fromPsVersions(preset.warpPsVersion, preset.compPsVersion));
  core::Diagnostics report;
  engine::TranslatedPresetShaders t =
      engine::translatePresetShaders(preset, shader::Dialect::Glsl330, translations, &report);
  useTexturesOf(renderer, file);
  PresetShaders presetShaders{t.warp, t.comp, preset::ShaderPresetRandom::draw(random), 0.0, rel};
  for (const core::Diagnostic& d : renderer.setPresetShaders(presetShaders))
    if (d.id == core::DiagnosticId::ShaderDriverRejected) report.push_back(d);
  return report;
}

// The differential tool's verdict on a picture (differential.py luma_stats, classify).
struct LumaVerdict {
  double mean = 0.0, sd = 0.0;  // in /255
  const char* kind() const { return mean < 2.0 ? "black" : sd < 1.0 ? "flat" : "drawn"; }
  bool degenerate() const { return mean < 2.0 || sd < 1.0; }
};

LumaVerdict lumaOf(const std::vector<std::uint8_t>& rgba) {
  double sum = 0.0, sumSq = 0.0;
  const std::size_t n = rgba.size() / 4;
  for (std::size_t i = 0; i < rgba.size(); i += 4) {
    const double y = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
    sum += y;
    sumSq += y * y;
  }
  LumaVerdict v;
  if (n == 0) return v;
  v.mean = sum / static_cast<double>(n);
  v.sd = std::sqrt(std::max(0.0, sumSq / static_cast<double>(n) - v.mean * v.mean));
  return v;
}

// The classes of one preset at the sizes where it is degenerate, e.g. "96x72 black, 160x120 flat"
// ("" when it draws at every size): the middle field of a degenerate-presets.txt line.
using Degeneracy = std::string;

// degenerate-presets.txt: `path | sizes and classes | compatibility.md entry`, '#' comments.
struct ExpectedLine {
  Degeneracy degeneracy;
  std::string explanation;
};

std::map<std::string, ExpectedLine> readExpected(const fs::path& path, std::string& error) {
  std::map<std::string, ExpectedLine> lines;
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path.string();
    return lines;
  }
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const std::size_t a = line.find(" | ");
    const std::size_t b = a == std::string::npos ? a : line.find(" | ", a + 3);
    if (b == std::string::npos) {
      error += path.filename().string() + ":" + std::to_string(number) +
               ": not `path | sizes and classes | entry`\n";
      continue;
    }
    lines[line.substr(0, a)] = {line.substr(a + 3, b - a - 3), line.substr(b + 3)};
  }
  return lines;
}

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Which copy of a file with the same bytes stands for all: the first in sorted order. Only the
// few files asked about are read, against the files of their size (reading the whole collection
// in every shard would cost more than the copies save).
class FirstCopies {
 public:
  explicit FirstCopies(const std::vector<fs::path>& files) : files_(files) {
    std::error_code ec;
    for (const fs::path& f : files) sizes_.push_back(fs::file_size(f, ec));
  }
  std::size_t of(std::size_t i) const {
    std::string bytes;
    for (std::size_t j = 0; j < i; ++j) {
      if (sizes_[j] != sizes_[i]) continue;
      if (bytes.empty()) bytes = readBytes(files_[i]);
      if (readBytes(files_[j]) == bytes) return j;
    }
    return i;
  }

 private:
  const std::vector<fs::path>& files_;
  std::vector<std::uintmax_t> sizes_;
};

class RenderCorpus : public ::testing::TestWithParam<int> {};

TEST_P(RenderCorpus, RendersThirtyFramesWithoutGlErrors) {
  const auto files = phosphene::testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, platform::GlApi::Core33);
  const auto start = std::chrono::steady_clock::now();
  const int shard = GetParam();

  Renderer renderer;
  const auto init = renderer.init(ctx->caps().dialect());
  ASSERT_TRUE(init.empty()) << init.front().format();
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  preset::StepInputs inputs;
  inputs.meshX = 48;
  inputs.meshY = 36;
  inputs.canvasWidth = kW;
  inputs.canvasHeight = kH;

  shader::TranslationCache translations;
  clock::Random random(1234);
  renderer.setSeed(99);
  int total = 0, rendered = 0, withShaders = 0;
  std::vector<std::string> loadFailures, glFailures, shaderFailures, nonFinite, warpNaN, black,
      frozen, flat;
  std::vector<std::size_t> suspects;  // indices into files: degenerate over the 30 frames
  std::vector<std::uint8_t> pixels;
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    ++total;
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    auto milkPreset = milk::readPresetFile(files[i]);
    if (!milkPreset) {
      loadFailures.push_back(rel);
      continue;
    }
    const milk::PresetFeatures features = milk::describeFeatures(*milkPreset);
    const bool shaders = features.warpShader || features.compShader;
    withShaders += shaders ? 1 : 0;
    ++rendered;
    eel::Globals globals(1 << 16);  // a small gmegabuf: presets index it mod its size anyway
    preset::Runtime runtime(preset::Program::compile(*milkPreset, globals));
    renderer.clearFeedback();
    if (const core::Diagnostics report =
            loadShaders(renderer, *milkPreset, files[i], rel, translations, random);
        !report.empty())
      shaderFailures.push_back(rel + ": " + report.front().format());
    const std::size_t debugErrorsBefore = ctx->debugErrors().size();
    clock::FrameClock clock(30.0);
    audio::FrameAudio audio;
    PictureHistory history;
    bool nanListed = false, warpListed = false, glListed = false;
    for (int frame = 0; frame < kFrames; ++frame) {
      clock.advance(0.0);
      syntheticAudio(frame, audio);
      const preset::FrameState& state = runtime.step(audio, clock, inputs);
      if (const std::string where = nonFiniteOutsideWarp(state); !where.empty() && !nanListed) {
        nanListed = true;
        nonFinite.push_back(rel + " (frame " + std::to_string(frame) + "): " + where);
      }
      if (!warpListed && preset::nonFiniteWarpVertices(state) > 0) {
        warpListed = true;
        warpNaN.push_back(rel + " (frame " + std::to_string(frame) + ")");
      }
      const auto problems = renderer.draw(state, {out->id(), 0, kW, kH});
      if (!problems.empty() && !glListed) {
        glListed = true;
        glFailures.push_back(rel + ": " + problems.front().format());
      }
      out->readRgba8(pixels);
      history.add(pixels, frame);
    }
    if (ctx->debugErrors().size() > debugErrorsBefore && !glListed)
      glFailures.push_back(rel + ": " + ctx->debugErrors()[debugErrorsBefore]);
    const std::string label = shaders ? rel + " (shaders)" : rel;
    if (history.allBlack()) black.push_back(label);
    if (history.frozen()) frozen.push_back(label);
    if (history.allFlat()) flat.push_back(label);
    if (history.allBlack() || history.frozen() || history.allFlat()) suspects.push_back(i);
  }
  const double firstPassSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf(
      "[shard %d/%d] files %d, rendered %d (with pixel shaders %d), GL failures %zu, shader "
      "failures %zu, non-finite draw values %zu, non-finite warp %zu, black %zu, frozen %zu, "
      "flat %zu; %.1f s\n",
      shard, kShards, total, rendered, withShaders, glFailures.size(), shaderFailures.size(),
      nonFinite.size(), warpNaN.size(), black.size(), frozen.size(), flat.size(), firstPassSeconds);
  for (const auto& e : warpNaN) std::printf("  non-finite warp: %s\n", e.c_str());
  for (const auto& e : nonFinite) std::printf("  non-finite: %s\n", e.c_str());
  for (const auto& e : black) std::printf("  black: %s\n", e.c_str());
  for (const auto& e : frozen) std::printf("  frozen: %s\n", e.c_str());
  for (const auto& e : flat) std::printf("  flat: %s\n", e.c_str());
  for (const auto& f : loadFailures) ADD_FAILURE() << "cannot load " << f;
  for (const auto& f : glFailures) ADD_FAILURE() << "GL error: " << f;
  for (const auto& f : shaderFailures) ADD_FAILURE() << "shader falls back: " << f;
  for (const auto& f : nonFinite) ADD_FAILURE() << "non-finite value drawn: " << f;

  // Pass 2: the suspects and the listed presets, 300 frames of music at two sizes.
  std::string listError;
  const fs::path listPath = PHOSPHENE_DEGENERATE_LIST;
  const std::map<std::string, ExpectedLine> expected = readExpected(listPath, listError);
  ASSERT_TRUE(listError.empty()) << listError;
  const FirstCopies firstCopy(files);
  std::map<std::string, std::size_t> indexOf;
  for (std::size_t i = 0; i < files.size(); ++i)
    indexOf[files[i].lexically_relative(PHOSPHENE_CORPUS_DIR).string()] = i;
  if (shard == 0) {
    const std::string docs = readBytes(fs::path(PHOSPHENE_SOURCE_DIR) / "docs/compatibility.md");
    for (const auto& [rel, line] : expected) {
      if (const std::string entry = line.explanation.substr(0, line.explanation.find(' '));
          entry.size() < 2 || entry[0] != '#' ||
          docs.find("\n| " + entry.substr(1) + " |") == std::string::npos)
        ADD_FAILURE() << listPath.filename().string() << ": the line of `" << rel
                      << "` must start its last field with a numbered entry of "
                         "docs/compatibility.md (`#N …`), not `"
                      << line.explanation << "`";
      const auto it = indexOf.find(rel);
      if (it == indexOf.end())
        ADD_FAILURE() << listPath.filename().string() << " names a preset the collection lacks: "
                      << "remove the line `" << rel << " | " << line.degeneracy << " | "
                      << line.explanation << "`";
      else if (const std::size_t first = firstCopy.of(it->second); first != it->second)
        ADD_FAILURE() << listPath.filename().string() << ": `" << rel << "` is a copy of `"
                      << fs::relative(files[first], PHOSPHENE_CORPUS_DIR).string()
                      << "`: list that path instead (identical files are rendered once)";
    }
  }
  std::vector<std::size_t> escalate;
  for (std::size_t i : suspects)
    if (firstCopy.of(i) == i) escalate.push_back(i);
  for (const auto& [rel, line] : expected)
    if (const auto it = indexOf.find(rel);
        it != indexOf.end() && it->second % kShards == static_cast<std::size_t>(shard) &&
        firstCopy.of(it->second) == it->second)
      escalate.push_back(it->second);
  std::sort(escalate.begin(), escalate.end());
  escalate.erase(std::unique(escalate.begin(), escalate.end()), escalate.end());

  const std::vector<audio::FrameAudio> music =
      escalate.empty() ? std::vector<audio::FrameAudio>{}
                       : phosphene::testing::analyseMusic(
                             phosphene::testing::musicSignal(kLongFrames / kLongFps + 1.0),
                             kLongFps, kLongFrames);
  std::vector<gl::Framebuffer> targets;
  for (const CanvasSize& size : kLongSizes) {
    auto target = gl::Framebuffer::create({size.w, size.h});
    ASSERT_TRUE(target.ok());
    targets.push_back(std::move(*target));
  }
  int degenerateCount = 0;
  for (std::size_t i : escalate) {
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    auto milkPreset = milk::readPresetFile(files[i]);
    if (!milkPreset) continue;  // failed in pass 1 already
    Degeneracy degeneracy, measured;
    for (std::size_t s = 0; s < std::size(kLongSizes); ++s) {
      const CanvasSize size = kLongSizes[s];
      // As a fresh `phosphene render` would: nothing left from pass 1 or the other size.
      eel::Globals globals(1 << 16);
      preset::Runtime runtime(preset::Program::compile(*milkPreset, globals));
      renderer.clearFeedback();
      renderer.setSeed(99);
      clock::Random shaderRandom(1234);
      loadShaders(renderer, *milkPreset, files[i], rel, translations, shaderRandom);
      preset::StepInputs sized = inputs;
      sized.canvasWidth = size.w;
      sized.canvasHeight = size.h;
      clock::FrameClock clock(kLongFps);
      for (int frame = 0; frame < kLongFrames; ++frame) {
        clock.advance(0.0);
        renderer.draw(runtime.step(music[static_cast<std::size_t>(frame)], clock, sized),
                      {targets[s].id(), 0, size.w, size.h});
      }
      targets[s].readRgba8(pixels);
      const LumaVerdict verdict = lumaOf(pixels);
      char numbers[64];
      std::snprintf(numbers, sizeof numbers, " (mean %.2f, s.d. %.2f)", verdict.mean, verdict.sd);
      measured +=
          std::string(measured.empty() ? "" : ", ") + size.name() + " " + verdict.kind() + numbers;
      if (verdict.degenerate())
        degeneracy +=
            std::string(degeneracy.empty() ? "" : ", ") + size.name() + " " + verdict.kind();
    }
    if (!degeneracy.empty()) ++degenerateCount;
    std::printf("  300 frames: %s: %s\n", rel.c_str(), measured.c_str());
    const auto listed = expected.find(rel);
    if (listed == expected.end()) {
      if (!degeneracy.empty())
        ADD_FAILURE() << "degenerate after " << kLongFrames << " frames of music: " << rel << ": "
                      << measured << ". Explain it in docs/compatibility.md and add to "
                      << listPath.filename().string() << " the line\n"
                      << rel << " | " << degeneracy << " | #N <why>";
    } else if (degeneracy.empty()) {
      ADD_FAILURE() << "draws now after " << kLongFrames << " frames of music: " << rel << ": "
                    << measured << ". Remove from " << listPath.filename().string() << " the line\n"
                    << rel << " | " << listed->second.degeneracy << " | "
                    << listed->second.explanation;
    } else if (degeneracy != listed->second.degeneracy) {
      ADD_FAILURE() << "degenerate otherwise than listed: " << rel << ": " << measured
                    << ". Change its line in " << listPath.filename().string() << " to\n"
                    << rel << " | " << degeneracy << " | " << listed->second.explanation;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "[shard %d/%d] %zu suspects, %zu rendered %d frames at %zu sizes (identical copies once), "
      "%d degenerate; %.1f s (pass 2: %.1f s)\n",
      shard, kShards, suspects.size(), escalate.size(), kLongFrames, std::size(kLongSizes),
      degenerateCount, seconds, seconds - firstPassSeconds);
}

INSTANTIATE_TEST_SUITE_P(Shards, RenderCorpus, ::testing::Range(0, kShards));

}  // namespace
}  // namespace phosphene::render
