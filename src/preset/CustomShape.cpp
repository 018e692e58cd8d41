#include "preset/CustomShape.hpp"

#include <algorithm>

#include "preset/Truncate.hpp"

namespace phosphene::preset {

int shapeInstanceCount(const CustomShapeConfig& c) {
  if (!c.enabled) return 0;
  return std::clamp(c.instances, 0, kMaxShapeInstances);
}

ShapeVars shapeVarsForInstance(const CustomShapeConfig& c, int instance) {
  ShapeVars v;
  v.x = c.x;
  v.y = c.y;
  v.rad = c.rad;
  v.ang = c.ang;
  v.texAng = c.texAng;
  v.texZoom = c.texZoom;
  v.sides = c.sides;
  v.textured = c.textured ? 1.0 : 0.0;
  v.instance = instance;
  v.numInst = c.instances;
  v.additive = c.additive ? 1.0 : 0.0;
  v.thick = c.thickOutline ? 1.0 : 0.0;
  v.r = c.r;
  v.g = c.g;
  v.b = c.b;
  v.a = c.a;
  v.r2 = c.r2;
  v.g2 = c.g2;
  v.b2 = c.b2;
  v.a2 = c.a2;
  v.borderR = c.borderR;
  v.borderG = c.borderG;
  v.borderB = c.borderB;
  v.borderA = c.borderA;
  return v;
}

ShapeInstance shapeInstanceFromVars(const ShapeVars& v, int maxSides) {
  ShapeInstance s;
  s.sides = std::clamp(truncateToInt(v.sides), 3, maxSides);
  s.additive = truncateToInt(v.additive) != 0;
  s.thickOutline = truncateToInt(v.thick) != 0;
  s.textured = truncateToInt(v.textured) != 0;
  s.x = v.x;
  s.y = v.y;
  s.rad = v.rad;
  s.ang = v.ang;
  s.texAng = v.texAng;
  s.texZoom = v.texZoom;
  s.r = v.r;
  s.g = v.g;
  s.b = v.b;
  s.a = v.a;
  s.r2 = v.r2;
  s.g2 = v.g2;
  s.b2 = v.b2;
  s.a2 = v.a2;
  s.borderR = v.borderR;
  s.borderG = v.borderG;
  s.borderB = v.borderB;
  s.borderA = v.borderA;
  return s;
}

}  // namespace phosphene::preset
