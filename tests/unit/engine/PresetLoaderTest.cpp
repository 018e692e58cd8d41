// PreparedPreset and PresetLoader (issue 11): one set of rules for reading a preset (the same as
// lint's milk::readPresetFile), preparation on the loader thread while the caller goes on,
// results taken by ticket, and failures that come back as results, never as exceptions or hangs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/PresetLoader.hpp"
#include "milk/PresetReader.hpp"

namespace phosphene::engine {
namespace {

namespace fs = std::filesystem;

bool hasId(const core::Diagnostics& diags, core::DiagnosticId id) {
  return std::any_of(diags.begin(), diags.end(),
                     [&](const core::Diagnostic& d) { return d.id == id; });
}

fs::path writeTemp(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / "phosphene-loader-test";
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

const char* const kPreset =
    "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n"
    "zoom=1.01\nper_frame_1=q1 = bass;\ncomp_1=`shader_body { ret = float3(q1, 0, 0); }\n";

class Loader : public ::testing::Test {
 protected:
  eel::Globals globals;
  shader::TranslationCache translations;
};

TEST_F(Loader, PreparesParsesCompilesAndTranslates) {
  PresetLoader loader(globals, translations);
  const PreparedPreset p =
      loader.prepareNow(PresetSource::fromText(kPreset, "t"), shader::Dialect::Glsl330);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.name, "t");
  EXPECT_TRUE(p.comp);
  EXPECT_FALSE(p.warp);
  EXPECT_EQ(p.compPsVersion, 2);
  EXPECT_FLOAT_EQ(p.program->preset().zoom, 1.01f);
}

TEST_F(Loader, FileRulesAreLintsRules) {
  PresetLoader loader(globals, translations);
  // Not a preset: the engine and lint both refuse it with PRE004.
  const fs::path notPreset = writeTemp("not-a-preset.milk", "just some words\nno keys here\n");
  const PreparedPreset p =
      loader.prepareNow(PresetSource::file(notPreset), shader::Dialect::Glsl330);
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.status, LoadStatus::Invalid);
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::PresetNotAPreset));
  const auto lint = milk::readPresetFile(notPreset);
  EXPECT_FALSE(lint.ok());
  EXPECT_TRUE(hasId(lint.diagnostics(), core::DiagnosticId::PresetNotAPreset));
  // A folder and a missing file: I/O errors, in both.
  for (const fs::path& bad : {fs::temp_directory_path(), fs::path("/nonexistent/x.milk")}) {
    const PreparedPreset q = loader.prepareNow(PresetSource::file(bad), shader::Dialect::Glsl330);
    EXPECT_EQ(q.status, LoadStatus::IoError) << bad;
    EXPECT_TRUE(hasId(q.diagnostics, core::DiagnosticId::IoOpenFailed)) << bad;
    EXPECT_TRUE(hasId(milk::readPresetFile(bad).diagnostics(), core::DiagnosticId::IoOpenFailed));
  }
  // The folder of a file is where its textures are searched; a bare name lives in ".".
  const fs::path good = writeTemp("good.milk", kPreset);
  const PreparedPreset g = loader.prepareNow(PresetSource::file(good), shader::Dialect::Glsl330);
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g.folder, good.parent_path());
  EXPECT_EQ(g.name, "good.milk");
}

TEST_F(Loader, PipesAreReadAsStreams) {
  // /dev/stdin-like special files have no size: the stream reader still reads them.
  PresetLoader loader(globals, translations);
  const PreparedPreset p =
      loader.prepareNow(PresetSource::file("/dev/null"), shader::Dialect::Glsl330);
  EXPECT_EQ(p.status, LoadStatus::Invalid);  // empty: not a preset, but read without error
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::PresetNotAPreset));
}

