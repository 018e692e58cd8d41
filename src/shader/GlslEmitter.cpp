#include "shader/GlslEmitter.hpp"

#include <spirv_cross_c.h>

#include <memory>
#include <string>

#include "shader/ShaderEnvironment.hpp"

namespace phosphene::shader {

namespace {

struct ContextDeleter {
  void operator()(spvc_context c) const { spvc_context_destroy(c); }
};
using ContextPtr = std::unique_ptr<spvc_context_s, ContextDeleter>;

void onError(void* userdata, const char* error) {
  auto* message = static_cast<std::string*>(userdata);
  if (!message->empty()) *message += "; ";
  *message += error;
}

// GLSL rejects identifiers that are `main`, start with `gl_` or contain `__`; HLSL allows them
// (a preset may `#define base01 main` and declare `sampler base01;`).
bool glslForbids(std::string_view name) {
  return name == "main" || name.substr(0, 3) == "gl_" || name.find("__") != std::string_view::npos;
}

std::string safeName(std::string_view name) {
  std::string s = "md_";
  for (char c : name) {
    if (c == '_' && !s.empty() && s.back() == '_') continue;
    s += c;
  }
  return s;
}

core::Diagnostic failure(const std::string& what, const std::string& message) {
  return core::makeDiagnostic(core::DiagnosticId::ShaderGlslError,
                              what + (message.empty() ? std::string() : ": " + message), "shader");
}

}  // namespace

core::Diagnostics emitGlsl(std::span<const std::uint32_t> spirv, Dialect dialect,
                           TranslatedShader& out) {
  spvc_context raw = nullptr;
  if (spvc_context_create(&raw) != SPVC_SUCCESS) return {failure("SPIRV-Cross context", "")};
  ContextPtr context(raw);
  std::string error;
  spvc_context_set_error_callback(raw, onError, &error);

  spvc_parsed_ir ir = nullptr;
  if (spvc_context_parse_spirv(raw, spirv.data(), spirv.size(), &ir) != SPVC_SUCCESS)
    return {failure("SPIR-V parse", error)};
  spvc_compiler compiler = nullptr;
  if (spvc_context_create_compiler(raw, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                   &compiler) != SPVC_SUCCESS)
    return {failure("SPIRV-Cross compiler", error)};

  // Only what the entry point reaches is declared, and reported to the renderer.
  spvc_set active = nullptr;
  spvc_resources resources = nullptr;
  if (spvc_compiler_get_active_interface_variables(compiler, &active) != SPVC_SUCCESS ||
      spvc_compiler_set_enabled_interface_variables(compiler, active) != SPVC_SUCCESS ||
      spvc_compiler_create_shader_resources_for_active_variables(compiler, &resources, active) !=
          SPVC_SUCCESS)
    return {failure("SPIRV-Cross reflection", error)};

  const spvc_reflected_resource* list = nullptr;
  std::size_t count = 0;
  spvc_resources_get_resource_list_for_type(resources, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, &list,
                                            &count);
  for (std::size_t b = 0; b < count; ++b) {
    spvc_compiler_set_name(compiler, list[b].id, std::string(kUniformInstance).c_str());
    spvc_compiler_set_name(compiler, list[b].base_type_id, "MilkdropUniforms");
    const spvc_buffer_range* ranges = nullptr;
    std::size_t rangeCount = 0;
    if (spvc_compiler_get_active_buffer_ranges(compiler, list[b].id, &ranges, &rangeCount) !=
        SPVC_SUCCESS)
      return {failure("SPIRV-Cross buffer ranges", error)};
    for (std::size_t r = 0; r < rangeCount; ++r) {
      const unsigned index = ranges[r].index;
      std::string member = spvc_compiler_get_member_name(compiler, list[b].base_type_id, index);
      if (glslForbids(member)) {
        const std::string renamed = safeName(member);
        spvc_compiler_set_member_name(compiler, list[b].base_type_id, index, renamed.c_str());
        out.uniforms.push_back({member, std::string(kUniformInstance) + "." + renamed, false});
      } else {
        out.uniforms.push_back({member, std::string(kUniformInstance) + "." + member, false});
      }
      ShaderUniform& u = out.uniforms.back();
      // The writable-uniform repair declared `<name>_u`; the host knows the register name.
      if (u.name.size() > 2 && u.name.compare(u.name.size() - 2, 2, "_u") == 0 &&
          !ShaderEnvironment::uniformBehind(u.name.substr(0, u.name.size() - 2)).empty())
        u.name.resize(u.name.size() - 2);
      u.matrix = ShaderEnvironment::isMatrixUniform(u.name);
    }
  }

  spvc_resources_get_resource_list_for_type(resources, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, &list,
                                            &count);
  for (std::size_t s = 0; s < count; ++s) {
    const std::string name = list[s].name;
    std::string glslName = name;
    if (glslForbids(name)) {
      glslName = safeName(name);
      spvc_compiler_set_name(compiler, list[s].id, glslName.c_str());
    }
    const spvc_type type = spvc_compiler_get_type_handle(compiler, list[s].type_id);
    const bool volume = spvc_type_get_image_dimension(type) == SpvDim3D;
    out.samplers.push_back({name, glslName, volume, classifySampler(name)});
  }

  spvc_resources_get_resource_list_for_type(resources, SPVC_RESOURCE_TYPE_STAGE_INPUT, &list,
                                            &count);
  for (std::size_t i = 0; i < count; ++i) out.inputs.emplace_back(list[i].name);
  spvc_resources_get_resource_list_for_type(resources, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
                                            &count);
  if (count > 0) out.output = list[0].name;

  spvc_compiler_options options = nullptr;
  if (spvc_compiler_create_compiler_options(compiler, &options) != SPVC_SUCCESS)
    return {failure("SPIRV-Cross options", error)};
  const bool es = dialect == Dialect::Glsl300es;
  spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION, es ? 300 : 330);
  spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES,
                                 es ? SPVC_TRUE : SPVC_FALSE);
  spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ENABLE_420PACK_EXTENSION,
                                 SPVC_FALSE);
  // MD2's maths ran in fp32; mediump would visibly band and overflow on real ES hardware.
  spvc_compiler_options_set_bool(
      options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP, SPVC_TRUE);
  spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP,
                                 SPVC_TRUE);
  spvc_compiler_options_set_bool(
      options, SPVC_COMPILER_OPTION_GLSL_EMIT_UNIFORM_BUFFER_AS_PLAIN_UNIFORMS, SPVC_TRUE);
  if (spvc_compiler_install_compiler_options(compiler, options) != SPVC_SUCCESS)
    return {failure("SPIRV-Cross options", error)};
  const char* source = nullptr;
  if (spvc_compiler_compile(compiler, &source) != SPVC_SUCCESS || source == nullptr)
    return {failure("SPIRV-Cross", error)};
  out.glsl = source;
  return {};
}

}  // namespace phosphene::shader
