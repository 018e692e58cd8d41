// Every equation block of every preset in the collection (PHOSPHENE_CORPUS_DIR, Debian's
// projectm-data): how many compile, which diagnostics the others get, and whether the batch
// evaluator gives exactly what one-instance-at-a-time evaluation gives on every per-vertex and
// per-point block (two frames, so state carried across frames and vertices is exercised).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpus/eel/MilkCodeReader.hpp"
#include "eel/Eel.hpp"

namespace phosphene::eel {
namespace {

#ifndef PHOSPHENE_CORPUS_DIR
#define PHOSPHENE_CORPUS_DIR "/usr/share/projectM/presets"
#endif

std::vector<std::string> presetFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(PHOSPHENE_CORPUS_DIR, ec)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(PHOSPHENE_CORPUS_DIR, ec))
    if (e.is_regular_file() && e.path().extension() == ".milk") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string shortName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

TEST(EelCorpus, EveryBlockCompiles) {
  const auto files = presetFiles();
  if (files.empty()) GTEST_SKIP() << "no presets in " << PHOSPHENE_CORPUS_DIR;
  std::size_t blocks = 0, failed = 0, withWarnings = 0;
  std::map<std::string, int> byDiagnostic;
  std::vector<std::string> failures;
  for (const auto& file : files) {
    for (const auto& block : testing::readCodeBlocks(file)) {
      ++blocks;
      Globals g;
      Context ctx(g);
      auto p = compile(block.code, ctx, {block.name, 1});
      if (p.ok()) {
        if (!p.diagnostics().empty()) ++withWarnings;
        continue;
      }
      ++failed;
      for (const auto& d : p.diagnostics()) {
        if (d.severity != core::Severity::Error) continue;
        ++byDiagnostic[std::string(core::diagnosticCode(d.id)) + " " + d.message];
        failures.push_back(shortName(file) + " [" + block.name + "] " + d.format());
        break;
      }
    }
  }
  std::printf(
      "EEL corpus: %zu presets, %zu blocks, %zu fail to compile, %zu compile with warnings\n",
      files.size(), blocks, failed, withWarnings);
  for (const auto& [what, n] : byDiagnostic) std::printf("  %4d x %s\n", n, what.c_str());
  for (const auto& f : failures) std::printf("  FAIL %s\n", f.c_str());
  // Every failure listed above is code MilkDrop 2 rejects as well (see the EEL report); a new
  // failure is a regression.
  EXPECT_LE(failed, 50u);
}

// Deterministic stand-ins for what the preset runtime feeds a per-vertex / per-point context.
void seedCommonInputs(Context& ctx) {
  const std::pair<const char*, double> values[] = {
      {"time", 10.5},    {"fps", 60},       {"frame", 630},   {"progress", 0.3},
      {"bass", 1.2},     {"mid", 0.9},      {"treb", 1.1},    {"bass_att", 1.05},
      {"mid_att", 0.95}, {"treb_att", 1.0}, {"meshx", 16},    {"meshy", 12},
      {"aspectx", 1.0},  {"aspecty", 0.75}, {"pixelsx", 640}, {"pixelsy", 480}};
  for (auto [name, v] : values) ctx[ctx.slot(name)] = v;
  for (int q = 1; q <= 32; ++q) ctx[ctx.slot("q" + std::to_string(q))] = 0.37 * q - 2.1;
  for (int t = 1; t <= 8; ++t) ctx[ctx.slot("t" + std::to_string(t))] = 0.21 * t + 0.05;
}

struct Harness {
  std::vector<std::string> varying;                   // per-instance input arrays
  std::vector<std::pair<std::string, double>> reset;  // reset before every instance
  std::vector<std::string> outputs;
  int count = 0;
  std::vector<std::vector<double>> inputValues;
};

Harness perVertexHarness() {
  Harness h;
  const int gx = 16, gy = 12;
  h.varying = {"x", "y", "rad", "ang"};
  h.reset = {{"zoom", 1.02}, {"zoomexp", 1.0}, {"rot", 0.01}, {"warp", 0.5}, {"cx", 0.5},
             {"cy", 0.5},    {"dx", 0.01},     {"dy", -0.01}, {"sx", 1.0},   {"sy", 1.0}};
  h.outputs = {"zoom", "zoomexp", "rot", "warp", "cx", "cy", "dx", "dy", "sx", "sy"};
  h.inputValues.assign(4, {});
  for (int j = 0; j <= gy; ++j)
    for (int i = 0; i <= gx; ++i) {
      const double x = static_cast<double>(i) / gx, y = static_cast<double>(j) / gy;
      const double dx = (x - 0.5) * 2, dy = (y - 0.5) * 2 * 0.75;
      h.inputValues[0].push_back(x);
      h.inputValues[1].push_back(y);
      h.inputValues[2].push_back(std::sqrt(dx * dx + dy * dy) / std::sqrt(2.0));
      h.inputValues[3].push_back(std::atan2(dy, dx));
    }
  h.count = (gx + 1) * (gy + 1);
  return h;
}

Harness perPointHarness() {
  Harness h;
  const int n = 128;
  h.varying = {"sample", "value1", "value2"};
  h.reset = {{"x", 0.5}, {"y", 0.5}, {"r", 1}, {"g", 0.5}, {"b", 0.25}, {"a", 1}};
  h.outputs = {"x", "y", "r", "g", "b", "a"};
  h.inputValues.assign(3, {});
  for (int i = 0; i < n; ++i) {
    h.inputValues[0].push_back(static_cast<double>(i) / (n - 1));
    h.inputValues[1].push_back(std::sin(i * 0.3) * 0.4);
    h.inputValues[2].push_back(std::cos(i * 0.17) * 0.3);
  }
  h.count = n;
  return h;
}

// Runs two frames of `code` serially (one run() per instance) and as a batch; returns an empty
// string when every output and every variable agrees bit for bit.
std::string compareSerialAndBatch(const std::string& code, const Harness& h, bool& vectorised) {
  Globals g1, g2;
  Context serial(g1), batch(g2);
  auto ps = compile(code, serial);
  auto pb = compile(code, batch);
  if (!ps || !pb) return {};
  for (Context* c : {&serial, &batch}) {
    seedCommonInputs(*c);
    for (auto& [name, v] : h.reset) (*c)[c->slot(name)] = v;
  }
  std::vector<BatchInput> inputs;
  for (std::size_t i = 0; i < h.varying.size(); ++i)
    inputs.push_back({batch.slot(h.varying[i]), h.inputValues[i].data()});
  for (auto& [name, v] : h.reset) inputs.push_back({batch.slot(name), nullptr});
  std::vector<std::vector<double>> outB(h.outputs.size(),
                                        std::vector<double>(static_cast<std::size_t>(h.count)));
  std::vector<BatchOutput> outputs;
  for (std::size_t o = 0; o < h.outputs.size(); ++o)
    outputs.push_back({batch.slot(h.outputs[o]), outB[o].data()});
  vectorised = pb->batchPlan(inputs).vectorised;

  for (int frame = 0; frame < 2; ++frame) {
    for (auto& [name, v] : h.reset) batch[batch.slot(name)] = v;  // the runtime's per-frame reset
    pb->runBatch(h.count, inputs, outputs);
    for (int n = 0; n < h.count; ++n) {
      for (std::size_t i = 0; i < h.varying.size(); ++i)
        serial[serial.slot(h.varying[i])] = h.inputValues[i][static_cast<std::size_t>(n)];
      for (auto& [name, v] : h.reset) serial[serial.slot(name)] = v;
      ps->run();
      for (std::size_t o = 0; o < h.outputs.size(); ++o) {
        const double a = serial[serial.slot(h.outputs[o])];
        const double b = outB[o][static_cast<std::size_t>(n)];
        if (!(a == b || (std::isnan(a) && std::isnan(b))))
          return "frame " + std::to_string(frame) + " instance " + std::to_string(n) + " " +
                 h.outputs[o] + ": serial " + std::to_string(a) + " batch " + std::to_string(b);
      }
    }
    for (Slot s : serial.variables()) {
      const std::string name = serial.name(s);
      const double a = serial[s], b = batch[batch.slot(name)];
      if (!(a == b || (std::isnan(a) && std::isnan(b))))
        return "frame " + std::to_string(frame) + " variable " + name + ": serial " +
               std::to_string(a) + " batch " + std::to_string(b);
    }
  }
  return {};
}

TEST(EelCorpus, BatchEqualsSerialOnEveryPerVertexAndPerPointBlock) {
  const auto files = presetFiles();
  if (files.empty()) GTEST_SKIP() << "no presets in " << PHOSPHENE_CORPUS_DIR;
  const Harness vertex = perVertexHarness(), point = perPointHarness();
  std::set<std::string> seen;
  int checked = 0, vectorised = 0, mismatches = 0;
  std::map<std::string, int> serialReasons;
  for (const auto& file : files) {
    for (const auto& block : testing::readCodeBlocks(file)) {
      const bool isVertex = block.name == "per_pixel";
      const bool isPoint = block.name.find("per_point") != std::string::npos;
      if (!(isVertex || isPoint) || !seen.insert(block.name.substr(0, 4) + block.code).second)
        continue;
      bool vec = false;
      const std::string diff = compareSerialAndBatch(block.code, isVertex ? vertex : point, vec);
      ++checked;
      if (vec) ++vectorised;
      if (!diff.empty()) {
        ++mismatches;
        ADD_FAILURE() << shortName(file) << " [" << block.name << "] " << diff;
      }
      if (!vec) {
        Globals g;
        Context c(g);
        auto p = compile(block.code, c);
        if (p) {
          std::vector<BatchInput> in;
          const Harness& h = isVertex ? vertex : point;
          for (std::size_t i = 0; i < h.varying.size(); ++i)
            in.push_back({c.slot(h.varying[i]), h.inputValues[i].data()});
          for (auto& r : h.reset) in.push_back({c.slot(r.first), nullptr});
          std::string reason = p->batchPlan(in).reason;
          if (reason.rfind("state carried", 0) == 0) reason = "state carried between instances";
          ++serialReasons[reason];
        }
      }
    }
  }
  std::printf(
      "EEL batch vs serial: %d unique per-vertex/per-point blocks, %d vectorised, %d "
      "mismatches\n",
      checked, vectorised, mismatches);
  for (const auto& [why, n] : serialReasons)
    std::printf("  serial path: %4d x %s\n", n, why.c_str());
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace phosphene::eel
