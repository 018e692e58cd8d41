#pragma once
// glGetError turned into diagnostics. GL keeps errors as sticky flags until read, so callers
// drain them at stage boundaries (after creating objects, after a frame) and report each flag.

#include <string_view>

#include "core/Diagnostic.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gl {

/// "GL_INVALID_ENUM" etc.; "0x...." for codes GL does not name.
std::string glErrorName(GLenum error);

/// Reads every pending GL error flag and appends one GL006 diagnostic per flag to `out`, naming
/// `where` (e.g. "BlurPass::init"). Returns true when there was none.
bool drainGlErrors(std::string_view where, core::Diagnostics& out);

}  // namespace phosphene::gl
