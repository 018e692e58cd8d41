// phosphene render: audio in, frames out, headless. It renders a preset through the public C API
// exactly as a host does (the default: the embedded phosphene-aurora preset), or with
// --diagnostic the diagnostic view of the analysis (SpectrumView.hpp).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "AudioFeed.hpp"
#include "Commands.hpp"
#include "DemoTrack.hpp"
#include "EmbeddedPresets.hpp"
#include "FramePipeline.hpp"
#include "FrameSink.hpp"
#include "HeadlessContext.hpp"
#include "HeadlessGlChoice.hpp"
#include "InterruptFlag.hpp"
#include "PngImage.hpp"
#include "ProgressBar.hpp"
#include "RenderOptions.hpp"
#include "SpectrumView.hpp"
#include "VideoWriter.hpp"
#include "WavWriter.hpp"
#include "gl/Capabilities.hpp"
#include "gl/DebugOutput.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::cli {
namespace {

// The preset sequence the engine walks through (its next-preset callback), and what happened.
struct PresetSequence {
  std::vector<std::string> presets;
  std::size_t next = 1;
  struct Switch {
    double time = 0;
    std::string name;
    double loadSeconds = 0, transition = 0;
    std::string reason;
    std::string failure;  // empty when the preset started
  };
  std::vector<Switch> switches;

  static const char* nextPreset(void* user, phosphene_switch_reason) {
    auto* s = static_cast<PresetSequence*>(user);
    if (s->presets.size() < 2) return nullptr;
    const std::string& path = s->presets[s->next % s->presets.size()];
    ++s->next;
    return path.c_str();
  }
  void collect(phosphene_engine* engine) {
    static const char* const kReasons[] = {"user", "auto",        "hard cut",
                                           "beat", "load failed", "over budget"};
    phosphene_event e;
    phosphene_event_init(&e);
    while (phosphene_engine_poll_event(engine, &e)) {
      const char* reason = e.reason >= 0 && e.reason <= 5 ? kReasons[e.reason] : "?";
      if (e.type == PHOSPHENE_EVENT_PRESET_STARTED)
        switches.push_back({e.time, e.name, e.load_seconds, e.transition_seconds, reason, {}});
      else if (e.type == PHOSPHENE_EVENT_PRESET_LOAD_FAILED ||
               e.type == PHOSPHENE_EVENT_PRESET_OVER_BUDGET)
        switches.push_back(
            {e.time, e.name, 0, 0, reason, std::string("[") + e.diagnostic_id + "] " + e.message});
    }
  }
};

void copyAnalysis(const phosphene_audio_frame& a, SpectrumViewInput& v) {
  static_assert(PHOSPHENE_WAVEFORM_SAMPLES == SpectrumViewInput::kWaveformSamples);
  static_assert(PHOSPHENE_SPECTRUM_BINS == SpectrumViewInput::kSpectrumBins);
  for (int c = 0; c < 2; ++c) {
    std::copy(std::begin(a.waveform[c]), std::end(a.waveform[c]), v.waveform[c]);
    std::copy(std::begin(a.spectrum[c]), std::end(a.spectrum[c]), v.spectrum[c]);
  }
  v.bass = a.bass;
  v.mid = a.mid;
  v.treb = a.treb;
  v.bassAtt = a.bass_att;
  v.midAtt = a.mid_att;
  v.trebAtt = a.treb_att;
  v.beat = a.beat != 0;
}

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

int frameError(ProgressBar& progress, long long frame, const std::string& message) {
  progress.finish();
  std::fprintf(stderr, "phosphene render: frame %lld: %s\n", frame + 1, message.c_str());
  return 1;
}

// --texture-dir, or MilkDrop 2's layout (its textures folder sits beside its presets folder, and
// collections often keep one inside the preset folder) for --presets and the first preset.
bool setTextureSearchPath(phosphene_engine* engine, const RenderOptions& o) {
  std::vector<std::filesystem::path> folders;
  if (!o.preset.empty()) {
    folders.assign(o.presetFolders.begin(), o.presetFolders.end());
    folders.push_back(std::filesystem::path(o.preset).parent_path());
  }
  const std::vector<std::string> dirs = textureSearchPath(o.textureDirs, folders);
  std::vector<const char*> names;
  for (const std::string& d : dirs) names.push_back(d.c_str());
  if (phosphene_engine_set_texture_search_path(engine, names.data(), names.size()) == PHOSPHENE_OK)
    return true;
  std::fprintf(stderr, "phosphene render: %s\n", phosphene_engine_last_error(engine));
  return false;
}

// Loads --preset (or the embedded default) into the engine that renders; on failure prints every
// diagnostic of the load and the reason.
bool loadPreset(phosphene_engine* engine, const RenderOptions& o) {
  if (!setTextureSearchPath(engine, o)) return false;
  const phosphene_result rc =
      o.preset.empty() ? phosphene_load_preset_text(engine, kEmbeddedPresets[0].text.data(),
                                                    kEmbeddedPresets[0].text.size())
                       : phosphene_load_preset_file(engine, o.preset.c_str());
  if (rc == PHOSPHENE_OK) {
    if (phosphene_engine_set_mesh_size(engine, o.mesh.width, o.mesh.height) != PHOSPHENE_OK ||
        phosphene_engine_set_drawable_size(engine, o.size.width, o.size.height) != PHOSPHENE_OK) {
      std::fprintf(stderr, "phosphene render: %s\n", phosphene_engine_last_error(engine));
      return false;
    }
    return true;
  }
  const std::string name = o.preset.empty() ? std::string(kEmbeddedPresets[0].name) : o.preset;
  for (uint32_t i = 0; i < phosphene_engine_current_preset_diagnostic_count(engine); ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_engine_current_preset_diagnostic(engine, i, &d) != PHOSPHENE_OK) continue;
    std::fprintf(stderr, "%s:%d: [%s] %s\n", name.c_str(), d.line, d.id, d.message);
  }
  std::fprintf(stderr, "phosphene render: cannot load preset %s: %s\n", name.c_str(),
               phosphene_result_string(rc));
  return false;
}

