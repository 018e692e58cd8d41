// projectm_render: renders MilkDrop presets with Debian's libprojectM 3.1 offscreen, fed the same
// audio the same way per frame as `phosphene render`, so frames and timings can be compared with
// Phosphene's (tools/differential/, the performance harness). A team tool: never linked into the
// library or the CLI. Usage: tools/README.md, or --help.
//
// Determinism: projectM 3.1 reads the wall clock through gettimeofday() (TimeKeeper) and
// std::chrono::system_clock (Renderer), and seeds rand() from time(); this program defines those
// functions itself, so the dynamic linker binds libprojectM's calls to them: time advances exactly
// 1/fps per rendered frame and the seed is fixed. That interposition is why the clock below is a
// process-wide variable. What remains: a few presets still differ slightly between runs (e.g.
// "shifter - ralter oilslick b": a few dozen pixels by up to 31/255, two outcomes), from inside
// libprojectM (not the clock, the seed, llvmpipe's threads or the audio history); it never
// changes whether a frame is black, flat or drawn.

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <sys/time.h>
#include <libprojectM/projectM.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "AudioFile.hpp"
#include "PngImage.hpp"

namespace {

// The virtual clock libprojectM sees, in microseconds since the start of the current preset's
// run. Process-wide because gettimeofday() has no context argument (see the file comment).
std::atomic<std::int64_t> g_virtualMicros{0};
constexpr std::time_t kFixedEpoch = 1'000'000'000;  // what time() returns: a fixed rand() seed

}  // namespace

// Interposed C library functions (default visibility so the executable exports them and
// libprojectM's references bind here rather than to libc).
extern "C" __attribute__((visibility("default"))) int gettimeofday(struct timeval* tv,
                                                                   void* /*tz*/) {
  // glibc declares tv non-null; every caller in libprojectM passes one.
  const std::int64_t us = g_virtualMicros.load(std::memory_order_relaxed);
  tv->tv_sec = static_cast<time_t>(kFixedEpoch + us / 1'000'000);
  tv->tv_usec = static_cast<suseconds_t>(us % 1'000'000);
  return 0;
}

extern "C" __attribute__((visibility("default"))) std::time_t time(std::time_t* out) noexcept {
  if (out != nullptr) *out = kFixedEpoch;
  return kFixedEpoch;
}

// libstdc++'s wall clock, which libprojectM's Renderer (SetupPass1, its frame-rate counter)
// reads every frame: the same virtual time, so nothing in a frame depends on the machine's speed.
// Redefining a library function is undefined behaviour in standard C++; for an executable that
// interposes it on purpose it is what the ELF dynamic linker does with any symbol.
std::chrono::system_clock::time_point std::chrono::_V2::system_clock::now() noexcept {
  const std::int64_t us = g_virtualMicros.load(std::memory_order_relaxed);
  return time_point(std::chrono::duration_cast<duration>(
      std::chrono::microseconds(static_cast<std::int64_t>(kFixedEpoch) * 1'000'000 + us)));
}

