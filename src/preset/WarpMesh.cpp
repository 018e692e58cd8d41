#include "preset/WarpMesh.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::preset {

AspectFactors aspectFactors(int canvasWidth, int canvasHeight) {
  AspectFactors f;
  if (canvasWidth <= 0 || canvasHeight <= 0) return f;
  const float w = static_cast<float>(canvasWidth);
  const float h = static_cast<float>(canvasHeight);
  f.aspectX = (canvasHeight > canvasWidth) ? w / h : 1.0f;
  f.aspectY = (canvasWidth > canvasHeight) ? h / w : 1.0f;
  f.invAspectX = 1.0f / f.aspectX;
  f.invAspectY = 1.0f / f.aspectY;
  return f;
}

bool buildMeshGeometry(const MeshSpec& spec, MeshGeometry& out) {
  const int gx = std::clamp(spec.gridX, 1, kMaxGridX);
  const int gy = std::clamp(spec.gridY, 1, kMaxGridY);
  if (out.gridX == gx && out.gridY == gy && out.canvasWidth == spec.canvasWidth &&
      out.canvasHeight == spec.canvasHeight && out.texelOffsetX == spec.texelOffsetX &&
      out.texelOffsetY == spec.texelOffsetY && !out.position.empty()) {
    return false;
  }
  const AspectFactors aspect = aspectFactors(spec.canvasWidth, spec.canvasHeight);
  out.gridX = gx;
  out.gridY = gy;
  out.canvasWidth = spec.canvasWidth;
  out.canvasHeight = spec.canvasHeight;
  out.texelOffsetX = spec.texelOffsetX;
  out.texelOffsetY = spec.texelOffsetY;
  out.aspectX = aspect.aspectX;
  out.aspectY = aspect.aspectY;
  out.invAspectX = aspect.invAspectX;
  out.invAspectY = aspect.invAspectY;

  const std::size_t n = static_cast<std::size_t>(gx + 1) * static_cast<std::size_t>(gy + 1);
  out.position.resize(n);
  out.uvOrig.resize(n);
  out.x.resize(n);
  out.y.resize(n);
  out.rad.resize(n);
  out.ang.resize(n);

  float texelU = 0.0f, texelV = 0.0f;
  if (spec.canvasWidth > 0 && spec.canvasHeight > 0) {
    texelU = spec.texelOffsetX / static_cast<float>(spec.canvasWidth);
    texelV = spec.texelOffsetY / static_cast<float>(spec.canvasHeight);
  }
  const float ax = aspect.aspectX;
  const float ay = aspect.aspectY;
  std::size_t k = 0;
  for (int j = 0; j <= gy; ++j) {
    for (int i = 0; i <= gx; ++i, ++k) {
      const float vx = static_cast<float>(i) / static_cast<float>(gx) * 2.0f - 1.0f;
      const float vy = static_cast<float>(j) / static_cast<float>(gy) * 2.0f - 1.0f;
      out.position[k] = {vx, vy};
      out.uvOrig[k] = {vx * 0.5f + 0.5f + texelU, -vy * 0.5f + 0.5f + texelV};
      const float rad = std::sqrt(vx * vx * ax * ax + vy * vy * ay * ay);
      // MD2 forces ang = 0 on the vertex at (gx/2, gy/2) in integer division: the exact centre
      // for even grids, a neighbour of it for odd ones.
      const float ang = (j == gy / 2 && i == gx / 2) ? 0.0f : std::atan2(vy * ay, vx * ax);
      out.rad[k] = rad;
      out.ang[k] = ang;
      out.x[k] = static_cast<double>(vx * 0.5f * ax + 0.5f);
      out.y[k] = static_cast<double>(vy * -0.5f * ay + 0.5f);
    }
  }
  return true;
}

VertexMotion uniformMotion(const FrameVars& v) {
  return VertexMotion{{&v.zoom, 1}, {&v.zoomExp, 1}, {&v.rot, 1}, {&v.warp, 1}, {&v.cx, 1},
                      {&v.cy, 1},   {&v.dx, 1},      {&v.dy, 1},  {&v.sx, 1},   {&v.sy, 1}};
}

namespace {

/// Reads vertex k of a span that is either per-vertex or a single shared value.
class Lane {
 public:
  explicit Lane(std::span<const double> s) : data_(s.data()), step_(s.size() == 1 ? 0 : 1) {}
  float at(std::size_t k) const { return static_cast<float>(data_[k * step_]); }