// Several presets: the engine switches every --preset-duration seconds with --transition blends
// (and hard cuts with --hard-cuts), asking `sequence` for the next file. Offline, each switch
// waits for the incoming preset to be ready, so the output does not depend on loader timing.
bool configureSwitching(phosphene_engine* engine, const RenderOptions& o,
                        PresetSequence& sequence) {
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  if (phosphene_engine_get_switch_settings(engine, &s) != PHOSPHENE_OK) return false;
  s.preset_duration = o.presetDuration;
  s.preset_duration_random = o.randomDuration ? 10.0 : 0.0;
  s.duration_includes_blend = 0;
  s.blend_time_auto = o.transition;
  s.blend_time_user = o.transition;
  s.auto_switch = o.presets.size() > 1 ? 1 : 0;
  s.loudness_hard_cuts = o.hardCuts ? 1 : 0;
  s.wait_for_loads = o.asyncLoads ? 0 : 1;
  if (phosphene_engine_set_switch_settings(engine, &s) != PHOSPHENE_OK ||
      phosphene_engine_set_next_preset_callback(engine, &PresetSequence::nextPreset, &sequence) !=
          PHOSPHENE_OK) {
    std::fprintf(stderr, "phosphene render: %s\n", phosphene_engine_last_error(engine));
    return false;
  }
  sequence.collect(engine);  // the first preset's start
  return true;
}

}  // namespace

