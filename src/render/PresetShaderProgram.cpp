#include "render/PresetShaderProgram.hpp"

#include <cctype>
#include <string>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

bool flipsV(shader::TextureKind kind) {
  return kind == shader::TextureKind::Main || kind == shader::TextureKind::Blur;
}

int registerIndex(std::string_view name, std::string_view prefix) {
  if (name.substr(0, prefix.size()) != prefix) return -1;
  const std::string_view digits = name.substr(prefix.size());
  if (digits.empty() || digits.size() > 2) return -1;
  int value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace

GLuint SamplerSet::pick(shader::TextureFilter filter, shader::TextureWrap wrap) const {
  const bool point = filter == shader::TextureFilter::Point;
  const bool clamp = wrap == shader::TextureWrap::Clamp;
  return point ? (clamp ? pointClamp : pointWrap) : (clamp ? bilinearClamp : bilinearWrap);
}

std::string PresetShaderProgram::fragmentSource(const shader::TranslatedShader& shader) {
  std::string body = shader.glsl;
  if (body.compare(0, 8, "#version") == 0) {
    const std::size_t eol = body.find('\n');
    body = eol == std::string::npos ? std::string() : body.substr(eol + 1);
  }
  for (const shader::ShaderSampler& sampler : shader.samplers) {
    if (!flipsV(sampler.texture.kind) || sampler.volume) continue;
    const std::string& name = sampler.glslName;
    // The helpers go right after the sampler's declaration, so they can name it.
    const std::size_t decl = body.find("sampler2D " + name + ";");
    if (decl == std::string::npos) continue;
    const std::size_t eol = body.find('\n', decl);
    if (eol == std::string::npos) continue;
    const std::string helper = "_phos_tex_" + name;
    body.insert(eol + 1, "vec4 " + helper + "(vec2 c) { return texture(" + name +
                             ", vec2(c.x, 1.0 - c.y)); }\nvec4 " + helper +
                             "(vec2 c, float b) { return texture(" + name +
                             ", vec2(c.x, 1.0 - c.y), b); }\n");
    const std::size_t helpersEnd = body.find('\n', body.find('\n', eol + 1) + 1);
    // Every `texture(<name>,` after the helpers becomes `_phos_tex_<name>(`.
    const std::string call = "texture(" + name + ",";
    for (std::size_t at = body.find(call, helpersEnd); at != std::string::npos;
         at = body.find(call, at)) {
      const char before = at > 0 ? body[at - 1] : ' ';
      if (std::isalnum(static_cast<unsigned char>(before)) || before == '_') {
        at += call.size();
        continue;
      }
      body.replace(at, call.size(), helper + "(");
      at += helper.size() + 1;
    }
  }
  return body;
}

std::vector<GLuint> PresetShaderProgram::externalTextures() const {
  std::vector<GLuint> names;
  for (const Sampler& s : samplers_)
    if (s.external.name != 0) names.push_back(s.external.name);
  return names;
}

void PresetShaderProgram::reset() {
  program_ = {};
  uniforms_.clear();
  samplers_.clear();
  maxBlurLevel_ = 0;
  usesRandomRotations_ = false;
  pixelInputs_ = false;
}

core::Diagnostics PresetShaderProgram::build(const shader::TranslatedShader& shader,
                                             gl::GlslDialect dialect, std::string_view vertexSource,
                                             std::string_view name,
                                             const ExternalTextureResolver& resolve,
                                             FragmentAdapter adapter) {
  reset();
  std::string fragment = fragmentSource(shader);
  if (adapter.adapt != nullptr) fragment = adapter.adapt(std::move(fragment));
  const std::string source = "#ifdef VERTEX_SHADER\n" + std::string(vertexSource) +
                             "#endif\n#ifdef FRAGMENT_SHADER\n" + fragment + "#endif\n";
  auto program = gl::ShaderProgram::create(dialect, source, name);
  if (!program) return std::move(program.diagnostics());
  program_ = std::move(*program);
  program_.use();
  pixelInputs_ = adapter.pixelInputs;

  // Samplers first: texsize_<root> uniforms take their sizes from the resolved textures.
  std::vector<std::pair<std::string, preset::Float4>> sizes;
  for (const shader::ShaderSampler& s : shader.samplers) {
    Sampler sampler{s.texture, {}};
    if (s.texture.kind == shader::TextureKind::Blur)
      maxBlurLevel_ = std::max(maxBlurLevel_, s.texture.blurLevel);
    if (s.texture.kind != shader::TextureKind::Main &&
        s.texture.kind != shader::TextureKind::Blur && resolve) {
      sampler.external = resolve(s);
      if (sampler.external.width > 0 && sampler.external.height > 0) {
        const float w = static_cast<float>(sampler.external.width);
        const float h = static_cast<float>(sampler.external.height);
        sizes.emplace_back(s.texture.root, preset::Float4{w, h, 1.0f / w, 1.0f / h});
        // texsize_randNN names the slot's pick whatever prefix the sampler gave (CacheParams).
        if (s.texture.kind == shader::TextureKind::Random && s.texture.root.size() > 6)
          sizes.emplace_back(s.texture.root.substr(0, 6), sizes.back().second);
      }
    }
    const GLint location = program_.uniformLocation(s.glslName.c_str());
    glUniform1i(location, static_cast<GLint>(samplers_.size()));
    samplers_.push_back(std::move(sampler));
  }

  for (const shader::ShaderUniform& u : shader.uniforms) {
    Uniform uniform;
    uniform.location = program_.uniformLocation(u.glslName.c_str());
    if (uniform.location < 0) continue;
    const std::string_view n = u.name;
    if (n == "rand_frame") {
      uniform.source = Source::RandFrame;
    } else if (n == "rand_preset") {
      uniform.source = Source::RandPreset;
    } else if (int c = registerIndex(n, "_c"); c >= 0 && c < 14) {
      uniform.source = Source::C;
      uniform.index = c;
    } else if (n.size() == 3 && n.substr(0, 2) == "_q" && n[2] >= 'a' && n[2] <= 'p') {
      // _qa.._qh: q1..q32; _qi.._qp: MilkDrop 3's q33..q64.
      uniform.source = Source::Q;
      uniform.index = n[2] - 'a';
    } else if (int r = preset::rotationIndex(n); r >= 0) {
      uniform.source = Source::Rotation;
      uniform.index = r;
      if (r >= preset::kRotationSlots) usesRandomRotations_ = true;
    } else if (n.substr(0, 8) == "texsize_") {
      // MD2 leaves an unresolved texsize unset (zero here); a resolved one never changes.
      uniform.source = Source::Fixed;
      bool found = false;
      for (const auto& [root, size] : sizes)
        if (root == n.substr(8)) {
          uniform.fixed = size;
          found = true;
        }
      // The noise textures always exist in MD2, so their sizes are known unsampled too.
      if (!found && resolve && n.substr(8, 5) == "noise") {
        shader::ShaderSampler probe;
        probe.name = "sampler_" + std::string(n.substr(8));
        probe.glslName = probe.name;
        probe.texture = shader::classifySampler(probe.name);
        probe.volume = probe.texture.kind == shader::TextureKind::NoiseVolume;
        const ExternalTexture t = resolve(probe);
        if (t.width > 0 && t.height > 0) {
          const float w = static_cast<float>(t.width), h = static_cast<float>(t.height);
          uniform.fixed = {w, h, 1.0f / w, 1.0f / h};
        }
      }
      glUniform4fv(uniform.location, 1, uniform.fixed.data());
      continue;
    } else {
      continue;
    }
    uniforms_.push_back(uniform);
  }
  glUseProgram(0);
  core::Diagnostics errors;
  gl::drainGlErrors("PresetShaderProgram::build", errors);
  if (!errors.empty()) reset();
  return errors;
}

void PresetShaderProgram::setConstants(const preset::ShaderConstants& k) const {
  for (const Uniform& u : uniforms_) {
    const auto i = static_cast<std::size_t>(u.index);
    switch (u.source) {
      case Source::RandFrame:
        glUniform4fv(u.location, 1, k.randFrame.data());
        break;
      case Source::RandPreset:
        glUniform4fv(u.location, 1, k.randPreset.data());
        break;
      case Source::C:
        glUniform4fv(u.location, 1, k.c[i].data());
        break;
      case Source::Q:
        glUniform4fv(u.location, 1, k.q[i].data());
        break;
      case Source::Rotation:
        glUniformMatrix4x3fv(u.location, 1, GL_FALSE, k.rot[i].data());
        break;
      case Source::Fixed:
        break;
    }
  }
}

void PresetShaderProgram::bindTextures(const ShaderFrameTextures& frame,
                                       const SamplerSet& set) const {
  for (std::size_t unit = 0; unit < samplers_.size(); ++unit) {
    const Sampler& s = samplers_[unit];
    GLenum target = GL_TEXTURE_2D;
    GLuint name = 0;
    if (s.ref.kind == shader::TextureKind::Main) {
      name = frame.main ? frame.main->id() : 0;
    } else if (s.ref.kind == shader::TextureKind::Blur) {
      const int level = s.ref.blurLevel;
      const gl::Texture2D* blur =
          level >= 1 && level <= 3 ? frame.blur[static_cast<std::size_t>(level - 1)] : nullptr;
      name = blur ? blur->id() : 0;
    } else {
      target = s.external.target;
      name = s.external.name;
    }
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(target, name);
    glBindSampler(static_cast<GLuint>(unit), set.pick(s.ref.filter, s.ref.wrap));
  }
  glActiveTexture(GL_TEXTURE0);
}

void PresetShaderProgram::unbindTextures() const {
  for (std::size_t unit = 0; unit < samplers_.size(); ++unit) {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(samplers_[unit].external.target == GL_TEXTURE_3D ? GL_TEXTURE_3D : GL_TEXTURE_2D,
                  0);
    glBindSampler(static_cast<GLuint>(unit), 0);
  }
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace phosphene::render
