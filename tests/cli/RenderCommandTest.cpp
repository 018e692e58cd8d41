// `phosphene render` end to end: the CLI binary is run as a user would, into temporary
// directories. Needs an EGL display (skips without one, like every GL test).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "GlTestContext.hpp"
#include "ImageMetrics.hpp"
#include "PngImage.hpp"
#include "WavWriter.hpp"

namespace phosphene::gltest {
namespace {

namespace fs = std::filesystem;

struct RunResult {
  int exitCode = -1;
  std::string err;  // stderr
};

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

class RenderCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(PHOSPHENE_BINARY_DIR) / "tests/cli/render-cli" / info->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }

  // Runs the CLI with `args` (shell words) from dir_; stdout goes to `stdoutFile` (relative to
  // dir_) or /dev/null.
  RunResult run(const std::string& args, const std::string& stdoutFile = "",
                const std::string& envPrefix = "") {
    const fs::path errFile = dir_ / "stderr.txt";
    const std::string cmd = "cd '" + dir_.string() + "' && " + envPrefix + " '" + PHOSPHENE_CLI +
                            "' render " + args + " >" +
                            (stdoutFile.empty() ? "/dev/null" : "'" + stdoutFile + "'") + " 2>'" +
                            errFile.string() + "'";
    const int status = std::system(cmd.c_str());
    RunResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = readFile(errFile);
    return r;
  }

