#pragma once
// `phosphene bench --switches`: one engine plays the presets in turn, as a player does, and the
// frames around each switch are what is measured (issue 38: a switch must not drop a frame).

#include <string>

#include "BenchOptions.hpp"
#include "InterruptFlag.hpp"

namespace phosphene::cli {

/// Runs the switch sequence in the current context, drawing into `framebuffer`, and prints the
/// table or (o.json) the JSON document. Returns the exit status.
int runSwitchBench(const BenchOptions& o, unsigned framebuffer, const std::string& glName,
                   const std::string& renderer, const InterruptFlag& interrupt);

}  // namespace phosphene::cli
