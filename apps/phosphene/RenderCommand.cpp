// phosphene render: audio in, frames out, headless. It renders a preset through the public C API
// exactly as a host does (the default: the embedded phosphene-aurora preset), or with
// --diagnostic the diagnostic view of the analysis (SpectrumView.hpp).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ArgParser.hpp"
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
#include "SpectrumView.hpp"
#include "VideoWriter.hpp"
#include "WavWriter.hpp"
#include "gl/Capabilities.hpp"
#include "gl/DebugOutput.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::cli {
namespace {

constexpr const char* kDefaultOut = "demo-out";
constexpr long long kMaxFrames = 10'000'000;

struct RenderOptions {
  std::string preset;                // the first (or only) preset
  std::vector<std::string> presets;  // every preset of the sequence, in play order
  double presetDuration = 16.0;      // seconds each preset plays before the next one
  bool durationGiven = false;
  double transition = 2.7;  // MilkDrop 2's blend time for automatic switches
  bool hardCuts = false, shuffle = false, randomDuration = false, asyncLoads = false;
  std::vector<std::string> presetFolders;  // --presets
  std::string audio;
  int width = 640, height = 480;  // MilkDrop's classic 4:3; small enough for llvmpipe
  double fps = 60;
  std::optional<long long> frames;
  std::optional<double> duration;
  std::uint64_t seed = 0;
  std::string out = kDefaultOut;
  HeadlessGlChoice gl;
  int meshW = PHOSPHENE_DEFAULT_MESH_X, meshH = PHOSPHENE_DEFAULT_MESH_Y;
  std::vector<std::string> textureDirs;  // --texture-dir, in order
  bool verbose = false;
  bool diagnostic = false;
};

// Fisher-Yates with mt19937_64, whose output the standard fixes: the same seed gives the same
// order everywhere (std::shuffle's algorithm is the library's choice).
void shuffleSeeded(std::vector<std::string>& items, std::uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x5eed5eed5eed5eedULL);
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(items[i - 1], items[j]);
  }
}

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

ArgParser makeParser() {
  ArgParser p("render", "[OPTIONS]",
              "Renders audio to PNG frames, raw RGBA or a video, headless (EGL; no GPU needed).\n"
              "Deterministic: the same options give the same bytes. With no options it renders\n"
              "the built-in demo (a generated " +
                  std::to_string(static_cast<int>(DemoTrack::kSeconds)) +
                  " s track: kick, bass line, hi-hats, chords) into ./demo-out/.\n"
                  "Without --preset it renders the embedded preset " +
                  std::string(kEmbeddedPresets[0].name) +
                  ". --diagnostic draws the diagnostic view\n"
                  "instead: spectrum, waveforms, bass/mid/treb meters and a beat lamp.");
  p.option("preset", "FILE.milk",
           "MilkDrop preset to render (default: the embedded one); several play in turn", true);
  p.option("presets", "DIR",
           "every .milk file under DIR (recursively, sorted by path) joins the sequence", true);
  p.option("preset-duration", "SEC",
           "seconds each preset plays when there are several (default 16, MilkDrop's); presets "
           "switch exactly every SEC seconds, the first switch at SEC");
  p.option("transition", "SEC",
           "MilkDrop transition between presets, in seconds (default 2.7; 0 = hard cuts)");
  p.flag("shuffle", "play the presets in a random order (from --seed)");
  p.flag("hard-cuts", "MilkDrop's loudness hard cuts to the next preset (off by default)");
  p.flag("async-loads",
         "never let a frame wait for the next preset's loading (as a live player does; the output "
         "then depends on the loader's speed and is no longer deterministic)");
  p.flag("random-duration", "add MilkDrop's random extra time (0..10 s) to each preset's duration");
  p.option("audio", "FILE", "audio file (WAV, FLAC, OGG, MP3); default: the built-in demo track");
  p.option("size", "WxH", "frame size in pixels (default 640x480)");
  p.option("fps", "N", "video frames per second (default 60)");
  p.option("frames", "N", "number of frames (default: the whole audio)");
  p.option("duration", "SEC", "seconds to render instead of --frames");
  p.option("out", "DIR|FILE.mp4|-",
           "a directory (frame_000001.png, ...), a .mp4/.mkv/.webm/.mov video (needs the ffmpeg "
           "program; audio is muxed in), or - for raw RGBA frames on stdout (default demo-out)");
  p.option("mesh", "WxH", meshOptionHelp());
  addHeadlessOptions(p);
  p.flag("diagnostic", "draw the diagnostic view of the audio analysis instead of a preset");
  p.flag("verbose", "print the GL context's capability report and per-run details to stderr");
  return p;
}

