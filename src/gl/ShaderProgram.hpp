#pragma once
// A linked GLSL program built from ONE source text holding both stages. The source is written in
// the common subset of GLSL 3.30 core and GLSL ES 3.00 and is compiled twice: once with
// VERTEX_SHADER defined, once with FRAGMENT_SHADER, each after a prelude picked for the context
// (version line, default precision). So one file serves desktop, ES and WebGL 2.
//
//   #ifdef VERTEX_SHADER
//   layout(location = 0) in vec2 aPos;
//   void main() { gl_Position = vec4(aPos, 0.0, 1.0); }
//   #endif
//   #ifdef FRAGMENT_SHADER
//   out vec4 fragColor;
//   void main() { fragColor = vec4(1.0); }
//   #endif
//
// Uniforms are looked up by name (explicit uniform locations are not in GLSL 3.30).

#include <string>
#include <string_view>

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlName.hpp"

namespace phosphene::gl {

struct ProgramTraits {
  static void destroy(GLuint name) { glDeleteProgram(name); }
};

/// The text put before a stage's source: version line, precision (ES), stage define, and a
/// `#line 1` so the driver's line numbers in errors are the source's own.
std::string shaderPrelude(GlslDialect dialect, GLenum stage);

class ShaderProgram {
 public:
  ShaderProgram() = default;

  /// Compiles both stages and links them. On failure the diagnostics are GL003 (compile; section
  /// "<name>.vert"/"<name>.frag", the line of the first error when the log names one) or GL004
  /// (link), each carrying the driver's info log.
  static core::Expected<ShaderProgram> create(GlslDialect dialect, std::string_view source,
                                              std::string_view name);

  GLuint id() const { return program_.get(); }
  explicit operator bool() const { return static_cast<bool>(program_); }
  void use() const { glUseProgram(program_.get()); }
  /// -1 when the program has no active uniform of that name (GL ignores sets to -1).
  GLint uniformLocation(const char* name) const;

 private:
  explicit ShaderProgram(GLuint program) : program_(program) {}
  GlName<ProgramTraits> program_;
};

}  // namespace phosphene::gl
