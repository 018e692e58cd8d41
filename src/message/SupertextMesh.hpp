#pragma once
// The geometry and colours MD2 draws a supertext with (milkdropfs.cpp ShowSongTitleAnim, with the
// sizes RenderStringToTitleTexture and plugin.cpp's title texture set-up choose). The text is
// first drawn white on black into a "title texture" (titleW × titleW/4); that texture is then
// drawn through a 16 × 8 vertex grid twice: a shadow pass that darkens (blend ZERO,
// INV_SRC_COLOR) and a solid pass that adds (ONE, ONE). All numbers here are MD2's.

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "message/Supertext.hpp"

namespace phosphene::message {

/// Grid of 16 × 8 vertices; 7 × 15 cells of two triangles.
inline constexpr int kGridX = 16, kGridY = 8;
inline constexpr int kGridVertices = kGridX * kGridY;
inline constexpr int kGridIndices = (kGridX - 1) * (kGridY - 1) * 6;

/// MD2's fixed-function 2-D space: x right, y DOWN, both -1..1; tu/tv with v down.
struct MeshVertex {
  float x = 0, y = 0, u = 0, v = 0;
};

struct MeshPass {
  std::array<float, 4> color{};  // rgba, modulating the title texture
  float dx = 0, dy = 0;          // added to every vertex of this pass
};

struct SupertextMesh {
  std::array<MeshVertex, kGridVertices> vertices{};
  MeshPass shadow;  // blend ZERO, ONE_MINUS_SRC_COLOR
  MeshPass solid;   // blend ONE, ONE
};

/// The triangle list over the grid (the same for every supertext).
const std::array<std::uint16_t, kGridIndices>& gridIndices();

struct TitleTextureSize {
  int width = 0, height = 0;
};
/// plugin.cpp: max(canvas width, height) wide, a quarter of that high.
TitleTextureSize titleTextureSize(int canvasW, int canvasH);

/// Width and height in pixels of one line of text at a given pixel size.
struct TextExtent {
  float width = 0, height = 0;
};
using MeasureText = std::function<TextExtent(const std::string& utf8, int pixelSize)>;

/// The sizes MD2 may draw a custom message's title texture with (milkdropfs.cpp
/// g_title_font_sizes).
const std::array<int, 36>& titleFontSizes();

/// What goes into the title texture: the text (MD2 pads a custom message with a space each side,
/// and cuts a song title that is too wide, ending it with "..."), the pixel size to draw it at,
/// and that size as MD2 then uses it (nFontSizeUsed: the drawn text's height).
struct TitleLayout {
  std::string text;
  int pixelSize = 0;
  float fontSizeUsed = 0;
};
/// RenderStringToTitleTexture: messages take the largest of titleFontSizes() whose padded text
/// fits the texture's width and 16/21 of its height (MD2's binary search); song titles use the
/// title font at pointSize × titleW / 256 pixels.
TitleLayout layoutTitle(const Supertext& s, const TitleTextureSize& tex,
                        const MeasureText& measure);

/// Where the mesh is drawn: the size of that target, of the canvas (m_nTexSizeX/Y), the title
/// texture, MD2's clock (the title's wobble reads GetTime) and the layout's fontSizeUsed.
struct MeshInputs {
  int targetW = 0, targetH = 0;
  int canvasW = 0, canvasH = 0;
  TitleTextureSize title;
  float fontSizeUsed = 1;
  double time = 0;
};
/// ShowSongTitleAnim at `progress` (1 for the burn into the canvas, which also nudges the text
/// down one canvas texel as MD2 does).
SupertextMesh buildSupertextMesh(const Supertext& s, float progress, const MeshInputs& in);

/// MD2's CosineInterp: 0.5 - 0.5·cos(x·π).
float cosineInterp(float x);

}  // namespace phosphene::message