int runRender(const Args& args) {
  RenderOptions o;
  if (auto status = parseRenderOptions(args, o)) return *status;

  // Before any work: ffmpeg would only fail after the start-up, with a message about the
  // temporary audio file rather than the folder.
  if (isVideoPath(o.out)) {
    const std::filesystem::path folder = std::filesystem::path(o.out).parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
      std::fprintf(stderr, "phosphene render: cannot write %s: the folder %s does not exist\n",
                   o.out.c_str(), folder.string().c_str());
      return 1;
    }
  }

  std::string error;
  auto audio = AudioFeed::open(o.audio, o.fps, o.seed, "render", error);
  if (!audio) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  if (!audio->warning().empty())
    std::fprintf(stderr, "phosphene render: %s\n", audio->warning().c_str());
  if (!o.diagnostic && !loadPreset(audio->engine(), o)) return 1;
  PresetSequence sequence;
  sequence.presets = o.presets;
  if (!o.diagnostic && !configureSwitching(audio->engine(), o, sequence)) return 1;
  const long long frames =
      o.frames
          ? *o.frames
          : std::max(1LL,
                     static_cast<long long>(std::ceil(
                         (o.duration ? *o.duration : audio->durationSeconds()) * o.fps - 1e-9)));

  auto context = openHeadlessContext(o.gl, o.verbose, o.size.width, o.size.height);
  if (!context) {
    for (const auto& d : context.diagnostics())
      std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
    return 1;
  }
  auto caps = gl::probeCapabilities();
  if (!caps) {
    for (const auto& d : caps.diagnostics())
      std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
    return 1;
  }
  // The engine deletes its GL objects when destroyed, so it must go while the context is current.
  struct DestroyEngineFirst {
    std::unique_ptr<AudioFeed>& feed;
    ~DestroyEngineFirst() { feed.reset(); }
  } destroyEngineFirst{audio};
  std::unique_ptr<gl::DebugOutput> debug;
  if (o.verbose) {
    std::fprintf(stderr, "context: %s%s\n%s", context->description().c_str(),
                 rasterThreadsNote().c_str(), caps->report().c_str());
    std::fprintf(
        stderr, "render: %dx%d, %g fps, %lld frames, seed %llu, audio %s (%d Hz, %d ch, %.2f s)\n",
        o.size.width, o.size.height, o.fps, frames, static_cast<unsigned long long>(o.seed),
        o.audio.empty() ? "built-in demo" : o.audio.c_str(), audio->sampleRate(), audio->channels(),
        audio->durationSeconds());
    debug = gl::DebugOutput::install(*caps, [](const gl::DebugMessage& m) {
      std::fprintf(stderr, "GL %.*s (%.*s, %.*s): %.*s\n", static_cast<int>(m.type.size()),
                   m.type.data(), static_cast<int>(m.source.size()), m.source.data(),
                   static_cast<int>(m.severity.size()), m.severity.data(),
                   static_cast<int>(m.text.size()), m.text.data());
    });
  }

  auto fb = gl::Framebuffer::create({o.size.width, o.size.height});
  if (!fb) {
    for (const auto& d : fb.diagnostics())
      std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
    return 1;
  }
  // Only --diagnostic draws the view; other runs need not link its programs.
  std::optional<SpectrumView> view;
  if (o.diagnostic) {
    auto created = SpectrumView::create(*caps);
    if (!created) {
      for (const auto& d : created.diagnostics())
        std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
      return 1;
    }
    view.emplace(std::move(*created));
  }

  // The demo's audio goes into a video as a temporary WAV next to it (removed afterwards).
  std::string demoWav;
  if (o.audio.empty() && isVideoPath(o.out)) {
    demoWav = o.out + ".demo-audio.wav";
    if (!writeWav16(demoWav, audio->demoSamples(), audio->channels(), audio->sampleRate(), error)) {
      std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
      return 1;
    }
  }
  struct RemoveOnExit {
    std::string path;
    ~RemoveOnExit() {
      if (!path.empty()) std::filesystem::remove(path);
    }
  } removeWav{demoWav};

  auto sink = openSink(o, demoWav, error);
  if (!sink) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }

  auto input = std::make_unique<SpectrumViewInput>();
  phosphene_audio_frame analysis;
  phosphene_audio_frame_init(&analysis);
  // Encoding and writing happen on the pipeline's workers; the render thread only reads back.
  const int workers = FramePipeline::defaultWorkers(*sink);
  FramePipeline output(*sink, o.size.width, o.size.height, workers,
                       FramePipeline::defaultDepth(workers, o.size.width, o.size.height));
  InterruptFlag interrupt;
  std::vector<double> renderMs, submitMs;
  renderMs.reserve(static_cast<std::size_t>(std::min(frames, 1LL << 20)));
  ProgressBar progress(frames, ProgressBar::stderrIsTerminal());
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::optional<std::pair<long long, std::string>> renderError;  // frame, message
  long long rendered = 0;
  for (long long f = 0; f < frames && !interrupt.raised(); ++f) {
    const auto t0 = Clock::now();
    if (o.diagnostic) {
      if (!audio->nextFrame(f, analysis, error)) {
        renderError.emplace(f, error);
        break;
      }
      copyAnalysis(analysis, *input);
      fb->bind();
      const auto glErrors = view->draw(*input, o.size.width, o.size.height);
      if (!glErrors.empty()) {
        renderError.emplace(f, glErrors.front().format());
        break;
      }
    } else {
      if (!audio->feedFrame(f, error)) {
        renderError.emplace(f, error);
        break;
      }
      const phosphene_result rc = phosphene_render_frame_to_framebuffer(
          audio->engine(), fb->id(), o.size.width, o.size.height, 0.0);
      if (rc != PHOSPHENE_OK) {
        renderError.emplace(f, phosphene_engine_last_error(audio->engine()));
        break;
      }
      sequence.collect(audio->engine());
    }
    const auto tSubmitted = Clock::now();
    // Waits while the output is behind (bounded memory); null once a frame failed to write.
    platform::RgbaImage* image = output.acquire();
    if (!image) break;
    const auto tAcquired = Clock::now();
    fb->readRgba8(image->pixels);
    image->bottomUp = true;  // GL's order; the sinks write top row first without a flipped copy
    const auto t1 = Clock::now();
    output.submit(f);
    rendered = f + 1;
    renderMs.push_back(
        std::chrono::duration<double, std::milli>((t1 - t0) - (tAcquired - tSubmitted)).count());
    submitMs.push_back(std::chrono::duration<double, std::milli>(tSubmitted - t0).count());
    progress.update(f + 1);
  }
  progress.finish();
  // Frames rendered before a failure or Ctrl+C are still written: no work is thrown away.
  if (!output.finish(error)) {
    std::fprintf(stderr, "phosphene render: frame %lld: %s\n",
                 static_cast<long long>(*output.failedFrame() + 1), error.c_str());
    return 1;
  }
  if (renderError) return frameError(progress, renderError->first, renderError->second);
  if (!sink->finish(error)) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  if (interrupt.raised()) {
    std::fprintf(stderr, "phosphene render: interrupted; %s holds frames 1 to %lld\n",
                 sink->where().c_str(), rendered);
    return 128 + interrupt.signal();
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // The first frame creates the renderer and links the first preset's shaders: a one-off, so the
  // worst frame reported is the worst of the rest.
  const double slowest =
      renderMs.size() < 2 ? 0.0 : *std::max_element(renderMs.begin() + 1, renderMs.end());
  const std::string what =
      o.diagnostic
          ? std::string("diagnostic view")
          : "preset " + (o.preset.empty() ? std::string(kEmbeddedPresets[0].name)
                                          : std::filesystem::path(o.preset).filename().string());
  std::fprintf(
      stderr,
      "phosphene render: %lld frames %dx%d @ %g fps (%s, %s) -> %s in %.2f s; median "
      "%.2f ms/frame rendering (%.2f analysis + preset step + GL submit, rest GL finish + "
      "readback), %.2f ms/frame with output (whole run); slowest frame after the first %.2f ms "
      "rendering "
      "(%.1fx the median)\n",
      frames, o.size.width, o.size.height, o.fps,
      context->api() == platform::GlApi::Es30 ? "GL ES 3" : "GL 3.3 core", what.c_str(),
      sink->where().c_str(), seconds, median(renderMs), median(submitMs),
      // Output runs on other threads, so a per-frame median would hide it: wall time per frame.
      rendered > 0 ? seconds * 1000.0 / static_cast<double>(rendered) : 0.0, slowest,
      median(renderMs) > 0 ? slowest / median(renderMs) : 0.0);
  if (sequence.presets.size() > 1 || sequence.switches.size() > 1) {
    std::fprintf(stderr, "phosphene render: %zu preset switches:\n", sequence.switches.size());
    for (const PresetSequence::Switch& sw : sequence.switches) {
      if (!sw.failure.empty())
        std::fprintf(stderr, "  %9.3f s  %s: %s (%s)\n", sw.time, sw.name.c_str(),
                     sw.failure.c_str(), sw.reason.c_str());
      else
        std::fprintf(stderr, "  %9.3f s  %s (%s, %s %.2f s, loaded in %.1f ms)\n", sw.time,
                     sw.name.c_str(), sw.reason.c_str(),
                     sw.transition > 0 ? "transition" : "hard cut", sw.transition,
                     sw.loadSeconds * 1000.0);
    }
  }
  return 0;
}

}  // namespace phosphene::cli
