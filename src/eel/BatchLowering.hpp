#pragma once
// Lowering for the batch evaluator: a program becomes value-numbered straight-line code.
// Conditionals turn into selects with predicated variable stores (both sides are evaluated, which
// is safe because only variables can be stored to here), constants are folded and equal
// subexpressions shared as the values are created. Code whose effects cannot be predicated this
// way (memory, loops, rand under a condition, side effects inside assignment targets) is refused.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "eel/Ast.hpp"
#include "eel/BatchOps.hpp"

namespace phosphene::eel {

struct LoweredValue {
  BOp op = BOp::Const;
  std::int32_t a = -1, b = -1, c = -1, aux = -1;  // operands (value ids); aux: var/input/site
  double k = 0.0;                                 // Const
  bool varying = false;                           // depends on a per-instance input or rand
};

struct LoweredProgram {
  std::vector<LoweredValue> vals;  // operands always precede their users
  std::vector<std::int32_t> env;   // per Ast variable: its value after one instance (-1: none)
  std::vector<char> readFirst;     // read before written: the previous instance's value flows in
  std::vector<char> written;
  std::vector<std::int32_t> inputOf;  // per Ast variable: its BatchInput index, or -1
  std::int32_t randSites = 0;         // rand() calls per instance
};

/// False with `reason` when the program cannot run in lanes.
bool lowerForBatch(const Ast& ast, std::span<const BatchInput> inputs, LoweredProgram& out,
                   std::string& reason);

}  // namespace phosphene::eel
