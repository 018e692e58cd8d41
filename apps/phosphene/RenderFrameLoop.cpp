#include "RenderFrameLoop.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "FramePipeline.hpp"
#include "FrameSink.hpp"
#include "InterruptFlag.hpp"
#include "ProgressBar.hpp"
#include "VideoWriter.hpp"
#include "WavWriter.hpp"

namespace phosphene::cli {
namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::unique_ptr<FrameSink> openSink(const RenderOptions& o, const std::string& demoWav,
                                    std::string& error) {
  if (o.out == "-") return openRawStdout();
  if (!isVideoPath(o.out)) return openPngDirectory(o.out, error);
  if (!videoOutputBuilt()) {
    error =
        "writing " + o.out +
        " needs video output, which this phosphene was built without (PHOSPHENE_WITH_VIDEO=OFF); "
        "use --out DIR for PNG frames";
    return nullptr;
  }
  VideoOptions v;
  v.path = o.out;
  v.width = o.size.width;
  v.height = o.size.height;
  v.fps = o.fps;
  v.audioPath = o.audio.empty() ? demoWav : o.audio;
  auto ffmpeg = findOnPath("ffmpeg");
  if (!ffmpeg) {
    error = "writing " + o.out +
            " needs the ffmpeg program, which is not on PATH (Debian/Ubuntu: apt-get install "
            "ffmpeg); or use --out DIR for PNG frames";
    return nullptr;
  }
  v.ffmpeg = *ffmpeg;
  return openVideo(v, error);
}

// The demo's audio goes into a video as a temporary WAV next to it, removed when the run ends.
class DemoSoundtrack {
 public:
  bool write(const RenderOptions& o, const AudioFeed& audio, std::string& error) {
    if (!o.audio.empty() || !isVideoPath(o.out)) return true;
    path_ = o.out + ".demo-audio.wav";
    return writeWav16(path_, audio.demoSamples(), audio.channels(), audio.sampleRate(), error);
  }
  ~DemoSoundtrack() {
    if (!path_.empty()) std::filesystem::remove(path_);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Per-frame milliseconds: rendering (the mode's draw and the readback, not the wait for a free
// output buffer) and its first part, up to the GL submit.
struct FrameTimes {
  std::vector<double> renderMs, submitMs;
};

void printSummary(const FrameLoopRun& run, const FrameSink& sink, const FrameTimes& t,
                  long long rendered, double seconds) {
  const RenderOptions& o = run.options;
  // The first frame creates the renderer and links the first preset's shaders: a one-off, so the
  // worst frame reported is the worst of the rest.
  const double slowest =
      t.renderMs.size() < 2 ? 0.0 : *std::max_element(t.renderMs.begin() + 1, t.renderMs.end());
  const double typical = median(t.renderMs);
  std::fprintf(
      stderr,
      "phosphene render: %lld frames %dx%d @ %g fps (%s, %s) -> %s in %.2f s; median "
      "%.2f ms/frame rendering (%.2f analysis + preset step + GL submit, rest GL finish + "
      "readback), %.2f ms/frame with output (whole run); slowest frame after the first %.2f ms "
      "rendering "
      "(%.1fx the median)\n",
      run.frames, o.size.width, o.size.height, o.fps, run.gl.apiName(), run.what.c_str(),
      sink.where().c_str(), seconds, typical, median(t.submitMs),
      // Output runs on other threads, so a per-frame median would hide it: wall time per frame.
      rendered > 0 ? seconds * 1000.0 / static_cast<double>(rendered) : 0.0, slowest,
      typical > 0 ? slowest / typical : 0.0);
}

}  // namespace

void printRunDetails(const RenderOptions& o, const AudioFeed& audio, long long frames) {
  if (!o.verbose) return;
  std::fprintf(stderr,
               "render: %dx%d, %g fps, %lld frames, seed %llu, audio %s (%d Hz, %d ch, %.2f s)\n",
               o.size.width, o.size.height, o.fps, frames, static_cast<unsigned long long>(o.seed),
               o.audio.empty() ? "built-in demo" : o.audio.c_str(), audio.sampleRate(),
               audio.channels(), audio.durationSeconds());
}

namespace {

// How the frame loop ended: frames rendered, and the frame that failed to draw, if one did.
struct LoopEnd {
  long long rendered = 0;
  std::optional<std::pair<long long, std::string>> drawError;  // frame, message
};

LoopEnd drawAndOutput(const FrameLoopRun& run, const DrawFrame& draw, FramePipeline& output,
                      const InterruptFlag& interrupt, FrameTimes& times) {
  LoopEnd end;
  times.renderMs.reserve(static_cast<std::size_t>(std::min(run.frames, 1LL << 20)));
  ProgressBar progress(run.frames, ProgressBar::stderrIsTerminal());
  std::string error;
  for (long long f = 0; f < run.frames && !interrupt.raised(); ++f) {
    const auto t0 = Clock::now();
    if (!draw(f, error)) {
      end.drawError.emplace(f, error);
      break;
    }
    const auto tSubmitted = Clock::now();
    // Waits while the output is behind (bounded memory); null once a frame failed to write.
    platform::RgbaImage* image = output.acquire();
    if (!image) break;
    const auto tAcquired = Clock::now();
    run.gl.framebuffer.readRgba8(image->pixels);
    image->bottomUp = true;  // GL's order; the sinks write top row first without a flipped copy
    const auto t1 = Clock::now();
    output.submit(f);
    end.rendered = f + 1;
    times.renderMs.push_back(
        std::chrono::duration<double, std::milli>((t1 - t0) - (tAcquired - tSubmitted)).count());
    times.submitMs.push_back(std::chrono::duration<double, std::milli>(tSubmitted - t0).count());
    progress.update(f + 1);
  }
  progress.finish();
  return end;
}

// Frames rendered before a failure or Ctrl+C are still written: no work is thrown away. Returns
// the exit status; 0 says the summary is due.
int finishOutput(FramePipeline& output, FrameSink& sink, const LoopEnd& end,
                 const InterruptFlag& interrupt) {
  std::string error;
  if (!output.finish(error)) {
    std::fprintf(stderr, "phosphene render: frame %lld: %s\n",
                 static_cast<long long>(*output.failedFrame() + 1), error.c_str());
    return 1;
  }
  if (end.drawError) {
    std::fprintf(stderr, "phosphene render: frame %lld: %s\n", end.drawError->first + 1,
                 end.drawError->second.c_str());
    return 1;
  }
  if (!sink.finish(error)) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  if (interrupt.raised()) {
    std::fprintf(stderr, "phosphene render: interrupted; %s holds frames 1 to %lld\n",
                 sink.where().c_str(), end.rendered);
    return 128 + interrupt.signal();
  }
  return 0;
}

}  // namespace

int renderFrames(const FrameLoopRun& run, const DrawFrame& draw) {
  const RenderOptions& o = run.options;
  std::string error;
  DemoSoundtrack soundtrack;
  if (!soundtrack.write(o, run.audio, error)) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  auto sink = openSink(o, soundtrack.path(), error);
  if (!sink) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  // Encoding and writing happen on the pipeline's workers; the render thread only reads back.
  const int workers = FramePipeline::defaultWorkers(*sink);
  FramePipeline output(*sink, o.size.width, o.size.height, workers,
                       FramePipeline::defaultDepth(workers, o.size.width, o.size.height));
  InterruptFlag interrupt;
  FrameTimes times;
  const auto start = Clock::now();
  const LoopEnd end = drawAndOutput(run, draw, output, interrupt, times);
  if (const int status = finishOutput(output, *sink, end, interrupt); status != 0) return status;
  printSummary(run, *sink, times, end.rendered,
               std::chrono::duration<double>(Clock::now() - start).count());
  return 0;
}

}  // namespace phosphene::cli
