#include "preset/PresetValues.hpp"

namespace phosphene::preset {

FrameVars baseFrameVars(const milk::Preset& p) {
  FrameVars v;
  v.zoom = p.zoom;
  v.zoomExp = p.zoomExp;
  v.rot = p.rot;
  v.warp = p.warp;
  v.cx = p.cx;
  v.cy = p.cy;
  v.dx = p.dx;
  v.dy = p.dy;
  v.sx = p.sx;
  v.sy = p.sy;
  v.decay = p.decay;
  v.gamma = p.gamma;
  v.echoZoom = p.echoZoom;
  v.echoAlpha = p.echoAlpha;
  v.echoOrient = p.echoOrient;
  v.brighten = p.brighten ? 1.0 : 0.0;
  v.darken = p.darken ? 1.0 : 0.0;
  v.solarize = p.solarize ? 1.0 : 0.0;
  v.invert = p.invert ? 1.0 : 0.0;
  v.wrap = p.texWrap ? 1.0 : 0.0;
  v.darkenCenter = p.darkenCenter ? 1.0 : 0.0;
  v.waveMode = p.waveMode;
  v.waveR = p.waveR;
  v.waveG = p.waveG;
  v.waveB = p.waveB;
  v.waveA = p.waveAlpha;
  v.waveX = p.waveX;
  v.waveY = p.waveY;
  v.waveMystery = p.waveParam;
  v.waveUseDots = p.waveDots ? 1.0 : 0.0;
  v.waveThick = p.waveThick ? 1.0 : 0.0;
  v.waveAdditive = p.additiveWaves ? 1.0 : 0.0;
  v.waveBrighten = p.maximizeWaveColor ? 1.0 : 0.0;
  v.obSize = p.obSize;
  v.obR = p.obR;
  v.obG = p.obG;
  v.obB = p.obB;
  v.obA = p.obA;
  v.ibSize = p.ibSize;
  v.ibR = p.ibR;
  v.ibG = p.ibG;
  v.ibB = p.ibB;
  v.ibA = p.ibA;
  v.mvX = p.mvX;
  v.mvY = p.mvY;
  v.mvDx = p.mvDx;
  v.mvDy = p.mvDy;
  v.mvL = p.mvL;
  v.mvR = p.mvR;
  v.mvG = p.mvG;
  v.mvB = p.mvB;
  v.mvA = p.mvA;
  v.blurMin = {p.blur1Min, p.blur2Min, p.blur3Min};
  v.blurMax = {p.blur1Max, p.blur2Max, p.blur3Max};
  v.blur1EdgeDarken = p.blur1EdgeDarken;
  v.monitor = 0.0;
  v.q = {};
  v.hueShader = p.shader;
  v.waveScale = p.waveScale;
  v.waveSmoothing = p.waveSmoothing;
  v.modWaveAlphaByVolume = p.modWaveAlphaByVolume;
  v.modWaveAlphaStart = p.modWaveAlphaStart;
  v.modWaveAlphaEnd = p.modWaveAlphaEnd;
  v.warpAnimSpeed = p.warpAnimSpeed;
  v.warpScale = p.warpScale;
  return v;
}

CustomWaveConfig customWaveConfig(const milk::CustomWave& w) {
  CustomWaveConfig c;
  c.enabled = w.enabled != 0;
  c.samples = w.samples;
  c.sep = w.sep;
  c.spectrum = w.spectrum != 0;
  c.useDots = w.useDots != 0;
  c.drawThick = w.drawThick != 0;
  c.additive = w.additive != 0;
  c.scaling = w.scaling;
  c.smoothing = w.smoothing;
  c.r = w.r;
  c.g = w.g;
  c.b = w.b;
  c.a = w.a;
  return c;
}

CustomShapeConfig customShapeConfig(const milk::CustomShape& s) {
  CustomShapeConfig c;
  c.enabled = s.enabled != 0;
  c.sides = s.sides;
  c.additive = s.additive != 0;
  c.thickOutline = s.thickOutline != 0;
  c.textured = s.textured != 0;
  c.instances = s.instances;
  c.x = s.x;
  c.y = s.y;
  c.rad = s.rad;
  c.ang = s.ang;
  c.texAng = s.texAng;
  c.texZoom = s.texZoom;
  c.r = s.r;
  c.g = s.g;
  c.b = s.b;
  c.a = s.a;
  c.r2 = s.r2;
  c.g2 = s.g2;
  c.b2 = s.b2;
  c.a2 = s.a2;
  c.borderR = s.borderR;
  c.borderG = s.borderG;
  c.borderB = s.borderB;
  c.borderA = s.borderA;
  return c;
}

}  // namespace phosphene::preset
