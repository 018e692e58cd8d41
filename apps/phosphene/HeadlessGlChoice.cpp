#include "HeadlessGlChoice.hpp"

#include <phosphene/phosphene.h>

#include <cstdlib>

#include "core/Diagnostic.hpp"

namespace phosphene::cli {

void addHeadlessOptions(ArgParser& p) {
  p.option("seed", "N", "seed of every random choice (default 0)");
  p.option("gl", "3.3|es3",
           "OpenGL 3.3 core or OpenGL ES 3.0 context (default 3.3, es3 if 3.3 is unavailable)");
  p.option("texture-dir", "DIR",
           "a folder of textures the presets' shaders name (sampler_clouds -> clouds.jpg, "
           "sampler_rand00 -> a random image), searched in order. Default: "
           "PRESETDIR/textures and PRESETDIR/../textures (MilkDrop 2's own textures folder "
           "beside its presets folder). The preset's folder is always searched last",
           true);
}

std::string meshOptionHelp() {
  return "warp mesh size (default " + std::to_string(PHOSPHENE_DEFAULT_MESH_X) + "x" +
         std::to_string(PHOSPHENE_DEFAULT_MESH_Y) + "; " + std::to_string(PHOSPHENE_MIN_MESH_X) +
         ".." + std::to_string(PHOSPHENE_MAX_MESH_X) + " x " +
         std::to_string(PHOSPHENE_MIN_MESH_Y) + ".." + std::to_string(PHOSPHENE_MAX_MESH_Y) + ")";
}

std::optional<std::string> readSizeOption(const ArgParser& p, int& width, int& height) {
  const auto v = p.value("size");
  if (!v || parseSize(*v, width, height)) return std::nullopt;
  return "--size wants WxH with 1.." + std::to_string(PHOSPHENE_MAX_DRAWABLE_SIZE) +
         " each, e.g. 640x480 (got '" + *v + "')";
}

std::optional<std::string> readMeshOption(const ArgParser& p, int& meshX, int& meshY) {
  const auto v = p.value("mesh");
  if (!v) return std::nullopt;
  int x = 0, y = 0;
  if (parseSize(*v, x, y) && x >= PHOSPHENE_MIN_MESH_X && x <= PHOSPHENE_MAX_MESH_X &&
      y >= PHOSPHENE_MIN_MESH_Y && y <= PHOSPHENE_MAX_MESH_Y) {
    meshX = x;
    meshY = y;
    return std::nullopt;
  }
  return "--mesh wants WxH from " + std::to_string(PHOSPHENE_MIN_MESH_X) + "x" +
         std::to_string(PHOSPHENE_MIN_MESH_Y) + " to " + std::to_string(PHOSPHENE_MAX_MESH_X) +
         "x" + std::to_string(PHOSPHENE_MAX_MESH_Y) + ", e.g. " +
         std::to_string(PHOSPHENE_DEFAULT_MESH_X) + "x" + std::to_string(PHOSPHENE_DEFAULT_MESH_Y) +
         " (got '" + *v + "')";
}

std::optional<std::string> readGlOption(const ArgParser& p, HeadlessGlChoice& out) {
  const auto v = p.value("gl");
  if (!v) return std::nullopt;
  if (*v == "3.3" || *v == "core" || *v == "gl33")
    out.api = platform::GlApi::Core33;
  else if (*v == "es3" || *v == "es" || *v == "gles3")
    out.api = platform::GlApi::Es30;
  else
    return "--gl wants 3.3 or es3 (got '" + *v + "')";
  out.apiGiven = true;
  return std::nullopt;
}

std::optional<std::string> readSeedOption(const ArgParser& p, std::uint64_t& seed) {
  const auto v = p.value("seed");
  if (!v) return std::nullopt;
  long long s = 0;
  if (!parseInt(*v, s) || s < 0)
    return "--seed wants a non-negative whole number (got '" + *v + "')";
  seed = static_cast<std::uint64_t>(s);
  return std::nullopt;
}

std::optional<std::string> readTextureDirs(const ArgParser& p, std::vector<std::string>& dirs) {
  dirs = p.values("texture-dir");
  for (const std::string& dir : dirs)
    if (dir.empty()) return "--texture-dir wants a folder name";
  return std::nullopt;
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