TEST_F(Loader, RequestsArePreparedOnTheWorkerAndTakenByTicket) {
  PresetLoader loader(globals, translations);
  const std::uint64_t a =
      loader.request(PresetSource::fromText(kPreset, "a"), shader::Dialect::Glsl330);
  const std::uint64_t b =
      loader.request(PresetSource::fromText("nothing", "b"), shader::Dialect::Glsl300es);
  EXPECT_NE(a, b);
  const PreparedPreset pb = loader.wait(b);
  EXPECT_EQ(pb.name, "b");
  EXPECT_FALSE(pb.ok());
  // a was queued first, so it is ready by now; take() returns it once.
  std::optional<PreparedPreset> pa = loader.take(a);
  ASSERT_TRUE(pa.has_value());
  EXPECT_TRUE(pa->ok());
  EXPECT_FALSE(loader.take(a).has_value());
  EXPECT_EQ(loader.pending(), 0u);
}

TEST_F(Loader, TakeNeverBlocks) {
  PresetLoader loader(globals, translations);
  // A large preset keeps the worker busy for a while; take() answers at once meanwhile.
  std::string big = "[preset00]\n";
  for (int i = 1; i <= 3000; ++i)
    big += "per_frame_" + std::to_string(i) + "=q1 = q1 + sin(time * " + std::to_string(i) + ");\n";
  const std::uint64_t t =
      loader.request(PresetSource::fromText(big, "big"), shader::Dialect::Glsl330);
  const auto start = std::chrono::steady_clock::now();
  (void)loader.take(t);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_TRUE(loader.wait(t).ok());
}

TEST_F(Loader, DestroyingWithWorkQueuedDoesNotHang) {
  auto loader = std::make_unique<PresetLoader>(globals, translations);
  for (int i = 0; i < 20; ++i)
    loader->request(PresetSource::fromText(kPreset, "x"), shader::Dialect::Glsl330);
  loader.reset();  // joins: the queued jobs are dropped, the one in progress finishes
  SUCCEED();
}

TEST_F(Loader, UnknownTicketIsAnErrorNotAHang) {
  PresetLoader loader(globals, translations);
  const PreparedPreset p = loader.wait(12345);
  EXPECT_FALSE(p.ok());
}

// The sliced preparation that the loader runs between frames where there are no threads
// (WebAssembly without pthreads): one stage per step, so a shader preset is never prepared in
// one go, and the same result as preparePreset at the end.
TEST_F(Loader, SlicedPreparationTakesOneStagePerStep) {
  const char* const bothShaders =
      "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
      "PSVERSION_COMP=2\nzoom=1.01\nper_frame_1=q1 = bass;\n"
      "warp_1=`shader_body { ret = tex2D(sampler_main, uv).xyz * 0.98; }\n"
      "comp_1=`shader_body { ret = float3(q1, 0, 0); }\n";
  PresetPreparation sliced(PresetSource::fromText(bothShaders, "s"), globals, translations,
                           shader::Dialect::Glsl300es, {});
  int steps = 0;
  while (!sliced.step()) {
    ++steps;
    ASSERT_LT(steps, 100) << "never finishes";
  }
  ++steps;
  // Parse, compile, warp shader, comp shader, textures: five slices, each bounded by one stage.
  EXPECT_EQ(steps, 5);
  EXPECT_TRUE(sliced.done());
  EXPECT_TRUE(sliced.step()) << "a finished preparation stays finished";
  const PreparedPreset a = sliced.take();
  const PreparedPreset b = preparePreset(PresetSource::fromText(bothShaders, "s"), globals,
                                         translations, shader::Dialect::Glsl300es);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(a.warp && a.comp);
  EXPECT_EQ(a.warp->glsl, b.warp->glsl);
  EXPECT_EQ(a.comp->glsl, b.comp->glsl);
  EXPECT_EQ(a.diagnostics.size(), b.diagnostics.size());
  EXPECT_EQ(a.name, "s");
  EXPECT_GT(a.prepareSeconds, 0.0);
}

TEST_F(Loader, SlicedPreparationStopsAtAParseFailure) {
  PresetPreparation sliced(PresetSource::fromText("no keys here\n", "bad"), globals, translations,
                           shader::Dialect::Glsl330, {});
  EXPECT_TRUE(sliced.step()) << "a text that is not a preset ends at the first slice";
  const PreparedPreset p = sliced.take();
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.status, LoadStatus::Invalid);
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::PresetNotAPreset));
}

}  // namespace
}  // namespace phosphene::engine
