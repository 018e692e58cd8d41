#include "gl/ShaderProgram.hpp"

#include <cstdio>
#include <vector>

namespace phosphene::gl {
namespace {

struct ShaderTraits {
  static void destroy(GLuint name) { glDeleteShader(name); }
};
using Shader = GlName<ShaderTraits>;

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return std::string(log.data());
}

std::string programLog(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return std::string(log.data());
}

// Drivers prefix errors with the source line in a few shapes: Mesa "0:12(5): error", NVIDIA
// "0(12) : error", ANGLE/others "ERROR: 0:12: ...". Returns 0 when none is recognised.
int firstErrorLine(const std::string& log) {
  int file = 0, line = 0, col = 0;
  if (std::sscanf(log.c_str(), "%d:%d(%d)", &file, &line, &col) == 3) return line;
  if (std::sscanf(log.c_str(), "%d(%d)", &file, &line) == 2) return line;
  if (std::sscanf(log.c_str(), "ERROR: %d:%d", &file, &line) == 2) return line;
  return 0;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\0')) s.pop_back();
  return s;
}

core::Expected<Shader> compileStage(GlslDialect dialect, GLenum stage, std::string_view source,
                                    std::string_view name) {
  Shader shader(glCreateShader(stage));
  const std::string section = std::string(name) + (stage == GL_VERTEX_SHADER ? ".vert" : ".frag");
  if (!shader)
    return core::makeDiagnostic(core::DiagnosticId::GlShaderCompile, "glCreateShader failed",
                                section);
  const std::string prelude = shaderPrelude(dialect, stage);
  const char* parts[] = {prelude.c_str(), source.data()};
  const GLint lengths[] = {static_cast<GLint>(prelude.size()), static_cast<GLint>(source.size())};
  glShaderSource(shader.get(), 2, parts, lengths);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    const std::string log = trimmed(shaderLog(shader.get()));
    return core::makeDiagnostic(core::DiagnosticId::GlShaderCompile,
                                log.empty() ? "compile failed (driver gave no log)" : log, section,
                                firstErrorLine(log));
  }
  return shader;
}

}  // namespace

std::string shaderPrelude(GlslDialect dialect, GLenum stage) {
  std::string p = dialect == GlslDialect::Glsl300Es ? "#version 300 es\n" : "#version 330 core\n";
  // ES fragment shaders have no default float precision; highp is required of ES 3.0 fragment
  // stages, and stating it for both stages keeps uniforms shared between them identical.
  if (dialect == GlslDialect::Glsl300Es) p += "precision highp float;\nprecision highp int;\n";
  p += stage == GL_VERTEX_SHADER ? "#define VERTEX_SHADER 1\n" : "#define FRAGMENT_SHADER 1\n";
  p += "#line 1\n";
  return p;
}

core::Expected<ShaderProgram> ShaderProgram::create(GlslDialect dialect, std::string_view source,
                                                    std::string_view name) {
  core::Diagnostics errors;
  auto vs = compileStage(dialect, GL_VERTEX_SHADER, source, name);
  auto fs = compileStage(dialect, GL_FRAGMENT_SHADER, source, name);
  for (auto* stage : {&vs, &fs})
    if (!stage->ok())
      errors.insert(errors.end(), stage->diagnostics().begin(), stage->diagnostics().end());
  if (!errors.empty()) return errors;

  ShaderProgram program(glCreateProgram());
  if (!program)
    return core::makeDiagnostic(core::DiagnosticId::GlProgramLink, "glCreateProgram failed",
                                std::string(name));
  glAttachShader(program.id(), vs->get());
  glAttachShader(program.id(), fs->get());
  glLinkProgram(program.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
  // Shaders stay alive only as long as the program needs them; detaching lets GL free them now.
  glDetachShader(program.id(), vs->get());
  glDetachShader(program.id(), fs->get());
  if (ok != GL_TRUE) {
    const std::string log = trimmed(programLog(program.id()));
    return core::makeDiagnostic(core::DiagnosticId::GlProgramLink,
                                log.empty() ? "link failed (driver gave no log)" : log,
                                std::string(name));
  }
  return program;
}

GLint ShaderProgram::uniformLocation(const char* uniform) const {
  return glGetUniformLocation(program_.get(), uniform);
}

}  // namespace phosphene::gl
