#pragma once
// FrameState: everything the renderer needs to draw one frame of one preset, as plain data.
//
// Conventions used by every member (checked against MD2 vis_milk2, see the tests):
//  * Positions are clip space with y UP: x −1 left .. +1 right, y −1 bottom .. +1 top (the spec's
//    "clip space"). MD2 draws in a y-flipped 2-D space; every y below is already converted.
//  * Texture coordinates are the spec's UV space: u 0 left .. 1 right, v 0 TOP .. 1 bottom. A GL
//    renderer whose canvas textures keep row 0 at the bottom samples at (u, 1 − v).
//  * Colours are 0..1 floats exactly as MD2 hands them to Direct3D: quantised to 8 bits, and for
//    custom waves, custom shapes and motion vectors wrapped modulo 256 (D3dColor.hpp).
//  * Buffers are reused: the producers resize vectors in place, so once sizes are stable a frame
//    allocates nothing. clearDrawLists() empties lists without releasing capacity.

#include <array>
#include <cstddef>
#include <vector>

namespace phosphene::preset {

inline constexpr int kQCount = 32;     // MD2's q1..q32 (what tools list)
inline constexpr int kMaxQCount = 64;  // MilkDrop 3's q1..q64 (README.md; milk::Milkdrop3Usage)
inline constexpr int kTCount = 8;
// MilkDrop 3's 16 slots (milk::kMaxCustomWaves); an MD2 preset leaves slots 4..15 empty.
inline constexpr int kMaxCustomWaves = 16;
inline constexpr int kMaxCustomShapes = 16;

struct Vec2 {
  float x = 0.0f;
  float y = 0.0f;
};

struct Rgba {
  float r = 0.0f;
  float g = 0.0f;
  float b = 0.0f;
  float a = 0.0f;
};

/// Read-only inputs the equations saw this frame (spec §3.1).
struct FrameInputs {
  double time = 0.0;  // seconds since the visualizer started (also drives the built-in warp)
  double fps = 30.0;
  double frame = 0.0;
  double progress = 0.0;
  double bass = 1.0, mid = 1.0, treb = 1.0;
  double bassAtt = 1.0, midAtt = 1.0, trebAtt = 1.0;
  int meshX = 48, meshY = 36;             // warp mesh cells
  int canvasWidth = 0, canvasHeight = 0;  // pixelsx / pixelsy (canvas == window by default)
  double aspectX = 1.0, aspectY = 1.0;    // as equations see them: the INVERSE factors (§4.3)
};

/// Per-frame variables after per_frame code (and, during a blend, after mixing; spec §3.2, §9).
/// Flags keep MD2's double representation: a flag is on when non-zero, except `wrap`, which MD2
/// compares with the blend snap point (on when > 0.5 outside blends).
struct FrameVars {
  // Motion (per-frame values; per-vertex code may override them per vertex).
  double zoom = 1.0, zoomExp = 1.0, rot = 0.0, warp = 1.0;
  double cx = 0.5, cy = 0.5, dx = 0.0, dy = 0.0, sx = 1.0, sy = 1.0;
  // Post-processing.
  double decay = 0.98, gamma = 2.0;
  double echoZoom = 2.0, echoAlpha = 0.0, echoOrient = 0.0;
  double brighten = 0.0, darken = 0.0, solarize = 0.0, invert = 0.0;
  double wrap = 1.0, darkenCenter = 0.0;
  // Built-in waveform.
  double waveMode = 0.0, waveR = 1.0, waveG = 1.0, waveB = 1.0, waveA = 0.8;
  double waveX = 0.5, waveY = 0.5, waveMystery = 0.0;
  double waveUseDots = 0.0, waveThick = 0.0, waveAdditive = 0.0, waveBrighten = 1.0;
  // Borders.
  double obSize = 0.01, obR = 0.0, obG = 0.0, obB = 0.0, obA = 0.0;
  double ibSize = 0.01, ibR = 0.25, ibG = 0.25, ibB = 0.25, ibA = 0.0;
  // Motion vectors.
  double mvX = 12.0, mvY = 9.0, mvDx = 0.0, mvDy = 0.0, mvL = 0.9;
  double mvR = 1.0, mvG = 1.0, mvB = 1.0, mvA = 1.0;
  // Blur ranges (raw values; the renderer applies GetSafeBlurMinMax, spec §4.5).
  std::array<double, 3> blurMin{0.0, 0.0, 0.0};
  std::array<double, 3> blurMax{1.0, 1.0, 1.0};
  double blur1EdgeDarken = 0.25;
  double monitor = 0.0;
  // q1..q64 as per_frame left them (shader constants _qa.._qp); an MD2 preset uses q1..q32 and
  // leaves the rest 0.
  std::array<double, kMaxQCount> q{};