  // Starts `render args` from dir_ in a session of its own, waits until `ready` (relative to
  // dir_) exists and `settle` more, then sends SIGINT to the whole process group, as Ctrl+C in a
  // terminal does, and waits for the exit.
  RunResult interrupted(const std::vector<std::string>& args, const fs::path& ready,
                        std::chrono::milliseconds settle) {
    const fs::path errFile = dir_ / "stderr.txt";
    // Everything the child needs is made before fork: between fork and exec a child of a
    // threaded process may only make async-signal-safe calls (no malloc, no stdio).
    std::vector<std::string> words = {PHOSPHENE_CLI, "render"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    const std::string where = dir_.string(), errPath = errFile.string();
    const pid_t pid = fork();
    if (pid == 0) {
      setsid();
      const int out = open("/dev/null", O_WRONLY);
      const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (chdir(where.c_str()) != 0 || out < 0 || err < 0 || dup2(out, STDOUT_FILENO) < 0 ||
          dup2(err, STDERR_FILENO) < 0)
        _exit(120);
      execv(argv[0], argv.data());
      _exit(121);
    }
    RunResult r;
    if (pid < 0) return r;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!fs::exists(dir_ / ready) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::this_thread::sleep_for(settle);
    kill(-pid, SIGINT);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = readFile(errFile);
    return r;
  }

  // The N of "interrupted; ... holds frames 1 to N", or -1.
  static long long framesKept(const std::string& err) {
    const auto at = err.find("holds frames 1 to ");
    return at == std::string::npos ? -1 : std::atoll(err.c_str() + at + 18);
  }

  // Runs a shell command (ffmpeg, ffprobe) from dir_; its exit status.
  int shell(const std::string& command) const {
    return std::system(("cd '" + dir_.string() + "' && " + command).c_str());
  }

  // GL-dependent tests skip only when the machine has no EGL display at all.
  bool glAvailable(std::string& reason) {
    std::string error;
    auto ctx = GlTestContext::create(platform::GlApi::Core33, reason, error);
    return ctx != nullptr || reason.empty();
  }

  fs::path dir_;
};

#define SKIP_WITHOUT_EGL()                            \
  do {                                                \
    std::string reason;                               \
    if (!glAvailable(reason)) GTEST_SKIP() << reason; \
  } while (0)

// The real FFmpeg's tests: scripts/deps.sh installs it, so on CI this skip fails the run.
#define SKIP_WITHOUT_FFMPEG()                                                               \
  do {                                                                                      \
    if (std::system("command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null") != 0)  \
      GTEST_SKIP() << "needs ffmpeg and ffprobe on PATH (scripts/deps.sh installs ffmpeg)"; \
  } while (0)

TEST_F(RenderCommand, TinyRenderWritesNumberedPngs) {
  SKIP_WITHOUT_EGL();
  const auto r = run("--size 64x48 --frames 5 --out frames");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir_ / "frames"))
    names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  const std::vector<std::string> expected = {"frame_000001.png", "frame_000002.png",
                                             "frame_000003.png", "frame_000004.png",
                                             "frame_000005.png"};
  EXPECT_EQ(names, expected);
  platform::RgbaImage first, last;
  std::string error;
  ASSERT_TRUE(platform::readPng((dir_ / "frames/frame_000001.png").string(), first, error))
      << error;
  ASSERT_TRUE(platform::readPng((dir_ / "frames/frame_000005.png").string(), last, error)) << error;
  EXPECT_EQ(first.width, 64);
  EXPECT_EQ(first.height, 48);
  EXPECT_NE(first.pixels, last.pixels) << "the audio must move the picture";
  // The summary line names the frame count and the median time per frame.
  EXPECT_NE(r.err.find("5 frames 64x48"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ms/frame"), std::string::npos) << r.err;
}

TEST_F(RenderCommand, SameInputsGiveSameBytes) {
  SKIP_WITHOUT_EGL();
  ASSERT_EQ(run("--size 80x60 --frames 6 --seed 7 --out a").exitCode, 0);
  ASSERT_EQ(run("--size 80x60 --frames 6 --seed 7 --out b").exitCode, 0);
  for (int i = 1; i <= 6; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", i);
    const std::string a = readFile(dir_ / "a" / name), b = readFile(dir_ / "b" / name);
    ASSERT_FALSE(a.empty()) << name;
    EXPECT_EQ(a, b) << name << " differs between two identical renders";
  }
}

TEST_F(RenderCommand, RawStdoutIsFramesTimesWidthTimesHeightTimesFour) {
  SKIP_WITHOUT_EGL();
  const auto r = run("--size 32x24 --frames 3 --out -", "raw.rgba");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string raw = readFile(dir_ / "raw.rgba");
  EXPECT_EQ(raw.size(), 3u * 32 * 24 * 4);
  // Raw frame 1 equals PNG frame 1 of the same render (top row first, RGBA).
  ASSERT_EQ(run("--size 32x24 --frames 1 --out png").exitCode, 0);
  platform::RgbaImage png;
  std::string error;
  ASSERT_TRUE(platform::readPng((dir_ / "png/frame_000001.png").string(), png, error));
  EXPECT_EQ(std::string(png.pixels.begin(), png.pixels.end()), raw.substr(0, 32 * 24 * 4));
}

// Small frames rasterise on the calling thread (LP_NUM_THREADS=0: waking llvmpipe's threads
// costs more than they save there), larger ones keep the driver's choice, and a user's own
// LP_NUM_THREADS wins. The thread count never changes the picture.
TEST_F(RenderCommand, SmallFramesRasteriseOnTheCallingThread) {
  SKIP_WITHOUT_EGL();
  const std::string unset = "env -u LP_NUM_THREADS";
  auto r = run("--verbose --size 96x72 --frames 3 --out small", "", unset);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("(LP_NUM_THREADS=0)"), std::string::npos) << r.err;
  r = run("--verbose --size 200x150 --frames 3 --out large", "", unset);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err.find("LP_NUM_THREADS"), std::string::npos) << r.err;
  r = run("--verbose --size 96x72 --frames 3 --out threaded", "", "LP_NUM_THREADS=2");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("(LP_NUM_THREADS=2)"), std::string::npos) << r.err;
  EXPECT_EQ(readFile(dir_ / "small/frame_000003.png"),
            readFile(dir_ / "threaded/frame_000003.png"));
}

TEST_F(RenderCommand, Es3AndCoreContextsDrawTheSamePicture) {
  SKIP_WITHOUT_EGL();
  ASSERT_EQ(run("--size 96x72 --frames 4 --gl 3.3 --out core").exitCode, 0);
  const auto es = run("--size 96x72 --frames 4 --gl es3 --out es");
  ASSERT_EQ(es.exitCode, 0) << es.err;
  EXPECT_NE(es.err.find("GL ES 3"), std::string::npos) << es.err;
  platform::RgbaImage a, b;
  std::string error;
  ASSERT_TRUE(platform::readPng((dir_ / "core/frame_000004.png").string(), a, error));
  ASSERT_TRUE(platform::readPng((dir_ / "es/frame_000004.png").string(), b, error));
  EXPECT_GE(psnr(a, b), 40.0);
}

