#include "shader/Translator.hpp"

#include <algorithm>

#include "shader/GlslEmitter.hpp"
#include "shader/PresetWrapper.hpp"
#include "shader/SourceScanner.hpp"

namespace phosphene::shader {

namespace {

void addUnique(std::vector<std::string>& list, const std::string& s) {
  if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(s);
}

// The stages report section "shader"; the translator names the pass, as lint prints it.
void nameSection(core::Diagnostics& diags, Stage stage) {
  for (auto& d : diags) d.section = std::string(stageName(stage)) + "_shader";
}

void summarizeTextures(TranslatedShader& t) {
  for (const auto& s : t.samplers) {
    switch (s.texture.kind) {
      case TextureKind::Main:
        t.readsMain = true;
        break;
      case TextureKind::Blur:
        t.maxBlurLevel = std::max(t.maxBlurLevel, s.texture.blurLevel);
        break;
      case TextureKind::Noise:
      case TextureKind::NoiseVolume:
        addUnique(t.noiseTextures, s.texture.root);
        break;
      case TextureKind::Random:
      case TextureKind::User:
        addUnique(t.userTextures, s.texture.root);
        break;
      case TextureKind::Fft:  // the renderer's own spectrum texture, not a file
        break;
    }
  }
}

// Whole words only; the text has no comments left, and a #define that renames the word still
// names it, so this never misses a reader (it may count a dead one, which only costs speed).
bool namesWord(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    const bool startsWord = at == 0 || !isIdentChar(text[at - 1]);
    const std::size_t end = at + word.size();
    const bool endsWord = end == text.size() || !isIdentChar(text[end]);
    if (startsWord && endsWord) return true;
  }
  return false;
}

}  // namespace

core::Expected<Translator::Spirv> Translator::compileToSpirv(const std::string& text,
                                                             Stage stage) const {
  auto wrapped = wrapPresetShader(text, stage);
  if (!wrapped) {
    nameSection(wrapped.diagnostics(), stage);
    return std::move(wrapped.diagnostics());
  }
  Spirv out;
  auto words = compileHlsl(*wrapped, out.warnings);
  nameSection(out.warnings, stage);
  if (!words) {
    nameSection(words.diagnostics(), stage);
    return std::move(words.diagnostics());
  }
  out.words = std::move(*words);
  out.repairs = wrapped->repairs;
  out.readsHueShader = stage == Stage::Comp && namesWord(wrapped->body, "hue_shader");
  if (!out.repairs.empty()) {
    std::string names;
    for (auto r : out.repairs) {
      if (!names.empty()) names += ", ";
      names += repairName(r);
    }
    out.warnings.push_back(core::makeDiagnostic(core::DiagnosticId::ShaderRepaired,
                                                "repaired: " + names,
                                                std::string(stageName(stage)) + "_shader"));
  }
  return out;
}

core::Expected<TranslatedShader> Translator::emit(const Spirv& spirv, Stage stage, int psVersion,
                                                  Dialect dialect) const {
  TranslatedShader out;
  out.stage = stage;
  out.dialect = dialect;
  out.psVersion = psVersion;
  out.repairs = spirv.repairs;
  out.warnings = spirv.warnings;
  out.readsHueShader = spirv.readsHueShader;
  auto errors = emitGlsl(spirv.words, dialect, out);
  if (!errors.empty()) {
    nameSection(errors, stage);
    return errors;
  }
  summarizeTextures(out);
  return out;
}

core::Expected<TranslatedShader> Translator::translate(const std::string& text, Stage stage,
                                                       int psVersion, Dialect dialect) const {
  auto spirv = compileToSpirv(text, stage);
  if (!spirv) return std::move(spirv.diagnostics());
  return emit(*spirv, stage, psVersion, dialect);
}

core::Expected<TranslatedShader> translate(const std::string& text, Stage stage, int psVersion,
                                           Dialect dialect) {
  const Translator translator;
  return translator.translate(text, stage, psVersion, dialect);
}

}  // namespace phosphene::shader
