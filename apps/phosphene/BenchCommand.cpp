// phosphene bench: renders presets headless with no output and reports how long frames take, so
// users can compare machines and developers can compare builds. Each preset gets a fresh engine
// fed the same audio from its start (a WAV or the built-in demo track), a few warm-up frames that
// are not counted (the first one loads the preset and links its shaders), then N timed frames.
// Every frame is split into three parts, timed on the calling thread:
//   step    audio analysis and the preset's equations (phosphene_engine_advance: no GL);
//   submit  the draw calls (phosphene_engine_draw); a software rasteriser such as Mesa's
//           llvmpipe shades vertices and bins triangles here;
//   finish  glFinish (platform::waitForGl): waiting until the GL has drawn every pixel of the
//           frame.
// Nothing is read back or written: `phosphene render --out` costs come on top (see
// bench/README.md). Timings are the machine's, never a pass/fail criterion.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "ArgParser.hpp"
#include "AudioFeed.hpp"
#include "BenchOptions.hpp"
#include "BenchStats.hpp"
#include "BenchSwitches.hpp"
#include "Commands.hpp"
#include "CurrentGlContext.hpp"
#include "EmbeddedPresets.hpp"
#include "FirstPreset.hpp"
#include "HeadlessContext.hpp"
#include "HeadlessGlChoice.hpp"
#include "InterruptFlag.hpp"
#include "JsonText.hpp"
#include "OfflineEngine.hpp"
#include "OffscreenFramebuffer.hpp"
#include "PresetFiles.hpp"