TEST_F(RenderCommand, AudioFileDrivesTheRenderAndSetsTheLength) {
  SKIP_WITHOUT_EGL();
  // 0.25 s of a 100 Hz tone at 48 kHz mono: at 20 fps that is 5 frames.
  std::vector<float> tone(12000);
  for (std::size_t i = 0; i < tone.size(); ++i)
    tone[i] = 0.5f * static_cast<float>(std::sin(2 * 3.14159265358979 * 100.0 * i / 48000.0));
  std::string error;
  ASSERT_TRUE(cli::writeWav16((dir_ / "tone.wav").string(), tone, 1, 48000, error)) << error;
  const auto r = run("--audio tone.wav --size 48x32 --fps 20 --out frames");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  int count = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_ / "frames")) ++count;
  EXPECT_EQ(count, 5);
}

TEST_F(RenderCommand, PresetFileIsRendered) {
  SKIP_WITHOUT_EGL();
  const std::string preset = std::string(PHOSPHENE_SOURCE_DIR) + "/presets/phosphene-tunnel.milk";
  const auto r = run("--preset '" + preset + "' --size 64x48 --mesh 16x12 --frames 8 --out f");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("preset phosphene-tunnel.milk"), std::string::npos) << r.err;
  platform::RgbaImage last, other;
  std::string error;
  ASSERT_TRUE(platform::readPng((dir_ / "f/frame_000008.png").string(), last, error)) << error;
  long long sum = 0;
  for (std::size_t i = 0; i < last.pixels.size(); i += 4)
    sum += last.pixels[i] + last.pixels[i + 1];
  EXPECT_GT(sum, 64LL * 48 * 8) << "the preset drew (almost) nothing";
  // Without --preset the embedded default preset draws, and it is not the tunnel.
  ASSERT_EQ(run("--size 64x48 --mesh 16x12 --frames 8 --out d").exitCode, 0);
  ASSERT_TRUE(platform::readPng((dir_ / "d/frame_000008.png").string(), other, error)) << error;
  EXPECT_NE(last.pixels, other.pixels);
}

// The fixture's composite shader shows tests/data/textures/halves.jpg: left half orange, right
// half blue. Pixel (x, row) of frame 2 of a 64x48 render.
std::array<int, 3> texel(const fs::path& png, int x, int row) {
  platform::RgbaImage image;
  std::string error;
  if (!platform::readPng(png.string(), image, error)) return {-1, -1, -1};
  const std::size_t i = (static_cast<std::size_t>(row) * 64 + static_cast<std::size_t>(x)) * 4;
  return {image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]};
}

TEST_F(RenderCommand, TextureDirFindsTheTexturesAPresetNames) {
  SKIP_WITHOUT_EGL();
  const fs::path source = PHOSPHENE_SOURCE_DIR;
  fs::copy_file(source / "tests/data/shader-presets/shader-user-texture.milk",
                dir_ / "user-texture.milk");
  const std::string common = "--preset user-texture.milk --size 64x48 --mesh 16x12 --frames 2 ";
  // Nowhere to be found: a warning naming the sampler and where it looked, and black.
  auto r = run(common + "--out missing");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("TEX001"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sampler_halves"), std::string::npos) << r.err;
  EXPECT_EQ(texel(dir_ / "missing/frame_000002.png", 16, 24), (std::array<int, 3>{0, 0, 0}));
  // --texture-dir: found, and drawn the right way round.
  r = run(common + "--texture-dir '" + (source / "tests/data/textures").string() + "' --out dir");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err.find("TEX001"), std::string::npos) << r.err;
  const auto left = texel(dir_ / "dir/frame_000002.png", 12, 24);
  const auto right = texel(dir_ / "dir/frame_000002.png", 52, 24);
  EXPECT_GT(left[0], 200);
  EXPECT_LT(left[2], 60);
  EXPECT_LT(right[0], 60);
  EXPECT_GT(right[2], 200);
  // Beside the preset, which was named by a bare file name (its folder is then "."): found.
  fs::copy_file(source / "tests/data/textures/halves.jpg", dir_ / "halves.jpg");
  r = run(common + "--out beside");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err.find("TEX001"), std::string::npos) << r.err;
  EXPECT_EQ(texel(dir_ / "beside/frame_000002.png", 12, 24), left);
}

