#include "FirstPreset.hpp"

#include "EmbeddedPresets.hpp"

namespace phosphene::cli {
namespace {

phosphene_preset* readPreset(const std::string& path) {
  phosphene_preset* preset = nullptr;
  if (path.empty()) {
    const auto& embedded = kEmbeddedPresets[0];
    const std::string name(embedded.name);
    phosphene_preset_create_from_text(embedded.text.data(), embedded.text.size(), name.c_str(),
                                      &preset);
  } else {
    phosphene_preset_create_from_file(path.c_str(), &preset);
  }
  return preset;
}

}  // namespace

FirstPreset::FirstPreset(const std::string& path)
    : name_(path.empty() ? std::string(kEmbeddedPresets[0].name) : path),
      preset_(readPreset(path), &phosphene_preset_destroy) {}

phosphene_result FirstPreset::status() const {
  return preset_ ? phosphene_preset_status(preset_.get()) : PHOSPHENE_ERROR_OUT_OF_MEMORY;
}

std::vector<std::string> FirstPreset::diagnostics() const {
  std::vector<std::string> lines;
  for (uint32_t i = 0; i < phosphene_preset_diagnostic_count(preset_.get()); ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_preset_diagnostic(preset_.get(), i, &d) != PHOSPHENE_OK) continue;
    lines.push_back(name_ + ":" + std::to_string(d.line) + ": [" + d.id + "] " + d.message);
  }
  return lines;
}

bool FirstPreset::startIn(phosphene_engine* engine) const {
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  return phosphene_engine_switch_preset(engine, preset_.get(), &cut, nullptr) == PHOSPHENE_OK &&
         phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK;
}

}  // namespace phosphene::cli
