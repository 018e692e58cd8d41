#include "VideoWriter.hpp"

// PHOSPHENE_WITH_VIDEO (apps/phosphene/CMakeLists.txt): 1 where posix_spawn exists. Without it
// only isVideoPath is real: --out clip.mp4 is refused with a message (RenderCommand.cpp).
#if PHOSPHENE_WITH_VIDEO
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if PHOSPHENE_WITH_VIDEO
extern char** environ;
#endif

namespace phosphene::cli {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

#if PHOSPHENE_WITH_VIDEO
class FfmpegPipe final : public FrameSink {
 public:
  FfmpegPipe(pid_t pid, int fd, std::string path) : pid_(pid), fd_(fd), path_(std::move(path)) {}
  ~FfmpegPipe() override {
    std::string ignored;
    finish(ignored);
  }

  bool write(const platform::RgbaImage& frame, std::int64_t, std::string& error) override {
    if (writeTopDown(fd_, frame)) return true;
    error = "ffmpeg stopped reading frames (" + std::string(std::strerror(errno)) +
            "); its messages are above";
    return false;
  }

  bool finish(std::string& error) override {
    if (pid_ <= 0) return true;
    if (fd_ >= 0) ::close(fd_);  // end of input: ffmpeg finishes the file
    fd_ = -1;
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      error = "ffmpeg failed writing " + path_ + " (exit status " +
              std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
      return false;
    }
    return true;
  }

  std::string where() const override { return path_; }

 private:
  pid_t pid_;
  int fd_;
  std::string path_;
};

std::string formatFps(double fps) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", fps);
  return buf;
}

#endif  // PHOSPHENE_WITH_VIDEO

}  // namespace

bool videoOutputBuilt() {
  return PHOSPHENE_WITH_VIDEO != 0;
}

bool isVideoPath(const std::string& path) {
  const std::string p = lower(path);
  for (const char* ext : {".mp4", ".mkv", ".webm", ".mov"})
    if (endsWith(p, ext)) return true;
  return false;
}

#if PHOSPHENE_WITH_VIDEO
std::optional<std::string> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string dirs(path);
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + program;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0)
      return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

std::unique_ptr<FrameSink> openVideo(const VideoOptions& o, std::string& error) {
  std::vector<std::string> args = {o.ffmpeg,
                                   "-hide_banner",
                                   "-loglevel",
                                   "error",
                                   "-y",
                                   "-f",
                                   "rawvideo",
                                   "-pix_fmt",
                                   "rgba",
                                   "-s",
                                   std::to_string(o.width) + "x" + std::to_string(o.height),
                                   "-framerate",
                                   formatFps(o.fps),
                                   "-i",
                                   "pipe:0"};
  if (!o.audioPath.empty()) {
    // The frames decide the length. Alone, -shortest ends the file when an audio track shorter
    // than the frames runs out (ffmpeg then closes the pipe and frames already rendered are
    // lost); padded with silence (apad) the audio never ends first, and -shortest cuts it to
    // the video when it is longer.
    args.insert(args.end(),
                {"-i", o.audioPath, "-map", "0:v:0", "-map", "1:a:0", "-af", "apad", "-shortest"});
  }
  // yuv420p: what players expect of H.264/VP9; it needs even dimensions, hence the crop.
  args.insert(args.end(),
              {"-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2", "-pix_fmt", "yuv420p", o.path});

  int fds[2];
  if (::pipe(fds) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return nullptr;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // ffmpeg gets a process group of its own, so a Ctrl+C in the terminal reaches only us: ffmpeg
  // would otherwise stop at once and drop the frames still queued, where we write every frame
  // rendered so far and then close the pipe, and ffmpeg finishes the file.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, o.ffmpeg.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[0]);
  if (rc != 0) {
    ::close(fds[1]);
    error = "cannot start " + o.ffmpeg + ": " + std::strerror(rc);
    return nullptr;
  }
  // A dying ffmpeg must turn our next write into EPIPE (reported), not kill the renderer.
  std::signal(SIGPIPE, SIG_IGN);
  return std::make_unique<FfmpegPipe>(pid, fds[1], o.path);
}
#else
std::optional<std::string> findOnPath(const std::string& /*program*/) {
  return std::nullopt;
}

std::unique_ptr<FrameSink> openVideo(const VideoOptions& /*options*/, std::string& error) {
  error = "this phosphene was built without video output (PHOSPHENE_WITH_VIDEO=OFF)";
  return nullptr;
}
#endif  // PHOSPHENE_WITH_VIDEO

}  // namespace phosphene::cli