TEST_F(RenderCommand, DiagnosticViewStaysReachable) {
  SKIP_WITHOUT_EGL();
  const auto r = run("--diagnostic --size 32x24 --frames 2 --out f");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("diagnostic view"), std::string::npos) << r.err;
  EXPECT_EQ(run("--diagnostic --preset x.milk --frames 1").exitCode, 2);
}

TEST_F(RenderCommand, PresetThatIsNotAPresetFailsClearly) {
  std::ofstream(dir_ / "bad.milk") << "just some words\n";
  const auto r = run("--preset bad.milk --size 32x24 --frames 1 --out f");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("cannot load preset bad.milk"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("PRE004"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "f")) << "nothing is written for a preset that fails to load";
}

TEST_F(RenderCommand, BadArgumentsExitWithUsageError) {
  const struct {
    const char* args;
    const char* mentions;
  } cases[] = {
      {"--size 0x48", "--size"},
      {"--size banana", "--size"},
      {"--fps 0", "--fps"},
      {"--frames -3", "--frames"},
      {"--frames 2 --duration 1", "not both"},
      {"--gl 4.6", "--gl"},
      {"--seed x", "--seed"},
      {"--nonsense", "nonsense"},
      {"--mesh 0x0", "--mesh"},
      {"--duration -1", "--duration"},
      {"--fps 2 --duration 5000001", "--duration wants at most 5000000 seconds at 2 fps"},
      {"--out=", "--out"},
      {"--preset=", "--preset"},
  };
  for (const auto& c : cases) {
    const auto r = run(c.args);
    EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.mentions), std::string::npos) << c.args << "\n" << r.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "demo-out")) << "a usage error must not start rendering";
}

TEST_F(RenderCommand, MissingInputsFailClearly) {
  auto r = run("--audio no-such-file.wav --frames 1 --out f");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("no-such-file.wav"), std::string::npos) << r.err;
  r = run("--preset no-such.milk --frames 1 --out f");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("no-such.milk"), std::string::npos) << r.err;
}

TEST_F(RenderCommand, VideoWithoutFfmpegSaysWhatToInstall) {
  SKIP_WITHOUT_EGL();
  fs::create_directories(dir_ / "empty-path");
  const auto r = run("--size 32x24 --frames 2 --out clip.mp4", "",
                     "PATH='" + (dir_ / "empty-path").string() + "'");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("ffmpeg"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "clip.mp4.demo-audio.wav")) << "temporary audio left behind";
}

// Bug: a video in a folder that does not exist failed after start-up with "cannot write
// missing/clip.mp4.demo-audio.wav: ...", naming our temporary file instead of the problem.
TEST_F(RenderCommand, VideoIntoAMissingFolderSaysSoBeforeRendering) {
  const auto r = run("--size 32x24 --frames 2 --out missing/clip.mp4");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("cannot write missing/clip.mp4: the folder missing does not exist"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "missing"));
}

// A stand-in `ffmpeg` on PATH records its arguments, the audio file it was given and the bytes
// piped to it, so the video path is tested without FFmpeg installed. `exitAtOnce` makes it quit
// without reading, like an ffmpeg that rejects its arguments.
void writeFakeFfmpeg(const fs::path& bin, bool exitAtOnce) {
  fs::create_directories(bin);
  std::ofstream script(bin / "ffmpeg");
  script
      << "#!/bin/sh\n"
      << "here=$(dirname \"$0\")\n"
      << (exitAtOnce ? "echo 'fake ffmpeg: giving up' >&2; exit 1\n" : "")
      << "printf '%s\\n' \"$@\" > \"$here/args.txt\"\n"
      << "prev=''\n"
      << "for a in \"$@\"; do\n"
      << "  if [ \"$prev\" = -i ] && [ \"$a\" != pipe:0 ]; then cp \"$a\" \"$here/audio.wav\"; fi\n"
      << "  prev=$a\n"
      << "done\n"
      << "cat > \"$here/video.raw\"\n";
  script.close();
  fs::permissions(bin / "ffmpeg", fs::perms::owner_all | fs::perms::group_read |
                                      fs::perms::group_exec | fs::perms::others_read |
                                      fs::perms::others_exec);
}

