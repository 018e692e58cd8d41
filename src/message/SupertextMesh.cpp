// ShowSongTitleAnim's mesh and colours, RenderStringToTitleTexture's sizes (SupertextMesh.hpp).
#include "message/SupertextMesh.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::message {
namespace {

constexpr float kVertClip = 0.75f;  // milkdropfs.cpp VERT_CLIP

// D3DCOLOR_RGBA_01: each channel goes through an 8-bit integer ((int)(v·255)).
float byte01(float v) {
  return static_cast<float>(static_cast<int>(std::clamp(v, 0.0f, 1.0f) * 255.0f)) / 255.0f;
}

}  // namespace

float cosineInterp(float x) {
  return 0.5f - 0.5f * std::cos(x * 3.1415926535898f);
}

const std::array<std::uint16_t, kGridIndices>& gridIndices() {
  static const std::array<std::uint16_t, kGridIndices> indices = [] {
    std::array<std::uint16_t, kGridIndices> out{};
    std::size_t i = 0;
    for (int y = 0; y < kGridY - 1; ++y)
      for (int x = 0; x < kGridX - 1; ++x) {
        const auto at = [&](int dx, int dy) {
          return static_cast<std::uint16_t>((y + dy) * kGridX + x + dx);
        };
        for (std::uint16_t v : {at(0, 0), at(1, 0), at(0, 1), at(1, 0), at(0, 1), at(1, 1)})
          out[i++] = v;
      }
    return out;
  }();
  return indices;
}

TitleTextureSize titleTextureSize(int canvasW, int canvasH) {
  const int w = std::max(1, std::max(canvasW, canvasH));
  return {w, std::max(1, w / 4)};
}

const std::array<int, 36>& titleFontSizes() {
  static constexpr std::array<int, 36> sizes = {
      6,   8,   10,  12,  14,  16,  20,  26,  32,  38,  44,  50,  56,  64,  72,  80,  88,  96,
      104, 112, 120, 128, 136, 144, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480, 512};
  return sizes;
}

TitleLayout layoutTitle(const Supertext& s, const TitleTextureSize& tex,
                        const MeasureText& measure) {
  TitleLayout out;
  if (!s.isSongTitle) {
    // A space each side: italic fonts lean out of their box, and the text is centred.
    out.text = " " + s.text + " ";
    // The text rectangle: 1/21 to 17/21 of the texture's height (room for 'g' and '%').
    const int rectHeight = tex.height * 17 / 21 - tex.height * 1 / 21;
    const auto& sizes = titleFontSizes();
    int lo = 0, hi = static_cast<int>(sizes.size()) - 1;
    while (lo != hi - 1) {
      const int mid = (lo + hi) / 2;
      const TextExtent e = measure(out.text, sizes[static_cast<std::size_t>(mid)]);
      if (e.width >= static_cast<float>(tex.width) || e.height > static_cast<float>(rectHeight))
        hi = mid;
      else
        lo = mid;
    }
    out.pixelSize = sizes[static_cast<std::size_t>(lo)];
  } else {
    out.text = s.text;
    // nSize · titleW / 256 (plugin.cpp songtitle_font_size); the point size is kept to 1..1000
    // so the product stays an int.
    const float points = std::isfinite(s.fontSize) ? std::clamp(s.fontSize, 1.0f, 1000.0f) : 18.0f;
    out.pixelSize = std::max(1, static_cast<int>(points) * tex.width / 256);
    const TextExtent e = measure(out.text, out.pixelSize);
    // Too wide: keep 91% of what fits and end with "..." (only titles longer than 8 characters).
    if (e.width > static_cast<float>(tex.width)) {
      // Count code points so the cut never splits a UTF-8 sequence.
      std::size_t len = 0;
      for (unsigned char c : out.text)
        if ((c & 0xC0u) != 0x80u) ++len;
      if (len > 8) {
        const float keep = 0.91f * static_cast<float>(tex.width) / e.width;
        std::size_t cutChars = static_cast<std::size_t>(static_cast<float>(len) * keep);
        std::size_t bytes = 0, seen = 0;
        for (; bytes < out.text.size(); ++bytes) {
          if ((static_cast<unsigned char>(out.text[bytes]) & 0xC0u) != 0x80u) {
            if (seen == cutChars) break;
            ++seen;
          }
        }
        out.text = out.text.substr(0, bytes) + "...";
      }
    }
  }
  out.fontSizeUsed = std::max(1.0f, measure(out.text, out.pixelSize).height);
  return out;
}

