#include "GlTestContext.hpp"

namespace phosphene::gltest {

std::unique_ptr<GlTestContext> GlTestContext::create(platform::GlApi api, std::string& skipReason,
                                                     std::string& error) {
  platform::HeadlessOptions options;
  options.api = api;
  options.debug = true;
  auto context = platform::HeadlessContext::create(options);
  if (!context) {
    const auto& d = context.diagnostics().front();
    (d.id == core::DiagnosticId::GlUnavailable ? skipReason : error) = d.format();
    return nullptr;
  }
  auto caps = gl::probeCapabilities();
  if (!caps) {
    error = caps.diagnostics().front().format();
    return nullptr;
  }
  auto ctx = std::make_unique<GlTestContext>(Private{}, std::move(*context), std::move(*caps));
  auto sink = ctx->debugErrors_;
  ctx->debug_ = gl::DebugOutput::install(ctx->caps_, [sink](const gl::DebugMessage& m) {
    if (m.isError()) sink->emplace_back(m.text);
  });
  return ctx;
}

std::string apiTestName(const ::testing::TestParamInfo<platform::GlApi>& info) {
  return info.param == platform::GlApi::Es30 ? "es3" : "gl33";
}

}  // namespace phosphene::gltest
