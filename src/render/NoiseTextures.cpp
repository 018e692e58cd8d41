#include "render/NoiseTextures.hpp"

#include <string>

#include "gl/GlErrors.hpp"
#include "render/TextureUploadGuard.hpp"

namespace phosphene::render {
namespace {

GLuint upload2d(const NoiseImage& image) {
  GLuint name = 0;
  glGenTextures(1, &name);
  glBindTexture(GL_TEXTURE_2D, name);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  // MD2 asks D3D for auto-generated mips (AddNoiseTex: D3DUSAGE_AUTOGENMIPMAP, levels 0 = all)
  // and samples with a linear mip filter, so minified noise averages out as it does there.
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  return name;
}

GLuint upload3d(const NoiseImage& image) {
  GLuint name = 0;
  glGenTextures(1, &name);
  glBindTexture(GL_TEXTURE_3D, name);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, image.width, image.height, image.depth, 0, GL_RGBA,
               GL_UNSIGNED_BYTE, image.rgba.data());
  // AddNoiseVol makes one level ("DX9 doesn't do auto mipgen w/volume textures"). MAX_LEVEL 0
  // keeps the texture complete whatever min filter a sampler object asks for.
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAX_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_REPEAT);
  return name;
}

}  // namespace

core::Diagnostics NoiseTextures::init(std::uint64_t seed) {
  core::Diagnostics errors;
  gl::drainGlErrors("before NoiseTextures::init", errors);
  errors.clear();  // not ours to report
  entries_.clear();
  TextureUploadGuard guard;
  for (const NoiseSpec& spec : noiseSpecs()) {
    const NoiseImage image = makeNoiseImage(spec.root, seed);
    Entry entry{spec,
                gl::GlName<gl::TextureTraits>(spec.volume ? upload3d(image) : upload2d(image))};
    if (!gl::drainGlErrors("NoiseTextures::init " + std::string(spec.root), errors)) continue;
    entries_.push_back(std::move(entry));
  }
  return errors;
}

const NoiseTextures::Entry* NoiseTextures::find(std::string_view root) const {
  for (const Entry& e : entries_)
    if (e.spec.root == root) return &e;
  return nullptr;
}

GLuint NoiseTextures::texture(std::string_view root) const {
  const Entry* e = find(root);
  return e ? e->name.get() : 0;
}

bool NoiseTextures::isVolume(std::string_view root) const {
  const std::optional<NoiseSpec> spec = findNoiseSpec(root);
  return spec && spec->volume;
}

std::array<float, 4> NoiseTextures::sizeUniform(std::string_view root) const {
  const std::optional<NoiseSpec> spec = findNoiseSpec(root);
  if (!spec) return {0.0f, 0.0f, 0.0f, 0.0f};
  const auto s = static_cast<float>(spec->size);
  return {s, s, 1.0f / s, 1.0f / s};
}

}  // namespace phosphene::render
