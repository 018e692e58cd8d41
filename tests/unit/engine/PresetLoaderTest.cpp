// PreparedPreset and PresetLoader (issue 11): one set of rules for reading a preset (the same as
// lint's milk::readPresetFile), preparation on the loader thread while the caller goes on,
// results taken by ticket, and failures that come back as results, never as exceptions or hangs.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/NativePreset.hpp"
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

// Counts the native presets destroyed, so a test sees when the loader lets go of a queued job
// that held the only reference to one.
class Drops {
 public:
  void add() {
    {
      std::lock_guard lock(mutex_);
      ++count_;
    }
    changed_.notify_all();
  }
  int count() const {
    std::lock_guard lock(mutex_);
    return count_;
  }
  // Bounded, so a loader that never lets go fails the test instead of hanging it.
  void waitFor(int n) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::seconds(5), [&] { return count_ >= n; });
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int count_ = 0;
};

class DroppedNative : public NativePreset {
 public:
  DroppedNative(std::string base, Drops& drops) : base_(std::move(base)), drops_(drops) {}
  ~DroppedNative() override { drops_.add(); }
  const std::string& name() const override { return name_; }
  const std::string& baseText() const override { return base_; }
  std::unique_ptr<NativeInstance> start() const override { return nullptr; }

 private:
  std::string name_ = "queued", base_;
  Drops& drops_;
};

// The write end of `fifo` once a reader has opened it (until then O_NONBLOCK gives ENXIO), or -1
// after a few seconds without one.
int openOnceRead(const fs::path& fifo) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  for (;;) {
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0 || errno != ENXIO || std::chrono::steady_clock::now() > deadline) return fd;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// The first job reads a FIFO, so it stays in progress until the test writes the preset; the test
// writes only once the queued jobs are dropped, so the worker cannot reach one of them before the
// destructor has stopped it, whatever the scheduling. Each job translates its own comp shader,
// which tells from the cache which jobs were prepared.
TEST_F(Loader, DestroyingFinishesTheJobInProgressAndDropsTheQueuedOnes) {
  const fs::path fifo =
      fs::temp_directory_path() / ("phosphene-loader-fifo-" + std::to_string(::getpid()));
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Drops drops;
  constexpr int kQueued = 5;
  auto loader = std::make_unique<PresetLoader>(globals, translations);
  loader->request(PresetSource::file(fifo), shader::Dialect::Glsl330);
  const auto queuedPreset = [](int i) {
    return "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION_COMP=2\n"
           "comp_1=`shader_body { ret = float3(0, " +
           std::to_string(i) + ", 0); }\n";
  };
  for (int i = 0; i < kQueued; ++i)
    loader->request(
        PresetSource::fromNative(std::make_shared<DroppedNative>(queuedPreset(i), drops)),
        shader::Dialect::Glsl330);
  const int writeEnd = openOnceRead(fifo);
  ASSERT_GE(writeEnd, 0) << "the worker never opened the first job's file";
  std::thread writer([&] {
    drops.waitFor(kQueued);
    const std::string text = kPreset;
    EXPECT_EQ(::write(writeEnd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    ::close(writeEnd);
  });
  loader.reset();
  const std::uint64_t translated = translations.misses();
  writer.join();
  fs::remove(fifo);
  EXPECT_EQ(drops.count(), kQueued) << "every queued job is let go by the time the loader is gone";
  EXPECT_EQ(translated, 1u) << "only the job in progress is prepared, to the end, before the "
                               "destructor returns";
  shader::TranslationCache fresh;
  EXPECT_TRUE(preparePreset(PresetSource::fromText(queuedPreset(0)), globals, fresh,
                            shader::Dialect::Glsl330)
                  .comp)
      << "a queued job that was prepared would show in the cache";
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
