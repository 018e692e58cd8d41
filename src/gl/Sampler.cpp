#include "gl/Sampler.hpp"

#include "gl/GlErrors.hpp"

namespace phosphene::gl {

core::Expected<Sampler> Sampler::create(GLenum filter, GLenum wrap) {
  GLuint name = 0;
  glGenSamplers(1, &name);
  if (name == 0) {
    core::Diagnostics errors;
    drainGlErrors("Sampler::create", errors);
    errors.push_back(
        core::makeDiagnostic(core::DiagnosticId::GlError, "glGenSamplers failed", "gl"));
    return errors;
  }
  Sampler sampler;
  sampler.name_ = GlName<SamplerTraits>(name);
  glSamplerParameteri(name, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(filter));
  glSamplerParameteri(name, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(filter));
  glSamplerParameteri(name, GL_TEXTURE_WRAP_S, static_cast<GLint>(wrap));
  glSamplerParameteri(name, GL_TEXTURE_WRAP_T, static_cast<GLint>(wrap));
  glSamplerParameteri(name, GL_TEXTURE_WRAP_R, static_cast<GLint>(wrap));
  return sampler;
}

}  // namespace phosphene::gl
