#pragma once
// Custom shape instances (spec §7.2, MD2 milkdropfs.cpp DrawCustomShapes,
// LoadCustomShapePerFrameEvallibVars): for each instance 0..num_inst−1 every built-in shape
// variable is reset to the FILE value and `instance` is set before per_frame runs; nothing a
// previous instance wrote to a built-in survives (user variables and t/q handling: Runtime).

#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// Phosphene's safety cap on instances (MD2 has none; the corpus maximum is 1024).
inline constexpr int kMaxShapeInstances = 1024;

/// A custom shape's file values (spec §2.6).
struct CustomShapeConfig {
  bool enabled = false;
  int sides = 4;
  bool additive = false, thickOutline = false, textured = false;
  int instances = 1;  // num_inst
  double x = 0.5, y = 0.5, rad = 0.1, ang = 0.0, texAng = 0.0, texZoom = 1.0;
  double r = 1.0, g = 0.0, b = 0.0, a = 1.0;
  double r2 = 0.0, g2 = 1.0, b2 = 0.0, a2 = 0.0;
  double borderR = 1.0, borderG = 1.0, borderB = 1.0, borderA = 0.1;
};

/// The shape VM's built-in variables (names as in equations: x y rad ang tex_ang tex_zoom sides
/// textured instance num_inst additive thick r g b a r2 g2 b2 a2 border_r border_g border_b
/// border_a).
struct ShapeVars {
  double x = 0.5, y = 0.5, rad = 0.1, ang = 0.0, texAng = 0.0, texZoom = 1.0;
  double sides = 4.0, textured = 0.0, instance = 0.0, numInst = 1.0, additive = 0.0, thick = 0.0;
  double r = 1.0, g = 0.0, b = 0.0, a = 1.0;
  double r2 = 0.0, g2 = 1.0, b2 = 0.0, a2 = 0.0;
  double borderR = 1.0, borderG = 1.0, borderB = 1.0, borderA = 0.1;
};

/// How many times per_frame runs this frame: num_inst from the FILE (per-frame code writing
/// num_inst does not change the loop), 0 when disabled, capped at kMaxShapeInstances.
int shapeInstanceCount(const CustomShapeConfig& config);

/// The values every instance starts from.
ShapeVars shapeVarsForInstance(const CustomShapeConfig& config, int instance);

/// The instance as drawn from the values per_frame left: sides truncated and clamped to
/// 3..maxSides (MD2: 100; MilkDrop 3: 500, README "Max shape sides increased to 500 points"),
/// flags true when (int)value != 0.
ShapeInstance shapeInstanceFromVars(const ShapeVars& vars, int maxSides = 100);

}  // namespace phosphene::preset
