#pragma once
// What the current context is: API flavour, versions, renderer, extensions. Probed once per
// context; the GLSL prelude and optional features (KHR_debug) are chosen from it.

#include <string>
#include <vector>

#include "core/Expected.hpp"

namespace phosphene::gl {

/// The two shading-language dialects Phosphene writes for. One shader source serves both; only
/// the prelude (version line, precision) differs.
enum class GlslDialect { Glsl330Core, Glsl300Es };

struct Capabilities {
  bool es = false;  // OpenGL ES (WebGL 2) rather than desktop core
  int major = 0;    // context version, e.g. 4 and 5 for a 3.3-compatible 4.5 core context
  int minor = 0;
  std::string version;                  // GL_VERSION as the driver spells it
  std::string glslVersion;              // GL_SHADING_LANGUAGE_VERSION
  std::string renderer;                 // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string vendor;                   // GL_VENDOR
  std::vector<std::string> extensions;  // sorted
  int maxTextureSize = 0;

  bool hasExtension(std::string_view name) const;
  /// glDebugMessageCallback is usable (GL 4.3+/ES 3.2+ or GL_KHR_debug).
  bool hasDebugOutput() const;
  GlslDialect dialect() const { return es ? GlslDialect::Glsl300Es : GlslDialect::Glsl330Core; }
  /// Human-readable multi-line report (`phosphene render --verbose`).
  std::string report() const;
};

/// Probes the context current on this thread. GL001 when no context is current, GL002 when it is
/// older than OpenGL 3.3 / OpenGL ES 3.0.
core::Expected<Capabilities> probeCapabilities();

}  // namespace phosphene::gl
