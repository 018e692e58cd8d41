// Preset handles (read and checked once, no engine needed: the linter's view) and EEL2
// evaluation (phosphene_eval).
#include <memory>
#include <string>
#include <vector>

#include "Bindings.hpp"

namespace phosphene::python {
namespace {

struct EvalDeleter {
  void operator()(phosphene_eval_result* r) const { phosphene_eval_result_destroy(r); }
};

/// A preset handle, shared with the engines that switch to it (the library copies what it needs).
class Preset {
 public:
  explicit Preset(PresetHandle handle) : handle_(std::move(handle)) {}
  static Preset fromFile(const std::string& path) {
    phosphene_preset* raw = nullptr;
    {
      py::gil_scoped_release release;  // reads and compiles; touches no Python object
      phosphene_preset_create_from_file(path.c_str(), &raw);
    }
    if (raw == nullptr) throw std::bad_alloc();
    return Preset(PresetHandle(raw));
  }
  static Preset fromText(const std::string& text, const std::string& name) {
    phosphene_preset* raw = nullptr;
    {
      py::gil_scoped_release release;
      phosphene_preset_create_from_text(text.data(), text.size(), name.c_str(), &raw);
    }
    if (raw == nullptr) throw std::bad_alloc();
    return Preset(PresetHandle(raw));
  }
  const phosphene_preset* get() const { return handle_.get(); }
  bool ok() const { return phosphene_preset_status(get()) == PHOSPHENE_OK; }
  std::string status() const { return phosphene_result_string(phosphene_preset_status(get())); }
  std::string name() const { return phosphene_preset_name(get()); }
  std::string path() const { return phosphene_preset_path(get()); }
  std::vector<Diagnostic> diagnostics() const {
    return copyDiagnostics(phosphene_preset_diagnostic_count(get()),
                           [this](uint32_t i, phosphene_diagnostic* d) {
                             return phosphene_preset_diagnostic(get(), i, d);
                           });
  }

 private:
  PresetHandle handle_;
};

py::tuple evaluate(const std::string& code, const py::dict& variables) {
  std::vector<std::string> names;
  std::vector<double> values;
  for (const auto& item : variables) {
    names.push_back(py::cast<std::string>(item.first));
    try {
      values.push_back(py::cast<double>(item.second));
    } catch (const py::cast_error&) {
      throw py::type_error("eval: variable '" + names.back() + "' must be a number, got " +
                           std::string(py::str(py::type::of(item.second).attr("__name__"))));
    }
    if (names.back().empty()) throw py::value_error("eval: empty variable name");
  }
  std::vector<const char*> namePointers;
  for (const std::string& n : names) namePointers.push_back(n.c_str());
  phosphene_eval_result* raw = nullptr;
  phosphene_result rc;
  {
    py::gil_scoped_release release;  // a long loop() must not stall other Python threads
    rc = phosphene_eval(code.data(), code.size(), namePointers.data(), values.data(), names.size(),
                        &raw);
  }
  std::unique_ptr<phosphene_eval_result, EvalDeleter> result(raw);
  if (!result) {
    if (rc == PHOSPHENE_ERROR_INVALID_ARGUMENT)
      throw py::value_error("eval: invalid arguments (at most " +
                            std::to_string(PHOSPHENE_MAX_EVAL_INPUTS) + " variables)");
    throw std::bad_alloc();
  }
  const std::vector<Diagnostic> diags =
      copyDiagnostics(phosphene_eval_result_diagnostic_count(result.get()),
                      [&result](uint32_t i, phosphene_diagnostic* d) {
                        return phosphene_eval_result_diagnostic(result.get(), i, d);
                      });
  if (rc != PHOSPHENE_OK) {
    std::string message = "EEL2 code does not compile";
    for (const Diagnostic& d : diags)
      if (d.severity == "error") {
        message += ": " + std::to_string(d.line) + ":" + std::to_string(d.column) + ": [" + d.id +
                   "] " + d.message;
        break;
      }
    raiseEvalError(message, diags);
  }
  py::dict out;
  for (uint32_t i = 0; i < phosphene_eval_result_variable_count(result.get()); ++i) {
    const char* name = nullptr;
    double value = 0.0;
    if (phosphene_eval_result_variable(result.get(), i, &name, &value) == PHOSPHENE_OK)
      out[py::str(name)] = value;
  }
  return py::make_tuple(phosphene_eval_result_value(result.get()), out, diags);
}

}  // namespace

void registerPreset(py::module_& m) {
  py::class_<Preset>(m, "Preset",
                     "A preset read, parsed and checked once, independent of any engine "
                     "(phosphene_preset). Make one with Preset.from_file or Preset.from_text; "
                     "a preset that did not load still has its diagnostics.")
      .def_static("from_file", &Preset::fromFile, py::arg("path"),
                  "Reads a .milk file and checks it. Never raises for a bad preset: see .ok.")
      .def_static("from_text", &Preset::fromText, py::arg("text"), py::arg("name") = "<text>",
                  "Checks .milk text held in memory.")
      .def_property_readonly("ok", &Preset::ok,
                             "True when the preset loaded (maybe with warnings).")
      .def_property_readonly("status", &Preset::status,
                             "'ok', or why not: 'I/O error', 'preset invalid', ...")
      .def_property_readonly("name", &Preset::name, "The preset's name.")
      .def_property_readonly("path", &Preset::path, "Its file, '' for a text.")
      .def_property_readonly("diagnostics", &Preset::diagnostics,
                             "Problems found reading, parsing and compiling it (Diagnostic list).")
      .def("__repr__", [](const Preset& p) {
        return "<Preset " + p.name() + (p.ok() ? "" : " (" + p.status() + ")") + ">";
      });

  m.def("_eval", &evaluate, py::arg("code"), py::arg("variables"),
        "Runs EEL2 code once: (value, {variable: value}, [Diagnostic]); EvalError when it does "
        "not compile.");
}

}  // namespace phosphene::python
