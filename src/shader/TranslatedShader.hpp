#pragma once
// The result of translating one preset shader: GLSL fragment source and the interface the
// renderer binds (only what the shader actually reads).

#include <string>
#include <vector>

#include "core/Diagnostic.hpp"
#include "shader/Repairs.hpp"
#include "shader/ResourceNames.hpp"
#include "shader/ShaderEnvironment.hpp"

namespace phosphene::shader {

/// A uniform the shader reads. `name` is include.fx's register or the preset's own name
/// ("_qa", "_c5", "rot_s1", "texsize_clouds"); `glslName` is what glGetUniformLocation takes.
struct ShaderUniform {
  std::string name;
  std::string glslName;
  /// float4x3 rot_*: a GLSL mat4x3 whose column i is HLSL row i, so the host uploads the four
  /// rows of three floats in order: glUniformMatrix4x3fv(location, 1, GL_FALSE, rows).
  bool matrix = false;
};

struct ShaderSampler {
  std::string name;      // the HLSL sampler name ("sampler_blur1", "sampler_fc_main")
  std::string glslName;  // usually the same; renamed when GLSL forbids the name
  bool volume = false;   // sampler3D
  TextureRef texture;    // what MD2 binds to it (main, blur level, noise, user texture, ...)
};

struct TranslatedShader {
  Stage stage = Stage::Warp;
  Dialect dialect = Dialect::Glsl330;
  int psVersion = 0;
  /// Complete fragment shader: `#version` line, precision (ES), declarations, main().
  std::string glsl;
  std::vector<ShaderUniform> uniforms;  // read by the shader (SPIRV-Cross's order)
  std::vector<ShaderSampler> samplers;  // read by the shader
  /// Varyings read, by GLSL name: a subset of "_vDiffuse" (vec4 colour), "_uv" (vec4 for warp:
  /// xy warped, zw original; vec2 for comp) and "_rad_ang" (vec2). The vertex shader must
  /// write outputs of these names.
  std::vector<std::string> inputs;
  std::string output;  // the fragment output's GLSL name (one vec4 at location 0)
  /// Highest blur level read (0 = none): the renderer computes blur passes 1..maxBlurLevel.
  int maxBlurLevel = 0;
  bool readsMain = false;
  /// The text names `hue_shader` (comp): the shader reads _vDiffuse.xyz, MD2's per-vertex hue
  /// colour, so the renderer must interpolate it over MD2's grid. Every comp shader reads
  /// _vDiffuse.w (the transition alpha the wrapper returns), so `inputs` cannot tell.
  bool readsHueShader = false;
  std::vector<std::string> noiseTextures;  // roots read: "noise_lq", "noisevol_hq", ...
  std::vector<std::string> userTextures;   // roots of user and random textures ("clouds", "rand00")
  std::vector<Repair> repairs;             // repairs the text needed
  core::Diagnostics warnings;              // HLSL warnings and repair notes
};

}  // namespace phosphene::shader
