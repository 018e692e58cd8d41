// phosphene: the command-line front end. With no command it renders the embedded demo.

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string_view>

#include "Commands.hpp"
#include "HeapRetention.hpp"
#include "VersionInfo.hpp"

namespace {

struct Command {
  std::string_view name;
  int (*run)(const phosphene::cli::Args&);
  std::string_view summary;
};

constexpr Command kCommands[] = {
    {"render", phosphene::cli::runRender, "render a preset with audio to PNG frames or a video"},
    {"bench", phosphene::cli::runBench,
     "time presets rendered headless: ms per frame (median, p95, worst) and where it goes"},
    {"analyze", phosphene::cli::runAnalyze,
     "audio analysis of a file, per video frame (CSV, plot)"},
    {"eval", phosphene::cli::runEval, "compile and run EEL2 equations, print the result"},
    {"info", phosphene::cli::runInfo, "show a preset's values, features and diagnostics"},
    {"lint", phosphene::cli::runLint, "check presets and report problems"},
    {"dump-state", phosphene::cli::runDumpState, "print a preset's variables at a given frame"},
#ifdef PHOSPHENE_WITH_PLAYER
    {"play", phosphene::cli::runPlay, "show presets in a window, moving to music or live audio"},
#endif
};

void printUsage(std::FILE* to) {
  std::fprintf(to,
               "Usage: phosphene [COMMAND] [OPTIONS]\n\n"
               "Phosphene renders MilkDrop presets. With no command, renders the built-in demo\n"
               "(same as 'phosphene render').\n\nCommands:\n");
  for (const auto& c : kCommands)
    std::fprintf(to, "  %-11s %.*s\n", std::string(c.name).c_str(),
                 static_cast<int>(c.summary.size()), c.summary.data());
  std::fprintf(
      to,
      "\nRun 'phosphene COMMAND --help' for a command's options.\n"
      "  --version   print the version and exit (--version --verbose: what was built in)\n");
}

}  // namespace

int main(int argc, char** argv) {
  phosphene::platform::retainFreedHeapMemory();
  phosphene::cli::Args rest;
  for (int i = 2; i < argc; ++i) rest.emplace_back(argv[i]);
  if (argc < 2) return phosphene::cli::runRender({});
  std::string_view cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    printUsage(stdout);
    return 0;
  }
  if (cmd == "--version") {
    const bool verbose =
        argc > 2 && (std::string_view(argv[2]) == "--verbose" || std::string_view(argv[2]) == "-v");
    return phosphene::cli::printVersion(stdout, verbose);
  }
  for (const auto& c : kCommands)
    if (c.name == cmd) return c.run(rest);
  if (cmd.size() > 1 && cmd[0] == '-') {
    // Options without a command belong to the default command.
    phosphene::cli::Args all;
    for (int i = 1; i < argc; ++i) all.emplace_back(argv[i]);
    return phosphene::cli::runRender(all);
  }
  std::fprintf(stderr, "phosphene: unknown command '%s'\n\n", argv[1]);
  printUsage(stderr);
  return 2;
}
