#include "RenderGl.hpp"

#include <cstdio>

namespace phosphene::cli {
namespace {

template <class T>
bool reportFailure(const core::Expected<T>& e) {
  if (e) return false;
  for (const auto& d : e.diagnostics())
    std::fprintf(stderr, "phosphene render: %s\n", d.format().c_str());
  return true;
}

}  // namespace

std::unique_ptr<RenderGl> RenderGl::open(const RenderOptions& o) {
  auto context = openHeadlessContext(o.gl, o.verbose, o.size.width, o.size.height);
  if (reportFailure(context)) return nullptr;
  if (o.verbose) {
    auto report = platform::glCapabilityReport();
    if (reportFailure(report)) return nullptr;
    std::fprintf(stderr, "context: %s%s\n%s", context->description().c_str(),
                 rasterThreadsNote().c_str(), report->c_str());
  }
  auto framebuffer = platform::OffscreenFramebuffer::create(o.size.width, o.size.height);
  if (reportFailure(framebuffer)) return nullptr;
  std::unique_ptr<RenderGl> gl(new RenderGl{std::move(*context), std::move(*framebuffer), {}});
  if (o.verbose)
    gl->debugMessages = platform::GlDebugMessages::install([](std::string_view message) {
      std::fprintf(stderr, "GL %.*s\n", static_cast<int>(message.size()), message.data());
    });
  return gl;
}

const char* RenderGl::apiName() const {
  return context.api() == platform::GlApi::Es30 ? "GL ES 3" : "GL 3.3 core";
}

}  // namespace phosphene::cli
