#pragma once
// The presets `phosphene render` plays in turn: the engine asks for the next one through its
// next-preset callback, and every switch the engine reports (its events) is kept for the summary.

#include <phosphene/phosphene.h>

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace phosphene::cli {

struct PresetSequence {
  std::vector<std::string> presets;  // in play order; the first one plays first
  std::size_t next = 1;
  struct Switch {
    double time = 0;
    std::string name;
    double loadSeconds = 0, transition = 0;
    std::string reason;
    std::string failure;  // empty when the preset started
  };
  std::vector<Switch> switches;

  /// A phosphene_next_preset_fn; `user` is the sequence.
  static const char* nextPreset(void* user, phosphene_switch_reason reason);
  /// Takes the engine's pending events and keeps its switches.
  void collect(phosphene_engine* engine);
  /// The list of switches, when there was more than one preset or switch.
  void print(std::FILE* to) const;
};

}  // namespace phosphene::cli