TEST_F(RenderCommand, VideoOutputPipesFramesAndDemoAudioToFfmpeg) {
  SKIP_WITHOUT_EGL();
  writeFakeFfmpeg(dir_ / "bin", false);
  const auto r = run("--size 40x30 --frames 4 --fps 30 --out clip.mp4", "",
                     "PATH='" + (dir_ / "bin").string() + ":/usr/bin:/bin'");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(fs::file_size(dir_ / "bin/video.raw"), 4u * 40 * 30 * 4);
  // ffmpeg gets the same top-row-first frames as `--out -` (both write GL's bottom-up readback
  // in reverse row order).
  ASSERT_EQ(run("--size 40x30 --frames 4 --fps 30 --out -", "raw.rgba").exitCode, 0);
  EXPECT_TRUE(readFile(dir_ / "bin/video.raw") == readFile(dir_ / "raw.rgba"));
  const std::string args = readFile(dir_ / "bin/args.txt");
  for (const char* want : {"rawvideo\n", "rgba\n", "40x30\n", "30\n", "pipe:0\n", "clip.mp4\n"})
    EXPECT_NE(args.find(want), std::string::npos) << want << " missing from:\n" << args;
  // The demo's audio went along as a WAV and was cleaned up afterwards.
  const std::string wav = readFile(dir_ / "bin/audio.wav");
  ASSERT_GT(wav.size(), 44u) << args;
  EXPECT_EQ(wav.substr(0, 4), "RIFF");
  EXPECT_FALSE(fs::exists(dir_ / "clip.mp4.demo-audio.wav"));
}

TEST_F(RenderCommand, FfmpegFailureIsReported) {
  SKIP_WITHOUT_EGL();
  writeFakeFfmpeg(dir_ / "bin", true);
  const auto r = run("--size 40x30 --frames 30 --out clip.webm", "",
                     "PATH='" + (dir_ / "bin").string() + ":/usr/bin:/bin'");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("ffmpeg"), std::string::npos) << r.err;
}

// The real FFmpeg (scripts/deps.sh installs it; the stand-in above cannot say whether FFmpeg
// accepts our arguments or how it ends a file). Bug: 300 frames at 60 fps over the 4 s demo track
// failed at frame ~290 ("ffmpeg stopped reading frames") and left a 281-frame file, because
// -shortest ended the file when the audio ran out; the audio is now padded with silence.
TEST_F(RenderCommand, RealFfmpegWritesEveryFrameWhenTheAudioIsShorter) {
  SKIP_WITHOUT_EGL();
  SKIP_WITHOUT_FFMPEG();
  const auto r = run("--size 64x48 --fps 60 --frames 300 --out clip.mp4");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // One line per stream: codec_type,frames read,duration.
  ASSERT_EQ(shell("ffprobe -v error -count_frames -show_entries "
                  "stream=codec_type,nb_read_frames,duration -of csv=p=0 clip.mp4 >streams.txt"),
            0);
  const std::string streams = readFile(dir_ / "streams.txt");
  EXPECT_NE(streams.find("video,5.000000,300"), std::string::npos) << streams;
  const auto audio = streams.find("audio,");
  ASSERT_NE(audio, std::string::npos) << streams;
  EXPECT_NEAR(std::atof(streams.c_str() + audio + 6), 5.0, 0.05) << streams;  // padded to 5 s

  // Frame 150 decodes to the picture `--out -` gives, right way up (H.264 4:2:0 is lossy).
  ASSERT_EQ(run("--size 64x48 --fps 60 --frames 150 --out -", "raw.rgba").exitCode, 0);
  ASSERT_EQ(shell("ffmpeg -v error -i clip.mp4 -vf 'select=eq(n\\,149)' -frames:v 1 "
                  "-f rawvideo -pix_fmt rgba decoded.rgba"),
            0);
  const std::string raw = readFile(dir_ / "raw.rgba");
  const std::string decoded = readFile(dir_ / "decoded.rgba");
  constexpr std::size_t kRow = 64 * 4, kFrame = kRow * 48;
  ASSERT_EQ(raw.size(), 150 * kFrame);
  ASSERT_EQ(decoded.size(), kFrame);
  const std::string want = raw.substr(149 * kFrame);
  double same = 0, flipped = 0;
  for (std::size_t y = 0; y < 48; ++y)
    for (std::size_t x = 0; x < kRow; x += 4)
      for (std::size_t c = 0; c < 3; ++c) {
        const int d = static_cast<unsigned char>(decoded[y * kRow + x + c]);
        same += std::abs(d - static_cast<unsigned char>(want[y * kRow + x + c]));
        flipped += std::abs(d - static_cast<unsigned char>(want[(47 - y) * kRow + x + c]));
      }
  same /= 64.0 * 48 * 3;
  flipped /= 64.0 * 48 * 3;
  EXPECT_LT(same, 10.0) << "mean absolute difference per channel (4.7 when written), flipped: "
                        << flipped;
  EXPECT_LT(2.0 * same, flipped) << "the decoded frame looks upside down";
}

