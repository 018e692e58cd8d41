#pragma once
// A headless context for one GL test, with its capabilities probed and KHR_debug errors
// collected. Tests skip (not fail) only when the machine has no EGL display at all; any other
// failure to get a 3.3 core / ES 3.0 context is a failure.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "HeadlessContext.hpp"
#include "gl/Capabilities.hpp"
#include "gl/DebugOutput.hpp"

namespace phosphene::gltest {

class GlTestContext {
 public:
  /// Empty with `skipReason` set when there is no EGL display; empty with `error` set on any
  /// other failure.
  static std::unique_ptr<GlTestContext> create(platform::GlApi api, std::string& skipReason,
                                               std::string& error);

  const gl::Capabilities& caps() const { return caps_; }
  /// KHR_debug messages of type "error" seen so far (text).
  const std::vector<std::string>& debugErrors() const { return *debugErrors_; }

  struct Private {};  // only create() constructs
  GlTestContext(Private, platform::HeadlessContext context, gl::Capabilities caps)
      : context_(std::move(context)), caps_(std::move(caps)) {}

 private:
  platform::HeadlessContext context_;
  gl::Capabilities caps_;
  std::shared_ptr<std::vector<std::string>> debugErrors_ =
      std::make_shared<std::vector<std::string>>();
  std::unique_ptr<gl::DebugOutput> debug_;
};

/// For value-parameterised tests: "gl33" / "es3".
std::string apiTestName(const ::testing::TestParamInfo<platform::GlApi>& info);

}  // namespace phosphene::gltest

// Creates `var` (a unique_ptr<GlTestContext>) for `api` or skips/fails the current test.
#define PHOSPHENE_GL_CONTEXT_OR_SKIP(var, api)                                         \
  std::string var##_skip, var##_error;                                                 \
  auto var = ::phosphene::gltest::GlTestContext::create(api, var##_skip, var##_error); \
  if (!var && !var##_skip.empty()) GTEST_SKIP() << var##_skip;                         \
  ASSERT_TRUE(var) << var##_error
