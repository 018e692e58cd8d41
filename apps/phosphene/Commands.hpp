#pragma once
// Every CLI command: `int runX(args)` gets the arguments after the command name and returns the
// process exit status (0 ok, 1 failure of the job, 2 usage error).

#include <string>
#include <vector>

namespace phosphene::cli {

using Args = std::vector<std::string>;

int runAnalyze(const Args& args);
int runRender(const Args& args);
int runBench(const Args& args);
int runEval(const Args& args);
int runInfo(const Args& args);
int runLint(const Args& args);
int runDumpState(const Args& args);
int runPlay(const Args& args);  // only in builds with the player (SDL2)

}  // namespace phosphene::cli
