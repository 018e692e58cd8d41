#pragma once
// One MilkDrop 2 transition in flight (spec §9), the part that needs no GL: when it started and
// for how long (the linear blend progress), the snap point of the on/off values, the warp blend
// pattern, and the base values both presets start their per_frame from. The engine steps both
// presets each blended frame, new first, then old, and calls these in MD2's order between the two
// halves of their frames (milkdropfs.cpp RunPerFrameEquations, ComputeGridAlphaValues):
//
//   p = progress(now)
//   incoming.setBlendedBase(&blendBase(incoming.baseValues(), p))
//   newVars = incoming.beginFrame(...);  oldVars = outgoing.beginFrame(...)
//   mixPerFrame(newVars, oldVars, p, incomingHasCompShader)
//   blendMesh(incoming.finishFrame(...), outgoing.finishFrame(...), p, forcedPattern, random)

#include <optional>

#include "clock/Random.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/FrameState.hpp"

namespace phosphene::preset {

class TransitionStep {
 public:
  /// Starts a blend of `duration` seconds (> 0) at `now`. `outgoingBase` is what the outgoing
  /// preset shows now (CBlendableFloat::StartBlendFrom reads the old value at the switch): its
  /// file values, or mid-blend its blended ones, frozen there (outgoingBase()).
  void begin(double now, double duration, const FrameVars& outgoingBase, bool outgoingHasCompShader,
             bool incomingHasCompShader);
  /// Starts a MilkDrop 3 double preset (.milk2): a transition frozen at `blend.progress` (clamped
  /// to 0..1) with the field its pattern names (makeMd3BlendPattern); it ends only with end().
  void beginFrozen(const Md3Blend& blend, const FrameVars& outgoingBase, bool outgoingHasCompShader,
                   bool incomingHasCompShader);
  /// Whether the transition is a frozen double preset.
  bool frozen() const { return md3_.has_value(); }
  /// No transition from now on (a hard cut, or the blend's end).
  void end();

  bool active() const { return active_; }
  /// Linear progress p (0..1) at `now`; 1 outside transitions.
  double progress(double now) const;
  /// MD2's m_fSnapPoint for this pair of presets (preset::blendSnapPoint).
  double snapPoint() const { return snapPoint_; }
  /// The outgoing preset's base values, frozen at begin (the address stays valid).
  const FrameVars& outgoingBase() const { return outgoingBase_; }
  /// The incoming preset's base values blended at the last blendBase call.
  const FrameVars& blendedBase() const { return blendedBase_; }
  /// The pattern the warp texcoords blend with (empty until the first blended mesh).
  const BlendPattern& pattern() const { return pattern_; }

  /// Before both presets' per_frame: the incoming preset's file values at p (its per_frame
  /// starts from them). The reference stays valid until the next call.
  const FrameVars& blendBase(const FrameVars& incomingBase, double p);
  /// After both presets' per_frame: the outputs mixed into `newVars`, the outgoing mesh put on
  /// the incoming preset's warp clock, and (built-in composite only) the echo orientation faded.
  void mixPerFrame(FrameVars& newVars, FrameVars& oldVars, double p,
                   bool incomingHasCompShader) const;
  /// After both presets' frames: the outgoing preset's warp texcoords blended into `incoming`'s
  /// mesh with the spatial pattern, drawn from `random` at the first blended frame of a mesh size
  /// (`forced`: that type instead of MD2's random choice).
  void blendMesh(FrameState& incoming, const FrameState& outgoing, double p,
                 const std::optional<BlendPatternType>& forced, clock::Random& random);

 private:
  bool active_ = false;
  double start_ = 0.0, duration_ = 0.0;
  double snapPoint_ = 0.5;
  BlendPattern pattern_;
  std::optional<Md3Blend> md3_;  // a frozen double preset's blend
  FrameVars outgoingBase_;
  FrameVars blendedBase_;
};

}  // namespace phosphene::preset