SupertextMesh buildSupertextMesh(const Supertext& given, float progress, const MeshInputs& in) {
  SupertextMesh mesh;
  // Phosphene's guard, not MD2's: values far past anything visible are brought in so that the
  // products below stay finite (1.033^1000 is 1e14; text at 1e4 screens is off screen anyway).
  Supertext s = given;
  s.fontSize = std::isfinite(s.fontSize) ? std::clamp(s.fontSize, -1000.0f, 1000.0f) : 50.0f;
  s.growth = std::isfinite(s.growth) ? std::clamp(s.growth, -1.0e4f, 1.0e4f) : 1.0f;
  s.x = std::isfinite(s.x) ? std::clamp(s.x, -1.0e4f, 1.0e4f) : 0.5f;
  s.y = std::isfinite(s.y) ? std::clamp(s.y, -1.0e4f, 1.0e4f) : 0.5f;
  const float p = std::isfinite(progress) ? progress : 1.0f;
  const float titleW = static_cast<float>(std::max(1, in.title.width));
  const float titleH = static_cast<float>(std::max(1, in.title.height));
  const float texW = static_cast<float>(std::max(1, in.canvasW));
  const float texH = static_cast<float>(std::max(1, in.canvasH));
  const float used = std::max(1.0f, in.fontSizeUsed);

  float sizeX = 0, sizeY = 0;
  if (s.isSongTitle) {
    sizeX = 50.0f / used * std::pow(1.5f, s.fontSize - 2.0f);
    sizeY = sizeX * titleH / titleW;
    if (sizeX > 0.88f) {
      sizeY *= 0.88f / sizeX;
      sizeX = 0.88f;
    }
  } else {
    sizeX = texW / 1024.0f * 100.0f / used * std::pow(1.033f, s.fontSize - 50.0f);
    sizeY = sizeX * titleH / titleW;
  }
  for (int y = 0; y < kGridY; ++y)
    for (int x = 0; x < kGridX; ++x) {
      MeshVertex& v = mesh.vertices[static_cast<std::size_t>(y * kGridX + x)];
      v.u = static_cast<float>(x) / 15.0f;
      v.v = (static_cast<float>(y) / 7.0f - 0.5f) * kVertClip + 0.5f;
      v.x = (v.u * 2.0f - 1.0f) * sizeX;
      v.y = (v.v * 2.0f - 1.0f) * sizeY;
      if (p >= 1.0f) v.y += 1.0f / texH;  // MD2: "a pretty hacky guess @ getting it to align"
    }

  if (s.isSongTitle) {
    // The wobble dies out over the first 2/3 of the flight; each term reads the coordinates the
    // previous terms already moved, as MD2's sequence of += does.
    const float ramped = std::max(0.0f, 1.0f - p * 1.5f);
    const float t2 = std::pow(ramped, 1.8f) * 1.3f;
    const auto t = static_cast<float>(in.time);
    for (MeshVertex& v : mesh.vertices) {
      v.x += t2 * 0.070f * std::sin(t * 0.31f + v.x * 0.39f - v.y * 1.94f);
      v.x += t2 * 0.044f * std::sin(t * 0.81f - v.x * 1.91f + v.y * 0.27f);
      v.x += t2 * 0.061f * std::sin(t * 1.31f + v.x * 0.61f + v.y * 0.74f);
      v.y += t2 * 0.061f * std::sin(t * 0.37f + v.x * 1.83f + v.y * 0.69f);
      v.y += t2 * 0.070f * std::sin(t * 0.67f + v.x * 0.42f - v.y * 1.39f);
      v.y += t2 * 0.087f * std::sin(t * 1.07f + v.x * 3.55f + v.y * 0.89f);
    }
    // The fly-in: huge at the start (101×), down to 1× at the end.
    const float scale = 1.01f / (std::pow(std::max(p, 0.0f), 0.21f) + 0.01f);
    for (MeshVertex& v : mesh.vertices) {
      v.x *= scale;
      v.y *= scale;
    }
  } else {
    // Growth from 1× to `growth` over the life, then to the message's (x, y); the position is
    // corrected for targets that are not 4:3.
    const float t = 1.0f * (1.0f - p) + p * s.growth;
    float dx = s.x * 2.0f - 1.0f;
    float dy = s.y * 2.0f - 1.0f;
    if (in.targetW != in.targetH) {
      const float aspect = static_cast<float>(in.targetW) /
                           (static_cast<float>(std::max(1, in.targetH)) * 4.0f / 3.0f);
      if (aspect < 1.0f)
        dx /= aspect;
      else
        dy *= aspect;
    }
    for (MeshVertex& v : mesh.vertices) {
      v.x = v.x * t + dx;
      v.y = v.y * t + dy;
    }
  }
  // m_fInvAspectY: canvases wider than high stretch y by width / height.
  const float invAspectY = texW > texH ? texW / texH : 1.0f;
  for (MeshVertex& v : mesh.vertices) v.y *= invAspectY;

  const float t = s.isSongTitle   ? std::pow(std::max(p, 0.0f), 0.3f)
                  : s.fade > 0.0f ? cosineInterp(std::min(1.0f, std::max(p, 0.0f) / s.fade))
                                  : 1.0f;
  const float a = byte01(t);
  mesh.shadow.color = {a, a, a, a};
  mesh.solid.color = {byte01(t * static_cast<float>(s.r) / 255.0f),
                      byte01(t * static_cast<float>(s.g) / 255.0f),
                      byte01(t * static_cast<float>(s.b) / 255.0f), a};
  // Shadow nudged down and right by 2 title texels; the solid text then 4 back up and left.
  mesh.shadow.dx = 2.0f / titleW;
  mesh.shadow.dy = 2.0f / titleH;
  mesh.solid.dx = mesh.shadow.dx - 4.0f / titleW;
  mesh.solid.dy = mesh.shadow.dy - 4.0f / titleH;
  return mesh;
}

}  // namespace phosphene::message
