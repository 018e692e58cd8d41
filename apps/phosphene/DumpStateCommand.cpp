// phosphene dump-state: runs a preset's equations (no GL) over an audio file, the built-in demo
// track or silence, and prints at frame N what the renderer would get: the per-frame variables,
// q1..q32, the per_frame context's own variables, a sample of per-vertex outputs and texture
// coordinates, and the sizes of the wave, shape and motion-vector lists. A debugging aid for
// preset authors (and for comparing with other MilkDrop implementations).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ArgParser.hpp"
#include "AudioFile.hpp"
#include "Commands.hpp"
#include "DemoTrack.hpp"
#include "EngineLimits.hpp"
#include "audio/Analyzer.hpp"
#include "audio/PcmInput.hpp"
#include "clock/FrameClock.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"
#include "preset/VariableSlots.hpp"

namespace phosphene::cli {
namespace {

// Interleaved float PCM from a file, the demo track, or nothing (silence).
class PcmSource {
 public:
  bool openFile(const std::string& path, std::string& error) {
    file_ = AudioFile::open(path, error);
    if (!file_) return false;
    rate_ = file_->sampleRate();
    channels_ = file_->channels();
    return true;
  }
  void useDemo() {
    DemoTrack demo = makeDemoTrack(1);
    demo_ = std::move(demo.samples);
    rate_ = DemoTrack::kSampleRate;
    channels_ = DemoTrack::kChannels;
  }
  void useSilence() {
    rate_ = audio::kAnalysisSampleRate;
    channels_ = 2;
    silence_ = true;
  }
  int rate() const { return rate_; }
  int channels() const { return channels_; }

  /// Reads up to `frames` frames; past the end of the audio delivers silence.
  void read(std::vector<float>& out, std::int64_t frames) {
    out.assign(static_cast<std::size_t>(frames * channels_), 0.0f);
    if (silence_) return;
    if (file_) {
      std::int64_t got = 0;
      while (got < frames) {
        const std::int64_t n = file_->read(out.data() + got * channels_, frames - got);
        if (n <= 0) break;
        got += n;
      }
      return;
    }
    const auto total = static_cast<std::int64_t>(demo_.size()) / channels_;
    const std::int64_t n = std::max<std::int64_t>(0, std::min(frames, total - demoPos_));
    std::copy_n(demo_.begin() + demoPos_ * channels_, n * channels_, out.begin());
    demoPos_ += n;
  }