namespace {

struct Options {
  std::vector<std::string> presets;
  std::string audio;
  std::string out;  // a .png file (one preset, one frame) or a folder
  int width = 96, height = 72;
  int meshW = 48, meshH = 36;
  long long frames = 300;
  std::vector<long long> saveFrames;  // 1-based; empty = the last frame
  double fps = 60;
  unsigned seed = 0;
  bool time = false;
  bool noOutput = false;
  bool quiet = false;
};

void usage(std::FILE* f) {
  std::fprintf(
      f,
      "usage: projectm_render --audio FILE.wav [options] PRESET.milk...\n"
      "Renders each preset with libprojectM 3.1 (headless EGL) from the start of the audio at a\n"
      "fixed clock, feeding round((f+1)*rate/fps) - round(f*rate/fps) samples before frame f, as\n"
      "`phosphene render` does.\n"
      "  --size WxH        output size (default 96x72)\n"
      "  --mesh WxH        warp mesh (default 48x36, Phosphene's default; projectM's own is "
      "32x24)\n"
      "  --frames N        frames to render per preset (default 300)\n"
      "  --fps N           clock rate (default 60)\n"
      "  --save N[,M...]   1-based frames to write (default: the last)\n"
      "  --out PATH        PNG file (one preset, one frame) or folder: STEM.png, STEM.fNNNN.png\n"
      "  --seed N          rand() seed for projectM (default 0)\n"
      "  --time            print ms/frame (median of feed + render + glFinish) and wall time\n"
      "  --no-output       no readback, no PNG (whole-process timing)\n"
      "  --quiet           no per-preset line without --time\n");
}

bool parseSize(const std::string& s, int& w, int& h) {
  return std::sscanf(s.c_str(), "%dx%d", &w, &h) == 2 && w > 0 && h > 0 && w <= 16384 && h <= 16384;
}

std::optional<Options> parseArgs(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "projectm_render: %s wants a value\n", a.c_str());
        return std::nullopt;
      }
      return std::string(argv[++i]);
    };
    if (a == "--help" || a == "-h") {
      usage(stdout);
      std::exit(0);
    } else if (a == "--audio") {
      auto v = next();
      if (!v) return std::nullopt;
      o.audio = *v;
    } else if (a == "--out") {
      auto v = next();
      if (!v) return std::nullopt;
      o.out = *v;
    } else if (a == "--size" || a == "--mesh") {
      auto v = next();
      if (!v) return std::nullopt;
      if (!parseSize(*v, a == "--size" ? o.width : o.meshW, a == "--size" ? o.height : o.meshH)) {
        std::fprintf(stderr, "projectm_render: %s wants WxH (got '%s')\n", a.c_str(), v->c_str());
        return std::nullopt;
      }
    } else if (a == "--frames") {
      auto v = next();
      if (!v) return std::nullopt;
      o.frames = std::atoll(v->c_str());
      if (o.frames < 1) {
        std::fprintf(stderr, "projectm_render: --frames wants a positive number\n");
        return std::nullopt;
      }
    } else if (a == "--fps") {
      auto v = next();
      if (!v) return std::nullopt;
      o.fps = std::atof(v->c_str());
      if (!(o.fps >= 1 && o.fps <= 1000)) {
        std::fprintf(stderr, "projectm_render: --fps wants 1..1000\n");
        return std::nullopt;
      }
    } else if (a == "--save") {
      auto v = next();
      if (!v) return std::nullopt;
      for (const char* p = v->c_str(); *p;) {
        char* end = nullptr;
        const long long n = std::strtoll(p, &end, 10);
        if (end == p || n < 1) {
          std::fprintf(stderr, "projectm_render: --save wants frame numbers N[,M...]\n");
          return std::nullopt;
        }
        o.saveFrames.push_back(n);
        p = *end == ',' ? end + 1 : end;
      }
    } else if (a == "--seed") {
      auto v = next();
      if (!v) return std::nullopt;
      o.seed = static_cast<unsigned>(std::strtoul(v->c_str(), nullptr, 10));
    } else if (a == "--time") {
      o.time = true;
    } else if (a == "--no-output") {
      o.noOutput = true;
    } else if (a == "--quiet") {
      o.quiet = true;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "projectm_render: unknown option %s\n", a.c_str());
      usage(stderr);
      return std::nullopt;
    } else {
      o.presets.push_back(a);
    }
  }
  if (o.presets.empty() || o.audio.empty()) {
    usage(stderr);
    return std::nullopt;
  }
  if (!o.noOutput && o.out.empty()) {
    std::fprintf(stderr, "projectm_render: give --out PATH or --no-output\n");
    return std::nullopt;
  }
  for (long long f : o.saveFrames)
    if (f > o.frames) {
      std::fprintf(stderr, "projectm_render: --save %lld is past --frames %lld\n", f, o.frames);
      return std::nullopt;
    }
  return o;
}

