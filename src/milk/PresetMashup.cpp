#include "milk/PresetMashup.hpp"

#include <algorithm>

namespace phosphene::milk {
namespace {

const Preset& part(const MashupSources& sources, MashupPart p) {
  return *sources[static_cast<std::size_t>(p)];
}

// The values CState::Import reads under STATE_GENERAL.
void takeGeneral(Preset& out, const Preset& from) {
  out.rating = from.rating;
  out.decay = from.decay;
  out.gamma = from.gamma;
  out.echoZoom = from.echoZoom;
  out.echoAlpha = from.echoAlpha;
  out.echoOrient = from.echoOrient;
  out.redBlueStereo = from.redBlueStereo;
  out.brighten = from.brighten;
  out.darken = from.darken;
  out.solarize = from.solarize;
  out.invert = from.invert;
  out.shader = from.shader;
  out.blur1Min = from.blur1Min;
  out.blur2Min = from.blur2Min;
  out.blur3Min = from.blur3Min;
  out.blur1Max = from.blur1Max;
  out.blur2Max = from.blur2Max;
  out.blur3Max = from.blur3Max;
  out.blur1EdgeDarken = from.blur1EdgeDarken;
}

// STATE_WAVE: the simple waveform, the motion vectors, every custom wave and shape.
void takeWaves(Preset& out, const Preset& from) {
  out.waveMode = from.waveMode;
  out.additiveWaves = from.additiveWaves;
  out.waveDots = from.waveDots;
  out.waveThick = from.waveThick;
  out.modWaveAlphaByVolume = from.modWaveAlphaByVolume;
  out.maximizeWaveColor = from.maximizeWaveColor;
  out.waveAlpha = from.waveAlpha;
  out.waveScale = from.waveScale;
  out.waveSmoothing = from.waveSmoothing;
  out.waveParam = from.waveParam;
  out.modWaveAlphaStart = from.modWaveAlphaStart;
  out.modWaveAlphaEnd = from.modWaveAlphaEnd;
  out.waveR = from.waveR;
  out.waveG = from.waveG;
  out.waveB = from.waveB;
  out.waveX = from.waveX;
  out.waveY = from.waveY;
  out.mvX = from.mvX;
  out.mvY = from.mvY;
  out.mvDx = from.mvDx;
  out.mvDy = from.mvDy;
  out.mvL = from.mvL;
  out.mvR = from.mvR;
  out.mvG = from.mvG;
  out.mvB = from.mvB;
  out.mvA = from.mvA;
  out.waves = from.waves;
  out.shapes = from.shapes;
}

// STATE_MOTION: motion values, wrap and darken-centre, both borders and the three equation blocks.
void takeMotion(Preset& out, const Preset& from) {
  out.zoom = from.zoom;
  out.rot = from.rot;
  out.cx = from.cx;
  out.cy = from.cy;
  out.dx = from.dx;
  out.dy = from.dy;
  out.warp = from.warp;
  out.sx = from.sx;
  out.sy = from.sy;
  out.texWrap = from.texWrap;
  out.darkenCenter = from.darkenCenter;
  out.warpAnimSpeed = from.warpAnimSpeed;
  out.warpScale = from.warpScale;
  out.zoomExp = from.zoomExp;
  out.obSize = from.obSize;
  out.obR = from.obR;
  out.obG = from.obG;
  out.obB = from.obB;
  out.obA = from.obA;
  out.ibSize = from.ibSize;
  out.ibR = from.ibR;
  out.ibG = from.ibG;
  out.ibB = from.ibB;
  out.ibA = from.ibA;
  out.perFrameInit = from.perFrameInit;
  out.perFrame = from.perFrame;
  out.perPixel = from.perPixel;
}

// The effective shader version of a stage as the preset's own version decides it (spec §1.2):
// nothing below 200, so an MD1 preset's stage stays the fixed-function one in the mash-up too.
int effectivePs(const Preset& p, int stageVersion) {
  return p.version < 200 ? kPsNone : stageVersion;
}

}  // namespace

Preset mashUp(const MashupSources& sources) {
  // Values no bin names (none in MD2's format today) follow the general part, the first bin.
  Preset out = part(sources, MashupPart::General);
  takeGeneral(out, part(sources, MashupPart::General));
  takeMotion(out, part(sources, MashupPart::Motion));
  takeWaves(out, part(sources, MashupPart::Waves));

  const Preset& warp = part(sources, MashupPart::WarpShader);
  const Preset& comp = part(sources, MashupPart::CompShader);
  out.warpShader = warp.warpShader;
  out.warpPsVersion = effectivePs(warp, warp.warpPsVersion);
  out.compShader = comp.compShader;
  out.compPsVersion = effectivePs(comp, comp.compPsVersion);

  int version = 0;
  for (const Preset* p : sources) version = std::max(version, p->version);
  if (out.warpPsVersion != kPsNone || out.compPsVersion != kPsNone)
    version = std::max(version, 201);
  out.version = version;
  return out;
}

}  // namespace phosphene::milk
