#pragma once
// The built-in variables of each of MilkDrop 2's code contexts (spec §3.2; MD2 state.cpp
// RegisterBuiltInVariables), bound once to eel::Slots so the Runtime moves values in and out of a
// context without looking names up every frame.
//
// MD2's contexts ("VMs") and what each one registers:
//   preset      per_frame_init + per_frame: motion, post-processing, wave, border, motion-vector
//               and blur values, monitor, q1..q32, the read-only inputs and mesh/pixel/aspect.
//   vertex      per_pixel: x y rad ang, the ten motion values, q1..q32, inputs, mesh/pixel/aspect.
//   wave frame  wave_K_init + wave_K_per_frame: r g b a samples, t1..t8, q1..q32, inputs.
//   wave point  wave_K_per_point: sample value1 value2 x y r g b a, t1..t8, q1..q32, inputs.
//   shape       shape_K_init + shape_K_per_frame: every shape value, instance, num_inst, t, q.
// Names outside these lists are ordinary user variables of the context they appear in.

#include <array>
#include <cstddef>

#include "eel/Eel.hpp"
#include "preset/CustomShape.hpp"
#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// q1..qN of one context: N = 32 for an MD2 preset, 64 for a MilkDrop 3 one (Program::qCount).
/// Only the first `count` are bound, so an MD2 preset's contexts hold exactly MD2's variables
/// and its hand-offs copy 32 values, as before MD3 support.
struct QSlots {
  std::array<eel::Slot, kMaxQCount> slots{};
  int count = kQCount;

  void bind(eel::Context& ctx, int n);
  void store(eel::Context& ctx, const std::array<double, kMaxQCount>& values) const {
    for (int i = 0; i < count; ++i)
      ctx[slots[static_cast<std::size_t>(i)]] = values[static_cast<std::size_t>(i)];
  }
  void load(eel::Context& ctx, std::array<double, kMaxQCount>& values) const {
    for (int i = 0; i < count; ++i)
      values[static_cast<std::size_t>(i)] = ctx[slots[static_cast<std::size_t>(i)]];
  }
  /// This context's q into another context's (both bound with the same count).
  void copyTo(eel::Context& from, eel::Context& to, const QSlots& toSlots) const {
    for (int i = 0; i < count; ++i)
      to[toSlots.slots[static_cast<std::size_t>(i)]] = from[slots[static_cast<std::size_t>(i)]];
  }
};
using TSlots = std::array<eel::Slot, kTCount>;

/// time fps frame progress bass mid treb bass_att mid_att treb_att: set by the host in every
/// context before its code runs.
struct InputSlots {
  eel::Slot time, fps, frame, progress, bass, mid, treb, bassAtt, midAtt, trebAtt;

  void bind(eel::Context& ctx);
  void load(eel::Context& ctx, const FrameInputs& in) const;
};

/// meshx meshy pixelsx pixelsy aspectx aspecty (preset and vertex contexts only).
struct ViewSlots {
  eel::Slot meshX, meshY, pixelsX, pixelsY, aspectX, aspectY;

  void bind(eel::Context& ctx);
  void load(eel::Context& ctx, const FrameInputs& in) const;
};

inline constexpr std::size_t kFrameVarCount = 59;
inline constexpr std::size_t kShapeVarCount = 24;

struct PresetSlots {
  InputSlots inputs;
  ViewSlots view;
  QSlots q{};
  eel::Slot monitor;

  void bind(eel::Context& ctx, int qCount = kQCount);
  /// Writes every per-frame value of `vars` (not q, not monitor) into the context.
  void storeVars(eel::Context& ctx, const FrameVars& vars) const;
  /// Reads every per-frame value and q1..qN back into `vars`.
  void loadVars(eel::Context& ctx, FrameVars& vars) const;

  /// Slots of the per-frame values, parallel to frameVarNames().
  std::array<eel::Slot, kFrameVarCount> vars{};
};

/// Names of the preset context's per-frame values in the order PresetSlots::vars holds them.
const std::array<const char*, kFrameVarCount>& frameVarNames();
/// The FrameVars member behind frameVarNames()[i].
double& frameVarRef(FrameVars& vars, std::size_t i);

struct VertexSlots {
  InputSlots inputs;
  ViewSlots view;
  QSlots q{};
  eel::Slot x, y, rad, ang;
  // zoom zoomexp rot warp cx cy dx dy sx sy, in VertexMotion's order.
  std::array<eel::Slot, 10> motion{};

  void bind(eel::Context& ctx, int qCount = kQCount);
};

struct WaveFrameSlots {
  InputSlots inputs;
  QSlots q{};
  TSlots t{};
  eel::Slot r, g, b, a, samples;

  void bind(eel::Context& ctx, int qCount = kQCount);
};

struct WavePointSlots {
  InputSlots inputs;
  QSlots q{};
  TSlots t{};
  eel::Slot sample, value1, value2, x, y, r, g, b, a;

  void bind(eel::Context& ctx, int qCount = kQCount);
};

struct ShapeSlots {
  InputSlots inputs;
  QSlots q{};
  TSlots t{};
  std::array<eel::Slot, kShapeVarCount> vars{};  // parallel to shapeVarNames()

  void bind(eel::Context& ctx, int qCount = kQCount);
  void store(eel::Context& ctx, const ShapeVars& v) const;
  void load(eel::Context& ctx, ShapeVars& v) const;
};

const std::array<const char*, kShapeVarCount>& shapeVarNames();

/// Copies n values between slot arrays of two contexts (q or t hand-offs).
template <std::size_t N>
void copySlots(eel::Context& from, const std::array<eel::Slot, N>& fromSlots, eel::Context& to,
               const std::array<eel::Slot, N>& toSlots) {
  for (std::size_t i = 0; i < N; ++i) to[toSlots[i]] = from[fromSlots[i]];
}
template <std::size_t N>
void storeSlots(eel::Context& ctx, const std::array<eel::Slot, N>& slots,
                const std::array<double, N>& values) {
  for (std::size_t i = 0; i < N; ++i) ctx[slots[i]] = values[i];
}
template <std::size_t N>
void loadSlots(eel::Context& ctx, const std::array<eel::Slot, N>& slots,
               std::array<double, N>& values) {
  for (std::size_t i = 0; i < N; ++i) values[i] = ctx[slots[i]];
}

}  // namespace phosphene::preset
