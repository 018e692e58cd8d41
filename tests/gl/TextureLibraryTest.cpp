// User and random textures on GL 3.3 core and GL ES 3.0: files from tests/data/textures are found
// by MilkDrop 2's rules (plugin.cpp `texture_exts` order jpg, dds, png, tga, bmp, dib;
// PickRandomTexture), uploaded with the image's top row as texture row 0 (so MD2's uv, v = 0 at
// the top, samples them unchanged), mipmapped like D3DXCreateTextureFromFileEx's full chain, and
// cached per file; missing or broken files bind an opaque black 1x1 texture with a warning.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "GlTestContext.hpp"
#include "TextureReadback.hpp"
#include "gl/Buffer.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlErrors.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "render/TextureLibrary.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using render::BoundTexture;
using render::TextureLibrary;

const std::filesystem::path kDir =
    std::filesystem::path(PHOSPHENE_SOURCE_DIR) / "tests/data/textures";

using Rgba = std::array<int, 4>;
Rgba at(const std::vector<std::uint8_t>& texels, int width, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 4;
  return {texels[i], texels[i + 1], texels[i + 2], texels[i + 3]};
}

class TextureLibraryGl : public ::testing::TestWithParam<GlApi> {
 protected:
  static BoundTexture resolve(TextureLibrary& lib, std::string_view sampler,
                              core::Diagnostics& diags, std::uint64_t seed = 1) {
    clock::Random random(seed);
    return lib.resolve(shader::classifySampler(sampler), random, diags);
  }
};

TEST_P(TextureLibraryGl, PngLoadsWithItsPixelsTopRowFirst) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir});
  core::Diagnostics diags;
  const BoundTexture t = resolve(lib, "sampler_card", diags);
  ASSERT_TRUE(diags.empty()) << diags.front().format();
  ASSERT_NE(t.name, 0u);
  EXPECT_EQ(t.width, 4);
  EXPECT_EQ(t.height, 2);
  const auto texels = readTextureLevel(t.name, GL_TEXTURE_2D, 0, 0, 4, 2);
  ASSERT_EQ(texels.size(), 32u);
  EXPECT_EQ(at(texels, 4, 0, 0), (Rgba{255, 0, 0, 255}));  // image top-left: red
  EXPECT_EQ(at(texels, 4, 3, 0), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(at(texels, 4, 1, 1), (Rgba{255, 255, 0, 255}));
  EXPECT_EQ(at(texels, 4, 3, 1), (Rgba{255, 0, 255, 128}));
  // Mipmapped: 4x2, 2x1, 1x1; the last level exists.
  EXPECT_EQ(readTextureLevel(t.name, GL_TEXTURE_2D, 2, 0, 1, 1).size(), 4u);
  EXPECT_TRUE(ctx->debugErrors().empty());
}

