#include "HeadlessGlChoice.hpp"

#include <phosphene/phosphene.h>

#include <cstdlib>

#include "EngineLimits.hpp"
#include "core/Diagnostic.hpp"

namespace phosphene::cli {

void addHeadlessOptions(ArgParser& p, std::uint64_t& seed, HeadlessGlChoice& gl,
                        std::vector<std::string>& textureDirs) {
  p.seed("seed", "N", "seed of every random choice (default 0)", seed);
  // Given explicitly, the API is never swapped for ES 3.0 when 3.3 is missing (apiGiven).
  const HeadlessGlChoice core{platform::GlApi::Core33, true}, es{platform::GlApi::Es30, true};
  p.choice("gl", "3.3|es3",
           "OpenGL 3.3 core or OpenGL ES 3.0 context (default 3.3, es3 if 3.3 is unavailable)", gl,
           {{"3.3", core}, {"core", core}, {"gl33", core}, {"es3", es}, {"es", es}, {"gles3", es}});
  p.texts("texture-dir", "DIR",
          "a folder of textures the presets' shaders name (sampler_clouds -> clouds.jpg, "
          "sampler_rand00 -> a random image), searched in order. Default: "
          "PRESETDIR/textures and PRESETDIR/../textures (MilkDrop 2's own textures folder "
          "beside its presets folder). The preset's folder is always searched last",
          textureDirs);
}

void addSizeOption(ArgParser& p, Size& size) {
  p.size("size", "WxH", "frame size in pixels (default " + sizeText(size) + ")", size,
         kFrameSizeRange);
}

void addMeshOption(ArgParser& p, Size& mesh) {
  const SizeRange& r = kMeshRange;
  p.size("mesh", "WxH",
         "warp mesh size (default " + sizeText(mesh) + "; " + std::to_string(r.min.width) + ".." +
             std::to_string(r.max.width) + " x " + std::to_string(r.min.height) + ".." +
             std::to_string(r.max.height) + ")",
         mesh, r);
}

std::vector<std::string> textureSearchPath(
    const std::vector<std::string>& textureDirs,
    const std::vector<std::filesystem::path>& presetFolders) {
  if (!textureDirs.empty()) return textureDirs;
  std::vector<std::string> dirs;
  for (const std::filesystem::path& folder : presetFolders) {
    dirs.push_back((folder / "textures").string());
    dirs.push_back((folder / ".." / "textures").string());
  }
  return dirs;
}

int rasterThreadsFor(int width, int height) {
  return static_cast<long long>(width) * height <= kSmallFramePixels ? 0 : -1;
}

std::string rasterThreadsNote() {
  const char* threads = std::getenv("LP_NUM_THREADS");
  return threads ? std::string(" (LP_NUM_THREADS=") + threads + ")" : std::string();
}

core::Expected<platform::HeadlessContext> openHeadlessContext(const HeadlessGlChoice& gl,
                                                              bool debug, int width, int height) {
  platform::HeadlessOptions ho;
  ho.api = gl.api;
  ho.debug = debug;
  ho.rasterThreads = rasterThreadsFor(width, height);
  auto ctx = platform::HeadlessContext::create(ho);
  if (!ctx && !gl.apiGiven && ctx.diagnostics().front().id == core::DiagnosticId::GlVersionTooLow) {
    ho.api = platform::GlApi::Es30;
    auto es = platform::HeadlessContext::create(ho);
    if (es) return es;
  }
  return ctx;
}

}  // namespace phosphene::cli
