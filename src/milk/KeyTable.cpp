#include "milk/KeyTable.hpp"

#include <array>
#include <utility>

namespace phosphene::milk {
namespace {

using P = Preset;
constexpr PresetField F(std::string_view key, float P::*m, ReadQuirk q = ReadQuirk::None) {
  return {key, ValueType::Float, m, nullptr, nullptr, q};
}
constexpr PresetField I(std::string_view key, int P::*m) {
  return {key, ValueType::Int, nullptr, m, nullptr};
}
constexpr PresetField B(std::string_view key, bool P::*m) {
  return {key, ValueType::Bool, nullptr, nullptr, m};
}

// Order = CState::Import's GetFast* calls; it matters because MD2's lookup cursor (see
// KeyIndex.hpp) decides which of two duplicate lines wins.
constexpr std::array kGeneralAndWave{
    F("fRating", &P::rating),
    F("fDecay", &P::decay),
    F("fGammaAdj", &P::gamma),
    F("fVideoEchoZoom", &P::echoZoom),
    F("fVideoEchoAlpha", &P::echoAlpha),
    I("nVideoEchoOrientation", &P::echoOrient),
    B("bRedBlueStereo", &P::redBlueStereo),
    B("bBrighten", &P::brighten),
    B("bDarken", &P::darken),
    B("bSolarize", &P::solarize),
    B("bInvert", &P::invert),
    F("fShader", &P::shader),
    F("b1n", &P::blur1Min),
    F("b2n", &P::blur2Min),
    F("b3n", &P::blur3Min),
    F("b1x", &P::blur1Max),
    F("b2x", &P::blur2Max),
    F("b3x", &P::blur3Max),
    F("b1ed", &P::blur1EdgeDarken),
    I("nWaveMode", &P::waveMode),
    B("bAdditiveWaves", &P::additiveWaves),
    B("bWaveDots", &P::waveDots),
    B("bWaveThick", &P::waveThick),
    B("bModWaveAlphaByVolume", &P::modWaveAlphaByVolume),
    B("bMaximizeWaveColor", &P::maximizeWaveColor),
    F("fWaveAlpha", &P::waveAlpha),
    F("fWaveScale", &P::waveScale),
    F("fWaveSmoothing", &P::waveSmoothing),
    F("fWaveParam", &P::waveParam),
    F("fModWaveAlphaStart", &P::modWaveAlphaStart),
    F("fModWaveAlphaEnd", &P::modWaveAlphaEnd),
    F("wave_r", &P::waveR, ReadQuirk::DefaultIsRot),
    F("wave_g", &P::waveG, ReadQuirk::DefaultIsRot),
    F("wave_b", &P::waveB, ReadQuirk::DefaultIsRot),
    F("wave_x", &P::waveX, ReadQuirk::DefaultIsRot),
    F("wave_y", &P::waveY, ReadQuirk::DefaultIsRot),
    F("nMotionVectorsX", &P::mvX),
    F("nMotionVectorsY", &P::mvY),
    F("mv_dx", &P::mvDx),
    F("mv_dy", &P::mvDy),
    F("mv_l", &P::mvL),
    F("mv_r", &P::mvR),
    F("mv_g", &P::mvG),
    F("mv_b", &P::mvB),
    F("mv_a", &P::mvA, ReadQuirk::MotionVectorsOn),
};

constexpr std::array kMotion{
    F("zoom", &P::zoom),
    F("rot", &P::rot),
    F("cx", &P::cx),
    F("cy", &P::cy),
    F("dx", &P::dx),
    F("dy", &P::dy),
    F("warp", &P::warp),
    F("sx", &P::sx),
    F("sy", &P::sy),
    B("bTexWrap", &P::texWrap),
    B("bDarkenCenter", &P::darkenCenter),
    F("fWarpAnimSpeed", &P::warpAnimSpeed),
    F("fWarpScale", &P::warpScale),
    F("fZoomExponent", &P::zoomExp),
    F("ob_size", &P::obSize),
    F("ob_r", &P::obR),
    F("ob_g", &P::obG),
    F("ob_b", &P::obB),
    F("ob_a", &P::obA),
    F("ib_size", &P::ibSize),
    F("ib_r", &P::ibR),
    F("ib_g", &P::ibG),
    F("ib_b", &P::ibB),
    F("ib_a", &P::ibA),
};

using W = CustomWave;
constexpr WaveField WI(std::string_view key, int W::*m) {
  return {key, ValueType::Int, nullptr, m, nullptr};
}
constexpr WaveField WF(std::string_view key, float W::*m) {
  return {key, ValueType::Float, m, nullptr, nullptr};
}
// CWave::Import order (state.cpp).
constexpr std::array kWave{
    WI("enabled", &W::enabled),
    WI("samples", &W::samples),
    WI("sep", &W::sep),
    WI("bSpectrum", &W::spectrum),
    WI("bUseDots", &W::useDots),
    WI("bDrawThick", &W::drawThick),
    WI("bAdditive", &W::additive),
    WF("scaling", &W::scaling),
    WF("smoothing", &W::smoothing),
    WF("r", &W::r),
    WF("g", &W::g),
    WF("b", &W::b),
    WF("a", &W::a),
};

using S = CustomShape;
constexpr ShapeField SI(std::string_view key, int S::*m) {
  return {key, ValueType::Int, nullptr, m, nullptr};
}
constexpr ShapeField SF(std::string_view key, float S::*m) {
  return {key, ValueType::Float, m, nullptr, nullptr};
}
// CShape::Import order (state.cpp).
constexpr std::array kShape{
    SI("enabled", &S::enabled),
    SI("sides", &S::sides),
    SI("additive", &S::additive),
    SI("thickOutline", &S::thickOutline),
    SI("textured", &S::textured),
    SI("num_inst", &S::instances),
    SF("x", &S::x),
    SF("y", &S::y),
    SF("rad", &S::rad),
    SF("ang", &S::ang),
    SF("tex_ang", &S::texAng),
    SF("tex_zoom", &S::texZoom),
    SF("r", &S::r),
    SF("g", &S::g),
    SF("b", &S::b),
    SF("a", &S::a),
    SF("r2", &S::r2),
    SF("g2", &S::g2),
    SF("b2", &S::b2),
    SF("a2", &S::a2),
    SF("border_r", &S::borderR),
    SF("border_g", &S::borderG),
    SF("border_b", &S::borderB),
    SF("border_a", &S::borderA),
};

template <typename PresetRef, typename Key>
std::vector<Key> collectBlocks(PresetRef& p) {
  std::vector<Key> keys;
  keys.reserve(kMaxCustomWaves * 3 + kMaxCustomShapes * 2 + 5);
  for (int k = 0; k < kMaxCustomWaves; ++k) {
    auto& w = p.waves[static_cast<std::size_t>(k)];
    const std::string base = "wave_" + std::to_string(k) + "_";
    keys.push_back({base + "init", &w.init, false});
    keys.push_back({base + "per_frame", &w.perFrame, false});
    keys.push_back({base + "per_point", &w.perPoint, false});
  }
  for (int k = 0; k < kMaxCustomShapes; ++k) {
    auto& s = p.shapes[static_cast<std::size_t>(k)];
    const std::string base = "shape_" + std::to_string(k) + "_";
    keys.push_back({base + "init", &s.init, false});
    keys.push_back({base + "per_frame", &s.perFrame, false});
  }
  keys.push_back({"per_frame_init_", &p.perFrameInit, false});
  keys.push_back({"per_frame_", &p.perFrame, false});
  keys.push_back({"per_pixel_", &p.perPixel, false});
  keys.push_back({"warp_", &p.warpShader, true});
  keys.push_back({"comp_", &p.compShader, true});
  return keys;
}

}  // namespace

std::span<const PresetField> generalAndWaveFields() {
  return kGeneralAndWave;
}
std::span<const PresetField> motionFields() {
  return kMotion;
}
std::span<const WaveField> waveFields() {
  return kWave;
}
std::span<const ShapeField> shapeFields() {
  return kShape;
}

std::vector<CodeBlockKey> codeBlockKeys(Preset& preset) {
  return collectBlocks<Preset, CodeBlockKey>(preset);
}

std::vector<ConstCodeBlockKey> codeBlockKeys(const Preset& preset) {
  return collectBlocks<const Preset, ConstCodeBlockKey>(preset);
}

std::string_view fileKeyForVariable(std::string_view variable) {
  static constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {
      {"decay", "fDecay"},
      {"gamma", "fGammaAdj"},
      {"echo_zoom", "fVideoEchoZoom"},
      {"echo_alpha", "fVideoEchoAlpha"},
      {"echo_orient", "nVideoEchoOrientation"},
      {"brighten", "bBrighten"},
      {"darken", "bDarken"},
      {"solarize", "bSolarize"},
      {"invert", "bInvert"},
      {"wrap", "bTexWrap"},
      {"darken_center", "bDarkenCenter"},
      {"blur1_min", "b1n"},
      {"blur2_min", "b2n"},
      {"blur3_min", "b3n"},
      {"blur1_max", "b1x"},
      {"blur2_max", "b2x"},
      {"blur3_max", "b3x"},
      {"blur1_edge_darken", "b1ed"},
      {"wave_mode", "nWaveMode"},
      {"wave_additive", "bAdditiveWaves"},
      {"wave_usedots", "bWaveDots"},
      {"wave_thick", "bWaveThick"},
      {"wave_brighten", "bMaximizeWaveColor"},
      {"wave_a", "fWaveAlpha"},
      {"wave_mystery", "fWaveParam"},
      {"zoomexp", "fZoomExponent"},
      {"mv_x", "nMotionVectorsX"},
      {"mv_y", "nMotionVectorsY"},
  };
  for (const auto& [var, key] : kRenamed)
    if (var == variable) return key;
  return {};
}

bool isIgnoredLegacyKey(std::string_view key) {
  return key == "nWrapMode_x" || key == "nWrapMode_y" || key == "nEchoWrap_x" ||
         key == "nEchoWrap_y";
}

}  // namespace phosphene::milk