 private:
  std::unique_ptr<AudioFile> file_;
  std::vector<float> demo_;
  std::int64_t demoPos_ = 0;
  bool silence_ = false;
  int rate_ = 0;
  int channels_ = 0;
};

const char* kMotionNames[10] = {"zoom", "zoomexp", "rot", "warp", "cx",
                                "cy",   "dx",      "dy",  "sx",   "sy"};

void printFrameVars(const preset::FrameState& f) {
  preset::FrameVars vars = f.vars;
  std::printf("per-frame variables:\n");
  const auto& names = preset::frameVarNames();
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::printf("  %-18s %-16.9g", names[i], preset::frameVarRef(vars, i));
    if (i % 3 == 2) std::printf("\n");
  }
  if (names.size() % 3 != 0) std::printf("\n");
  std::printf("  %-18s %.9g\n", "monitor", vars.monitor);
  std::printf("q variables:\n");
  for (int i = 0; i < preset::kQCount; ++i) {
    std::printf("  q%-3d %-16.9g", i + 1, vars.q[static_cast<std::size_t>(i)]);
    if (i % 4 == 3) std::printf("\n");
  }
}

// The per_frame context's own variables: everything that is not a registered built-in.
void printUserVars(preset::Runtime& rt) {
  std::set<std::string> builtin = {"monitor", "time",    "fps",      "frame",   "progress", "bass",
                                   "mid",     "treb",    "bass_att", "mid_att", "treb_att", "meshx",
                                   "meshy",   "pixelsx", "pixelsy",  "aspectx", "aspecty"};
  for (const char* n : preset::frameVarNames()) builtin.insert(n);
  for (int i = 1; i <= preset::kQCount; ++i) builtin.insert("q" + std::to_string(i));
  eel::Context& ctx = *rt.program().presetCode().context;
  std::printf("per_frame user variables:\n");
  int shown = 0;
  for (eel::Slot s : ctx.variables()) {
    const std::string name = ctx.name(s);
    if (builtin.count(name) != 0) continue;
    std::printf("  %-18s %.9g\n", name.c_str(), ctx[s]);
    ++shown;
  }
  if (shown == 0) std::printf("  (none)\n");
}

void printVertices(const preset::Runtime& rt, int samplesPerAxis) {
  const preset::FrameState& f = rt.state();
  const preset::MeshGeometry& g = f.mesh.geometry;
  const auto& out = rt.vertexMotion();
  const bool perPixel = !out[0].empty();
  std::printf("per-vertex sample (%dx%d mesh, %s):\n", g.gridX, g.gridY,
              perPixel ? "per_pixel outputs" : "no per_pixel code: per-frame values");
  std::printf("  %4s %4s %8s %8s %8s %8s", "i", "j", "x", "y", "rad", "ang");
  for (const char* n : kMotionNames) std::printf(" %9s", n);
  std::printf(" %9s %9s\n", "u", "v");
  const int steps = std::max(2, samplesPerAxis);
  std::set<std::size_t> seen;
  for (int sj = 0; sj < steps; ++sj) {
    for (int si = 0; si < steps; ++si) {
      const int i = si * g.gridX / (steps - 1);
      const int j = sj * g.gridY / (steps - 1);
      const auto n = static_cast<std::size_t>(j * (g.gridX + 1) + i);
      if (n >= g.vertexCount() || !seen.insert(n).second) continue;
      std::printf("  %4d %4d %8.4f %8.4f %8.4f %8.4f", i, j, g.x[n], g.y[n], g.rad[n], g.ang[n]);
      const preset::FrameVars& v = f.vars;
      const double uniform[10] = {v.zoom, v.zoomExp, v.rot, v.warp, v.cx,
                                  v.cy,   v.dx,      v.dy,  v.sx,   v.sy};
      for (std::size_t k = 0; k < 10; ++k) std::printf(" %9.5g", perPixel ? out[k][n] : uniform[k]);
      std::printf(" %9.5f %9.5f\n", f.mesh.uv[n].x, f.mesh.uv[n].y);
    }
  }
}

void printObjects(const preset::FrameState& f) {
  std::printf("objects:\n");
  for (int k = 0; k < preset::kMaxCustomShapes; ++k) {
    const auto& s = f.customShapes[static_cast<std::size_t>(k)];
    if (s.instances.empty()) continue;
    const auto& first = s.instances.front();
    std::printf("  shape %d: %zu instance(s); first at (%.5g, %.5g) rad %.5g sides %d\n", k,
                s.instances.size(), first.x, first.y, first.rad, first.sides);
  }
  for (int k = 0; k < preset::kMaxCustomWaves; ++k) {
    const auto& w = f.customWaves[static_cast<std::size_t>(k)];
    if (!w.visible && w.points.empty()) continue;
    std::printf("  wave %d: %zu point(s)%s%s\n", k, w.points.size(), w.dots ? ", dots" : "",
                w.visible ? "" : ", not drawn");
  }
  std::printf("  built-in wave: mode %d, %zu point(s)%s\n", f.builtinWave.mode,
              f.builtinWave.points.size(), f.builtinWave.visible ? "" : ", not drawn");
  std::printf("  motion vectors: %zu line(s)\n", f.motionVectors.segments.size() / 2);
}

// As many frames as `render` makes at most: a mistyped --frame then fails at once rather than
// stepping the preset for hours.
constexpr long long kMaxFrame = 10'000'000;

}  // namespace