// A shader sampling at MD2 uv (u, v) with v = 0 at the top reads the image's top row, through
// the texture's own (trilinear) filtering at level 0.
TEST_P(TextureLibraryGl, ShaderUvWithVDownReadsTheImageAsMilkDropDoes) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir});
  core::Diagnostics diags;
  const BoundTexture t = resolve(lib, "sampler_card_tga", diags);
  ASSERT_TRUE(diags.empty()) << diags.front().format();
  // Target pixel (x, y) (GL: y up) samples uv = texel centre of image texel (x, 1 - y).
  const char* source =
      "#ifdef VERTEX_SHADER\n"
      "layout(location = 0) in vec2 aPos;\n"
      "void main() { gl_Position = vec4(aPos, 0.0, 1.0); }\n"
      "#endif\n"
      "#ifdef FRAGMENT_SHADER\n"
      "uniform sampler2D uTex;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "  vec2 uv = vec2(gl_FragCoord.x / 4.0, 1.0 - gl_FragCoord.y / 2.0);\n"
      "  c = texture(uTex, uv);\n"
      "}\n"
      "#endif\n";
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), source, "uv");
  ASSERT_TRUE(program.ok()) << program.diagnostics().front().format();
  const float quad[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
  auto vbo = gl::Buffer::create(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  auto vao = gl::VertexArray::create();
  ASSERT_TRUE(vbo.ok() && vao.ok());
  vao->attribute(0, *vbo, 2, GL_FLOAT, false, 2 * sizeof(float), 0);
  auto fb = gl::Framebuffer::create({4, 2});
  ASSERT_TRUE(fb.ok());
  fb->bind();
  program->use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t.name);
  glUniform1i(program->uniformLocation("uTex"), 0);
  vao->bind();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
  std::vector<std::uint8_t> out;
  fb->readRgba8(out);                                   // GL rows: bottom first
  EXPECT_EQ(at(out, 4, 0, 1), (Rgba{255, 0, 0, 255}));  // top of the screen: image top row
  EXPECT_EQ(at(out, 4, 2, 1), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(at(out, 4, 0, 0), (Rgba{0, 0, 0, 255}));  // bottom: image bottom row
  EXPECT_EQ(at(out, 4, 2, 0), (Rgba{0, 255, 255, 255}));
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(TextureLibraryGl, EachFileIsLoadedOnceAndJpgWinsOverPng) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir});
  core::Diagnostics diags;
  const BoundTexture a = resolve(lib, "sampler_card", diags);
  const BoundTexture b = resolve(lib, "sampler_pc_card", diags);  // same file, other state code
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(lib.loadedCount(), 1u);
  const BoundTexture both = resolve(lib, "sampler_both", diags);
  ASSERT_TRUE(diags.empty()) << diags.front().format();
  EXPECT_EQ(both.width, 8);  // both.jpg is 8x8 red; both.png is 1x1 green
  const auto texels = readTextureLevel(both.name, GL_TEXTURE_2D, 0, 0, 8, 8);
  EXPECT_GT(at(texels, 8, 4, 4)[0], 180);
  EXPECT_LT(at(texels, 8, 4, 4)[1], 60);
  const BoundTexture dds = resolve(lib, "sampler_card_dxt1", diags);
  ASSERT_TRUE(diags.empty()) << diags.front().format();
  EXPECT_EQ(at(readTextureLevel(dds.name, GL_TEXTURE_2D, 0, 0, 4, 2), 4, 1, 0),
            (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(lib.loadedCount(), 3u);
}

TEST_P(TextureLibraryGl, MissingTextureBindsOpaqueBlackWithAWarning) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir, kDir / "no_such_folder"});
  core::Diagnostics diags;
  const BoundTexture t = resolve(lib, "sampler_worms", diags);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].id, core::DiagnosticId::TextureNotFound);
  EXPECT_EQ(core::diagnosticCode(diags[0].id), "TEX001");
  EXPECT_EQ(diags[0].severity, core::Severity::Warning);
  EXPECT_NE(diags[0].message.find("worms"), std::string::npos);
  EXPECT_NE(diags[0].message.find("no_such_folder"), std::string::npos);
  ASSERT_NE(t.name, 0u);
  EXPECT_EQ(t.width, 1);
  EXPECT_EQ(readTextureLevel(t.name, GL_TEXTURE_2D, 0, 0, 1, 1),
            (std::vector<std::uint8_t>{0, 0, 0, 255}));
  EXPECT_EQ(lib.loadedCount(), 0u);
}

TEST_P(TextureLibraryGl, BrokenFilesWarnEveryTimeAndBindTheFallback) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir});
  const GLuint black = lib.fallback().name;
  for (const char* root :
       {"truncated", "notanimage", "truncated_dxt1", "unsupported_dx10", "truncated"}) {
    core::Diagnostics diags;
    const BoundTexture t = resolve(lib, std::string("sampler_fw_") + root, diags);
    EXPECT_EQ(t.name, black) << root;
    ASSERT_EQ(diags.size(), 1u) << root;
    EXPECT_EQ(diags[0].id, core::DiagnosticId::TextureUndecodable) << root;
    EXPECT_EQ(core::diagnosticCode(diags[0].id), "TEX002");
    EXPECT_NE(diags[0].message.find(std::string("sampler_") + root), std::string::npos)
        << diags[0].message;
  }
  EXPECT_EQ(lib.loadedCount(), 0u);
  core::Diagnostics glErrors;
  EXPECT_TRUE(gl::drainGlErrors("broken textures", glErrors));
}

TEST_P(TextureLibraryGl, RandomSamplersPickByPrefixTheSameWayForTheSameSeed) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  TextureLibrary lib;
  lib.setSearchPath({kDir / "random"});
  std::set<std::array<int, 4>> colours;
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    core::Diagnostics diags;
    const BoundTexture t = resolve(lib, "sampler_rand00_smalltiled", diags, seed);
    ASSERT_TRUE(diags.empty()) << diags.front().format();
    const BoundTexture again = resolve(lib, "sampler_rand00_smalltiled", diags, seed);
    EXPECT_EQ(t.name, again.name) << "seed " << seed;
    colours.insert(at(readTextureLevel(t.name, GL_TEXTURE_2D, 0, 0, 1, 1), 1, 0, 0));
  }
  // Only the two smalltiled* files (red, green; one named in other case), never other_blue.
  EXPECT_EQ(colours, (std::set<std::array<int, 4>>{{255, 0, 0, 255}, {0, 255, 0, 255}}));
  core::Diagnostics diags;
  const BoundTexture none = resolve(lib, "sampler_rand03_nomatch", diags);
  EXPECT_EQ(none.name, lib.fallback().name);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].id, core::DiagnosticId::TextureNoRandomMatch);
  EXPECT_NE(diags[0].message.find("sampler_rand03_nomatch"), std::string::npos);
  // Other kinds are not the library's.
  diags.clear();
  EXPECT_EQ(resolve(lib, "sampler_main", diags).name, 0u);
  EXPECT_EQ(resolve(lib, "sampler_noise_lq", diags).name, 0u);
  EXPECT_TRUE(diags.empty());
}

INSTANTIATE_TEST_SUITE_P(Api, TextureLibraryGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