namespace phosphene::cli {
namespace {

struct PresetResult {
  std::string name, path;  // path empty for the embedded preset
  std::string failure;     // empty when it ran
  double loadMs = 0, firstFrameMs = 0;
  long long frames = 0;
  Stats total, step, submit, finish;
  std::vector<double> totalMs;  // every timed frame, for the summary over all presets
};

ArgParser makeParser(BenchOptions& o) {
  ArgParser p("bench", "[OPTIONS] [PRESET.milk|DIR ...]",
              "Renders presets headless with no output and prints, per preset, the median, 95th\n"
              "percentile and worst milliseconds per frame, split into the CPU step (audio\n"
              "analysis + equations), the GL submit (draw calls) and the GL finish (waiting for\n"
              "the pixels), then a summary. Folders are searched recursively for .milk files.\n"
              "Without presets it runs the embedded preset " +
                  std::string(kEmbeddedPresets[0].name) +
                  ".\nEach preset starts from a fresh engine and the start of the audio; the\n"
                  "warm-up frames (the first one loads the preset and links its shaders) are not\n"
                  "counted. Timings depend on the machine and its load: compare runs made on the\n"
                  "same machine.");
  p.positionals("PRESET.milk|DIR", "presets, or folders of presets", 0, 1 << 20);
  p.text("audio", "FILE", "audio file (WAV, FLAC, OGG, MP3); default: the built-in demo track",
         o.audio);
  addSizeOption(p, o.size);
  addMeshOption(p, o.mesh);
  p.whole("frames", "N", "timed frames per preset (default 300)", o.frames, {1, 1'000'000});
  p.whole("warmup", "N", "frames per preset rendered before timing starts (default 10)", o.warmup,
          {1, 1'000'000});
  p.number("fps", "N", "frames per second of the audio and clock (default 60)", o.fps, {1, 1000});
  addHeadlessOptions(p, o.seed, o.gl, o.textureDirs);
  p.flag("json", "print one JSON document on stdout instead of the table", o.json);
  p.flag("switches",
         "one engine switches among the presets in turn (a switch every --interval seconds, "
         "blends of --transition seconds) and reports the median, p99 and worst frame, and the "
         "worst frame within 1 s of each switch",
         o.switches);
  p.number("seconds", "S", "--switches: timed seconds of engine time (default 40)", o.seconds,
           {0.1, 86400});
  p.number("interval", "S", "--switches: seconds between two switches (default 4)", o.interval,
           {0.05, 3600});
  p.number("transition", "S", "--switches: blend seconds, 0 for hard cuts (default 2.7)",
           o.transition, {0, 3600});
  p.flag("async-loads",
         "--switches: frames never wait for a preset being prepared, as in a live player",
         o.asyncLoads);
  p.flag("strip-shaders",
         "--switches: the presets without their warp and comp shaders (built-in stages)",
         o.stripShaders);
  return p;
}

// The positionals: files, and the .milk files of folders. Returns the usage error's message.
std::optional<std::string> collectPresets(const std::vector<std::string>& args,
                                          std::vector<std::string>& presets) {
  for (const std::string& arg : args) {
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      const std::vector<std::string> found = milkFilesUnder(arg);
      if (found.empty()) return "no .milk file under '" + arg + "'";
      presets.insert(presets.end(), found.begin(), found.end());
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      presets.push_back(arg);
    } else {
      return "no such preset file or folder: '" + arg + "'";
    }
  }
  return std::nullopt;
}

PresetResult benchOne(const BenchOptions& o, const std::string& path, unsigned framebuffer,
                      const InterruptFlag& interrupt) {
  PresetResult r;
  r.path = path;
  r.name = path.empty() ? std::string(kEmbeddedPresets[0].name)
                        : std::filesystem::path(path).stem().string();
  std::string error;
  auto feed = AudioFeed::open(o.audio, o.fps, o.seed, error);
  if (!feed) {
    r.failure = error;
    return r;
  }
  // Made in the context bench opened (current here), destroyed at return while it still is.
  const auto offline = OfflineEngine::create(o.fps, o.seed, "bench", error);
  if (!offline) {
    r.failure = error;
    return r;
  }
  phosphene_engine* engine = offline->get();
  // Like a player that has just started it: locked, frames wait for the load.
  if (!prepareBenchEngine(engine, o, {path}, false, error)) {
    r.failure = error;
    return r;
  }
  const auto loadStart = BenchClock::now();
  const FirstPreset preset(path);
  const bool started = preset.status() == PHOSPHENE_OK && preset.startIn(engine);
  r.loadMs = msBetween(loadStart, BenchClock::now());
  if (!started) {
    r.failure = preset.status() != PHOSPHENE_OK
                    ? std::string("cannot load: ") + phosphene_result_string(preset.status())
                    : offline->lastError();
    return r;
  }
  const phosphene_render_target target = benchTarget(framebuffer, o.size);
  std::vector<double> total, step, submit, finish;
  const auto reserve = static_cast<std::size_t>(std::min(o.frames, 1LL << 20));
  for (auto* v : {&total, &step, &submit, &finish}) v->reserve(reserve);
  for (long long f = 0; f < o.warmup + o.frames && !interrupt.raised(); ++f) {
    const auto t0 = BenchClock::now();
    if (!feed->feedFrame(f, engine, error)) {
      r.failure = error;
      break;
    }
    if (phosphene_engine_advance(engine, 0.0) != PHOSPHENE_OK) {
      r.failure = phosphene_engine_last_error(engine);
      break;
    }
    const auto t1 = BenchClock::now();
    if (phosphene_engine_draw(engine, &target) != PHOSPHENE_OK) {
      r.failure = phosphene_engine_last_error(engine);
      break;
    }
    const auto t2 = BenchClock::now();
    platform::waitForGl();
    const auto t3 = BenchClock::now();
    if (f == 0) r.firstFrameMs = msBetween(t0, t3);
    if (f < o.warmup) continue;
    step.push_back(msBetween(t0, t1));
    submit.push_back(msBetween(t1, t2));
    finish.push_back(msBetween(t2, t3));
    total.push_back(msBetween(t0, t3));
  }
  r.frames = static_cast<long long>(total.size());
  r.total = statsOf(total);
  r.totalMs = std::move(total);
  r.step = statsOf(step);
  r.submit = statsOf(submit);
  r.finish = statsOf(finish);
  return r;
}

std::string fixed(double v, int decimals = 3) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string statsJson(const Stats& s) {
  return "{\"median\": " + fixed(s.median) + ", \"p95\": " + fixed(s.p95) +
         ", \"worst\": " + fixed(s.worst) + ", \"mean\": " + fixed(s.mean) + "}";
}

struct Summary {
  int ran = 0, failed = 0;
  Stats medians;        // over the presets' medians
  Stats allFrames;      // over every timed frame of every preset
  double seconds = 0;   // whole benchmark, wall clock
  std::string slowest;  // the preset with the highest median
};

void printJson(const BenchOptions& o, const std::string& glName, const std::string& renderer,
               const std::vector<PresetResult>& results, const Summary& s) {
  std::string out = "{\n  \"size\": [" + std::to_string(o.size.width) + ", " +
                    std::to_string(o.size.height) + "],\n  \"mesh\": [" +
                    std::to_string(o.mesh.width) + ", " + std::to_string(o.mesh.height) +
                    "],\n  \"frames\": " + std::to_string(o.frames) +
                    ",\n  \"warmup\": " + std::to_string(o.warmup) +
                    ",\n  \"fps\": " + fixed(o.fps) + ",\n  \"audio\": ";
  appendJsonString(out, o.audio.empty() ? "built-in demo" : o.audio);
  out += ",\n  \"gl\": ";
  appendJsonString(out, glName);
  out += ",\n  \"renderer\": ";
  appendJsonString(out, renderer);
  out += ",\n  \"presets\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PresetResult& r = results[i];
    out += i ? ",\n    {" : "\n    {";
    out += "\"name\": ";
    appendJsonString(out, r.name);
    out += ", \"path\": ";
    appendJsonString(out, r.path);
    if (!r.failure.empty()) {
      out += ", \"error\": ";
      appendJsonString(out, r.failure);
    }
    out += ", \"frames\": " + std::to_string(r.frames) + ", \"load_ms\": " + fixed(r.loadMs) +
           ", \"first_frame_ms\": " + fixed(r.firstFrameMs) +
           ",\n     \"ms\": " + statsJson(r.total) + ",\n     \"step_ms\": " + statsJson(r.step) +
           ",\n     \"submit_ms\": " + statsJson(r.submit) +
           ",\n     \"finish_ms\": " + statsJson(r.finish) + "}";
  }
  out += results.empty() ? "],\n" : "\n  ],\n";
  out += "  \"summary\": {\"presets\": " + std::to_string(s.ran) +
         ", \"failed\": " + std::to_string(s.failed) +
         ", \"median_of_medians_ms\": " + fixed(s.medians.median) +
         ", \"worst_median_ms\": " + fixed(s.medians.worst) + ", \"slowest\": ";
  appendJsonString(out, s.slowest);
  out += ", \"all_frames_ms\": " + statsJson(s.allFrames) + ", \"seconds\": " + fixed(s.seconds) +
         "}\n}\n";
  std::fputs(out.c_str(), stdout);
}

