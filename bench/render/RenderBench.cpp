// render_bench: median time of one render::Renderer::draw (motion vectors, warp, shapes, waves,
// sprites, composite; glFinish so the rasteriser's work is counted) on a headless context —
// llvmpipe unless a GPU driver is forced. The FrameState is synthetic and fixed: a busy but
// ordinary frame (built-in wave of 576 points, a 6-sided shape with 8 instances, a dotted custom
// wave, borders, echo and gamma 2), so the numbers measure GL work only, not equations.
// Report medians (--benchmark_repetitions, median aggregate); timings are never asserted.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <string>

#include "BenchContext.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "eel/Eel.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"
#include "preset/WarpMesh.hpp"
#include "render/Renderer.hpp"

namespace {

using namespace phosphene;

preset::FrameState busyFrame(int width, int height, int gridX, int gridY) {
  preset::FrameState f;
  auto& v = f.vars;
  v.zoom = 1.02;
  v.rot = 0.01;
  v.decay = 0.97;
  v.gamma = 2.0;
  v.echoAlpha = 0.3;
  v.echoOrient = 3;
  v.obA = 1.0;
  v.ibA = 0.5;
  v.mvA = 0.0;
  f.inputs.canvasWidth = width;
  f.inputs.canvasHeight = height;
  preset::buildMeshGeometry({gridX, gridY, width, height, false}, f.mesh.geometry);
  preset::computeWarpUv(f.mesh.geometry, preset::uniformMotion(v), {1.0, 1.0, 1.0}, f.mesh.uv);
  f.mesh.alpha.assign(f.mesh.geometry.vertexCount(), 1.0f);
  for (int i = 0; i < 8; ++i) {
    preset::ShapeInstance s;
    s.sides = 6;
    s.x = 0.2 + 0.08 * i;
    s.rad = 0.07;
    f.customShapes[0].instances.push_back(s);
  }
  auto& w = f.builtinWave;
  w.visible = true;
  w.colour = {1, 1, 1, 0.8f};
  for (int i = 0; i < 576; ++i) {
    const float x = -1.0f + 2.0f * static_cast<float>(i) / 575.0f;
    w.points.push_back({x, 0.3f * std::sin(9.0f * x)});
  }
  w.secondLineStart = w.points.size();
  auto& c = f.customWaves[0];
  c.visible = true;
  c.dots = true;
  for (int i = 0; i < 512; ++i) {
    const float a = static_cast<float>(i) / 512.0f * 2.0f * std::numbers::pi_v<float>;
    c.points.push_back({0.5f * std::cos(a), 0.5f * std::sin(a), {1, 0.5f, 0.2f, 1}});
  }
  return f;
}

void rendererDraw(benchmark::State& state, int width, int height, int gridX, int gridY) {
  const bench::BenchContext* s = bench::benchContext();
  if (s == nullptr) {
    state.SkipWithError("no headless GL context");
    return;
  }
  render::Renderer renderer;
  if (!renderer.init(s->caps.dialect()).empty()) {
    state.SkipWithError("Renderer::init failed");
    return;
  }
  auto target = gl::Framebuffer::create({width, height});
  if (!target) {
    state.SkipWithError("no target framebuffer");
    return;
  }
  const auto frame = busyFrame(width, height, gridX, gridY);
  const render::RenderTarget out{target->id(), 0, width, height};
  for (int i = 0; i < 3; ++i) renderer.draw(frame, out);  // allocations, shader warm-up
  glFinish();
  for (auto _ : state) {
    benchmark::DoNotOptimize(renderer.draw(frame, out).size());
    glFinish();
  }
}

// A preset with per-pixel code, a shape and the built-in wave, stepped by the Runtime and drawn:
// the counters split each frame into the preset step (CPU, no GL) and Renderer::draw + glFinish.
constexpr const char* kPreset =
    "[preset00]\n"
    "fDecay=0.97\nfGammaAdj=1.8\nzoom=1.02\nrot=0.02\nwarp=0.5\nnWaveMode=2\n"
    "fWaveAlpha=1.0\nwave_x=0.5\nwave_y=0.5\nob_size=0.015\nob_r=0.9\nob_a=1.0\n"
    "per_frame_1=wave_r = 0.5 + 0.5 * sin(time * 3); wave_b = 1 - wave_r;\n"
    "per_pixel_1=zoom = zoom + 0.02 * sin(rad * 8 - time * 2);\n"
    "shapecode_0_enabled=1\nshapecode_0_sides=5\nshapecode_0_rad=0.12\n"
    "shape_0_per_frame1=x = 0.5 + 0.25 * sin(time * 2); y = 0.5 + 0.25 * cos(time * 2);\n";

void presetFrame(benchmark::State& state, int width, int height, int gridX, int gridY) {
  const bench::BenchContext* s = bench::benchContext();
  if (s == nullptr) {
    state.SkipWithError("no headless GL context");
    return;
  }
  core::Diagnostics diags;
  const auto milkPreset = milk::parsePreset(kPreset, diags);
  auto globals = std::make_unique<eel::Globals>();
  preset::Runtime runtime(milkPreset, *globals);
  render::Renderer renderer;
  auto target = gl::Framebuffer::create({width, height});
  if (!renderer.init(s->caps.dialect()).empty() || !target) {
    state.SkipWithError("Renderer::init failed");
    return;
  }
  clock::FrameClock clock(60.0);
  audio::FrameAudio audio;
  preset::StepInputs inputs;
  inputs.meshX = gridX;
  inputs.meshY = gridY;
  inputs.canvasWidth = width;
  inputs.canvasHeight = height;
  const render::RenderTarget out{target->id(), 0, width, height};
  double stepSeconds = 0.0, drawSeconds = 0.0;
  int frame = 0;
  using Clock = std::chrono::steady_clock;
  for (auto _ : state) {
    clock.advance(0.0);
    for (int i = 0; i < audio::kWaveformSamples; ++i) {
      const float t = static_cast<float>(i + frame * 97);
      audio.waveform[0][static_cast<std::size_t>(i)] = 60.0f * std::sin(0.07f * t);
      audio.waveform[1][static_cast<std::size_t>(i)] = 60.0f * std::cos(0.05f * t);
    }
    ++frame;
    const auto t0 = Clock::now();
    const auto& state0 = runtime.step(audio, clock, inputs);
    const auto t1 = Clock::now();
    benchmark::DoNotOptimize(renderer.draw(state0, out).size());
    glFinish();
    const auto t2 = Clock::now();
    stepSeconds += std::chrono::duration<double>(t1 - t0).count();
    drawSeconds += std::chrono::duration<double>(t2 - t1).count();
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["step_ms"] = n > 0 ? 1000.0 * stepSeconds / n : 0.0;
  state.counters["draw_ms"] = n > 0 ? 1000.0 * drawSeconds / n : 0.0;
}

// One pass alone at 1280x720 (which = 0 warp, 1 fixed-function composite, 2 generated-shader
// composite), to see where a frame's time goes.
void singlePass(benchmark::State& state, int which) {
  constexpr int kWidth = 1280, kHeight = 720;
  const bench::BenchContext* s = bench::benchContext();
  if (s == nullptr) {
    state.SkipWithError("no headless GL context");
    return;
  }
  render::WarpPass warp;
  render::CompositePass composite;
  auto source = gl::Framebuffer::create({kWidth, kHeight});
  auto target = gl::Framebuffer::create({kWidth, kHeight});
  if (!warp.init(s->caps.dialect()).empty() || !composite.init(s->caps.dialect()).empty() ||
      !source || !target) {
    state.SkipWithError("pass init failed");
    return;
  }
  const auto frame = busyFrame(kWidth, kHeight, 96, 72);
  target->bind();
  for (auto _ : state) {
    if (which == 0)
      warp.draw(frame, source->color());
    else
      composite.draw(
          frame, source->color(),
          which == 2 ? render::BuiltinStyle::GeneratedShader : render::BuiltinStyle::FixedFunction);
    glFinish();
  }
}

// Reference points for singlePass: a full-screen triangle at 1280x720 whose fragment shader
// does the least a pass can (which = 0: a constant colour; 1: one texelFetch of an RGBA8 canvas;
// 2: one bilinear texture() read). On llvmpipe even the constant pass costs the per-pixel
// interpolation, conversion and store of the target, so these bound what any warp or composite
// can save (bench/README.md, render_bench figures).
void passFloor(benchmark::State& state, int which) {
  constexpr int kWidth = 1280, kHeight = 720;
  const bench::BenchContext* s = bench::benchContext();
  if (s == nullptr) {
    state.SkipWithError("no headless GL context");
    return;
  }
  static constexpr const char* kBodies[] = {
      "fragColor = vec4(0.25, 0.5, 0.75, 1.0);",
      "fragColor = vec4(texelFetch(uSource, ivec2(gl_FragCoord.xy), 0).rgb, 1.0);",
      "fragColor = vec4(texture(uSource, gl_FragCoord.xy * uInvSize).rgb, 1.0);",
  };
  const std::string source = std::string(R"(
#ifdef VERTEX_SHADER
void main() {
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform vec2 uInvSize;
layout(location = 0) out vec4 fragColor;
void main() { )") + kBodies[which] +
                             " }\n#endif\n";
  auto program = gl::ShaderProgram::create(s->caps.dialect(), source, "floor");
  auto vao = gl::VertexArray::create();
  auto canvas = gl::Framebuffer::create({kWidth, kHeight, GL_RGBA8, GL_LINEAR, GL_REPEAT});
  auto target = gl::Framebuffer::create({kWidth, kHeight});
  if (!program || !vao || !canvas || !target) {
    state.SkipWithError("pass init failed");
    return;
  }
  program->use();
  glUniform1i(program->uniformLocation("uSource"), 0);
  glUniform2f(program->uniformLocation("uInvSize"), 1.0f / kWidth, 1.0f / kHeight);
  vao->bind();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, canvas->color().id());
  target->bind();
  glViewport(0, 0, kWidth, kHeight);
  for (auto _ : state) {
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glFinish();
  }
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace

BENCHMARK_CAPTURE(singlePass, warp_1280x720, 0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(singlePass, composite_fixed_1280x720, 1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(singlePass, composite_generated_1280x720, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(passFloor, constant_1280x720, 0)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(passFloor, texel_fetch_1280x720, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(passFloor, bilinear_1280x720, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(presetFrame, 640x480_mesh48x36, 640, 480, 48, 36)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(presetFrame, 1280x720_mesh96x72, 1280, 720, 96, 72)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(rendererDraw, 640x480_mesh48x36, 640, 480, 48, 36)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(rendererDraw, 1280x720_mesh96x72, 1280, 720, 96, 72)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