 private:
  const double* data_;
  std::size_t step_;
};

bool sizeOk(std::span<const double> s, std::size_t n) {
  return s.size() == 1 || s.size() == n;
}

}  // namespace

bool computeWarpUv(const MeshGeometry& g, const VertexMotion& m, const WarpFrameParams& p,
                   std::vector<Vec2>& uv) {
  const std::size_t n = g.vertexCount();
  for (auto s : {m.zoom, m.zoomExp, m.rot, m.warp, m.cx, m.cy, m.dx, m.dy, m.sx, m.sy}) {
    if (!sizeOk(s, n)) return false;
  }
  uv.resize(n);
  if (n == 0) return true;

  const float warpTime = static_cast<float>(p.time) * static_cast<float>(p.warpAnimSpeed);
  const float warpScaleInv = 1.0f / static_cast<float>(p.warpScale);
  const float f0 = 11.68f + 4.0f * std::cos(warpTime * 1.413f + 10.0f);
  const float f1 = 8.77f + 3.0f * std::cos(warpTime * 1.113f + 7.0f);
  const float f2 = 10.54f + 3.0f * std::cos(warpTime * 1.233f + 3.0f);
  const float f3 = 11.49f + 4.0f * std::cos(warpTime * 0.933f + 5.0f);
  float texelU = 0.0f, texelV = 0.0f;
  if (g.canvasWidth > 0 && g.canvasHeight > 0) {
    texelU = g.texelOffsetX / static_cast<float>(g.canvasWidth);
    texelV = g.texelOffsetY / static_cast<float>(g.canvasHeight);
  }

  const Lane zoom(m.zoom), zoomExp(m.zoomExp), rot(m.rot), warp(m.warp), cx(m.cx), cy(m.cy),
      dx(m.dx), dy(m.dy), sx(m.sx), sy(m.sy);
  // Shortcuts that give bit-identical results: a shared rot needs one sin/cos; zoomexp == 1 makes
  // powf(zoomexp, ·) exactly 1; a zero warp adds exactly 0 while the warp terms are finite.
  const bool sharedRot = m.rot.size() == 1;
  const float sharedCos = std::cos(rot.at(0)), sharedSin = std::sin(rot.at(0));
  const bool warpTermsFinite = std::isfinite(warpTime) && std::isfinite(warpScaleInv);
  for (std::size_t k = 0; k < n; ++k) {
    const float vx = g.position[k].x;
    const float vy = g.position[k].y;
    const float rad = static_cast<float>(g.rad[k]);
    const float fcx = cx.at(k), fcy = cy.at(k);

    const float exp = zoomExp.at(k);
    const float zoom2 =
        exp == 1.0f ? zoom.at(k) : std::pow(zoom.at(k), std::pow(exp, rad * 2.0f - 1.0f));
    const float zoom2Inv = 1.0f / zoom2;
    float u = vx * g.aspectX * 0.5f * zoom2Inv + 0.5f;
    float v = -vy * g.aspectY * 0.5f * zoom2Inv + 0.5f;

    u = (u - fcx) / sx.at(k) + fcx;
    v = (v - fcy) / sy.at(k) + fcy;

    // MD2 evaluates the warp terms even when warp is 0 (its guard is commented out); with raw,
    // not aspect-corrected, vertex coordinates.
    const float w = warp.at(k) * 0.0035f;
    if (w != 0.0f || !warpTermsFinite) {
      u += w * std::sin(warpTime * 0.333f + warpScaleInv * (vx * f0 - vy * f3));
      v += w * std::cos(warpTime * 0.375f - warpScaleInv * (vx * f2 + vy * f1));
      u += w * std::cos(warpTime * 0.753f - warpScaleInv * (vx * f1 - vy * f2));
      v += w * std::sin(warpTime * 0.825f + warpScaleInv * (vx * f0 + vy * f3));
    }

    const float u2 = u - fcx;
    const float v2 = v - fcy;
    const float cosRot = sharedRot ? sharedCos : std::cos(rot.at(k));
    const float sinRot = sharedRot ? sharedSin : std::sin(rot.at(k));
    u = u2 * cosRot - v2 * sinRot + fcx;
    v = u2 * sinRot + v2 * cosRot + fcy;

    u -= dx.at(k);
    v -= dy.at(k);

    u = (u - 0.5f) * g.invAspectX + 0.5f;
    v = (v - 0.5f) * g.invAspectY + 0.5f;

    uv[k] = {u + texelU, v + texelV};
  }
  return true;
}

}  // namespace phosphene::preset
