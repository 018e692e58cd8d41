// The noise textures as GL objects, on GL 3.3 core and GL ES 3.0: MD2's sizes (plugin.cpp
// AddNoiseTex / AddNoiseVol: 256², 32², 256², 256² 2D with auto-generated mips; 32³ volumes with
// one level), the generator's bytes uploaded unchanged, 3D sampling, and host state kept.
#include <gtest/gtest.h>

#include <cmath>

#include "GlTestContext.hpp"
#include "TextureReadback.hpp"
#include "gl/Buffer.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlErrors.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "render/NoiseTextures.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using render::NoiseTextures;

class NoiseTexturesGl : public ::testing::TestWithParam<GlApi> {};

TEST_P(NoiseTexturesGl, EveryRootUploadsTheGeneratorsBytesAtMilkDropsSize) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  NoiseTextures noise;
  EXPECT_EQ(noise.texture("noise_lq"), 0u);  // nothing before init
  const core::Diagnostics errors = noise.init(1234);
  ASSERT_TRUE(errors.empty()) << errors.front().format();
  for (const render::NoiseSpec& spec : render::noiseSpecs()) {
    const GLuint name = noise.texture(spec.root);
    ASSERT_NE(name, 0u) << spec.root;
    EXPECT_EQ(noise.isVolume(spec.root), spec.volume) << spec.root;
    const auto size = noise.sizeUniform(spec.root);
    EXPECT_EQ(size[0], static_cast<float>(spec.size));
    EXPECT_EQ(size[1], static_cast<float>(spec.size));
    EXPECT_FLOAT_EQ(size[2], 1.0f / static_cast<float>(spec.size));
    const render::NoiseImage image = render::makeNoiseImage(spec.root, 1234);
    const std::size_t sliceBytes = static_cast<std::size_t>(spec.size) * spec.size * 4;
    for (int layer : spec.volume ? std::vector<int>{0, 17, spec.size - 1} : std::vector<int>{0}) {
      const auto texels = readTextureLevel(name, spec.volume ? GL_TEXTURE_3D : GL_TEXTURE_2D, 0,
                                           layer, spec.size, spec.size);
      ASSERT_EQ(texels.size(), sliceBytes) << spec.root;
      const auto begin = image.rgba.begin() + static_cast<std::ptrdiff_t>(sliceBytes * layer);
      EXPECT_TRUE(std::equal(texels.begin(), texels.end(), begin))
          << spec.root << " layer " << layer;
    }
  }
  EXPECT_EQ(noise.texture("noise_xq"), 0u);
  EXPECT_FALSE(noise.isVolume("clouds"));
  EXPECT_EQ(noise.sizeUniform("clouds")[0], 0.0f);
  core::Diagnostics glErrors;
  EXPECT_TRUE(gl::drainGlErrors("noise test", glErrors));
  EXPECT_TRUE(ctx->debugErrors().empty());
}

// 2D noise has a full mip chain (MD2: D3DUSAGE_AUTOGENMIPMAP): level 1 is the 2x2 box average
// of level 0 (within rounding), and the 1x1 level exists.
TEST_P(NoiseTexturesGl, TwoDimensionalNoiseHasMipmaps) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  NoiseTextures noise;
  ASSERT_TRUE(noise.init(5).empty());
  const GLuint name = noise.texture("noise_lq");
  const auto level0 = readTextureLevel(name, GL_TEXTURE_2D, 0, 0, 256, 256);
  const auto level1 = readTextureLevel(name, GL_TEXTURE_2D, 1, 0, 128, 128);
  const auto level8 = readTextureLevel(name, GL_TEXTURE_2D, 8, 0, 1, 1);
  ASSERT_EQ(level1.size(), 128u * 128u * 4u);
  ASSERT_EQ(level8.size(), 4u);
  int worst = 0;
  for (int y = 0; y < 128; ++y)
    for (int x = 0; x < 128; ++x)
      for (int c = 0; c < 4; ++c) {
        const auto at = [&](int xx, int yy) {
          return static_cast<int>(level0[(static_cast<std::size_t>(yy) * 256 + xx) * 4 + c]);
        };
        const double mean = (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) +
                             at(2 * x + 1, 2 * y + 1)) /
                            4.0;
        worst = std::max(
            worst, static_cast<int>(std::lround(
                       std::abs(mean - level1[(static_cast<std::size_t>(y) * 128 + x) * 4 + c]))));
      }
  EXPECT_LE(worst, 1);
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(level8[static_cast<std::size_t>(c)], 128, 6);
}

