#include "preset/MotionVectors.hpp"

#include <algorithm>
#include <cmath>

#include "preset/D3dColor.hpp"
#include "preset/Truncate.hpp"

namespace phosphene::preset {

MotionVectorParams motionVectorParams(const FrameVars& v, const FrameInputs& in) {
  MotionVectorParams p;
  p.mvX = v.mvX;
  p.mvY = v.mvY;
  p.mvDx = v.mvDx;
  p.mvDy = v.mvDy;
  p.mvL = v.mvL;
  p.r = v.mvR;
  p.g = v.mvG;
  p.b = v.mvB;
  p.a = v.mvA;
  p.canvasWidth = in.canvasWidth;
  return p;
}

MeshUvView meshUvView(const WarpMeshState& mesh) {
  return {mesh.geometry.gridX, mesh.geometry.gridY, std::span<const Vec2>(mesh.uv)};
}

bool reversePropagatePoint(const MeshUvView& m, float fx, float fy, float& fx2, float& fy2) {
  const int y0 = static_cast<int>(fy * static_cast<float>(m.gridY));
  const float dy = fy * static_cast<float>(m.gridY) - static_cast<float>(y0);
  const int x0 = static_cast<int>(fx * static_cast<float>(m.gridX));
  const float dx = fx * static_cast<float>(m.gridX) - static_cast<float>(x0);
  const int x1 = x0 + 1;
  const int y1 = y0 + 1;
  if (x0 < 0 || y0 < 0 || x1 > m.gridX || y1 > m.gridY) return false;
  const auto stride = static_cast<std::size_t>(m.gridX + 1);
  auto at = [&](int x, int y) {
    return m.uv[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x)];
  };
  const Vec2 a = at(x0, y0), b = at(x1, y0), c = at(x0, y1), d = at(x1, y1);
  float tu = a.x * (1 - dx) * (1 - dy);
  float tv = a.y * (1 - dx) * (1 - dy);
  tu += b.x * dx * (1 - dy);
  tv += b.y * dx * (1 - dy);
  tu += c.x * (1 - dx) * dy;
  tv += c.y * (1 - dx) * dy;
  tu += d.x * dx * dy;
  tv += d.y * dx * dy;
  fx2 = tu;
  fy2 = 1.0f - tv;
  return true;
}

void buildMotionVectors(const MotionVectorParams& p, const MeshUvView& mesh,
                        MotionVectorState& out) {
  out.segments.clear();
  out.colour = {d3dChannel(static_cast<float>(p.r)), d3dChannel(static_cast<float>(p.g)),
                d3dChannel(static_cast<float>(p.b)), d3dChannel(static_cast<float>(p.a))};
  if (!(static_cast<float>(p.a) >= 0.001f)) return;

  int nX = truncateToInt(p.mvX);
  int nY = truncateToInt(p.mvY);
  float fracX = static_cast<float>(p.mvX) - static_cast<float>(nX);
  float fracY = static_cast<float>(p.mvY) - static_cast<float>(nY);
  if (nX > 64) {
    nX = 64;
    fracX = 0;
  }
  if (nY > 48) {
    nY = 48;
    fracY = 0;
  }
  if (nX <= 0 || nY <= 0) return;
  fracX = std::clamp(fracX, 0.0f, 1.0f);
  fracY = std::clamp(fracY, 0.0f, 1.0f);

  const bool meshOk = mesh.gridX > 0 && mesh.gridY > 0 &&
                      mesh.uv.size() == static_cast<std::size_t>(mesh.gridX + 1) *
                                            static_cast<std::size_t>(mesh.gridY + 1);
  const float offX = static_cast<float>(p.mvDx);
  const float offY = static_cast<float>(p.mvDy);
  const float lenMult = static_cast<float>(p.mvL);
  const float minLen = p.canvasWidth > 0 ? 1.0f / static_cast<float>(p.canvasWidth) : 0.0f;

  for (int y = 0; y < nY; ++y) {
    float fy = (static_cast<float>(y) + 0.25f) / (static_cast<float>(nY) + fracY + 0.25f - 1.0f);
    fy -= offY;
    if (!(fy > 0.0001f && fy < 0.9999f)) continue;
    for (int x = 0; x < nX; ++x) {
      float fx = (static_cast<float>(x) + 0.25f) / (static_cast<float>(nX) + fracX + 0.25f - 1.0f);
      fx += offX;
      if (!(fx > 0.0001f && fx < 0.9999f)) continue;
      float fx2 = fx, fy2 = fy;
      if (meshOk && !reversePropagatePoint(mesh, fx, fy, fx2, fy2)) continue;
      float dx = (fx2 - fx) * lenMult;
      float dy = (fy2 - fy) * lenMult;
      float len = std::sqrt(dx * dx + dy * dy);
      if (len > minLen) {
        // long enough
      } else if (len > 0.00000001f) {
        len = minLen / len;
        dx *= len;
        dy *= len;
      } else {
        dx = minLen;
        dy = minLen;
      }
      fx2 = fx + dx;
      fy2 = fy + dy;
      // (f·2 − 1) in MD2's y-down 2-D space; negated here for y-up clip space.
      out.segments.push_back({fx * 2.0f - 1.0f, -(fy * 2.0f - 1.0f)});
      out.segments.push_back({fx2 * 2.0f - 1.0f, -(fy2 * 2.0f - 1.0f)});
    }
  }
}

}  // namespace phosphene::preset