// Fills `o` from the parsed arguments; returns an error message for a usage error.
std::optional<std::string> readOptions(const ArgParser& p, RenderOptions& o) {
  o.presets = p.values("preset");
  for (const std::string& dir : p.values("presets")) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
      return "--presets wants a folder (got '" + dir + "')";
    std::vector<std::string> found;
    for (auto it = std::filesystem::recursive_directory_iterator(
             dir, std::filesystem::directory_options::skip_permission_denied, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      std::string ext = it->path().extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(),
                     [](unsigned char c) { return std::tolower(c); });
      if (ext == ".milk" && it->is_regular_file(ec)) found.push_back(it->path().string());
    }
    if (found.empty()) return "--presets: no .milk file under '" + dir + "'";
    std::sort(found.begin(), found.end());
    o.presets.insert(o.presets.end(), found.begin(), found.end());
  }
  for (const std::string& f : o.presets)
    if (f.empty()) return "--preset wants a file name";
  if (auto v = p.value("preset-duration")) {
    if (!parseDouble(*v, o.presetDuration) || !(o.presetDuration > 0) || o.presetDuration > 86400)
      return "--preset-duration wants a positive number of seconds (got '" + *v + "')";
    o.durationGiven = true;
  }
  if (auto v = p.value("transition"))
    if (!parseDouble(*v, o.transition) || !(o.transition >= 0) || o.transition > 3600)
      return "--transition wants seconds from 0 to 3600 (got '" + *v + "')";
  o.shuffle = p.has("shuffle");
  o.hardCuts = p.has("hard-cuts");
  o.randomDuration = p.has("random-duration");
  o.asyncLoads = p.has("async-loads");
  if (auto v = p.value("audio")) o.audio = *v;
  if (auto e = readSizeOption(p, o.width, o.height)) return e;
  if (auto v = p.value("fps"))
    if (!parseDouble(*v, o.fps) || o.fps < 1 || o.fps > 1000)
      return "--fps wants a number from 1 to 1000 (got '" + *v + "')";
  if (p.has("frames") && p.has("duration")) return "give --frames or --duration, not both";
  if (auto v = p.value("frames")) {
    long long n = 0;
    if (!parseInt(*v, n) || n < 1 || n > kMaxFrames)
      return "--frames wants a whole number from 1 to " + std::to_string(kMaxFrames) + " (got '" +
             *v + "')";
    o.frames = n;
  }
  if (auto v = p.value("duration")) {
    double d = 0;
    if (!parseDouble(*v, d) || d <= 0 || d * o.fps > kMaxFrames)
      return "--duration wants a positive number of seconds (got '" + *v + "')";
    o.duration = d;
  }
  if (auto e = readSeedOption(p, o.seed)) return e;
  if (auto v = p.value("out")) {
    if (v->empty()) return "--out wants a directory, a video file name or -";
    o.out = *v;
  }
  if (auto e = readGlOption(p, o.gl)) return e;
  if (auto e = readMeshOption(p, o.meshW, o.meshH)) return e;
  o.verbose = p.has("verbose");
  o.diagnostic = p.has("diagnostic");
  if (o.diagnostic && !o.presets.empty()) return "give --preset or --diagnostic, not both";
  if (auto e = readTextureDirs(p, o.textureDirs)) return e;
  if (o.shuffle) shuffleSeeded(o.presets, o.seed);
  if (!o.presets.empty()) o.preset = o.presets.front();
  o.presetFolders = p.values("presets");
  return std::nullopt;
}

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
  v.width = o.width;
  v.height = o.height;
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
    if (phosphene_engine_set_mesh_size(engine, o.meshW, o.meshH) != PHOSPHENE_OK ||
        phosphene_engine_set_drawable_size(engine, o.width, o.height) != PHOSPHENE_OK) {
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
  ArgParser parser = makeParser();
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  RenderOptions o;
  if (auto problem = readOptions(parser, o)) return parser.usageError(*problem);
  if (o.out == "-" && isatty(STDOUT_FILENO))
    return parser.usageError("--out - writes raw RGBA frames; redirect stdout to a file or pipe");

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

  auto context = openHeadlessContext(o.gl, o.verbose, o.width, o.height);
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
    std::fprintf(stderr,
                 "render: %dx%d, %g fps, %lld frames, seed %llu, audio %s (%d Hz, %d ch, %.2f s)\n",
                 o.width, o.height, o.fps, frames, static_cast<unsigned long long>(o.seed),
                 o.audio.empty() ? "built-in demo" : o.audio.c_str(), audio->sampleRate(),
                 audio->channels(), audio->durationSeconds());
    debug = gl::DebugOutput::install(*caps, [](const gl::DebugMessage& m) {
      std::fprintf(stderr, "GL %.*s (%.*s, %.*s): %.*s\n", static_cast<int>(m.type.size()),
                   m.type.data(), static_cast<int>(m.source.size()), m.source.data(),
                   static_cast<int>(m.severity.size()), m.severity.data(),
                   static_cast<int>(m.text.size()), m.text.data());
    });
  }

  auto fb = gl::Framebuffer::create({o.width, o.height});
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
  FramePipeline output(*sink, o.width, o.height, workers,
                       FramePipeline::defaultDepth(workers, o.width, o.height));
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
      const auto glErrors = view->draw(*input, o.width, o.height);
      if (!glErrors.empty()) {
        renderError.emplace(f, glErrors.front().format());
        break;
      }
    } else {
      if (!audio->feedFrame(f, error)) {
        renderError.emplace(f, error);
        break;
      }
      const phosphene_result rc =
          phosphene_render_frame_to_framebuffer(audio->engine(), fb->id(), o.width, o.height, 0.0);
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
      frames, o.width, o.height, o.fps,
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
