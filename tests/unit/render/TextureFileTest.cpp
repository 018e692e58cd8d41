// Decoding texture files (render/TextureFile.hpp, render/DdsFile.hpp) from tests/data/textures.
// MD2 loads jpg, dds, png, tga, bmp and dib (plugin.cpp `texture_exts`); broken files must give
// TEX002, never a crash.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <iterator>

#include "render/DdsFile.hpp"
#include "render/TextureFile.hpp"

namespace phosphene::render {
namespace {

const std::filesystem::path kDir =
    std::filesystem::path(PHOSPHENE_SOURCE_DIR) / "tests/data/textures";

using Rgba = std::array<int, 4>;

Rgba pixel(const DecodedImage& im, int x, int y) {
  const std::size_t at = (static_cast<std::size_t>(y) * im.width + x) * 4;
  return {im.rgba[at], im.rgba[at + 1], im.rgba[at + 2], im.rgba[at + 3]};
}

// The 4x2 test card of tests/data/textures/README.md, top row first.
const std::array<std::array<Rgba, 4>, 2> kCard = {{
    {{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}},
    {{{0, 0, 0, 255}, {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 128}}},
}};

void expectCard(const char* file, bool alpha) {
  const core::Expected<DecodedImage> im = readTextureImage(kDir / file);
  ASSERT_TRUE(im.ok()) << file << ": "
                       << (im.diagnostics().empty() ? "" : im.diagnostics()[0].message);
  ASSERT_EQ(im->width, 4) << file;
  ASSERT_EQ(im->height, 2) << file;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      Rgba want = kCard[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (!alpha) want[3] = 255;
      EXPECT_EQ(pixel(*im, x, y), want) << file << " at " << x << "," << y;
    }
}

TEST(TextureFile, LosslessFormatsDecodeTopRowFirst) {
  expectCard("card.png", true);
  expectCard("card_tga.tga", false);
  expectCard("card_bmp.bmp", false);
  expectCard("card_argb.dds", true);
}

TEST(TextureFile, JpegDecodesWithinCompressionError) {
  const core::Expected<DecodedImage> im = readTextureImage(kDir / "halves.jpg");
  ASSERT_TRUE(im.ok());
  ASSERT_EQ(im->width, 16);
  ASSERT_EQ(im->height, 16);
  const Rgba left = pixel(*im, 2, 8), right = pixel(*im, 13, 8);
  const Rgba wantLeft{255, 128, 0, 255}, wantRight{0, 64, 255, 255};
  for (int c = 0; c < 4; ++c) {
    EXPECT_NEAR(left[static_cast<std::size_t>(c)], wantLeft[static_cast<std::size_t>(c)], 6) << c;
    EXPECT_NEAR(right[static_cast<std::size_t>(c)], wantRight[static_cast<std::size_t>(c)], 6) << c;
  }
}

// S3TC rules (EXT_texture_compression_s3tc): DXT1 with c0 > c1 has four colours c0, c1,
// (2 c0 + c1) / 3, (c0 + 2 c1) / 3. The fixture's block: red, blue; rows 0 1 2 3 / 1 0 3 2.
TEST(TextureFile, Dxt1DecodesFourColourBlocks) {
  const core::Expected<DecodedImage> im = readTextureImage(kDir / "card_dxt1.dds");
  ASSERT_TRUE(im.ok());
  ASSERT_EQ(im->width, 4);
  ASSERT_EQ(im->height, 2);
  const Rgba red{255, 0, 0, 255}, blue{0, 0, 255, 255}, c2{170, 0, 85, 255}, c3{85, 0, 170, 255};
  const std::array<Rgba, 8> want = {red, blue, c2, c3, blue, red, c3, c2};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(pixel(*im, i % 4, i / 4), want[static_cast<std::size_t>(i)]) << i;
}

// DXT5: alpha a0 = 255 > a1 = 0 gives eight levels, code k >= 2 = ((8 - k) a0 + (k - 1) a1) / 7;
// colours always in four-colour mode (c0 green, c1 black). Texel i has alpha code i % 8 and
// colour index i % 4.
TEST(TextureFile, Dxt5DecodesInterpolatedAlpha) {
  const core::Expected<DecodedImage> im = readTextureImage(kDir / "card_dxt5.dds");
  ASSERT_TRUE(im.ok());
  const std::array<int, 8> alpha = {255, 0, 218, 182, 145, 109, 72, 36};
  const std::array<int, 4> green = {255, 0, 170, 85};
  for (int i = 0; i < 8; ++i) {
    const Rgba p = pixel(*im, i % 4, i / 4);
    EXPECT_EQ(p[3], alpha[static_cast<std::size_t>(i % 8)]) << i;
    EXPECT_EQ(p[1], green[static_cast<std::size_t>(i % 4)]) << i;
    EXPECT_EQ(p[0], 0) << i;
  }
}

TEST(TextureFile, BrokenFilesAreWarningsNotCrashes) {
  for (const char* file :
       {"truncated.png", "notanimage.png", "truncated_dxt1.dds", "unsupported_dx10.dds"}) {
    const core::Expected<DecodedImage> im = readTextureImage(kDir / file);
    ASSERT_FALSE(im.ok()) << file;
    ASSERT_FALSE(im.diagnostics().empty());
    EXPECT_EQ(im.diagnostics()[0].id, core::DiagnosticId::TextureUndecodable) << file;
    EXPECT_EQ(im.diagnostics()[0].severity, core::Severity::Warning) << file;
    EXPECT_NE(im.diagnostics()[0].message.find(file), std::string::npos)
        << im.diagnostics()[0].message;
  }
  const core::Expected<DecodedImage> dx10 = readTextureImage(kDir / "unsupported_dx10.dds");
  EXPECT_NE(dx10.diagnostics()[0].message.find("DX10"), std::string::npos);
  const core::Expected<DecodedImage> missing = readTextureImage(kDir / "no_such_file.png");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.diagnostics()[0].id, core::DiagnosticId::IoOpenFailed);
  EXPECT_FALSE(decodeTextureImage({}, "empty").ok());
}

TEST(TextureFile, HugeClaimedSizesAreRefusedBeforeDecoding) {
  // A DDS header claiming 16385 x 16 and a PNG header claiming 20000 x 20000 with no data.
  std::ifstream in(kDir / "card_argb.dds", std::ios::binary);
  std::vector<std::uint8_t> dds((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  dds[16] = 0x01;
  dds[17] = 0x40;  // width (offset 4 + 12) = 16385
  dds[18] = 0;
  auto result = decodeDds(dds);
  ASSERT_TRUE(std::holds_alternative<std::string>(result));
  EXPECT_NE(std::get<std::string>(result).find("out of range"), std::string::npos);

  const std::array<std::uint8_t, 33> png = {
      0x89, 'P',  'N',  'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0,
      0,    0x4e, 0x20, 0,   0,    0x4e, 0x20, 8,    6, 0, 0, 0,  0,   0,   0,   0};
  const core::Expected<DecodedImage> im = decodeTextureImage(png, "huge.png");
  ASSERT_FALSE(im.ok());
  EXPECT_EQ(im.diagnostics()[0].id, core::DiagnosticId::TextureUndecodable);
}

}  // namespace
}  // namespace phosphene::render
