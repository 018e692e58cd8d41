// Reads every .milk file under PHOSPHENE_CORPUS_DIR (Debian projectm-data), writes each parsed
// preset back and reads it again: the second Preset must equal the first, and writing it again
// must give the same bytes. Prints the counts the team note quotes; never asserts on timing.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "corpus/CorpusFiles.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace phosphene::milk {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpusFiles() {
  return testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(MilkCorpus, EveryPresetParsesAndRoundTripsExactly) {
  const auto files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;

  std::vector<std::string> contents;
  contents.reserve(files.size());
  for (const auto& f : files) contents.push_back(slurp(f));

  std::size_t parsed = 0, exact = 0, withWarnings = 0, withInfos = 0;
  std::map<std::string, std::size_t> byId;
  std::vector<std::string> failures;
  std::vector<Preset> presets(files.size());

  const auto t0 = std::chrono::steady_clock::now();
  std::vector<core::Diagnostics> diags(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) presets[i] = parsePreset(contents[i], diags[i]);
  const auto t1 = std::chrono::steady_clock::now();

  for (std::size_t i = 0; i < files.size(); ++i) {
    ++parsed;  // parsePreset cannot fail; the count is here so the note reads naturally
    bool warned = false, informed = false;
    for (const auto& d : diags[i]) {
      ++byId[std::string(core::diagnosticCode(d.id))];
      warned = warned || d.severity != core::Severity::Info;
      informed = informed || d.severity == core::Severity::Info;
    }
    withWarnings += warned;
    withInfos += informed;

    const std::string written = writePreset(presets[i]);
    core::Diagnostics again;
    const Preset reread = parsePreset(written, again);
    const bool sameBytes = writePreset(reread) == written;
    const bool cleanReread =
        std::none_of(again.begin(), again.end(),
                     [](const core::Diagnostic& d) { return d.severity != core::Severity::Info; });
    if (reread == presets[i] && sameBytes && cleanReread) {
      ++exact;
    } else {
      std::string why = reread == presets[i] ? "" : " preset differs;";
      if (!sameBytes) why += " second write differs;";
      for (const auto& d : again)
        if (d.severity != core::Severity::Info) why += " reread: " + d.format() + ";";
      failures.push_back(files[i].string() + ":" + why);
    }
  }

  const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  std::printf(
      "milk corpus: %zu files, %zu parsed, %zu round-trip exact, %zu with warnings, "
      "%zu with info notes; parse of all files %.0f ms\n",
      files.size(), parsed, exact, withWarnings, withInfos, ms);
  for (const auto& [id, count] : byId) std::printf("  %s: %zu\n", id.c_str(), count);
  for (const auto& f : failures) std::printf("  FAIL %s\n", f.c_str());
  EXPECT_EQ(parsed, files.size());
  EXPECT_EQ(exact, files.size());
}

}  // namespace
}  // namespace phosphene::milk
