#include "preset/ShaderInputs.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace phosphene::preset {
namespace {

using Matrix4 = std::array<std::array<float, 4>, 4>;

Matrix4 identity() {
  Matrix4 m{};
  for (std::size_t i = 0; i < 4; ++i) m[i][i] = 1.0f;
  return m;
}

// D3DXMatrixMultiply(out, a, b) = a·b.
Matrix4 multiply(const Matrix4& a, const Matrix4& b) {
  Matrix4 out{};
  for (std::size_t r = 0; r < 4; ++r)
    for (std::size_t c = 0; c < 4; ++c)
      for (std::size_t k = 0; k < 4; ++k) out[r][c] += a[r][k] * b[k][c];
  return out;
}

// D3DXMatrixRotationX/Y/Z (left-handed, row vectors).
Matrix4 rotationX(float a) {
  Matrix4 m = identity();
  m[1][1] = std::cos(a);
  m[1][2] = std::sin(a);
  m[2][1] = -std::sin(a);
  m[2][2] = std::cos(a);
  return m;
}
Matrix4 rotationY(float a) {
  Matrix4 m = identity();
  m[0][0] = std::cos(a);
  m[0][2] = -std::sin(a);
  m[2][0] = std::sin(a);
  m[2][2] = std::cos(a);
  return m;
}
Matrix4 rotationZ(float a) {
  Matrix4 m = identity();
  m[0][0] = std::cos(a);
  m[0][1] = std::sin(a);
  m[1][0] = -std::sin(a);
  m[1][1] = std::cos(a);
  return m;
}

Float4 roam(bool useSin, float t, const std::array<float, 4>& rate,
            const std::array<float, 4>& phase) {
  Float4 v{};
  for (std::size_t i = 0; i < 4; ++i) {
    const float x = t * rate[i] + phase[i];
    v[i] = 0.5f + 0.5f * (useSin ? std::sin(x) : std::cos(x));
  }
  return v;
}

}  // namespace

ShaderPresetRandom ShaderPresetRandom::draw(clock::Random& random) {
  ShaderPresetRandom r;
  for (float& v : r.randPreset) v = random.frand();
  for (std::size_t k = 0; k < r.slots.size(); ++k) {
    Slot& s = r.slots[k];
    const float speedBound = 0.9f * std::pow(static_cast<float>(k) / 8.0f, 3.2f);
    for (float& v : s.translate) v = random.frand() * 2.0f - 1.0f;
    for (float& v : s.base) v = random.frand() * 6.28f;
    for (float& v : s.speed) v = (random.frand() * 2.0f - 1.0f) * speedBound;
  }
  return r;
}

BlurRanges safeBlurRanges(const FrameVars& vars) {
  BlurRanges r;
  for (std::size_t i = 0; i < 3; ++i) {
    r.min[i] = static_cast<float>(vars.blurMin[i]);
    r.max[i] = static_cast<float>(vars.blurMax[i]);
  }
  constexpr float kMinDist = 0.1f;
  for (std::size_t i = 0; i < 3; ++i) {
    if (i > 0) {
      r.max[i] = std::min(r.max[i - 1], r.max[i]);
      r.min[i] = std::max(r.min[i - 1], r.min[i]);
    }
    if (r.max[i] - r.min[i] < kMinDist) {
      const float avg = (r.min[i] + r.max[i]) * 0.5f;
      r.min[i] = avg - kMinDist * 0.5f;
      r.max[i] = avg - kMinDist * 0.5f;  // sic: MD2 subtracts at both ends
    }
  }
  return r;
}

BlurPacking blurPacking(const BlurRanges& r) {
  BlurPacking p;
  p.scale[0] = 1.0f / (r.max[0] - r.min[0]);
  p.bias[0] = -r.min[0] * p.scale[0];
  for (std::size_t i = 1; i < 3; ++i) {
    const float range = r.max[i - 1] - r.min[i - 1];
    const float lo = (r.min[i] - r.min[i - 1]) / range;
    const float hi = (r.max[i] - r.min[i - 1]) / range;
    p.scale[i] = 1.0f / (hi - lo);
    p.bias[i] = -lo * p.scale[i];
  }
  return p;
}

Matrix4x3 rotationMatrix(const std::array<float, 3>& angles,
                         const std::array<float, 3>& translate) {
  Matrix4 t = identity();
  t[3][0] = translate[0];
  t[3][1] = translate[1];
  t[3][2] = translate[2];
  const Matrix4 m = multiply(multiply(multiply(rotationX(angles[0]), t), rotationZ(angles[2])),
                             rotationY(angles[1]));
  Matrix4x3 out{};
  for (std::size_t r = 0; r < 4; ++r)
    for (std::size_t c = 0; c < 3; ++c) out[r * 3 + c] = m[r][c];
  return out;
}

