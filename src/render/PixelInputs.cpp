#include "render/PixelInputs.hpp"

#include <algorithm>

#include "render/PassBlend.hpp"
#include "render/WarpGridTexture.hpp"

namespace phosphene::render {
namespace {

constexpr const char* kInputMap = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aUv;
layout(location = 2) in vec2 aRadAng;
out vec2 vInput;
void main() {
  vInput = MAP_INPUT;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec2 vInput;
out vec4 fragColor;
void main() { fragColor = vec4(vInput, 0.0, 1.0); }
#endif
)";

}  // namespace

core::Expected<gl::ShaderProgram> createInputMapProgram(gl::GlslDialect dialect,
                                                        const char* attribute,
                                                        std::string_view name) {
  return gl::ShaderProgram::create(
      dialect, std::string("#define MAP_INPUT ") + attribute + "\n" + kInputMap, name);
}

std::string adaptFragmentInputs(std::string fragment, const PixelInput* inputs, int count,
                                bool pixelMode) {
  std::string meshCopies, pixelCopies;
  for (int k = 0; k < count; ++k) {
    // `in <type> <name>;` on a line of its own (with a precision word on ES).
    const std::string name(inputs[k].name);
    const std::size_t end = fragment.find(" " + name + ";\n");
    if (end == std::string::npos) continue;
    const std::size_t start = fragment.rfind('\n', end) + 1;
    if (fragment.compare(start, 3, "in ") != 0) continue;
    const std::string type = fragment.substr(start + 3, end - start - 3);
    fragment.replace(start, end + name.size() + 2 - start,
                     "in " + type + " _phos_in" + name + ";\n" + type + " " + name + ";");
    meshCopies += "    " + name + " = _phos_in" + name + ";\n";
    pixelCopies += "    " + name + " = " + inputs[k].expression + ";\n";
  }
  const std::size_t main = fragment.find("\nvoid main()");
  if (main == std::string::npos) return fragment;  // not SPIRV-Cross's text: the link will say so
  fragment.replace(main, 12, "\nvoid _phos_shader_main()");
  if (!pixelMode) return fragment + "void main() {\n" + meshCopies + "  _phos_shader_main();\n}\n";
  fragment.insert(main + 1, std::string("uniform bool _phos_pixel_inputs;\n"
                                        "uniform highp sampler2D _phos_rad_ang_map;\n"
                                        "uniform highp sampler2D _phos_uv_grid;\n"
                                        "uniform ivec2 _phos_grid_cells;\n"
                                        "uniform vec2 _phos_cells_per_pixel;\n"
                                        "uniform ivec2 _phos_size;\n"
                                        "uniform vec2 _phos_uv_orig_offset;\n") +
                                meshInterpolationGlsl());
  fragment += "void main() {\n  if (_phos_pixel_inputs) {\n" + pixelCopies + "  } else {\n" +
              meshCopies + "  }\n  _phos_shader_main();\n}\n";
  return fragment;
}

int uvGridUnit(const PresetShaderProgram& program) {
  return program.textureUnits();
}

int radAngMapUnit(const PresetShaderProgram& program) {
  return program.textureUnits() + 1;
}

void pointPixelInputMaps(const PresetShaderProgram& program) {
  if (!program.pixelInputs()) return;
  // A program using nearly every unit never draws in pixel mode (pixelInputsUsable); its map
  // samplers then share the last unit rather than name one that does not exist (GL_INVALID_VALUE).
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  glUniform1i(program.uniformLocation("_phos_uv_grid"), std::min(uvGridUnit(program), units - 1));
  glUniform1i(program.uniformLocation("_phos_rad_ang_map"),
              std::min(radAngMapUnit(program), units - 1));
}

bool pixelInputsUsable(const PresetShaderProgram& program, std::array<int, 2>& viewport) {
  if (!program.pixelInputs()) return false;
  GLint units = 0;
  glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
  if (radAngMapUnit(program) >= units) return false;
  return viewportAtOrigin(viewport);
}

bool viewportAtOrigin(std::array<int, 2>& viewport) {
  GLint v[4] = {};
  glGetIntegerv(GL_VIEWPORT, v);
  viewport = {v[2], v[3]};
  return v[0] == 0 && v[1] == 0 && v[2] > 0 && v[3] > 0;
}

void drawPixelTriangle(const PresetShaderProgram& program, const std::array<int, 2>& viewport,
                       const gl::VertexArray& vao, PassBlend blend) {
  const GLint pixelInputs = program.uniformLocation("_phos_pixel_inputs");
  glUniform1i(pixelInputs, 1);
  glUniform2i(program.uniformLocation("_phos_size"), viewport[0], viewport[1]);
  applyPassBlend(blend);
  vao.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUniform1i(pixelInputs, 0);
}

bool PixelInputMap::prepare(int width, int height, bool& fresh) {
  fresh = false;
  const std::array<int, 2> size{width, height};
  if (size == size_ && (failed_ || map_.id() != 0)) return !failed_;
  size_ = size;
  map_ = {};
  const SavedBindings saved = bindForDrawing();  // create() binds and unbinds the framebuffer
  auto map = gl::Framebuffer::create({width, height, GL_RG32F, GL_NEAREST, GL_CLAMP_TO_EDGE});
  restore(saved);
  failed_ = !map;
  if (map) map_ = std::move(*map);
  fresh = !failed_;
  return !failed_;
}

PixelInputMap::SavedBindings PixelInputMap::bindForDrawing() const {
  SavedBindings saved;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &saved.drawFramebuffer);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &saved.readFramebuffer);
  glGetIntegerv(GL_CURRENT_PROGRAM, &saved.program);
  glGetIntegerv(GL_VIEWPORT, saved.viewport.data());
  if (map_.id() != 0) {
    map_.bind();
    applyPassBlend(PassBlend::Opaque);
  }
  return saved;
}

void PixelInputMap::restore(const SavedBindings& saved) const {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(saved.drawFramebuffer));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(saved.readFramebuffer));
  glViewport(saved.viewport[0], saved.viewport[1], saved.viewport[2], saved.viewport[3]);
  glUseProgram(static_cast<GLuint>(saved.program));
}

void bindInputTexture(int unit, GLuint texture) {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture);
  glBindSampler(static_cast<GLuint>(unit), 0);  // the texture's own GL_NEAREST
  glActiveTexture(GL_TEXTURE0);
}

void PixelInputMap::bind(int unit) const {
  bindInputTexture(unit, map_.color().id());
}

void PixelInputMap::unbind(int unit) {
  bindInputTexture(unit, 0);
}

}  // namespace phosphene::render