// Ctrl+C keeps the work done: every frame rendered before it is written, the summary says how
// many, and the exit status is 128 + SIGINT.
TEST_F(RenderCommand, InterruptedPngRunKeepsEveryRenderedFrame) {
  SKIP_WITHOUT_EGL();
  const auto r = interrupted({"--size", "64x48", "--frames", "1000000", "--out", "frames"},
                             "frames/frame_000020.png", std::chrono::milliseconds(100));
  EXPECT_EQ(r.exitCode, 128 + SIGINT) << r.err;
  const long long kept = framesKept(r.err);
  ASSERT_GE(kept, 20) << r.err;
  long long pngs = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "frames")) {
    EXPECT_EQ(e.path().extension(), ".png") << e.path() << " left behind";
    ++pngs;
  }
  EXPECT_EQ(pngs, kept);
  char last[32];
  std::snprintf(last, sizeof last, "frame_%06lld.png", kept);
  platform::RgbaImage image;
  std::string error;
  EXPECT_TRUE(platform::readPng((dir_ / "frames" / last).string(), image, error)) << error;
}

// Bug: Ctrl+C reached ffmpeg too (same process group), which ended the file at once; render then
// failed with "ffmpeg stopped reading frames" (exit 1) and the frames still queued were lost.
// ffmpeg now runs in its own process group and finishes the file when render closes the pipe.
TEST_F(RenderCommand, InterruptedVideoRunKeepsEveryRenderedFrame) {
  SKIP_WITHOUT_EGL();
  SKIP_WITHOUT_FFMPEG();
  const auto r = interrupted({"--size", "64x48", "--frames", "1000000", "--out", "clip.mp4"},
                             "clip.mp4", std::chrono::milliseconds(1500));
  EXPECT_EQ(r.exitCode, 128 + SIGINT) << r.err;
  const long long kept = framesKept(r.err);
  ASSERT_GT(kept, 0) << r.err;
  ASSERT_EQ(shell("ffprobe -v error -select_streams v -count_frames -show_entries "
                  "stream=nb_read_frames -of csv=p=0 clip.mp4 >frames.txt"),
            0);
  EXPECT_EQ(std::atoll(readFile(dir_ / "frames.txt").c_str()), kept);
}

