#pragma once
// What the files of the _phosphene extension share: the registration function each file
// provides, the Python exception types and the conversions of C API values to Python.

#include <phosphene/phosphene.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace phosphene::python {

namespace py = pybind11;

/// A phosphene_diagnostic copied out of the library (its strings live only as long as the
/// handle, engine or event they came from).
struct Diagnostic {
  std::string id;
  std::string severity;  // "info", "warning", "error"
  std::string section;
  int line = 0;
  int column = 0;
  std::string message;
};

Diagnostic copyDiagnostic(const phosphene_diagnostic& d);

/// Copies `count` diagnostics, the i-th read by `read(i, &out)` (a C API getter such as
/// phosphene_preset_diagnostic bound to its owner); one that cannot be read is left out.
template <typename Read>
std::vector<Diagnostic> copyDiagnostics(std::uint32_t count, Read&& read) {
  std::vector<Diagnostic> out;
  for (std::uint32_t i = 0; i < count; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (read(i, &d) == PHOSPHENE_OK) out.push_back(copyDiagnostic(d));
  }
  return out;
}

/// Owns a phosphene_preset handle.
struct PresetDeleter {
  void operator()(phosphene_preset* p) const { phosphene_preset_destroy(p); }
};
using PresetHandle = std::unique_ptr<phosphene_preset, PresetDeleter>;

enum class GlApi;  // HeadlessEglContext.hpp
/// The GL API named by Python's `gl` argument: '3.3' (or 'core'), 'es3' (or 'es'); ValueError
/// for others.
GlApi glApiFromPython(const std::string& gl);

/// Raises phosphene.Error (a library failure: closed engine, GL, bad state).
[[noreturn]] void raiseError(const std::string& message);
/// Raises phosphene.PresetError carrying `diagnostics` (and their IDs).
[[noreturn]] void raisePresetError(const std::string& message,
                                   const std::vector<Diagnostic>& diagnostics);
/// Raises phosphene.EvalError carrying `diagnostics`.
[[noreturn]] void raiseEvalError(const std::string& message,
                                 const std::vector<Diagnostic>& diagnostics);

/// One PCM block checked and made C-contiguous: float32, int16 or uint8, shape (n,) or (n, c).
struct PcmBlock {
  py::array array;             // contiguous; keeps the samples alive
  const void* data = nullptr;  // array's samples, read while the GIL may be released
  size_t frames = 0;
  int channels = 1;
  char kind = 'f';  // 'f' float32, 'i' int16, 'u' uint8
};
/// TypeError for another dtype, ValueError for another shape or channel count.
PcmBlock checkPcm(const py::handle& samples);
/// Adds the block to the engine (no Python object is touched: callable without the GIL).
phosphene_result addPcm(phosphene_engine* engine, const PcmBlock& block, size_t first, size_t count,
                        int sampleRate);

void registerTypes(py::module_& m);
void registerEngine(py::module_& m);
void registerPreset(py::module_& m);
void registerAnalyze(py::module_& m);
void registerContext(py::module_& m);
/// User sprites as methods of _Engine (after registerEngine). SpriteBinding.cpp.
void registerSprites(py::module_& m);
/// Adds the message methods to _Engine (after registerEngine).
void registerMessages(py::module_& m);
/// Start clean, texel offset, read_canvas and set_textures on _Engine. CanvasBinding.cpp.
void registerCanvas(py::module_& m);

}  // namespace phosphene::python
