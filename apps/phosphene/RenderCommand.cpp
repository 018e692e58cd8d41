// phosphene render: audio in, frames out, headless. It renders presets through the public C API
// exactly as a host does (the default: the embedded phosphene-aurora preset), or with
// --diagnostic the diagnostic view of the analysis (SpectrumView.hpp): RenderModes.hpp has the two
// runners, RenderFrameLoop.hpp the output they share, RenderOptions.hpp the command line.
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

#include "AudioFeed.hpp"
#include "Commands.hpp"
#include "RenderModes.hpp"
#include "RenderOptions.hpp"
#include "VideoWriter.hpp"

namespace phosphene::cli {
namespace {

// ffmpeg would only fail after the start-up, with a message about the temporary audio file
// rather than the folder: checked before any work.
bool videoFolderExists(const RenderOptions& o) {
  if (!isVideoPath(o.out)) return true;
  const std::filesystem::path folder = std::filesystem::path(o.out).parent_path();
  std::error_code ec;
  if (folder.empty() || std::filesystem::is_directory(folder, ec)) return true;
  std::fprintf(stderr, "phosphene render: cannot write %s: the folder %s does not exist\n",
               o.out.c_str(), folder.string().c_str());
  return false;
}

}  // namespace

int runRender(const Args& args) {
  RenderOptions o;
  if (auto status = parseRenderOptions(args, o)) return *status;
  if (!videoFolderExists(o)) return 1;
  std::string error;
  auto audio = AudioFeed::open(o.audio, o.fps, o.seed, error);
  if (!audio) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  if (!audio->warning().empty())
    std::fprintf(stderr, "phosphene render: %s\n", audio->warning().c_str());
  return o.diagnostic ? renderDiagnosticView(o, *audio) : renderPresets(o, *audio);
}

}  // namespace phosphene::cli