// Several presets: switches exactly every --preset-duration seconds with MilkDrop transitions,
// listed in the summary; the output is the same bytes every time (each switch waits for its load).
TEST_F(RenderCommand, PresetSequenceSwitchesOnTimeAndIsDeterministic) {
  SKIP_WITHOUT_EGL();
  const std::string presets = std::string(" --preset '") + PHOSPHENE_SOURCE_DIR +
                              "/presets/phosphene-aurora.milk' --preset '" + PHOSPHENE_SOURCE_DIR +
                              "/presets/phosphene-tunnel.milk'";
  const std::string args =
      "--size 64x48 --fps 30 --frames 40 --preset-duration 0.5 "
      "--transition 0.3 --seed 3" +
      presets;
  const auto a = run(args + " --out - ", "a.rgba");
  ASSERT_EQ(a.exitCode, 0) << a.err;
  const auto b = run(args + " --out - ", "b.rgba");
  ASSERT_EQ(b.exitCode, 0) << b.err;
  EXPECT_EQ(readFile(dir_ / "a.rgba"), readFile(dir_ / "b.rgba"));
  // 1.33 s at 0.5 s a preset: the first, then switches at 0.5 and 1.0 s (the list wraps around).
  // phosphene_engine_wait_for_preset makes the first preset current at once, at 0 s, so the
  // first switch comes at exactly one duration (one frame late when it started at the first
  // advance instead, in a draft of the C API 1.0).
  EXPECT_NE(a.err.find("3 preset switches"), std::string::npos) << a.err;
  EXPECT_NE(a.err.find("0.500 s  phosphene-tunnel.milk (auto, transition 0.30 s"),
            std::string::npos)
      << a.err;
  EXPECT_NE(a.err.find("1.000 s  phosphene-aurora.milk (auto, transition 0.30 s"),
            std::string::npos)
      << a.err;
  // --shuffle with a --seed is reproducible too, and --presets takes a folder.
  const auto c = run(std::string("--size 32x24 --fps 30 --frames 20 --preset-duration 0.2 "
                                 "--transition 0 --shuffle --presets '") +
                     PHOSPHENE_SOURCE_DIR + "/presets' --out -");
  ASSERT_EQ(c.exitCode, 0) << c.err;
  EXPECT_NE(c.err.find("hard cut"), std::string::npos) << c.err;
}

TEST_F(RenderCommand, RunawayPresetIsStoppedAndReported) {
  SKIP_WITHOUT_EGL();
  // Issue 11: this per-vertex loop made a 3-frame render run for more than 100 s.
  std::ofstream(dir_ / "runaway.milk") << "[preset00]\nper_pixel_1=loop(100000000, x=x+1);\n";
  const auto r = run("--preset runaway.milk --size 64x48 --frames 3 --out -");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("[PRE005]"), std::string::npos) << r.err;
}

// The seed is 64 bits wide: its largest value was refused as "not a non-negative whole number".
TEST_F(RenderCommand, EverySeedIsAccepted) {
  SKIP_WITHOUT_EGL();
  const auto r = run("--seed 18446744073709551615 --size 16x12 --frames 1 --out -");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(run("--seed 18446744073709551616 --frames 1 --out -").exitCode, 2);
  EXPECT_EQ(run("--seed -1 --frames 1 --out -").exitCode, 2);
}

