#include "Limits.hpp"

#include <cstdio>

#include "Bindings.hpp"

namespace phosphene::python {
namespace {

std::string numberText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

std::string rangeText(double lo, double hi) {
  return numberText(lo) + ".." + numberText(hi);
}

void checkFrameSize(int width, int height) {
  if (width < 1 || height < 1 || width > PHOSPHENE_MAX_DRAWABLE_SIZE ||
      height > PHOSPHENE_MAX_DRAWABLE_SIZE)
    throw py::value_error("width and height must be " + rangeText(1, PHOSPHENE_MAX_DRAWABLE_SIZE) +
                          ", got " + std::to_string(width) + " x " + std::to_string(height));
}

void checkMeshSize(int columns, int rows) {
  if (columns < PHOSPHENE_MIN_MESH_X || columns > PHOSPHENE_MAX_MESH_X ||
      rows < PHOSPHENE_MIN_MESH_Y || rows > PHOSPHENE_MAX_MESH_Y)
    throw py::value_error("mesh must be (" + rangeText(PHOSPHENE_MIN_MESH_X, PHOSPHENE_MAX_MESH_X) +
                          ", " + rangeText(PHOSPHENE_MIN_MESH_Y, PHOSPHENE_MAX_MESH_Y) +
                          "), got (" + std::to_string(columns) + ", " + std::to_string(rows) + ")");
}

void checkFps(double fps) {
  // Written so that NaN fails too.
  if (!(fps >= PHOSPHENE_MIN_FPS && fps <= PHOSPHENE_MAX_FPS))
    throw py::value_error("fps must be " + rangeText(PHOSPHENE_MIN_FPS, PHOSPHENE_MAX_FPS) +
                          ", got " + numberText(fps));
}

void checkSampleRate(int rate) {
  if (rate < PHOSPHENE_MIN_SAMPLE_RATE || rate > PHOSPHENE_MAX_SAMPLE_RATE)
    throw py::value_error("sample_rate must be " +
                          rangeText(PHOSPHENE_MIN_SAMPLE_RATE, PHOSPHENE_MAX_SAMPLE_RATE) +
                          " Hz, got " + std::to_string(rate));
}

void checkFrameSeconds(double dt) {
  if (!(dt >= 0.0 && dt <= PHOSPHENE_MAX_FRAME_SECONDS))
    throw py::value_error("dt must be " + rangeText(0, PHOSPHENE_MAX_FRAME_SECONDS) +
                          " seconds (0: one step of 1/fps), got " + numberText(dt));
}

void checkTransitionSeconds(double seconds, const char* alternative) {
  if (!(seconds >= 0.0 && seconds <= PHOSPHENE_MAX_TRANSITION_SECONDS))
    throw py::value_error("transition must be " + rangeText(0, PHOSPHENE_MAX_TRANSITION_SECONDS) +
                          " seconds (0: a cut)" + alternative + ", got " + numberText(seconds));
}

void registerLimits(py::module_& m) {
  // The same macros as the checks above, for the Python half's own checks and for users.
  m.attr("MAX_DRAWABLE_SIZE") = PHOSPHENE_MAX_DRAWABLE_SIZE;
  m.attr("MIN_MESH") = py::make_tuple(PHOSPHENE_MIN_MESH_X, PHOSPHENE_MIN_MESH_Y);
  m.attr("MAX_MESH") = py::make_tuple(PHOSPHENE_MAX_MESH_X, PHOSPHENE_MAX_MESH_Y);
  m.attr("MIN_FPS") = PHOSPHENE_MIN_FPS;
  m.attr("MAX_FPS") = PHOSPHENE_MAX_FPS;
  m.attr("MIN_SAMPLE_RATE") = PHOSPHENE_MIN_SAMPLE_RATE;
  m.attr("MAX_SAMPLE_RATE") = PHOSPHENE_MAX_SAMPLE_RATE;
  m.attr("MAX_CHANNELS") = PHOSPHENE_MAX_CHANNELS;
  m.attr("MAX_FRAME_SECONDS") = PHOSPHENE_MAX_FRAME_SECONDS;
  m.attr("MAX_TRANSITION_SECONDS") = PHOSPHENE_MAX_TRANSITION_SECONDS;
  m.attr("SPECTRUM_BINS") = PHOSPHENE_SPECTRUM_BINS;
}

}  // namespace phosphene::python
