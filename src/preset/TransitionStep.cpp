#include "preset/TransitionStep.hpp"

#include <algorithm>

#include "preset/PerFrameResults.hpp"
#include "preset/TransitionBlend.hpp"
#include "preset/WarpBlend.hpp"

namespace phosphene::preset {

void TransitionStep::begin(double now, double duration, const FrameVars& outgoingBase,
                           bool outgoingHasCompShader, bool incomingHasCompShader) {
  outgoingBase_ = outgoingBase;
  active_ = true;
  start_ = now;
  duration_ = duration;
  snapPoint_ = blendSnapPoint(outgoingHasCompShader, incomingHasCompShader);
  pattern_ = {};  // drawn at the first blended frame, when the mesh size is known
  md3_.reset();
}

void TransitionStep::beginFrozen(const Md3Blend& blend, const FrameVars& outgoingBase,
                                 bool outgoingHasCompShader, bool incomingHasCompShader) {
  begin(0.0, 1.0, outgoingBase, outgoingHasCompShader, incomingHasCompShader);
  md3_ = blend;
  md3_->progress = std::clamp(blend.progress, 0.0, 1.0);
}

void TransitionStep::end() {
  active_ = false;
  start_ = duration_ = 0.0;
  snapPoint_ = 0.5;
  pattern_ = {};
  md3_.reset();
}

double TransitionStep::progress(double now) const {
  if (!active_ || duration_ <= 0.0) return 1.0;
  if (md3_) return md3_->progress;
  return std::clamp((now - start_) / duration_, 0.0, 1.0);
}

const FrameVars& TransitionStep::blendBase(const FrameVars& incomingBase, double p) {
  blendedBase_ = blendBaseValues(outgoingBase_, incomingBase, p);
  return blendedBase_;
}

void TransitionStep::mixPerFrame(FrameVars& newVars, FrameVars& oldVars, double p,
                                 bool incomingHasCompShader) const {
  blendPerFrameResults(newVars, oldVars, static_cast<float>(p), static_cast<float>(snapPoint_));
  // Both meshes run on the incoming preset's warp clock and scale (ComputeGridAlphaValues).
  shareIncomingWarpAnimation(oldVars, newVars);
  // The built-in composite fades a changing echo orientation instead of snapping it.
  if (!incomingHasCompShader)
    fadeEchoOrientation(newVars, blendedBase_, outgoingBase_, p, snapPoint_);
}

void TransitionStep::blendMesh(FrameState& incoming, const FrameState& outgoing, double p,
                               const std::optional<BlendPatternType>& forced,
                               clock::Random& random) {
  const MeshGeometry& g = incoming.mesh.geometry;
  if (pattern_.a.size() != g.vertexCount()) {
    pattern_ = md3_     ? makeMd3BlendPattern(*md3_, g.gridX, g.gridY, g.aspectX, g.aspectY)
               : forced ? makeBlendPattern(*forced, g.gridX, g.gridY, g.aspectX, g.aspectY, random)
                        : randomBlendPattern(g.gridX, g.gridY, g.aspectX, g.aspectY, random);
  }
  blendWarpUv(incoming.mesh.uv, outgoing.mesh.uv, pattern_.a, pattern_.c, static_cast<float>(p),
              incoming.mesh.alpha);
}

}  // namespace phosphene::preset
