// The _phosphene extension module: exceptions, value types and the registration of every bound
// class and function. The pure-Python package `phosphene` wraps it (see phosphene/__init__.py).
#include <string>

#include "Bindings.hpp"
#include "Limits.hpp"

namespace phosphene::python {
namespace {

const char* severityName(phosphene_log_level level) {
  switch (level) {
    case PHOSPHENE_LOG_DEBUG:
      return "debug";
    case PHOSPHENE_LOG_WARNING:
      return "warning";
    case PHOSPHENE_LOG_ERROR:
      return "error";
    default:
      return "info";
  }
}

// The exception types live as attributes of this module (no global state); raising looks them up.
[[noreturn]] void raiseWithDiagnostics(const char* type, const std::string& message,
                                       const std::vector<Diagnostic>& diagnostics) {
  py::object cls = py::module_::import("phosphene._phosphene").attr(type);
  py::object exc = cls(message);
  py::list diags, ids;
  for (const Diagnostic& d : diagnostics) {
    diags.append(py::cast(d));
    ids.append(d.id);
  }
  exc.attr("diagnostics") = diags;
  exc.attr("ids") = ids;
  PyErr_SetObject(cls.ptr(), exc.ptr());
  throw py::error_already_set();
}

}  // namespace

Diagnostic copyDiagnostic(const phosphene_diagnostic& d) {
  Diagnostic out;
  out.id = d.id != nullptr ? d.id : "";
  out.severity = severityName(d.severity);
  out.section = d.section != nullptr ? d.section : "";
  out.line = d.line;
  out.column = d.column;
  out.message = d.message != nullptr ? d.message : "";
  return out;
}

void raiseError(const std::string& message) {
  py::object cls = py::module_::import("phosphene._phosphene").attr("Error");
  PyErr_SetString(cls.ptr(), message.c_str());
  throw py::error_already_set();
}

void raisePresetError(const std::string& message, const std::vector<Diagnostic>& diagnostics) {
  raiseWithDiagnostics("PresetError", message, diagnostics);
}

void raiseEvalError(const std::string& message, const std::vector<Diagnostic>& diagnostics) {
  raiseWithDiagnostics("EvalError", message, diagnostics);
}

void registerTypes(py::module_& m) {
  PyObject* error = PyErr_NewExceptionWithDoc(
      "phosphene.Error", "Base class of every error the phosphene module raises.", nullptr,
      nullptr);
  if (error == nullptr) throw py::error_already_set();
  m.attr("Error") = py::reinterpret_steal<py::object>(error);
  PyObject* presetError = PyErr_NewExceptionWithDoc(
      "phosphene.PresetError",
      "A preset cannot be used at all (unreadable file, not a preset). `.diagnostics` lists the "
      "Diagnostic objects and `.ids` their IDs (e.g. ['IO001']).",
      error, nullptr);
  if (presetError == nullptr) throw py::error_already_set();
  m.attr("PresetError") = py::reinterpret_steal<py::object>(presetError);
  PyObject* evalError = PyErr_NewExceptionWithDoc(
      "phosphene.EvalError",
      "EEL2 code that does not compile; `.diagnostics` and `.ids` say where and why.", error,
      nullptr);
  if (evalError == nullptr) throw py::error_already_set();
  m.attr("EvalError") = py::reinterpret_steal<py::object>(evalError);

  py::class_<Diagnostic>(m, "Diagnostic",
                         "One problem found in a preset or in EEL2 code (read-only).")
      .def_readonly("id", &Diagnostic::id, "Stable identifier, e.g. 'EEL001', 'IO001'.")
      .def_readonly("severity", &Diagnostic::severity, "'info', 'warning' or 'error'.")
      .def_readonly("section", &Diagnostic::section,
                    "Where: 'per_frame', 'warp_shader', 'file', ... or ''.")
      .def_readonly("line", &Diagnostic::line, "1-based line in the .milk text; 0 if unknown.")
      .def_readonly("column", &Diagnostic::column, "1-based column; 0 if unknown.")
      .def_readonly("message", &Diagnostic::message, "English, one line.")
      .def("__repr__", [](const Diagnostic& d) {
        return "<Diagnostic " + d.id + " " + d.severity + " line " + std::to_string(d.line) + ": " +
               d.message + ">";
      });
}

}  // namespace phosphene::python

PYBIND11_MODULE(_phosphene, m) {
  namespace python = phosphene::python;
  m.doc() = "Phosphene's C API for Python (use the `phosphene` package, which wraps this).";
  m.attr("__version__") = PHOSPHENE_PYTHON_VERSION;
  m.def(
      "library_version", [] { return std::string(phosphene_version_string()); },
      "The linked library's version, e.g. '0.1.0'.");
  python::registerLimits(m);
  python::registerTypes(m);
  python::registerPreset(m);
  python::registerAnalyze(m);
  python::registerEngine(m);
  python::registerSprites(m);
  python::registerMessages(m);
  python::registerCanvas(m);
  python::registerContext(m);
}
