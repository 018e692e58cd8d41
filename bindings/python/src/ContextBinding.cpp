// phosphene.HeadlessContext: a headless EGL context a script can make current itself, for
// Engine(context="current") without PyOpenGL or moderngl (and for tests of that mode).
#include <EGL/egl.h>

#include <optional>
#include <string>

#include "Bindings.hpp"
#include "HeadlessContext.hpp"

namespace phosphene::python {
namespace {

class PyHeadlessContext {
 public:
  explicit PyHeadlessContext(const std::string& gl) {
    platform::HeadlessOptions options;
    if (gl == "3.3" || gl == "core")
      options.api = platform::GlApi::Core33;
    else if (gl == "es3" || gl == "es")
      options.api = platform::GlApi::Es30;
    else
      throw py::value_error("gl must be '3.3' or 'es3', got '" + gl + "'");
    auto context = platform::HeadlessContext::create(options);
    if (!context) {
      std::string error;
      for (const auto& d : context.diagnostics()) error += (error.empty() ? "" : "; ") + d.format();
      raiseError("cannot create a headless OpenGL context: " + error);
    }
    context_.emplace(std::move(*context));
  }
  void makeCurrent() {
    if (!context_) raiseError("the context is closed");
    if (!context_->makeCurrent()) raiseError("eglMakeCurrent failed (current on another thread?)");
  }
  static void release() {
    EGLDisplay display = eglGetCurrentDisplay();
    if (display != EGL_NO_DISPLAY)
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  void close() { context_.reset(); }
  std::string description() const { return context_ ? context_->description() : "closed"; }

 private:
  std::optional<platform::HeadlessContext> context_;
};

}  // namespace

void registerContext(py::module_& m) {
  py::class_<PyHeadlessContext>(
      m, "HeadlessContext",
      "A headless OpenGL context (EGL, no window; llvmpipe without a GPU). It is current on the "
      "calling thread once made; Engine(context='current') then draws in it.")
      .def(py::init<const std::string&>(), py::arg("gl") = "3.3",
           "Creates the context ('3.3' core or 'es3') and makes it current on this thread.")
      .def("make_current", &PyHeadlessContext::makeCurrent, "Makes it current on this thread.")
      .def_static("release", &PyHeadlessContext::release,
                  "Makes no EGL context current on this thread.")
      .def("close", &PyHeadlessContext::close,
           "Destroys the context (engines that drew in it must be closed first or they abandon "
           "their GL objects).")
      .def_property_readonly("description", &PyHeadlessContext::description,
                             "e.g. 'EGL 1.5 (Mesa Project), surfaceless platform'.")
      .def("__enter__", [](PyHeadlessContext& c) -> PyHeadlessContext& { return c; })
      .def("__exit__", [](PyHeadlessContext& c, const py::args&) { c.close(); });
}

}  // namespace phosphene::python
