#include "render/WavePass.hpp"

namespace phosphene::render {
namespace {

// A dot as an axis-aligned square of `size` canvas pixels centred on the point (D3D9 point
// sprites without texture are such squares), two triangles. Only for dots wider than a pixel:
// see addDots.
void addDot(std::vector<ColorVertex>& out, const ColorVertex& centre, float halfW, float halfH) {
  ColorVertex a = centre, b = centre, c = centre, d = centre;
  a.x -= halfW, a.y -= halfH;
  b.x += halfW, b.y -= halfH;
  c.x += halfW, c.y += halfH;
  d.x -= halfW, d.y += halfH;
  out.push_back(a);
  out.push_back(b);
  out.push_back(c);
  out.push_back(a);
  out.push_back(c);
  out.push_back(d);
}

// Appends `points` as dots of `size` canvas pixels and the draw for them. One-pixel dots are GL
// points: they light the pixel the quad did (the one whose centre lies in the square), but as one
// primitive instead of two triangles, and llvmpipe shades a whole 4x4 block per primitive however
// small. A point is also exactly one pixel after the rasteriser snaps its centre, where a quad's
// corners, offset in float, snap one by one (so a dot on a pixel edge could move a row). Wider
// dots stay quads: GL drops a point whose centre is off the canvas, where D3D9 draws the part of
// the square that is on it (DirectX 8/9 documentation, point clipping), GL ES need not support
// point sizes above 1, and on llvmpipe points for the 2- and 3-pixel dots away from the edges
// measured no faster than these quads (bench/README.md).
template <typename Points, typename ColourOf>
void addDots(ColorVertexBatch& batch, const Points& points, float size, const CanvasInfo& canvas,
             ColourOf colourOf, BlendMode blend, int passes) {
  auto& v = batch.vertices;
  const std::size_t first = v.size();
  if (size == 1.0f) {
    for (const auto& p : points) v.push_back(colorVertex(p.x, p.y, colourOf(p)));
    batch.addDraw(GL_POINTS, first, blend, false, passes);
    return;
  }
  const float halfW = size / static_cast<float>(canvas.width);
  const float halfH = size / static_cast<float>(canvas.height);
  for (const auto& p : points) addDot(v, colorVertex(p.x, p.y, colourOf(p)), halfW, halfH);
  batch.addDraw(GL_TRIANGLES, first, blend, false, passes);
}

BlendMode blendOf(bool additive) {
  return additive ? BlendMode::Additive : BlendMode::Alpha;
}

}  // namespace

int WavePass::customDotSize(int canvasWidth, bool thick) {
  return (canvasWidth >= 1024 ? 2 : 1) + (thick ? 1 : 0);
}

core::Diagnostics WavePass::init(gl::GlslDialect dialect) {
  auto program = ColorVertexProgram::create(dialect, "WavePass");
  if (!program) return program.diagnostics();
  // Room for four full custom waves (512 dots × 6) plus the built-in wave.
  auto batch = ColorVertexBatch::create(4 * 512 * 6 + 2048);
  if (!batch) return batch.diagnostics();
  program_ = std::move(*program);
  batch_ = std::move(*batch);
  return {};
}

void WavePass::addCustomWave(const preset::CustomWaveState& wave, const CanvasInfo& canvas,
                             float alphaMultiplier) {
  const std::size_t n = wave.points.size();
  // MD2 draws a wave of n >= 2 samples, or n >= 1 when it is dots (DrawCustomWaves).
  if (!wave.visible || n == 0 || (!wave.dots && n < 2)) return;
  auto& v = batch_.vertices;
  const std::size_t first = v.size();
  const auto colourOf = [alphaMultiplier](const preset::WavePoint& p) {
    if (alphaMultiplier == 1.0f) return p.colour;
    preset::Rgba c = p.colour;
    c.a = static_cast<float>(static_cast<int>(c.a * alphaMultiplier * 255.0f)) / 255.0f;
    return c;
  };
  if (wave.dots) {
    // Dots are drawn once: the 4-pass "thick" applies to lines only (DrawCustomWaves).
    addDots(batch_, wave.points, static_cast<float>(customDotSize(canvas.width, wave.thick)),
            canvas, colourOf, blendOf(wave.additive), 1);
    return;
  }
  for (const auto& p : wave.points) v.push_back(colorVertex(p.x, p.y, colourOf(p)));
  batch_.addDraw(GL_LINE_STRIP, first, blendOf(wave.additive), false, wave.thick ? 4 : 1);
}

void WavePass::addBuiltinWave(const preset::BuiltinWaveState& wave, const CanvasInfo& canvas) {
  if (!wave.visible || wave.points.empty()) return;
  auto& v = batch_.vertices;
  const BlendMode blend = blendOf(wave.additive);
  const int passes = wave.fourPasses ? 4 : 1;
  const std::size_t split = std::min(wave.secondLineStart, wave.points.size());
  if (wave.dots) {
    // DrawWave leaves D3DRS_POINTSIZE at 1: one-pixel dots, fattened only by the 4 passes.
    addDots(
        batch_, wave.points, 1.0f, canvas, [&wave](const auto&) { return wave.colour; }, blend,
        passes);
    return;
  }
  // Mode 7 is two strips; every other mode one (split == size()).
  const std::size_t ranges[2][2] = {{0, split}, {split, wave.points.size()}};
  for (const auto& r : ranges) {
    if (r[1] - r[0] < 2) continue;
    const std::size_t first = v.size();
    for (std::size_t i = r[0]; i < r[1]; ++i)
      v.push_back(colorVertex(wave.points[i].x, wave.points[i].y, wave.colour));
    batch_.addDraw(GL_LINE_STRIP, first, blend, false, passes);
  }
}

void WavePass::draw(const preset::FrameState& frame, const CanvasInfo& canvas) {
  errors_.clear();
  if (!program_ || canvas.width <= 0 || canvas.height <= 0) return;
  batch_.clear();
  for (const auto& wave : frame.customWaves) addCustomWave(wave, canvas);
  addBuiltinWave(frame.builtinWave, canvas);
  submit(canvas);
}

void WavePass::drawCustomWaves(const preset::FrameState& frame, const CanvasInfo& canvas,
                               double alphaMultiplier) {
  errors_.clear();
  if (!program_ || canvas.width <= 0 || canvas.height <= 0) return;
  batch_.clear();
  for (const auto& wave : frame.customWaves)
    addCustomWave(wave, canvas, static_cast<float>(alphaMultiplier));
  submit(canvas);
}

void WavePass::drawBuiltinWave(const preset::FrameState& frame, const CanvasInfo& canvas) {
  errors_.clear();
  if (!program_ || canvas.width <= 0 || canvas.height <= 0) return;
  batch_.clear();
  addBuiltinWave(frame.builtinWave, canvas);
  submit(canvas);
}

void WavePass::submit(const CanvasInfo& canvas) {
  if (batch_.draws.empty()) return;
  BlendStateScope keepBlend;
  errors_ = batch_.submit(program_, 2.0f / static_cast<float>(canvas.width),
                          2.0f / static_cast<float>(canvas.height));
}

}  // namespace phosphene::render
