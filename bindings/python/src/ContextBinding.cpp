// phosphene.HeadlessContext: a headless EGL context a script can make current itself, for
// Engine(context="current") without PyOpenGL or moderngl (and for tests of that mode).
#include <EGL/egl.h>

#include <memory>
#include <string>

#include "Bindings.hpp"
#include "HeadlessEglContext.hpp"

namespace phosphene::python {
namespace {

class PyHeadlessContext {
 public:
  explicit PyHeadlessContext(const std::string& gl) {
    const GlApi api = glApiFromPython(gl);
    std::string error;
    context_ = HeadlessEglContext::create(api, error);
    if (!context_) raiseError("cannot create a headless OpenGL context: " + error);
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
  std::unique_ptr<HeadlessEglContext> context_;
};

}  // namespace

GlApi glApiFromPython(const std::string& gl) {
  if (gl == "3.3" || gl == "core") return GlApi::Core33;
  if (gl == "es3" || gl == "es") return GlApi::Es30;
  throw py::value_error("gl must be '3.3' or 'es3', got '" + gl + "'");
}

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