int runDumpState(const Args& args) {
  ArgParser parser("dump-state", "PRESET.milk [--frame N] [--audio FILE | --silence]",
                   "Runs a preset's equations (no GL) and prints the per-frame variables, q "
                   "values, user variables, a sample of per-vertex outputs and the object counts "
                   "at frame N (0 = the first frame). Without --audio the built-in demo track "
                   "plays.");
  long long frameN = 0, vertexSamples = 3;
  double fps = 60.0;
  bool silence = false;
  std::optional<std::string> audioPath;
  preset::StepInputs inputs;
  Size mesh{inputs.meshX, inputs.meshY}, canvas{inputs.canvasWidth, inputs.canvasHeight};
  // The frame and fps limits keep a typo from running for hours; the mesh's are the library's.
  parser.whole("frame", "N", "frame to print (default 0)", frameN, {0, kMaxFrame});
  parser.text("audio", "FILE", "audio file (WAV, FLAC, OGG, MP3, ...)", audioPath);
  parser.flag("silence", "feed silence instead of the demo track", silence);
  parser.excludes("audio", "silence");
  parser.number("fps", "FPS", "frames per second of the fixed clock (default 60)", fps,
                {0, 1000, true});
  parser.size("mesh", "WxH", "warp mesh cells (default 48x36)", mesh, kMeshRange);
  parser.size("size", "WxH", "canvas size in pixels (default 1280x720)", canvas, kFrameSizeRange);
  parser.whole("vertices", "K", "per-vertex sample: K x K vertices (default 3)", vertexSamples,
               {1, PHOSPHENE_MAX_MESH_X + 1});
  parser.positionals("PRESET.milk", "the preset", 1, 1);
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;
  inputs.meshX = mesh.width;
  inputs.meshY = mesh.height;
  inputs.canvasWidth = canvas.width;
  inputs.canvasHeight = canvas.height;

  const std::string path = parser.positional().front();
  auto preset = milk::readPresetFile(path);
  if (!preset) {
    for (const auto& d : preset.diagnostics())
      std::fprintf(stderr, "phosphene dump-state: cannot open '%s': %s\n", path.c_str(),
                   d.format().c_str());
    return 1;
  }

  PcmSource source;
  std::string error;
  std::string audioName = "demo track";
  if (const auto& a = audioPath) {
    if (!source.openFile(*a, error)) {
      std::fprintf(stderr, "phosphene dump-state: %s\n", error.c_str());
      return 1;
    }
    audioName = *a;
  } else if (silence) {
    source.useSilence();
    audioName = "silence";
  } else {
    source.useDemo();
  }

  auto globals = std::make_unique<eel::Globals>();
  preset::Runtime runtime(preset::Program::compile(*preset, *globals));
  for (const auto& d : runtime.program().diagnostics())
    if (d.severity != core::Severity::Info) std::fprintf(stderr, "  %s\n", d.format().c_str());

  audio::PcmInput pcm;
  audio::Analyzer analyzer;
  clock::FrameClock clock(fps);
  std::vector<float> chunk;
  std::int64_t fed = 0;
  audio::FrameAudio frameAudio;
  for (long long f = 0; f <= frameN; ++f) {
    // Frame f has heard the audio up to (f + 1) / fps seconds.
    const auto target =
        static_cast<std::int64_t>(std::floor(static_cast<double>(f + 1) * source.rate() / fps));
    const std::int64_t want = std::max<std::int64_t>(0, target - fed);
    source.read(chunk, want);
    if (want > 0 && pcm.addFloat(chunk.data(), static_cast<std::size_t>(want), source.channels(),
                                 source.rate()) != audio::PcmStatus::Ok) {
      std::fprintf(stderr, "phosphene dump-state: the audio cannot be analysed (%d channels)\n",
                   source.channels());
      return 1;
    }
    fed += want;
    pcm.collect();
    clock.advance(0.0);
    audio::FrameTiming timing;
    timing.frame = clock.frame();
    timing.fps = static_cast<float>(clock.fps());
    timing.dt = clock.dt();
    frameAudio = analyzer.analyze(pcm.window(), timing);
    runtime.step(frameAudio, clock, inputs);
  }

  const preset::FrameState& f = runtime.state();
  std::printf("preset: %s\n", path.c_str());
  std::printf("frame %lld, time %.6f s, fps %.6g, audio: %s\n", frameN, f.inputs.time, f.inputs.fps,
              audioName.c_str());
  std::printf("bass %.6g  mid %.6g  treb %.6g  bass_att %.6g  mid_att %.6g  treb_att %.6g\n",
              f.inputs.bass, f.inputs.mid, f.inputs.treb, f.inputs.bassAtt, f.inputs.midAtt,
              f.inputs.trebAtt);
  std::printf("mesh %dx%d, canvas %dx%d, aspectx %.6g, aspecty %.6g\n", f.inputs.meshX,
              f.inputs.meshY, f.inputs.canvasWidth, f.inputs.canvasHeight, f.inputs.aspectX,
              f.inputs.aspectY);
  printFrameVars(f);
  printUserVars(runtime);
  printVertices(runtime, static_cast<int>(vertexSamples));
  printObjects(f);
  if (const std::size_t bad = preset::nonFiniteWarpVertices(f); bad > 0) {
    const core::Diagnostic d =
        core::makeDiagnostic(core::DiagnosticId::PresetNonFiniteWarp,
                             std::to_string(bad) + " of " + std::to_string(f.mesh.uv.size()) +
                                 " vertices have a NaN or infinite texture coordinate at frame " +
                                 std::to_string(frameN),
                             runtime.vertexMotion()[0].empty() ? "per_frame" : "per_pixel");
    std::printf("%s\n", d.format().c_str());
  }
  return 0;
}

}  // namespace phosphene::cli
