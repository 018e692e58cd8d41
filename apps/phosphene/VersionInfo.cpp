#include "VersionInfo.hpp"

#include <phosphene/phosphene.h>

#include <string>
#include <string_view>

#include "Checksums.hpp"
#include "VideoWriter.hpp"

namespace phosphene::cli {
namespace {

bool hasToken(std::string_view tokens, std::string_view token) {
  std::size_t start = 0;
  while (start <= tokens.size()) {
    std::size_t end = tokens.find(' ', start);
    if (end == std::string_view::npos) end = tokens.size();
    if (tokens.substr(start, end - start) == token) return true;
    start = end + 1;
  }
  return false;
}

void line(std::FILE* to, std::string_view name, bool on, const std::string& what) {
  std::fprintf(to, "  %-17.*s %-4s %s\n", static_cast<int>(name.size()), name.data(),
               on ? "on" : "off", what.c_str());
}

}  // namespace

int printVersion(std::FILE* to, bool verbose) {
  std::fprintf(to, "phosphene %s (library %s)\n", PHOSPHENE_VERSION_STRING,
               phosphene_version_string());
  if (!verbose) return 0;
  const std::string_view features = phosphene_version_features();
  std::fprintf(to, "library features: %.*s\n", static_cast<int>(features.size()), features.data());
  // One line per library token phosphene.h documents, so an absent one reads "off".
  line(to, "hlsl-translation", hasToken(features, "hlsl-translation"),
       "MilkDrop HLSL preset shaders translated to GLSL (glslang + SPIRV-Cross)");
  line(to, "freetype", hasToken(features, "freetype"), "font files for the on-screen text");
  line(to, "fontconfig", hasToken(features, "fontconfig"), "system fonts found by name");
  line(to, "gles-only", hasToken(features, "gles-only"), "OpenGL ES 3.0 only (no desktop OpenGL)");
  std::string program;
#ifdef PHOSPHENE_WITH_PLAYER
  const bool player = true;
#else
  const bool player = false;
#endif
  if (player) program += " player";
  if (videoOutputBuilt()) program += " video";
  if (platform::checksumsUseLibdeflate()) program += " libdeflate";
  std::fprintf(to, "program features:%s\n", program.empty() ? " (none)" : program.c_str());
  line(to, "player", player, "phosphene play: window, live audio, keys (SDL2)");
  std::string video = "render --out FILE.mp4 through the ffmpeg program";
  if (videoOutputBuilt()) {
    const auto ffmpeg = findOnPath("ffmpeg");
    video += ffmpeg ? " (found: " + *ffmpeg + ")" : " (ffmpeg is not on PATH)";
  }
  line(to, "video", videoOutputBuilt(), video);
  line(to, "libdeflate", platform::checksumsUseLibdeflate(),
       "PNG frames' checksums with libdeflate's SIMD code (else zlib's, ~0.4 ms more per 640x480 "
       "frame)");
  std::fprintf(to, "data folder: %s\n", phosphene_default_data_dir());
  return 0;
}

}  // namespace phosphene::cli