  // File-only values (no equation variable) the renderer needs (spec §2).
  double hueShader = 0.0;  // fShader
  double waveScale = 1.0, waveSmoothing = 0.75;
  bool modWaveAlphaByVolume = false;
  double modWaveAlphaStart = 0.75, modWaveAlphaEnd = 0.95;
  double warpAnimSpeed = 1.0, warpScale = 1.0;
};

/// Per-vertex data that depends only on the mesh size and the canvas size (rebuilt on resize).
/// Vertex (i, j), i = 0..gridX across, j = 0..gridY, lives at index j·(gridX+1) + i. Row j = 0
/// is the BOTTOM row of the screen (vy = −1), as in MD2's m_verts (spec §4.2).
struct MeshGeometry {
  int gridX = 0, gridY = 0;
  int canvasWidth = 0, canvasHeight = 0;
  float texelOffsetX = 0.0f, texelOffsetY = 0.0f;  // texels (MeshSpec)
  float aspectX = 1.0f, aspectY = 1.0f;            // MD2 m_fAspectX/Y (≤ 1)
  float invAspectX = 1.0f, invAspectY = 1.0f;      // what equations call aspectx/aspecty
  std::vector<Vec2> position;                      // (vx, vy), clip space, y up
  std::vector<Vec2> uvOrig;                        // un-warped screen UV (warp shader's uv_orig)
  // Per-vertex code inputs, as doubles the way EEL reads them (spec §4.3). rad and ang also feed
  // the warp shader.
  std::vector<double> x, y, rad, ang;

  std::size_t vertexCount() const { return position.size(); }
};

/// The warp mesh as the warp pass draws it.
struct WarpMeshState {
  MeshGeometry geometry;
  std::vector<Vec2> uv;      // warped texture coordinate per vertex
  std::vector<float> alpha;  // blend mask per vertex: 1 outside preset blends (MD2 Diffuse alpha)
};

/// One point of a wave (built-in or custom), ready to draw.
struct WavePoint {
  float x = 0.0f, y = 0.0f;  // clip space, y up
  Rgba colour;
};

/// Built-in waveform (spec §6), already refined by SmoothWave. Mode 7 draws two separate strips:
/// points [0, secondLineStart) and [secondLineStart, size()). Otherwise secondLineStart == size().
struct BuiltinWaveState {
  bool visible = false;  // false: nothing to draw (alpha < 0.004, or a mode that matches nothing)
  int mode = 0;
  std::vector<Vec2> points;
  std::size_t secondLineStart = 0;
  Rgba colour;  // one colour for every point, alpha after all alpha rules
  bool dots = false, additive = false;
  /// Four passes offset by one canvas pixel (thick or dots, canvas ≥ 512 wide; spec §6).
  bool fourPasses = false;
};

/// One custom wave (spec §7.1). Line waves are already refined by SmoothWave.
struct CustomWaveState {
  bool visible = false;
  bool dots = false, thick = false, additive = false, spectrum = false;
  std::vector<WavePoint> points;
};

/// All values of one custom-shape instance after its per_frame code (spec §7.2). Colours are the
/// raw equation values; ShapeGeometry turns them into what MD2 draws.
struct ShapeInstance {
  int sides = 4;  // truncated and clamped to 3..100 (3..500 for a MilkDrop 3 preset)
  bool additive = false, thickOutline = false, textured = false;
  double x = 0.5, y = 0.5, rad = 0.1, ang = 0.0, texAng = 0.0, texZoom = 1.0;
  double r = 1.0, g = 0.0, b = 0.0, a = 1.0;
  double r2 = 0.0, g2 = 1.0, b2 = 0.0, a2 = 0.0;
  double borderR = 1.0, borderG = 1.0, borderB = 1.0, borderA = 0.1;
};

struct CustomShapeState {
  std::vector<ShapeInstance> instances;  // empty when the shape is disabled
};

/// Motion-vector line list (spec §4.7), drawn into the PREVIOUS canvas before the warp.
struct MotionVectorState {
  std::vector<Vec2> segments;  // pairs: start, end (clip space, y up)
  Rgba colour;
};

struct FrameState {
  FrameInputs inputs;
  FrameVars vars;
  WarpMeshState mesh;
  std::array<CustomShapeState, kMaxCustomShapes> customShapes;
  std::array<CustomWaveState, kMaxCustomWaves> customWaves;
  BuiltinWaveState builtinWave;
  MotionVectorState motionVectors;
  /// The left spectrum of this frame (FrameAudio::spectrum[0]) for MilkDrop 3's get_fft in
  /// shaders; the renderer uploads it only when a shader samples sampler_fft.
  std::vector<float> spectrum;

  /// Empties every per-frame draw list, keeping capacity (the mesh is kept as is).
  void clearDrawLists();
};

}  // namespace phosphene::preset