// Headless EGL: Mesa's surfaceless platform with a pbuffer of the output size, because
// projectM 3.1 draws its final image into framebuffer 0.
class EglPbuffer {
 public:
  static std::unique_ptr<EglPbuffer> create(int w, int h, std::string& error) {
    auto p = std::unique_ptr<EglPbuffer>(new EglPbuffer());
    auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (getPlatformDisplay)
      p->display_ = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (p->display_ == EGL_NO_DISPLAY) {
      setenv("EGL_PLATFORM", "surfaceless", 0);
      p->display_ = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    }
    EGLint major = 0, minor = 0;
    if (p->display_ == EGL_NO_DISPLAY || !eglInitialize(p->display_, &major, &minor)) {
      error = "no EGL display (install libegl-mesa0 libgl1-mesa-dri)";
      p->display_ = EGL_NO_DISPLAY;
      return nullptr;
    }
    if (!eglBindAPI(EGL_OPENGL_API)) {
      error = "EGL cannot create desktop OpenGL contexts";
      return nullptr;
    }
    const EGLint configAttribs[] = {EGL_SURFACE_TYPE,
                                    EGL_PBUFFER_BIT,
                                    EGL_RENDERABLE_TYPE,
                                    EGL_OPENGL_BIT,
                                    EGL_RED_SIZE,
                                    8,
                                    EGL_GREEN_SIZE,
                                    8,
                                    EGL_BLUE_SIZE,
                                    8,
                                    EGL_ALPHA_SIZE,
                                    8,
                                    EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglChooseConfig(p->display_, configAttribs, &config, 1, &count) || count < 1) {
      error = "no EGL pbuffer config with RGBA8 and desktop OpenGL";
      return nullptr;
    }
    const EGLint pbufferAttribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
    p->surface_ = eglCreatePbufferSurface(p->display_, config, pbufferAttribs);
    if (p->surface_ == EGL_NO_SURFACE) {
      error = "cannot create an EGL pbuffer";
      return nullptr;
    }
    // projectM 3.1 writes GLSL 330 and uses vertex arrays: a 3.3 core context suffices.
    const EGLint contextAttribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                     3,
                                     EGL_CONTEXT_MINOR_VERSION,
                                     3,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                     EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                     EGL_NONE};
    p->context_ = eglCreateContext(p->display_, config, EGL_NO_CONTEXT, contextAttribs);
    if (p->context_ == EGL_NO_CONTEXT) {
      error = "cannot create an OpenGL 3.3 core context";
      return nullptr;
    }
    if (!eglMakeCurrent(p->display_, p->surface_, p->surface_, p->context_)) {
      error = "eglMakeCurrent failed";
      return nullptr;
    }
    return p;
  }
  ~EglPbuffer() {
    if (display_ == EGL_NO_DISPLAY) return;
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
    if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
  }
  EglPbuffer(const EglPbuffer&) = delete;
  EglPbuffer& operator=(const EglPbuffer&) = delete;

 private:
  EglPbuffer() = default;
  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLSurface surface_ = EGL_NO_SURFACE;
  EGLContext context_ = EGL_NO_CONTEXT;
};

struct Audio {
  int rate = 44100;
  std::vector<float> stereo;  // interleaved L R, the whole file
  std::int64_t frames() const { return static_cast<std::int64_t>(stereo.size() / 2); }
};

bool loadAudio(const std::string& path, Audio& audio, std::string& error) {
  auto file = phosphene::cli::AudioFile::open(path, error);
  if (!file) return false;
  audio.rate = file->sampleRate();
  const int ch = file->channels();
  std::vector<float> buf(static_cast<std::size_t>(4096 * ch));
  for (;;) {
    const std::int64_t n = file->read(buf.data(), 4096);
    if (n < 0) {
      error = file->error();
      return false;
    }
    if (n == 0) break;
    for (std::int64_t i = 0; i < n; ++i) {
      // Mono is duplicated, more than two channels keep the first two: what projectM's stereo
      // input can take.
      const float l = buf[static_cast<std::size_t>(i * ch)];
      const float r = ch > 1 ? buf[static_cast<std::size_t>(i * ch + 1)] : l;
      audio.stereo.push_back(l);
      audio.stereo.push_back(r);
    }
  }
  return true;
}

std::string outputPath(const Options& o, const std::string& preset, long long frame, bool oneFile) {
  if (oneFile) return o.out;
  std::string stem = std::filesystem::path(preset).stem().string();
  char suffix[32] = "";
  if (!o.saveFrames.empty()) std::snprintf(suffix, sizeof suffix, ".f%04lld", frame);
  return (std::filesystem::path(o.out) / (stem + suffix + ".png")).string();
}

