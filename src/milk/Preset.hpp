#pragma once
// milk::Preset: everything a .milk file says, typed, with MilkDrop 2's defaults for what it does
// not say. Pure data: no GL, no compiled code. Equations and shaders stay text, line by line,
// each line remembering where it came from so later stages can point at the preset's own lines.
//
// Default member values are MD2's CState::Default() (vis_milk2/state.cpp). Reading a file does
// not always leave these defaults in place for absent keys (wave_r..wave_y and mv_a follow MD2's
// reader quirks; see PresetReader.hpp), so `Preset{}` is "MD2's defaults", not "an empty file".

#include <array>
#include <string>
#include <vector>

namespace phosphene::milk {

/// One numbered code line (`per_frame_7=...`), its text after MD2's one-backtick strip.
struct CodeLine {
  std::string text;
  int sourceLine = 0;  // 1-based line in the file it was read from; 0 when built in memory

  /// Source positions are bookkeeping, not content: two presets that run the same code are
  /// equal even when their files lay it out on different lines.
  friend bool operator==(const CodeLine& a, const CodeLine& b) { return a.text == b.text; }
};

/// The lines of one block (`per_frame_1..N`), in order; numbering in the file is 1..N.
struct CodeBlock {
  std::vector<CodeLine> lines;

  bool empty() const { return lines.empty(); }
  std::size_t charCount() const {
    std::size_t n = 0;
    for (const auto& l : lines) n += l.text.size();
    return n;
  }
  friend bool operator==(const CodeBlock&, const CodeBlock&) = default;
};

/// `wavecode_K_*` values and `wave_K_*` code. MD2 keeps the flags as ints (any non-zero is on).
struct CustomWave {
  int enabled = 0;
  int samples = 512;
  int sep = 0;
  int spectrum = 0;   // bSpectrum
  int useDots = 0;    // bUseDots
  int drawThick = 0;  // bDrawThick
  int additive = 0;   // bAdditive
  float scaling = 1.0f;
  float smoothing = 0.5f;
  float r = 1.0f, g = 1.0f, b = 1.0f, a = 1.0f;
  CodeBlock init, perFrame, perPoint;

  friend bool operator==(const CustomWave&, const CustomWave&) = default;
};

/// `shapecode_K_*` values and `shape_K_*` code.
struct CustomShape {
  int enabled = 0;
  int sides = 4;
  int additive = 0;
  int thickOutline = 0;
  int textured = 0;
  int instances = 1;  // file key num_inst
  float x = 0.5f, y = 0.5f;
  float rad = 0.1f;
  float ang = 0.0f;
  float texAng = 0.0f;
  float texZoom = 1.0f;
  float r = 1.0f, g = 0.0f, b = 0.0f, a = 1.0f;
  float r2 = 0.0f, g2 = 1.0f, b2 = 0.0f, a2 = 0.0f;
  float borderR = 1.0f, borderG = 1.0f, borderB = 1.0f, borderA = 0.1f;
  CodeBlock init, perFrame;

  friend bool operator==(const CustomShape&, const CustomShape&) = default;
};

/// MilkDrop 3 reads and draws 16 custom waves and 16 custom shapes (wave_0..wave_15,
/// shape_0..shape_15; MilkDrop3 README "16 shapes/waves simultaneously instead of 4", and
/// MDropDX12 src/mDropDX12/md_defines.h MAX_CUSTOM_WAVES / MAX_CUSTOM_SHAPES = 16). MilkDrop 2
/// has 4 of each (vis_milk2/md_defines.h); its presets never fill the slots above 3.
inline constexpr int kMaxCustomWaves = 16;
inline constexpr int kMaxCustomShapes = 16;
inline constexpr int kMd2CustomWaves = 4;
inline constexpr int kMd2CustomShapes = 4;

/// Pixel-shader model numbers as MD2 stores them (plugin.h MD2_PS_*).
enum PsVersion : int { kPsNone = 0, kPs2_0 = 2, kPs2_x = 3, kPs3_0 = 4 };

struct Preset {
  // --- versions (spec §1.2). Effective values: for version < 200 both stages are 0 whatever the
  // file says; for 200 both come from PSVERSION; above 200 from PSVERSION_WARP / _COMP.
  int version = 100;  // MILKDROP_PRESET_VERSION
  int warpPsVersion = kPsNone;
  int compPsVersion = kPsNone;