ShaderConstants computeShaderConstants(const FrameState& frame, const ShaderPresetRandom& preset,
                                       const ShaderFrameContext& ctx) {
  ShaderConstants k;
  const FrameInputs& in = frame.inputs;
  k.randFrame = ctx.randFrame;
  k.randPreset = preset.randPreset;

  // ApplyShaderParams works in float: the preset-relative time wraps every 10000 s.
  const float sincePreset = static_cast<float>(in.time - ctx.presetStartTime);
  const float wrapped =
      sincePreset - static_cast<float>(static_cast<int>(sincePreset / 10000.0f)) * 10000.0f;
  const float time = static_cast<float>(in.time);  // GetTime() − m_fStartTime
  const float w = static_cast<float>(std::max(1, ctx.windowWidth));
  const float h = static_cast<float>(std::max(1, ctx.windowHeight));
  // mip_y takes the width too (MD2 bug, reproduced).
  const float mipX = std::log(w) / std::log(2.0f);
  const float mipY = std::log(w) / std::log(2.0f);
  float aspectX = 1.0f, aspectY = 1.0f;
  if (w > h)
    aspectY = h / w;
  else
    aspectX = w / h;
  const BlurRanges blur = safeBlurRanges(frame.vars);
  const float tw = static_cast<float>(std::max(1, ctx.textureWidth));
  const float th = static_cast<float>(std::max(1, ctx.textureHeight));
  const auto f = [](double v) { return static_cast<float>(v); };

  k.c[0] = {aspectX, aspectY, 1.0f / aspectX, 1.0f / aspectY};
  k.c[1] = {0.0f, 0.0f, 0.0f, 0.0f};
  k.c[2] = {wrapped, f(in.fps), f(in.frame), f(in.progress)};
  // vol = 0.3333f*(a, b, c): C's comma operator leaves treb/3 (MD2 bug, reproduced).
  k.c[3] = {f(in.bass), f(in.mid), f(in.treb), 0.3333f * f(in.treb)};
  k.c[4] = {f(in.bassAtt), f(in.midAtt), f(in.trebAtt), 0.3333f * f(in.trebAtt)};
  k.c[5] = {blur.max[0] - blur.min[0], blur.min[0], blur.max[1] - blur.min[1], blur.min[1]};
  k.c[6] = {blur.max[2] - blur.min[2], blur.min[2], blur.min[0], blur.max[0]};
  k.c[7] = {tw, th, 1.0f / tw, 1.0f / th};
  k.c[8] = roam(false, time, {0.329f, 1.293f, 5.070f, 20.051f}, {1.2f, 3.9f, 2.5f, 5.4f});
  k.c[9] = roam(true, time, {0.329f, 1.293f, 5.070f, 20.051f}, {1.2f, 3.9f, 2.5f, 5.4f});
  k.c[10] = roam(false, time, {0.0050f, 0.0085f, 0.0133f, 0.0217f}, {2.7f, 5.3f, 4.5f, 3.8f});
  k.c[11] = roam(true, time, {0.0050f, 0.0085f, 0.0133f, 0.0217f}, {2.7f, 5.3f, 4.5f, 3.8f});
  k.c[12] = {mipX, mipY, 0.5f * (mipX + mipY), 0.0f};
  k.c[13] = {blur.min[1], blur.max[1], blur.min[2], blur.max[2]};

  for (std::size_t i = 0; i < k.q.size(); ++i)
    for (std::size_t j = 0; j < 4; ++j) k.q[i][j] = f(frame.vars.q[i * 4 + j]);

  for (std::size_t s = 0; s < preset.slots.size(); ++s) {
    const auto& slot = preset.slots[s];
    std::array<float, 3> angles{};
    for (std::size_t a = 0; a < 3; ++a) angles[a] = slot.base[a] + slot.speed[a] * time;
    k.rot[s] = rotationMatrix(angles, slot.translate);
  }
  for (std::size_t s = kRotationSlots; s < kRotationMatrices; ++s)
    k.rot[s] = rotationMatrix({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f});
  return k;
}

void drawRandomRotations(ShaderConstants& k, clock::Random& random) {
  for (std::size_t s = kRotationSlots; s < kRotationMatrices; ++s) {
    std::array<float, 3> angles{}, translate{};
    for (float& a : angles) a = random.frand() * 6.28f;
    for (float& t : translate) t = random.frand();
    k.rot[s] = rotationMatrix(angles, translate);
  }
}

int rotationIndex(std::string_view name) {
  static constexpr std::string_view kGroups[] = {"s", "d", "f", "vf", "uf", "rand"};
  if (name.substr(0, 4) != "rot_" || name.size() < 6) return -1;
  const std::string_view rest = name.substr(4);
  const char digit = rest.back();
  if (digit < '1' || digit > '4') return -1;
  const std::string_view group = rest.substr(0, rest.size() - 1);
  for (int g = 0; g < 6; ++g)
    if (group == kGroups[g]) return g * 4 + (digit - '1');
  return -1;
}

}  // namespace phosphene::preset
