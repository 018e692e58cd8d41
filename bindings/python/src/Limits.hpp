#pragma once
// The library's limits (the PHOSPHENE_* macros of phosphene.h), checked before a call so that the
// Python error can say which argument is wrong and what range it takes; the ranges are never
// written out here, so they cannot drift from the header.

#include <pybind11/pybind11.h>

#include <string>

namespace phosphene::python {

/// ValueError unless 1 <= width, height <= PHOSPHENE_MAX_DRAWABLE_SIZE.
void checkFrameSize(int width, int height);
/// ValueError unless the mesh is within PHOSPHENE_MIN/MAX_MESH_X/Y.
void checkMeshSize(int columns, int rows);
/// ValueError unless PHOSPHENE_MIN_FPS <= fps <= PHOSPHENE_MAX_FPS.
void checkFps(double fps);
/// ValueError unless PHOSPHENE_MIN_SAMPLE_RATE <= rate <= PHOSPHENE_MAX_SAMPLE_RATE.
void checkSampleRate(int rate);
/// ValueError unless 0 <= dt <= PHOSPHENE_MAX_FRAME_SECONDS (0: one step of 1/fps).
void checkFrameSeconds(double dt);
/// ValueError unless 0 <= seconds <= PHOSPHENE_MAX_TRANSITION_SECONDS (0: a cut). `alternative`
/// is appended to the allowed values in the message (e.g. ", or None").
void checkTransitionSeconds(double seconds, const char* alternative = "");

/// The limits as attributes of the module (MIN_FPS, MAX_MESH, ...).
void registerLimits(pybind11::module_& m);

/// "lo..hi" with the shortest spelling of each number (60, not 60.000000).
std::string rangeText(double lo, double hi);

}  // namespace phosphene::python
