// The supertext's geometry and colours. MD2 facts: vis_milk2/milkdropfs.cpp ShowSongTitleAnim
// (16×8 grid, VERT_CLIP 0.75, title size 50/nFontSizeUsed·1.5^(size−2) capped at 0.88, message
// size texW/1024·100/nFontSizeUsed·1.033^(size−50), growth lerp, 4:3 position correction, title
// wobble with ramp max(0, 1−1.5p)^1.8·1.3, fly-in scale 1.01/(p^0.21+0.01), y × m_fInvAspectY,
// alpha p^0.3 for titles and CosineInterp(min(1, p/fade)) for messages, shadow +2 texels then
// solid −4, the +1/texH nudge when burning), RenderStringToTitleTexture (g_title_font_sizes
// binary search in 1/21..17/21 of the texture, " text " padding, title cut to 91% + "..."),
// plugin.cpp (title texture max(texW, texH) × that/4; title font nSize·titleW/256 px),
// utility.h CosineInterp.
#include <gtest/gtest.h>

#include <cmath>

#include "message/SupertextMesh.hpp"

namespace phosphene::message {
namespace {

// A monospace stand-in: each character is 0.5 em wide, one em high.
TextExtent mono(const std::string& s, int px) {
  return {static_cast<float>(s.size()) * 0.5f * static_cast<float>(px), static_cast<float>(px)};
}

MeshInputs inputs(int w, int h) {
  MeshInputs in;
  in.targetW = in.canvasW = w;
  in.targetH = in.canvasH = h;
  in.title = titleTextureSize(w, h);
  in.fontSizeUsed = 64.0f;
  return in;
}

TEST(SupertextMesh, TitleTextureIsAQuarterAsHighAsTheLongerSide) {
  const TitleTextureSize t = titleTextureSize(1280, 720);
  EXPECT_EQ(t.width, 1280);
  EXPECT_EQ(t.height, 320);
  EXPECT_EQ(titleTextureSize(300, 600).width, 600);
}

TEST(SupertextMesh, MessageFontSizeIsTheLargestThatFits) {
  Supertext s;
  s.text = "abcd";  // padded to " abcd " = 6 chars → width 3·px
  const TitleTextureSize tex{1024, 256};
  const TitleLayout l = layoutTitle(s, tex, mono);
  EXPECT_EQ(l.text, " abcd ");
  // Height limit: 256·17/21 − 256/21 = 207 − 12 = 195 px → 192 fits, 224 does not; width
  // 3·192 = 576 < 1024.
  EXPECT_EQ(l.pixelSize, 192);
  EXPECT_EQ(l.fontSizeUsed, 192.0f);
  // 102 chars · 0.5 = 51 px per px: 20 → 1020 < 1024 fits, 26 → 1326 does not.
  s.text = std::string(100, 'x');
  EXPECT_EQ(layoutTitle(s, tex, mono).pixelSize, 20);
}

TEST(SupertextMesh, SongTitleUsesTheTitleFontAndCutsLongTitles) {
  Supertext s = launchSongTitle("short", 0.0);
  const TitleTextureSize tex{1024, 256};
  TitleLayout l = layoutTitle(s, tex, mono);
  EXPECT_EQ(l.pixelSize, 18 * 1024 / 256);  // 72 px
  EXPECT_EQ(l.text, "short");
  s.text = std::string(40, 'a');  // 40 · 36 = 1440 px > 1024
  l = layoutTitle(s, tex, mono);
  // Keep (int)(40 · 0.91 · 1024 / 1440) = 25 characters, then "...".
  EXPECT_EQ(l.text, std::string(25, 'a') + "...");
}

TEST(SupertextMesh, GridIndicesCoverFifteenBySevenCells) {
  const auto& idx = gridIndices();
  EXPECT_EQ(idx.size(), 7u * 15u * 6u);
  EXPECT_EQ(idx[0], 0);
  EXPECT_EQ(idx[1], 1);
  EXPECT_EQ(idx[2], 16);
  EXPECT_EQ(idx[5], 17);
  EXPECT_EQ(idx.back(), 127);
}

TEST(SupertextMesh, MessageAtStartIsCentredWithCosineFade) {
  Supertext s;
  s.text = "m";
  s.fontSize = 50.0f;
  s.fade = 0.5f;
  s.growth = 3.0f;
  s.r = 255;
  s.g = 0;
  s.b = 128;
  const MeshInputs in = inputs(1024, 768);  // 4:3: no position correction
  const SupertextMesh a = buildSupertextMesh(s, 0.0f, in);
  // sizeX = 1024/1024·100/64·1.033^0 = 1.5625; the corner vertex u=0, v=(−0.5)·0.75+0.5=0.125.
  const float sizeX = 100.0f / 64.0f;
  const float sizeY = sizeX * 256.0f / 1024.0f;
  EXPECT_FLOAT_EQ(a.vertices[0].u, 0.0f);
  EXPECT_FLOAT_EQ(a.vertices[0].v, 0.125f);
  EXPECT_FLOAT_EQ(a.vertices[0].x, -sizeX);
  // y = (0.125·2−1)·sizeY, then × invAspectY 1024/768.
  EXPECT_FLOAT_EQ(a.vertices[0].y, -0.75f * sizeY * 1024.0f / 768.0f);
  EXPECT_FLOAT_EQ(a.shadow.color[3], 0.0f);  // CosineInterp(0)
  // Mid-fade: p = 0.25 of fade 0.5 → CosineInterp(0.5) = 0.5 → 8-bit 127/255.
  const SupertextMesh b = buildSupertextMesh(s, 0.25f, in);
  EXPECT_FLOAT_EQ(b.shadow.color[0], 127.0f / 255.0f);
  EXPECT_FLOAT_EQ(b.solid.color[0], 127.0f / 255.0f);
  EXPECT_FLOAT_EQ(b.solid.color[1], 0.0f);
  EXPECT_FLOAT_EQ(b.solid.color[2], 64.0f / 255.0f);  // (int)(0.5·128/255·255) = 64
  // Growth: at p = 1 the size is × growth (3) and the vertex is nudged by 1/texH.
  const SupertextMesh c = buildSupertextMesh(s, 1.0f, in);
  EXPECT_FLOAT_EQ(c.vertices[0].x, -sizeX * 3.0f);
  EXPECT_FLOAT_EQ(c.vertices[0].y, (-0.75f * sizeY + 1.0f / 768.0f) * 3.0f * 1024.0f / 768.0f);
  EXPECT_FLOAT_EQ(c.shadow.color[3], 1.0f);
  // Shadow +2 title texels, solid 2 back the other way.
  EXPECT_FLOAT_EQ(c.shadow.dx, 2.0f / 1024.0f);
  EXPECT_FLOAT_EQ(c.shadow.dy, 2.0f / 256.0f);
  EXPECT_FLOAT_EQ(c.solid.dx, -2.0f / 1024.0f);
  EXPECT_FLOAT_EQ(c.solid.dy, -2.0f / 256.0f);
}

TEST(SupertextMesh, MessagePositionIsCorrectedForWideTargets) {
  Supertext s;
  s.text = "m";
  s.x = 0.75f;
  s.y = 0.25f;
  MeshInputs in = inputs(1600, 900);
  const SupertextMesh m = buildSupertextMesh(s, 0.0f, in);
  // Centre of the grid (between columns 7 and 8) sits at dx; dy is × aspect = 1600/(900·4/3),
  // then every y × invAspectY = 1600/900.
  const float aspect = 1600.0f / (900.0f * 4.0f / 3.0f);
  const float cx = (m.vertices[7].x + m.vertices[8].x) * 0.5f;
  EXPECT_NEAR(cx, 0.5f, 1e-5f);
  const float rowMid = (m.vertices[3 * 16].y + m.vertices[4 * 16].y) * 0.5f;
  EXPECT_NEAR(rowMid, -0.5f * aspect * 1600.0f / 900.0f, 1e-5f);
}

TEST(SupertextMesh, TitleFliesInFromHugeAndSettlesAtTheCap) {
  const Supertext s = launchSongTitle("title", 0.0);
  MeshInputs in = inputs(1024, 1024);
  in.fontSizeUsed = 72.0f;
  in.time = 0.0;
  // 50/72·1.5^16 ≫ 0.88: capped; sizeY = 0.88·256/1024.
  const SupertextMesh end = buildSupertextMesh(s, 1.0f, in);
  // p = 1: no wobble (ramp 0), scale 1.01/1.01 = 1.
  EXPECT_FLOAT_EQ(end.vertices[15].x, 0.88f);
  EXPECT_FLOAT_EQ(end.vertices[15].y, -0.75f * 0.22f + 1.0f / 1024.0f);
  EXPECT_FLOAT_EQ(end.shadow.color[3], 1.0f);
  // Mid-flight p = 0.5: scale 1.01/(0.5^0.21 + 0.01), brightness 0.5^0.3, wobble ramp
  // (1 − 0.75)^1.8·1.3.
  const SupertextMesh mid = buildSupertextMesh(s, 0.5f, in);
  const float scale = 1.01f / (std::pow(0.5f, 0.21f) + 0.01f);
  const float t2 = std::pow(0.25f, 1.8f) * 1.3f;
  float x = 0.88f, y = -0.75f * 0.22f;
  x += t2 * 0.070f * std::sin(x * 0.39f - y * 1.94f);
  x += t2 * 0.044f * std::sin(-x * 1.91f + y * 0.27f);
  x += t2 * 0.061f * std::sin(x * 0.61f + y * 0.74f);
  y += t2 * 0.061f * std::sin(x * 1.83f + y * 0.69f);
  y += t2 * 0.070f * std::sin(x * 0.42f - y * 1.39f);
  y += t2 * 0.087f * std::sin(x * 3.55f + y * 0.89f);
  EXPECT_FLOAT_EQ(mid.vertices[15].x, x * scale);
  EXPECT_FLOAT_EQ(mid.vertices[15].y, y * scale);
  EXPECT_FLOAT_EQ(mid.shadow.color[0],
                  static_cast<float>(static_cast<int>(std::pow(0.5f, 0.3f) * 255.0f)) / 255.0f);
  // At the start the title is about 101 times its final size (off screen) and dark.
  const SupertextMesh start = buildSupertextMesh(s, 0.0f, in);
  EXPECT_GT(std::fabs(start.vertices[15].x), 50.0f);
  EXPECT_EQ(start.shadow.color[3], 0.0f);
}

TEST(SupertextMesh, CosineInterp) {
  EXPECT_FLOAT_EQ(cosineInterp(0.0f), 0.0f);
  EXPECT_NEAR(cosineInterp(0.5f), 0.5f, 1e-6f);
  EXPECT_FLOAT_EQ(cosineInterp(1.0f), 1.0f);
}

}  // namespace
}  // namespace phosphene::message
