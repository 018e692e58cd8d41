// phosphene eval: compiles and runs EEL2 code in a fresh context (all variables 0) and prints a
// value with 17 significant digits. With `-`, every line of standard input is its own program,
// and a program that does not compile prints `error: LINE:COL reason` instead of a value.

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "ArgParser.hpp"
#include "Commands.hpp"
#include "eel/Eel.hpp"

namespace phosphene::cli {
namespace {

struct Assignment {
  std::string name;
  double value = 0.0;
};

// One program, one fresh engine state; returns false when it does not compile.
bool evaluate(const std::string& code, const std::vector<Assignment>& vars,
              const std::optional<std::string>& printVar, std::string& out) {
  eel::Globals globals;
  eel::Context ctx(globals);
  for (const auto& a : vars) ctx[ctx.slot(a.name)] = a.value;
  auto program = eel::compile(code, ctx);
  if (!program) {
    const core::Diagnostic* first = nullptr;
    for (const auto& d : program.diagnostics())
      if (d.severity == core::Severity::Error) {
        first = &d;
        break;
      }
    out = "error: " + std::to_string(first ? first->line : 0) + ":" +
          std::to_string(first ? first->column : 0) + " " +
          (first ? first->message : std::string("invalid code"));
    return false;
  }
  double value = program->run();
  if (printVar) value = ctx[ctx.slot(*printVar)];
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  out = buf;
  return true;
}

}  // namespace

int runEval(const Args& args) {
  ArgParser p("eval", "[--print VAR] [--var NAME=VALUE]... PROGRAM|-",
              "Compiles and runs MilkDrop equation code (EEL2) in a fresh context and prints the "
              "program's value, or VAR's, with 17 significant digits. With '-', reads one program "
              "per line from standard input and prints one result per line.");
  std::optional<std::string> printVar;
  std::vector<std::string> assignments;
  p.text("print", "VAR", "print this variable's final value instead of the program's value",
         printVar);
  p.texts("var", "NAME=VALUE", "set a variable before the program runs", assignments);
  p.positionals("PROGRAM|-", "the code, or '-' for one program per line of standard input", 1, 1);
  if (!p.parse(args)) return p.helpRequested() ? 0 : 2;

  std::vector<Assignment> vars;
  for (const std::string& v : assignments) {
    const auto eq = v.find('=');
    Assignment a;
    if (eq == std::string::npos || eq == 0 || !parseDouble(v.substr(eq + 1), a.value))
      return p.usageError("--var expects NAME=VALUE, got '" + v + "'");
    a.name = v.substr(0, eq);
    vars.push_back(a);
  }
  const std::string& program = p.positional()[0];
  std::string out;
  if (program != "-") {
    const bool ok = evaluate(program, vars, printVar, out);
    std::printf("%s\n", out.c_str());
    return ok ? 0 : 1;
  }
  bool allOk = true;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    allOk = evaluate(line, vars, printVar, out) && allOk;
    std::printf("%s\n", out.c_str());
  }
  return allOk ? 0 : 1;
}

}  // namespace phosphene::cli
