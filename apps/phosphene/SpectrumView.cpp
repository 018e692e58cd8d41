#include "SpectrumView.hpp"

#include <algorithm>
#include <cmath>

#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlErrors.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"

namespace phosphene::cli {
namespace {

// One source for GLSL 3.30 core and GLSL ES 3.00 (gl::shaderPrelude adds the version line).
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aColor;
out vec4 vColor;
void main() {
  vColor = aColor;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec4 vColor;
layout(location = 0) out vec4 fragColor;
void main() { fragColor = vColor; }
#endif
)";

// Screen layout in normalised device coordinates (y up).
constexpr float kLeft = -0.95f, kPlotRight = 0.60f;             // spectrum and waveform width
constexpr float kSpecBottom = -0.22f, kSpecTop = 0.92f;         // spectrum bars
constexpr float kWaveCentre = -0.60f, kWaveHalfHeight = 0.30f;  // waveform band
constexpr float kMeterLeft = 0.68f, kMeterRight = 0.95f;        // bass / mid / treb
constexpr float kMeterBottom = -0.92f, kMeterTop = 0.78f;
constexpr float kLampBottom = 0.84f, kLampTop = 0.95f;
// MilkDrop's waveform samples reach +-128 at digital full scale.
constexpr float kWaveFullScale = 128.0f;
// Spectrum magnitudes are drawn in decibels from kFloorDb (empty bar) to kTopDb (full bar). The
// analysis' equalised magnitudes of music sit around 0.01 .. 2 (treble .. kick).
constexpr float kFloorDb = -60.0f, kTopDb = 6.0f;
// Meters: 1.0 ("as loud as usual") is at half height; 2.0 and more fill the meter.
constexpr float kMeterFull = 2.0f;

constexpr std::size_t kMaxVertices =
    SpectrumView::kBars * 6 + 2 * (SpectrumViewInput::kWaveformSamples - 1) * 6 + 3 * 4 * 6 + 4 * 6;

void hueToRgb(float h, unsigned char out[4]) {
  // h in [0, 1): a six-segment HSV wheel at full saturation and value.
  const float x = h * 6.0f;
  const int seg = static_cast<int>(x) % 6;
  const float f = x - std::floor(x);
  float r = 0, g = 0, b = 0;
  switch (seg) {
    case 0:
      r = 1, g = f;
      break;
    case 1:
      r = 1 - f, g = 1;
      break;
    case 2:
      g = 1, b = f;
      break;
    case 3:
      g = 1 - f, b = 1;
      break;
    case 4:
      r = f, b = 1;
      break;
    default:
      r = 1, b = 1 - f;
      break;
  }
  out[0] = static_cast<unsigned char>(std::lround(r * 255));
  out[1] = static_cast<unsigned char>(std::lround(g * 255));
  out[2] = static_cast<unsigned char>(std::lround(b * 255));
  out[3] = 255;
}

float finiteOr0(float v) {
  return std::isfinite(v) ? v : 0.0f;
}

}  // namespace

struct SpectrumView::GlObjects {
  gl::ShaderProgram program;
  gl::Buffer vertices;
  gl::VertexArray vao;
};

SpectrumView::SpectrumView() = default;
SpectrumView::SpectrumView(SpectrumView&&) noexcept = default;
SpectrumView& SpectrumView::operator=(SpectrumView&&) noexcept = default;
SpectrumView::~SpectrumView() = default;

core::Expected<SpectrumView> SpectrumView::create() {
  auto caps = gl::probeCapabilities();
  if (!caps) return caps.diagnostics();
  auto program = gl::ShaderProgram::create(caps->dialect(), kShader, "SpectrumView");
  if (!program) return program.diagnostics();
  auto buffer = gl::Buffer::create(GL_ARRAY_BUFFER, kMaxVertices * sizeof(Vertex), nullptr);
  if (!buffer) return buffer.diagnostics();
  auto vao = gl::VertexArray::create();
  if (!vao) return vao.diagnostics();
  vao->attribute(0, *buffer, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao->attribute(1, *buffer, 4, GL_UNSIGNED_BYTE, true, sizeof(Vertex), offsetof(Vertex, r));
  SpectrumView view;
  view.gl_ = std::make_unique<GlObjects>(
      GlObjects{std::move(*program), std::move(*buffer), std::move(*vao)});
  view.scratch_.reserve(kMaxVertices);
  view.capacity_ = kMaxVertices;
  return view;
}

void SpectrumView::quad(float x0, float y0, float x1, float y1, const unsigned char c[4]) {
  const Vertex v[6] = {{x0, y0, c[0], c[1], c[2], c[3]}, {x1, y0, c[0], c[1], c[2], c[3]},
                       {x1, y1, c[0], c[1], c[2], c[3]}, {x0, y0, c[0], c[1], c[2], c[3]},
                       {x1, y1, c[0], c[1], c[2], c[3]}, {x0, y1, c[0], c[1], c[2], c[3]}};
  scratch_.insert(scratch_.end(), v, v + 6);
}

// A polyline of n samples spread over [x0, x1], drawn as one quad per segment extruded
// perpendicular to it in pixel space, so steep and flat parts look equally thick. Core profile
// and ES have no wide lines, hence triangles.
void SpectrumView::line(const float* ys, int n, float x0, float x1, float yCentre, float yScale,
                        float pxW, float pxH, float thickness, const unsigned char c[4]) {
  auto point = [&](int i, float& x, float& y) {
    x = x0 + (x1 - x0) * static_cast<float>(i) / static_cast<float>(n - 1);
    y = yCentre + std::clamp(finiteOr0(ys[i]) * yScale, -kWaveHalfHeight, kWaveHalfHeight);
  };
  float ax, ay;
  point(0, ax, ay);
  for (int i = 1; i < n; ++i) {
    float bx, by;
    point(i, bx, by);
    // Direction in pixels, then the half-thickness normal back in NDC.
    const float dx = (bx - ax) / pxW, dy = (by - ay) / pxH;
    const float len = std::max(std::sqrt(dx * dx + dy * dy), 1e-6f);
    const float nx = -dy / len * thickness * 0.5f * pxW, ny = dx / len * thickness * 0.5f * pxH;
    const Vertex v[6] = {
        {ax - nx, ay - ny, c[0], c[1], c[2], c[3]}, {bx - nx, by - ny, c[0], c[1], c[2], c[3]},
        {bx + nx, by + ny, c[0], c[1], c[2], c[3]}, {ax - nx, ay - ny, c[0], c[1], c[2], c[3]},
        {bx + nx, by + ny, c[0], c[1], c[2], c[3]}, {ax + nx, ay + ny, c[0], c[1], c[2], c[3]}};
    scratch_.insert(scratch_.end(), v, v + 6);
    ax = bx;
    ay = by;
  }
}

core::Diagnostics SpectrumView::draw(const SpectrumViewInput& in, int width, int height) {
  core::Diagnostics errors;
  if (width <= 0 || height <= 0) return errors;
  // One pixel in NDC units.
  const float pxW = 2.0f / static_cast<float>(width), pxH = 2.0f / static_cast<float>(height);
  scratch_.clear();

  // Spectrum: kBars bands with log-spaced edges from bin 1 (43 Hz) to bin 511 (22 kHz); each bar
  // shows the mean magnitude of both channels over its band (at least one bin).
  const float barW = (kPlotRight - kLeft) / kBars;
  for (int k = 0; k < kBars; ++k) {
    const float e0 = std::pow(511.0f, static_cast<float>(k) / kBars);
    const float e1 = std::pow(511.0f, static_cast<float>(k + 1) / kBars);
    const int b0 = static_cast<int>(e0);
    const int b1 = std::max(b0 + 1, std::min(static_cast<int>(e1), 512));
    float sum = 0;
    for (int b = b0; b < b1; ++b)
      sum += std::max(0.0f, finiteOr0(in.spectrum[0][b])) +
             std::max(0.0f, finiteOr0(in.spectrum[1][b]));
    const float mean = sum / static_cast<float>(2 * (b1 - b0));
    const float db = 20.0f * std::log10(std::max(mean, 1e-6f));
    const float h = std::clamp((db - kFloorDb) / (kTopDb - kFloorDb), 0.0f, 1.0f);
    unsigned char c[4];
    hueToRgb(0.66f * (1.0f - static_cast<float>(k) / (kBars - 1)), c);  // blue (low) .. red
    const float x0 = kLeft + barW * k + pxW * 0.5f, x1 = kLeft + barW * (k + 1) - pxW * 0.5f;
    const float top = kSpecBottom + (kSpecTop - kSpecBottom) * h;
    if (top > kSpecBottom + pxH * 0.5f) quad(x0, kSpecBottom, x1, top, c);
  }

  // Waveforms: left cyan, right magenta, overlaid on one axis.
  const unsigned char axis[4] = {60, 60, 70, 255};
  quad(kLeft, kWaveCentre - pxH * 0.5f, kPlotRight, kWaveCentre + pxH * 0.5f, axis);
  const float thickness = std::max(1.5f, static_cast<float>(height) / 240.0f);
  const unsigned char left[4] = {80, 220, 255, 255}, right[4] = {255, 90, 200, 255};
  const float yScale = kWaveHalfHeight / kWaveFullScale;
  line(in.waveform[1], SpectrumViewInput::kWaveformSamples, kLeft, kPlotRight, kWaveCentre, yScale,
       pxW, pxH, thickness, right);
  line(in.waveform[0], SpectrumViewInput::kWaveformSamples, kLeft, kPlotRight, kWaveCentre, yScale,
       pxW, pxH, thickness, left);

  // Meters: bass red, mid green, treb blue; a white tick at the _att value; a grey line at 1.0.
  const float values[3] = {in.bass, in.mid, in.treb};
  const float atts[3] = {in.bassAtt, in.midAtt, in.trebAtt};
  const unsigned char colours[3][4] = {{235, 70, 60, 255}, {90, 220, 90, 255}, {80, 130, 255, 255}};
  const unsigned char white[4] = {240, 240, 240, 255}, grey[4] = {110, 110, 120, 255};
  const float meterW = (kMeterRight - kMeterLeft) / 3.0f;
  auto meterY = [](float v) {
    return kMeterBottom +
           (kMeterTop - kMeterBottom) * std::clamp(finiteOr0(v) / kMeterFull, 0.0f, 1.0f);
  };
  for (int m = 0; m < 3; ++m) {
    const float x0 = kMeterLeft + meterW * m + meterW * 0.12f;
    const float x1 = kMeterLeft + meterW * (m + 1) - meterW * 0.12f;
    quad(x0, kMeterBottom, x1, std::max(meterY(values[m]), kMeterBottom + pxH), colours[m]);
    const float one = meterY(1.0f);
    quad(x0 - meterW * 0.08f, one - pxH * 0.5f, x1 + meterW * 0.08f, one + pxH * 0.5f, grey);
    const float att = meterY(atts[m]);
    quad(x0, att - pxH, x1, att + pxH, white);
  }

  // Beat lamp above the meters: lit on a beat frame, dim otherwise.
  const unsigned char lampOn[4] = {255, 240, 120, 255}, lampOff[4] = {45, 42, 30, 255};
  quad(kMeterLeft + meterW * 0.12f, kLampBottom, kMeterRight - meterW * 0.12f, kLampTop,
       in.beat ? lampOn : lampOff);

  const std::size_t count = std::min(scratch_.size(), capacity_);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glClearColor(0.04f, 0.04f, 0.06f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  gl_->vertices.update(0, count * sizeof(Vertex), scratch_.data());
  gl_->program.use();
  gl_->vao.bind();
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(count));
  glBindVertexArray(0);
  glUseProgram(0);
  gl::drainGlErrors("SpectrumView::draw", errors);
  return errors;
}

}  // namespace phosphene::cli
