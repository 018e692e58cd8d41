#include "HeadlessGlChoice.hpp"

#include "core/Diagnostic.hpp"

namespace phosphene::cli {

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

core::Expected<platform::HeadlessContext> openHeadlessContext(const HeadlessGlChoice& gl,
                                                              bool debug) {
  platform::HeadlessOptions ho;
  ho.api = gl.api;
  ho.debug = debug;
  auto ctx = platform::HeadlessContext::create(ho);
  if (!ctx && !gl.apiGiven && ctx.diagnostics().front().id == core::DiagnosticId::GlVersionTooLow) {
    ho.api = platform::GlApi::Es30;
    auto es = platform::HeadlessContext::create(ho);
    if (es) return es;
  }
  return ctx;
}

}  // namespace phosphene::cli