bool readback(int w, int h, phosphene::platform::RgbaImage& image) {
  image = phosphene::platform::RgbaImage(w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  phosphene::platform::flipVertically(image);
  // projectM leaves arbitrary alpha in its framebuffer; the picture is the colour.
  for (std::size_t i = 3; i < image.pixels.size(); i += 4) image.pixels[i] = 255;
  return glGetError() == GL_NO_ERROR;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// One preset from a fresh projectM instance (fresh audio analysis, clock at 0, fixed seed).
int renderPreset(const Options& o, const Audio& audio, const std::string& preset, bool oneFile) {
  g_virtualMicros.store(0);
  std::srand(o.seed);
  projectM::Settings s;
  s.meshX = o.meshW;
  s.meshY = o.meshH;
  s.fps = static_cast<int>(std::lround(o.fps));
  s.windowWidth = o.width;
  s.windowHeight = o.height;
  int tex = 1;
  while (tex < std::max(o.width, o.height)) tex *= 2;
  s.textureSize = tex;
  s.datadir = "/usr/share/projectM";
  s.presetURL = std::filesystem::path(preset).parent_path().string();
  s.smoothPresetDuration = 0;
  s.presetDuration = 100000;  // never switch on its own
  s.hardcutEnabled = false;
  s.shuffleEnabled = false;
  // A copy, not the member itself: make_unique binds its arguments by reference, and libprojectM
  // declares this static constant without defining it (unoptimised and ASan builds fail to link).
  const int flags = projectM::FLAG_DISABLE_PLAYLIST_LOAD;
  auto pm = std::make_unique<projectM>(s, flags);
  pm->projectM_resetGL(o.width, o.height);
  const unsigned index =
      pm->addPresetURL(preset, std::filesystem::path(preset).stem().string(), RatingList{3, 3});
  std::srand(o.seed);
  pm->selectPreset(index, true);
  pm->setPresetLock(true);
  if (pm->getErrorLoadingCurrentPreset())
    std::fprintf(stderr, "projectm_render: %s: projectM reports a load error\n", preset.c_str());

  // Phosphene's audio history starts as silence; projectM's PCM ring (2048 frames) starts
  // unwritten, and what it reads from there varies from run to run. A full ring of silence first
  // makes both start from the same, defined past.
  {
    const std::vector<float> silence(2 * 2048, 0.0f);
    pm->pcm()->addPCMfloat_2ch(silence.data(), static_cast<int>(silence.size()));
  }

  using Clock = std::chrono::steady_clock;
  std::vector<double> frameMs;
  frameMs.reserve(static_cast<std::size_t>(o.frames));
  std::vector<float> chunk;
  std::int64_t fed = 0;
  const auto start = Clock::now();
  int rc = 0;
  for (long long f = 0; f < o.frames; ++f) {
    const auto t0 = Clock::now();
    // The same boundaries as phosphene render's AudioFeed: recomputed from the frame index.
    const auto end =
        static_cast<std::int64_t>(std::llround(static_cast<double>(f + 1) * audio.rate / o.fps));
    const std::int64_t want = std::max<std::int64_t>(0, end - fed);
    chunk.assign(static_cast<std::size_t>(want * 2), 0.0f);
    const std::int64_t have = std::clamp<std::int64_t>(audio.frames() - fed, 0, want);
    if (have > 0) std::copy_n(audio.stereo.begin() + fed * 2, have * 2, chunk.begin());
    if (want > 0) pm->pcm()->addPCMfloat_2ch(chunk.data(), static_cast<int>(want * 2));
    fed += want;
    g_virtualMicros.store(std::llround(static_cast<double>(f) * 1e6 / o.fps));
    pm->renderFrame();
    if (o.time) glFinish();
    frameMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());

    const long long number = f + 1;
    const bool save = o.saveFrames.empty() ? number == o.frames
                                           : std::find(o.saveFrames.begin(), o.saveFrames.end(),
                                                       number) != o.saveFrames.end();
    if (save && !o.noOutput) {
      phosphene::platform::RgbaImage image;
      if (!readback(o.width, o.height, image)) {
        std::fprintf(stderr, "projectm_render: %s: GL error on readback\n", preset.c_str());
        rc = 1;
        break;
      }
      std::string error;
      const std::string path = outputPath(o, preset, number, oneFile);
      if (!phosphene::platform::writePng(path, image, error)) {
        std::fprintf(stderr, "projectm_render: %s\n", error.c_str());
        rc = 1;
        break;
      }
    }
  }
  glFinish();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  pm.reset();  // deletes its GL objects while the context is current
  if (o.time)
    std::printf("%s: %lld frames %dx%d mesh %dx%d: median %.3f ms/frame, %.3f s total\n",
                preset.c_str(), o.frames, o.width, o.height, o.meshW, o.meshH, median(frameMs),
                seconds);
  else if (!o.quiet)
    std::printf("%s: %lld frames in %.3f s\n", preset.c_str(), o.frames, seconds);
  std::fflush(stdout);
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  auto options = parseArgs(argc, argv);
  if (!options) return 2;
  const Options& o = *options;
  Audio audio;
  std::string error;
  if (!loadAudio(o.audio, audio, error)) {
    std::fprintf(stderr, "projectm_render: %s\n", error.c_str());
    return 1;
  }
  const bool oneFile = o.presets.size() == 1 && o.saveFrames.size() <= 1 &&
                       std::filesystem::path(o.out).extension() == ".png";
  if (!o.noOutput && !oneFile) {
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
  }
  auto egl = EglPbuffer::create(o.width, o.height, error);
  if (!egl) {
    std::fprintf(stderr, "projectm_render: %s\n", error.c_str());
    return 1;
  }
  int rc = 0;
  for (const std::string& preset : o.presets) {
    if (!std::filesystem::exists(preset)) {
      std::fprintf(stderr, "projectm_render: %s: no such file\n", preset.c_str());
      rc = 1;
      continue;
    }
    if (renderPreset(o, audio, preset, oneFile) != 0) rc = 1;
  }
  return rc;
}
