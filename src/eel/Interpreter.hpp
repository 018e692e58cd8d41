#pragma once
// The scalar evaluator: walks the node array once per run, with MD2's reference semantics
// (assignment targets resolve to cells; out-of-range memory resolves to a scratch cell).

#include "eel/Ast.hpp"

namespace phosphene::eel {

class Interpreter {
 public:
  Interpreter(const Ast& ast, double* const* vars, Context& ctx)
      : ast_(ast),
        vars_(vars),
        ctx_(ctx),
        budget_(ctx.iterationBudget()),
        shared_(ctx.sharedBudget()) {}

  /// Runs every statement; returns the value of the last one.
  double run();
  double eval(std::int32_t n);

 private:
  const Node& at(std::int32_t n) const { return ast_.nodes[static_cast<std::size_t>(n)]; }
  double* ref(std::int32_t n, double& value);
  double assign(const Node& x, double*& target);
  double* memCell(Memory& mem, double index);

  const Ast& ast_;
  double* const* vars_;
  Context& ctx_;
  double scratch_ = 0.0;
  std::int64_t budget_;      // loop iterations left in this run; negative: unlimited
  IterationBudget* shared_;  // the preset's per-frame budget, or nullptr
  bool spend() {
    if (budget_ >= 0) {
      if (budget_ == 0) return false;
      --budget_;
    }
    if (shared_ != nullptr) {
      if (shared_->limit >= 0 && shared_->used >= shared_->limit) {
        shared_->refused = true;
        return false;
      }
      ++shared_->used;
    }
    return true;
  }
};

}  // namespace phosphene::eel