// A shader samples the volume at texel centres of slice 9: the texture is complete and samplable
// as a sampler3D on both APIs (volumes have one level and MAX_LEVEL 0).
TEST_P(NoiseTexturesGl, VolumeIsSampledAsA3DTexture) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  NoiseTextures noise;
  ASSERT_TRUE(noise.init(77).empty());
  const char* source =
      "#ifdef VERTEX_SHADER\n"
      "layout(location = 0) in vec2 aPos;\n"
      "void main() { gl_Position = vec4(aPos, 0.0, 1.0); }\n"
      "#endif\n"
      "#ifdef FRAGMENT_SHADER\n"
      "precision highp sampler3D;\n"
      "uniform sampler3D uVol;\n"
      "out vec4 c;\n"
      "void main() { c = texture(uVol, vec3(gl_FragCoord.xy, 9.5) / 32.0); }\n"
      "#endif\n";
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), source, "vol");
  ASSERT_TRUE(program.ok()) << program.diagnostics().front().format();
  const float quad[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
  auto vbo = gl::Buffer::create(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  auto vao = gl::VertexArray::create();
  ASSERT_TRUE(vbo.ok() && vao.ok());
  vao->attribute(0, *vbo, 2, GL_FLOAT, false, 2 * sizeof(float), 0);
  auto fb = gl::Framebuffer::create({32, 32});
  ASSERT_TRUE(fb.ok());
  fb->bind();
  program->use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_3D, noise.texture("noisevol_hq"));
  glUniform1i(program->uniformLocation("uVol"), 0);
  vao->bind();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_3D, 0);
  std::vector<std::uint8_t> out;
  fb->readRgba8(out);
  const render::NoiseImage image = render::makeNoiseImage("noisevol_hq", 77);
  const std::size_t slice = 32u * 32u * 4u;
  int worst = 0;
  for (std::size_t i = 0; i < slice; ++i)
    worst = std::max(worst, std::abs(int(out[i]) - int(image.rgba[9 * slice + i])));
  EXPECT_LE(worst, 1);
  EXPECT_TRUE(ctx->debugErrors().empty());
}

// Uploading must not disturb what the host set: unpack parameters, the unpack buffer and the
// texture bound on the active unit.
TEST_P(NoiseTexturesGl, HostUnpackStateAndBindingsAreKept) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  GLuint hostTexture = 0, hostBuffer = 0;
  glGenTextures(1, &hostTexture);
  glBindTexture(GL_TEXTURE_2D, hostTexture);
  glGenBuffers(1, &hostBuffer);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, hostBuffer);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 64, nullptr, GL_STREAM_DRAW);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 7);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 2);
  NoiseTextures noise;
  ASSERT_TRUE(noise.init(3).empty());
  GLint value = 0;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &value);
  EXPECT_EQ(value, 1);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &value);
  EXPECT_EQ(value, 7);
  glGetIntegerv(GL_UNPACK_SKIP_ROWS, &value);
  EXPECT_EQ(value, 2);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &value);
  EXPECT_EQ(static_cast<GLuint>(value), hostBuffer);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &value);
  EXPECT_EQ(static_cast<GLuint>(value), hostTexture);
  // And the data went in tightly packed despite the host's settings.
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  const auto texels = readTextureLevel(noise.texture("noise_lq_lite"), GL_TEXTURE_2D, 0, 0, 32, 32);
  EXPECT_EQ(texels, render::makeNoiseImage("noise_lq_lite", 3).rgba);
  glDeleteBuffers(1, &hostBuffer);
  glDeleteTextures(1, &hostTexture);
}

INSTANTIATE_TEST_SUITE_P(Api, NoiseTexturesGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
