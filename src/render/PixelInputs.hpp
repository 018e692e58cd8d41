#pragma once
// Drawing a preset shader as ONE triangle over the viewport instead of MD2's mesh, with the
// shader's per-vertex inputs computed per pixel or fetched from a float texture (the input map)
// that a cheap program drew from the same mesh. Why: a rasteriser that shades in blocks
// (llvmpipe: 4×4 pixels) runs the fragment shader again on every block a triangle edge crosses;
// MD2's 32×24 composite grid made comp shaders (the costly ones) do 17–20% more work than the
// pixels need. The map's texels hold exactly what the mesh draw interpolates (same rasteriser,
// same triangles), so the picture does not change.
//
// The comp pass's grid never changes, so its map (rad, ang) is drawn once per size. The warp
// mesh's UVs change every frame: they are not drawn into a map but uploaded as a texel per
// vertex and interpolated in the shader (WarpGridTexture: no triangles at all); its rad/ang map
// is drawn once per mesh. Maps are RG32F: on llvmpipe an RGBA32F map cost more to draw and fetch
// than the overshading it saved (bench/README.md).

// The protocol between a pass and its shader program:
// - adaptFragmentInputs() turns the shader's inputs (`in <type> _uv;` etc., as SPIRV-Cross
//   declares them) into globals that a new main() fills either from the mesh's varyings (renamed
//   `_phos_in<name>`, which the pass's vertex shader writes) or from the pixel, then calls the
//   shader's own main;
// - uniforms: `_phos_pixel_inputs` (bool, both stages: the vertex stage then ignores the mesh and
//   makes vertices 0..2 a triangle covering the viewport), `_phos_size` (the viewport's size),
//   the map `_phos_rad_ang_map`, the warp's UV grid `_phos_uv_grid` with `_phos_grid_cells` and
//   `_phos_cells_per_pixel` (WarpGridTexture's function, which adaptFragmentInputs adds), and
//   `_phos_uv_orig_offset` (warp: uv_orig minus the pixel's screen UV).
// Pixel mode needs the viewport at the origin, two free texture units, and, for a shader reading
// rad or ang, a context that renders to 32-bit float targets (ES 3.0 needs
// EXT_color_buffer_float); otherwise the pass draws its mesh.

#include <array>
#include <string>
#include <string_view>

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "render/PassBlend.hpp"
#include "render/PresetShaderProgram.hpp"

namespace phosphene::render {

/// What the new main() assigns to one shader input in pixel mode, as a GLSL expression.
struct PixelInput {
  const char* name;        // "_vDiffuse", "_uv" or "_rad_ang"
  const char* expression;  // may use gl_FragCoord, _phos_size and the map uniforms below
};

/// `_rad_ang` in pixel mode, the same for the warp and the comp pass: a texel-centre read of the
/// GL_NEAREST rad/ang map (sampler 0 bound). textureLod returns texelFetch's value without its
/// per-lane bounds checks, which llvmpipe pays for (the warp grid reads alike, WarpGridTexture).
inline constexpr PixelInput kRadAngPixelInput = {
    "_rad_ang",
    "textureLod(_phos_rad_ang_map, gl_FragCoord.xy / vec2(textureSize(_phos_rad_ang_map, 0)), "
    "0.0).xy"};

/// The fragment rewrite described above. Inputs the shader does not declare are skipped. Without
/// `pixelMode` main() only copies the varyings (no branch, no maps): for programs that always
/// draw the mesh but link with the same vertex stage.
std::string adaptFragmentInputs(std::string fragment, const PixelInput* inputs, int count,
                                bool pixelMode);

/// The program that draws a mesh's input into a map: its vertex attributes at the passes' common
/// locations (0 position, 1 uv, 2 rad/ang), `attribute` the GLSL expression written ("aUv.xy",
/// "aRadAng"), unchanged, as the map's two channels.
core::Expected<gl::ShaderProgram> createInputMapProgram(gl::GlslDialect dialect,
                                                        const char* attribute,
                                                        std::string_view name);

/// The texture units of the UV grid and the rad/ang map: the first two after the program's own.
/// Both samplers always point there, in pixel and mesh mode alike: GL refuses a draw whose program
/// has samplers of different types on one unit, and an unset sampler would share unit 0 with the
/// preset's own (a noise volume's sampler3D, say).
int uvGridUnit(const PresetShaderProgram& program);
int radAngMapUnit(const PresetShaderProgram& program);
/// Points the map samplers of `program` (in use, built with pixel mode) at their units; every
/// draw of such a program calls it first.
void pointPixelInputMaps(const PresetShaderProgram& program);

/// Whether `program` can be drawn in pixel mode into the current viewport: it was adapted for it
/// (PresetShaderProgram::pixelInputs), the viewport starts at the origin, and the maps' units
/// exist. Fills `viewport` (width, height).
bool pixelInputsUsable(const PresetShaderProgram& program, std::array<int, 2>& viewport);
/// Whether the current viewport starts at the origin and is not empty (gl_FragCoord then names
/// the target's pixel, as pixel mode needs). Fills `viewport` (width, height).
bool viewportAtOrigin(std::array<int, 2>& viewport);
/// Draws `program` (in use, its maps bound) in pixel mode over a `viewport`-sized target with
/// `blend`: vertices 0..2 of `vao` (their attributes are ignored) form the covering triangle.
/// The program is back in mesh mode afterwards.
void drawPixelTriangle(const PresetShaderProgram& program, const std::array<int, 2>& viewport,
                       const gl::VertexArray& vao, PassBlend blend);

/// Binds `texture` (0: none) to `unit` without a sampler object (maps and grids are float
/// textures read unfiltered, with their own GL_NEAREST); leaves unit 0 active.
void bindInputTexture(int unit, GLuint texture);

/// One input map: an RG32F target the viewport's size.
class PixelInputMap {
 public:
  /// The map sized `width`×`height`; false when such a target cannot be made here (remembered,
  /// so a failing size is tried once). `fresh` says whether it was just (re)allocated.
  bool prepare(int width, int height, bool& fresh);

  /// Draws into the map: binds it (viewport, opaque blending), runs `draw`, then restores the
  /// framebuffers, viewport and program that were bound.
  template <typename Draw>
  void render(Draw&& draw) {
    const SavedBindings saved = bindForDrawing();
    draw();
    restore(saved);
  }

  /// Binds the map to texture `unit` (its sampler already points there).
  void bind(int unit) const;
  static void unbind(int unit);

 private:
  struct SavedBindings {
    GLint drawFramebuffer = 0, readFramebuffer = 0, program = 0;
    std::array<GLint, 4> viewport{};
  };
  SavedBindings bindForDrawing() const;
  void restore(const SavedBindings& saved) const;

  gl::Framebuffer map_;
  std::array<int, 2> size_{};  // of map_ (or of the failure)
  bool failed_ = false;
};

}  // namespace phosphene::render