// --sprites/--sprite, --messages/--message and --title put MilkDrop's sprites, messages and
// song title into the frames at the given times, deterministically; bad launches are usage errors
// or name the missing item before any frame.
TEST_F(RenderCommand, SpritesMessagesAndTitleAppearAtTheirTimes) {
  SKIP_WITHOUT_EGL();
  const std::string sprites =
      std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/sprites/milk_img.ini";
  {
    std::ofstream msg(dir_ / "milk_msg.ini");
    msg << "[message00]\ntext=PHOSPHENE\nsize=60\ntime=5\nfade=0\n";
  }
  const std::string base = "--size 64x48 --mesh 16x12 --fps 10 --frames 6 --seed 3 ";
  ASSERT_EQ(run(base + "--out plain").exitCode, 0);
  const auto withAll = run(base + "--sprites '" + sprites +
                           "' --sprite 0@0.3 --messages milk_msg.ini --message 0@0.3 --title "
                           "'Song' --title-at 0.3 --out launched");
  ASSERT_EQ(withAll.exitCode, 0) << withAll.err;
  const auto frame = [&](const char* dir, int n) {
    platform::RgbaImage image;
    std::string error;
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", n);
    EXPECT_TRUE(platform::readPng((dir_ / dir / name).string(), image, error)) << error;
    return image.pixels;
  };
  // Frames 1..3 are 0.0, 0.1, 0.2 s: nothing launched yet, identical.
  for (int n = 1; n <= 3; ++n) EXPECT_EQ(frame("plain", n), frame("launched", n)) << n;
  // Frame 4 (0.3 s) on: the sprite (a red/green/blue/magenta square in the middle) is there.
  EXPECT_NE(frame("plain", 4), frame("launched", 4));
  EXPECT_NE(frame("plain", 6), frame("launched", 6));
  ASSERT_EQ(run(base + "--sprites '" + sprites +
                "' --sprite 0@0.3 --messages milk_msg.ini "
                "--message 0@0.3 --title 'Song' --title-at 0.3 --out again")
                .exitCode,
            0);
  EXPECT_EQ(frame("again", 6), frame("launched", 6)) << "the same options gave other frames";

  EXPECT_EQ(run(base + "--sprite 0@1 --out -").exitCode, 2);  // no --sprites
  EXPECT_EQ(run(base + "--sprites '" + sprites + "' --sprite 100@1 --out -").exitCode, 2);
  EXPECT_EQ(run(base + "--sprites '" + sprites + "' --sprite 1@-2 --out -").exitCode, 2);
  EXPECT_EQ(run(base + "--messages milk_msg.ini --message x --out -").exitCode, 2);
  const auto missing = run(base + "--messages milk_msg.ini --message 7@0 --out -");
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.err.find("has no message 07"), std::string::npos) << missing.err;
  const auto badImage = run(base + "--sprites '" + sprites + "' --sprite 3@0 --out -");
  EXPECT_EQ(badImage.exitCode, 1);
  EXPECT_NE(badImage.err.find("--sprite 03"), std::string::npos) << badImage.err;
  EXPECT_NE(badImage.err.find("milk_img.ini:"), std::string::npos) << badImage.err;
}

TEST_F(RenderCommand, SequenceArgumentsAreChecked) {
  EXPECT_EQ(run("--preset-duration 0 --out -").exitCode, 2);
  EXPECT_EQ(run("--transition -1 --out -").exitCode, 2);
  EXPECT_EQ(run("--presets /nonexistent/folder --out -").exitCode, 2);
  const auto empty = run("--presets . --out -");
  EXPECT_EQ(empty.exitCode, 2);
  EXPECT_NE(empty.err.find("no .milk or .milk2 file"), std::string::npos) << empty.err;
}

// --size and --mesh take the C API's limits (PHOSPHENE_MAX_DRAWABLE_SIZE, PHOSPHENE_*_MESH_*):
// the edges pass, one beyond is refused with a message naming the range.
TEST_F(RenderCommand, SizeAndMeshLimitsAreTheLibrarys) {
  SKIP_WITHOUT_EGL();
  const auto edge = run("--size 16x12 --mesh 320x240 --frames 1 --out -");
  EXPECT_EQ(edge.exitCode, 0) << edge.err;
  EXPECT_EQ(run("--size 16x12 --mesh 8x6 --frames 1 --out -").exitCode, 0);
  for (const char* mesh : {"7x6", "8x5", "321x240", "320x241"}) {
    const auto r = run(std::string("--mesh ") + mesh + " --frames 1 --out -");
    EXPECT_EQ(r.exitCode, 2) << mesh;
    EXPECT_NE(r.err.find("from 8x6 to 320x240"), std::string::npos) << r.err;
  }
  const auto big = run("--size 16385x16 --frames 1 --out -");
  EXPECT_EQ(big.exitCode, 2);
  EXPECT_NE(big.err.find("from 1x1 to 16384x16384"), std::string::npos) << big.err;
}

TEST_F(RenderCommand, HelpListsTheRendererFlags) {
  const auto r = run("--help", "help.txt");
  EXPECT_EQ(r.exitCode, 0);
  const std::string help = readFile(dir_ / "help.txt");
  for (const char* flag :
       {"--preset", "--audio", "--size", "--fps", "--frames", "--duration", "--seed", "--out",
        "--gl", "--mesh", "--verbose", "--presets", "--preset-duration", "--transition",
        "--shuffle", "--hard-cuts", "--random-duration", "--async-loads"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace phosphene::gltest
