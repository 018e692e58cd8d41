// Every preset of the installed collection (Debian projectm-data): loads, compiles, and steps 10
// frames at a 16x12 mesh with synthetic audio. Prints the presets with compile errors (file and
// diagnostic) and those whose warp coordinates become NaN or infinite, with the first non-finite
// value found. NaN is listed, not failed: MD2 evaluates the same arithmetic (a negative zoom to a
// fractional power, a division by zero) and draws garbage for those presets too.
//
// The collection is split into shards, one CTest case each, so `ctest -j` spreads the work.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "corpus/CorpusFiles.hpp"
#include "corpus/SyntheticFrameAudio.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"

namespace phosphene::preset {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 8;
constexpr int kFrames = 10;

std::vector<fs::path> corpusFiles() {
  return testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
}

void syntheticAudio(int frame, audio::FrameAudio& a) {
  testing::syntheticFrameAudio(frame, a);
}

// Why the warp of the first bad vertex is not finite, from the motion values it was given.
std::string nonFiniteReason(const Runtime& rt) {
  const FrameState& f = rt.state();
  const char* names[10] = {"zoom", "zoomexp", "rot", "warp", "cx", "cy", "dx", "dy", "sx", "sy"};
  const FrameVars& v = f.vars;
  const double perFrame[10] = {v.zoom, v.zoomExp, v.rot, v.warp, v.cx,
                               v.cy,   v.dx,      v.dy,  v.sx,   v.sy};
  const auto& perVertex = rt.vertexMotion();
  for (std::size_t i = 0; i < f.mesh.uv.size(); ++i) {
    if (std::isfinite(f.mesh.uv[i].x) && std::isfinite(f.mesh.uv[i].y)) continue;
    double m[10];
    for (std::size_t k = 0; k < 10; ++k)
      m[k] = perVertex[k].size() == f.mesh.uv.size() ? perVertex[k][i] : perFrame[k];
    const std::string where = perVertex[0].empty() ? "per_frame " : "per_pixel ";
    for (std::size_t k = 0; k < 10; ++k)
      if (!std::isfinite(m[k])) return where + names[k] + " = " + std::to_string(m[k]);
    if (m[0] == 0.0) return where + "zoom = 0 (1/zoom)";
    if (m[8] == 0.0 || m[9] == 0.0) return where + "sx or sy = 0 (division)";
    if (m[0] < 0.0) return where + "negative zoom to a fractional power of zoomexp";
    char buf[160];
    std::snprintf(buf, sizeof buf, "%szoom %g zoomexp %g sx %g sy %g", where.c_str(), m[0], m[1],
                  m[8], m[9]);
    return buf;
  }
  return "no non-finite vertex";
}

class PresetCorpus : public ::testing::TestWithParam<int> {};

TEST_P(PresetCorpus, LoadsCompilesAndStepsTenFrames) {
  const auto files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  const int shard = GetParam();

  int loaded = 0, withErrors = 0, withNaN = 0, total = 0;
  std::vector<std::string> errorList, nanList, loadFailures;
  StepInputs inputs;
  inputs.meshX = 16;
  inputs.meshY = 12;
  inputs.canvasWidth = 320;
  inputs.canvasHeight = 240;
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    ++total;
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    auto preset = milk::readPresetFile(files[i]);
    if (!preset) {
      loadFailures.push_back(rel);
      continue;
    }
    ++loaded;
    eel::Globals globals(1 << 16);  // a small gmegabuf: presets index it mod its size anyway
    Runtime rt(Program::compile(*preset, globals));
    if (rt.program().failedBlocks() > 0) {
      ++withErrors;
      for (const core::Diagnostic& d : rt.program().diagnostics())
        if (d.severity == core::Severity::Error && d.id != core::DiagnosticId::PresetBlockSkipped)
          errorList.push_back(rel + ": " + d.format());
    }
    clock::FrameClock clock(30.0);
    audio::FrameAudio audio;
    bool reported = false;
    for (int frame = 0; frame < kFrames; ++frame) {
      clock.advance(0.0);
      syntheticAudio(frame, audio);
      const FrameState& f = rt.step(audio, clock, inputs);
      if (!reported && nonFiniteWarpVertices(f) > 0) {
        reported = true;
        ++withNaN;
        nanList.push_back(rel + " (frame " + std::to_string(frame) + "): " + nonFiniteReason(rt));
      }
    }
  }

  std::printf("[shard %d/%d] presets %d, loaded %d, with compile errors %d, with NaN warp %d\n",
              shard, kShards, total, loaded, withErrors, withNaN);
  for (const auto& e : errorList) std::printf("  compile error: %s\n", e.c_str());
  for (const auto& e : nanList) std::printf("  NaN: %s\n", e.c_str());
  EXPECT_EQ(loaded, total);
  for (const auto& f : loadFailures) ADD_FAILURE() << "cannot load " << f;
}

INSTANTIATE_TEST_SUITE_P(Shards, PresetCorpus, ::testing::Range(0, kShards));

}  // namespace
}  // namespace phosphene::preset