void printTableHeader(const BenchOptions& o, const std::string& glName,
                      const std::string& renderer) {
  std::printf(
      "phosphene bench: %dx%d, mesh %dx%d, %lld frames per preset (+%lld warm-up), %s, %s,"
      " audio %s\n",
      o.size.width, o.size.height, o.mesh.width, o.mesh.height, o.frames, o.warmup, glName.c_str(),
      renderer.c_str(), o.audio.empty() ? "built-in demo" : o.audio.c_str());
  std::printf("%-44s %8s %8s %8s | %7s %7s %7s   (ms per frame)\n", "preset", "median", "p95",
              "worst", "step", "submit", "finish");
}

void printTableRow(const PresetResult& r) {
  std::string name = r.name;
  if (name.size() > 44) name = name.substr(0, 41) + "...";
  if (!r.failure.empty()) {
    std::printf("%-44s failed: %s\n", name.c_str(), r.failure.c_str());
    return;
  }
  std::printf("%-44s %8.2f %8.2f %8.2f | %7.2f %7.2f %7.2f\n", name.c_str(), r.total.median,
              r.total.p95, r.total.worst, r.step.median, r.submit.median, r.finish.median);
  std::fflush(stdout);
}

}  // namespace

int runBench(const Args& args) {
  BenchOptions o;
  ArgParser parser = makeParser(o);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  if (auto problem = collectPresets(parser.positional(), o.presets))
    return parser.usageError(*problem);
  if (o.switches && o.presets.size() < 2)
    return parser.usageError("--switches needs at least two presets");
  if (o.presets.empty()) o.presets.emplace_back();  // the embedded preset

  auto context = openHeadlessContext(o.gl, false, o.size.width, o.size.height);
  if (!context) {
    for (const auto& d : context.diagnostics())
      std::fprintf(stderr, "phosphene bench: %s\n", d.format().c_str());
    return 1;
  }
  auto fb = platform::OffscreenFramebuffer::create(o.size.width, o.size.height);
  if (!fb) {
    for (const auto& d : fb.diagnostics())
      std::fprintf(stderr, "phosphene bench: %s\n", d.format().c_str());
    return 1;
  }
  const std::string glName = context->api() == platform::GlApi::Es30 ? "GL ES 3.0" : "GL 3.3 core";
  const std::string renderer = platform::glRendererName() + rasterThreadsNote();

  InterruptFlag interrupt;
  if (o.switches) return runSwitchBench(o, fb->glName(), glName, renderer, interrupt);
  if (!o.json) printTableHeader(o, glName, renderer);
  const auto start = BenchClock::now();
  std::vector<PresetResult> results;
  std::vector<double> medians, allFrames;
  Summary s;
  for (const std::string& path : o.presets) {
    if (interrupt.raised()) break;
    results.push_back(benchOne(o, path, fb->glName(), interrupt));
    const PresetResult& r = results.back();
    if (!o.json) printTableRow(r);
    if (!r.failure.empty() || r.frames == 0) {
      ++s.failed;
      continue;
    }
    ++s.ran;
    if (medians.empty() || r.total.median > *std::max_element(medians.begin(), medians.end()))
      s.slowest = r.name;
    medians.push_back(r.total.median);
    allFrames.insert(allFrames.end(), r.totalMs.begin(), r.totalMs.end());
  }
  s.seconds = std::chrono::duration<double>(BenchClock::now() - start).count();
  s.medians = statsOf(medians);
  s.allFrames = statsOf(allFrames);
  if (o.json) {
    printJson(o, glName, renderer, results, s);
  } else {
    std::printf(
        "summary: %d preset%s ran, %d failed; median of the presets' medians %.2f ms/frame"
        " (%.0f fps), slowest preset %s (median %.2f ms); %.1f s in all\n",
        s.ran, s.ran == 1 ? "" : "s", s.failed, s.medians.median,
        s.medians.median > 0 ? 1000.0 / s.medians.median : 0.0, s.slowest.c_str(), s.medians.worst,
        s.seconds);
  }
  if (interrupt.raised()) return 128 + interrupt.signal();
  return s.failed > 0 ? 1 : 0;
}

}  // namespace phosphene::cli
