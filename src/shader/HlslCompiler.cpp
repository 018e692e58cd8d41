#include "shader/HlslCompiler.hpp"

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>

#include <cstdlib>
#include <sstream>
#include <string>

namespace phosphene::shader {

namespace {

constexpr const char* kPreludeName = "environment";
constexpr const char* kBodyName = "preset";

constexpr std::uint32_t kOpFRem = 140;
constexpr std::uint32_t kOpFMod = 141;

// glslang's log lines look like "ERROR: preset:12: 'x' : undeclared identifier". Returns the
// diagnostics for the lines starting with `kind`.
void parseLog(const std::string& log, std::string_view kind, core::DiagnosticId id,
              core::Diagnostics& out) {
  std::istringstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, kind.size(), kind) != 0) continue;
    std::string rest = line.substr(kind.size());
    while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
    int lineNo = 0;
    std::string message = rest;
    const std::string body = std::string(kBodyName) + ":";
    const std::string env = std::string(kPreludeName) + ":";
    if (rest.compare(0, body.size(), body) == 0) {
      const char* p = rest.c_str() + body.size();
      char* end = nullptr;
      lineNo = static_cast<int>(std::strtol(p, &end, 10));
      if (end && *end == ':') ++end;
      message = end ? std::string(end) : std::string();
    } else if (rest.compare(0, env.size(), env) == 0) {
      const char* p = rest.c_str() + env.size();
      char* end = nullptr;
      std::strtol(p, &end, 10);
      if (end && *end == ':') ++end;
      message = "(in the MilkDrop environment) " + (end ? std::string(end) : std::string());
    } else if (rest.find("compilation terminated") != std::string::npos ||
               rest.find("compilation errors") != std::string::npos) {
      continue;  // glslang's summary lines repeat what the lines above said
    }
    while (!message.empty() && message.front() == ' ') message.erase(0, 1);
    out.push_back(core::makeDiagnostic(id, message, "shader", lineNo));
  }
}

}  // namespace

GlslangProcess::GlslangProcess() {
  glslang::InitializeProcess();
}
GlslangProcess::~GlslangProcess() {
  glslang::FinalizeProcess();
}

int patchFloatRemainder(std::vector<std::uint32_t>& spirv) {
  int patched = 0;
  std::size_t i = 5;  // after the header
  while (i < spirv.size()) {
    const std::uint32_t count = spirv[i] >> 16;
    if ((spirv[i] & 0xFFFFu) == kOpFMod) {
      spirv[i] = (spirv[i] & 0xFFFF0000u) | kOpFRem;
      ++patched;
    }
    if (count == 0) break;  // malformed; glslang never emits this
    i += count;
  }
  return patched;
}

core::Expected<std::vector<std::uint32_t>> compileHlsl(const WrappedShader& shader,
                                                       core::Diagnostics& warnings) {
  glslang::TShader unit(EShLangFragment);
  const char* strings[2] = {shader.prelude.c_str(), shader.body.c_str()};
  const int lengths[2] = {static_cast<int>(shader.prelude.size()),
                          static_cast<int>(shader.body.size())};
  const char* names[2] = {kPreludeName, kBodyName};
  unit.setStringsWithLengthsAndNames(strings, lengths, names, 2);
  const std::string entry(ShaderEnvironment::kEntryPoint);
  unit.setEntryPoint(entry.c_str());
  unit.setEnvInput(glslang::EShSourceHlsl, EShLangFragment, glslang::EShClientVulkan, 100);
  unit.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_0);
  unit.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_0);
  unit.setAutoMapBindings(true);
  unit.setAutoMapLocations(true);
  const auto messages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules |
                                                 EShMsgReadHlsl | EShMsgHlslDX9Compatible);
  const bool parsed = unit.parse(GetDefaultResources(), 100, false, messages);
  const std::string log = unit.getInfoLog();
  parseLog(log, "WARNING:", core::DiagnosticId::ShaderHlslWarning, warnings);
  if (!parsed) {
    core::Diagnostics errors;
    parseLog(log, "ERROR:", core::DiagnosticId::ShaderHlslError, errors);
    if (errors.empty())
      errors.push_back(core::makeDiagnostic(core::DiagnosticId::ShaderHlslError, log, "shader"));
    return errors;
  }
  glslang::TProgram program;
  program.addShader(&unit);
  if (!program.link(messages) || !program.mapIO()) {
    core::Diagnostics errors;
    parseLog(program.getInfoLog(), "ERROR:", core::DiagnosticId::ShaderHlslError, errors);
    if (errors.empty())
      errors.push_back(core::makeDiagnostic(core::DiagnosticId::ShaderHlslError,
                                            std::string("link: ") + program.getInfoLog(),
                                            "shader"));
    return errors;
  }
  std::vector<std::uint32_t> spirv;
  spv::SpvBuildLogger logger;
  glslang::SpvOptions options;
  options.disableOptimizer = true;  // SPIRV-Cross reads unoptimised SPIR-V well; faster
  options.validate = false;
  glslang::GlslangToSpv(*program.getIntermediate(EShLangFragment), spirv, &logger, &options);
  const std::string spvLog = logger.getAllMessages();
  if (spirv.empty() || spvLog.find("error") != std::string::npos)
    return core::makeDiagnostic(core::DiagnosticId::ShaderSpirvError,
                                spvLog.empty() ? "no SPIR-V produced" : spvLog, "shader");
  patchFloatRemainder(spirv);
  return spirv;
}

}  // namespace phosphene::shader
