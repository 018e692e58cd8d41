#pragma once
// Per-frame values during a MilkDrop 2 transition (spec §9), two mechanisms:
//  * blendBaseValues: MD2's CBlendableFloat (vis_milk2/state.cpp StartBlendFrom, eval) — during
//    the blend the incoming preset's file values read as the linear mix from the outgoing
//    preset's file values; its per_frame code starts from them (milkdropfs.cpp
//    LoadPerFrameEvallibVars) — except the ten motion values, which LoadPerFrameEvallibVars
//    reads with eval(-1), i.e. unblended (their blend happens through the warp texcoords);
//  * PerFrameResults.hpp's blendPerFrameResults: after both presets' per_frame,
//    the cosine mix of the outputs (milkdropfs.cpp RunPerFrameEquations).
// Pure functions: the engine calls them every blended frame.

#include "preset/FrameState.hpp"
#include "preset/PerFrameResults.hpp"  // blendSnapPoint, blendPerFrameResults

namespace phosphene::preset {

/// The incoming preset's base (file) values at linear blend progress `linear` (0..1) from the
/// outgoing preset's: the CBlendableFloats mixed linearly (decay, gamma, echo zoom/alpha, wave
/// colour/position/alpha/mystery/scale/smoothing, modwavealpha start/end, hue shader, warp scale,
/// borders, motion vectors, blur ranges and edge darken); everything else — the ten motion
/// values, flags, modes, warp speed, q — is the incoming preset's own.
FrameVars blendBaseValues(const FrameVars& oldBase, const FrameVars& newBase, double linear);

/// The outgoing preset's built-in warp during a blend runs on the INCOMING preset's clock: MD2's
/// ComputeGridAlphaValues computes the warp time (m_fWarpAnimSpeed) and warp scale (a blendable
/// float, read at the current time) once from the new state and uses them for both presets'
/// meshes. Call between the outgoing preset's beginFrame and finishFrame.
void shareIncomingWarpAnimation(FrameVars& oldVars, const FrameVars& newVars);

/// The fixed-function composite's echo during a blend (spec §4 "Echo", milkdropfs.cpp
/// ShowToUser_NoShaders): when both presets' file echo alphas exceed 0.01 and their file
/// orientations differ, MD2 does not snap the orientation but fades the echo out and in — while
/// the LINEAR progress is below `snapPoint` the old file orientation with alpha ·(1 − 2c), then
/// the per-frame orientation with alpha ·(2c − 1), c = 0.5 − 0.5·cos(π·progress). Call it on the
/// incoming preset's mixed variables, after blendPerFrameResults, only for that composite; the test
/// reads `blendedBase.echoAlpha` (the incoming preset's blendable echo alpha now) and the
/// outgoing preset's file values in `oldBase`. Changes nothing otherwise.
void fadeEchoOrientation(FrameVars& newVars, const FrameVars& blendedBase, const FrameVars& oldBase,
                         double progress, double snapPoint);

}  // namespace phosphene::preset
