#include "PresetSequence.hpp"

namespace phosphene::cli {

const char* PresetSequence::nextPreset(void* user, phosphene_switch_reason) {
  auto* s = static_cast<PresetSequence*>(user);
  if (s->presets.size() < 2) return nullptr;
  const std::string& path = s->presets[s->next % s->presets.size()];
  ++s->next;
  return path.c_str();
}

void PresetSequence::collect(phosphene_engine* engine) {
  static const char* const kReasons[] = {"user", "auto",        "hard cut",
                                         "beat", "load failed", "over budget"};
  phosphene_event e;
  phosphene_event_init(&e);
  while (phosphene_engine_poll_event(engine, &e)) {
    const char* reason = e.reason >= 0 && e.reason <= 5 ? kReasons[e.reason] : "?";
    if (e.type == PHOSPHENE_EVENT_PRESET_STARTED)
      switches.push_back({e.time, e.name, e.load_seconds, e.transition_seconds, reason, {}});
    else if (e.type == PHOSPHENE_EVENT_PRESET_LOAD_FAILED ||
             e.type == PHOSPHENE_EVENT_PRESET_OVER_BUDGET)
      switches.push_back(
          {e.time, e.name, 0, 0, reason, std::string("[") + e.diagnostic_id + "] " + e.message});
  }
}

void PresetSequence::print(std::FILE* to) const {
  if (presets.size() < 2 && switches.size() < 2) return;
  std::fprintf(to, "phosphene render: %zu preset switches:\n", switches.size());
  for (const Switch& sw : switches) {
    if (!sw.failure.empty())
      std::fprintf(to, "  %9.3f s  %s: %s (%s)\n", sw.time, sw.name.c_str(), sw.failure.c_str(),
                   sw.reason.c_str());
    else
      std::fprintf(to, "  %9.3f s  %s (%s, %s %.2f s, loaded in %.1f ms)\n", sw.time,
                   sw.name.c_str(), sw.reason.c_str(),
                   sw.transition > 0 ? "transition" : "hard cut", sw.transition,
                   sw.loadSeconds * 1000.0);
  }
}

}  // namespace phosphene::cli