  // --- general / post-processing (spec §2.1); names are the equation variables where one exists
  float rating = 3.0f;  // fRating
  float decay = 0.98f;  // fDecay
  float gamma = 2.0f;   // fGammaAdj
  float echoZoom = 2.0f;
  float echoAlpha = 0.0f;
  int echoOrient = 0;  // nVideoEchoOrientation
  bool redBlueStereo = false;
  bool brighten = false;
  bool darken = false;
  bool solarize = false;
  bool invert = false;
  float shader = 0.0f;                                      // fShader (MD1 hue shader amount)
  float blur1Min = 0.0f, blur2Min = 0.0f, blur3Min = 0.0f;  // b1n b2n b3n
  float blur1Max = 1.0f, blur2Max = 1.0f, blur3Max = 1.0f;  // b1x b2x b3x
  float blur1EdgeDarken = 0.25f;                            // b1ed
  bool texWrap = true;                                      // bTexWrap (var wrap)
  bool darkenCenter = false;

  // --- built-in waveform (spec §2.2)
  int waveMode = 0;
  bool additiveWaves = false;
  bool waveDots = false;
  bool waveThick = false;
  bool modWaveAlphaByVolume = false;
  bool maximizeWaveColor = true;  // var wave_brighten
  float waveAlpha = 0.8f;         // fWaveAlpha (var wave_a)
  float waveScale = 1.0f;
  float waveSmoothing = 0.75f;
  float waveParam = 0.0f;  // fWaveParam (var wave_mystery)
  float modWaveAlphaStart = 0.75f;
  float modWaveAlphaEnd = 0.95f;
  float waveR = 1.0f, waveG = 1.0f, waveB = 1.0f;
  float waveX = 0.5f, waveY = 0.5f;

  // --- motion (spec §2.3)
  float zoom = 1.0f;
  float zoomExp = 1.0f;  // fZoomExponent
  float rot = 0.0f;
  float cx = 0.5f, cy = 0.5f;
  float dx = 0.0f, dy = 0.0f;
  float warp = 1.0f;
  float sx = 1.0f, sy = 1.0f;
  float warpAnimSpeed = 1.0f;
  float warpScale = 1.0f;

  // --- borders and motion vectors (spec §2.4)
  float obSize = 0.01f, obR = 0.0f, obG = 0.0f, obB = 0.0f, obA = 0.0f;
  float ibSize = 0.01f, ibR = 0.25f, ibG = 0.25f, ibB = 0.25f, ibA = 0.0f;
  float mvX = 12.0f, mvY = 9.0f;  // nMotionVectorsX / Y
  float mvDx = 0.0f, mvDy = 0.0f;
  float mvL = 0.9f;
  float mvR = 1.0f, mvG = 1.0f, mvB = 1.0f, mvA = 1.0f;

  // --- custom waves and shapes (spec §2.5, §2.6, §7)
  std::array<CustomWave, kMaxCustomWaves> waves{};
  std::array<CustomShape, kMaxCustomShapes> shapes{};

  // --- code (spec §1.3) and shaders (spec §2.7, §8)
  CodeBlock perFrameInit;  // per_frame_init_N
  CodeBlock perFrame;      // per_frame_N
  CodeBlock perPixel;      // per_pixel_N (per-vertex)
  CodeBlock warpShader;    // warp_N, backtick stripped
  CodeBlock compShader;    // comp_N

  /// Compares every value and every code line's text; source line numbers are ignored.
  friend bool operator==(const Preset&, const Preset&) = default;
};

/// How many wave slots a preset uses: MilkDrop 2's 4, or up to the last slot above 3 that holds
/// anything but defaults (a MilkDrop 3 preset). The compiler, runtime and writer stop there, so
/// an MD2 preset costs what it did before MD3's 16 slots existed.
inline int usedWaveSlots(const Preset& p) {
  for (int k = kMaxCustomWaves; k > kMd2CustomWaves; --k)
    if (!(p.waves[static_cast<std::size_t>(k - 1)] == CustomWave{})) return k;
  return kMd2CustomWaves;
}
inline int usedShapeSlots(const Preset& p) {
  for (int k = kMaxCustomShapes; k > kMd2CustomShapes; --k)
    if (!(p.shapes[static_cast<std::size_t>(k - 1)] == CustomShape{})) return k;
  return kMd2CustomShapes;
}

}  // namespace phosphene::milk
