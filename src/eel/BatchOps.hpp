#pragma once
// The operations of the batch evaluator and their scalar definition (used for constant folding,
// for the once-per-batch prologue and as the reference the lane kernels must match).

#include <cmath>
#include <cstdint>

#include "eel/MathKernels.hpp"
#include "eel/Numeric.hpp"

namespace phosphene::eel {

enum class BOp : std::uint8_t {
  Const,
  LoadVar,
  LoadInput,
  Rand,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  BitOr,
  BitAnd,
  Mod,
  Pow,
  Not,
  Truth,
  Eq,
  Ne,
  Lt,
  Gt,
  Le,
  Ge,
  Select,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,
  Sqr,
  Sqrt,
  Exp,
  Log,
  Log10,
  Abs,
  Min,
  Max,
  Sign,
  Floor,
  Ceil,
  Invsqrt,
  Sigmoid,
  Band,
  Bor,
  Sanitize,
};

inline double evalScalarOp(BOp op, double a, double b, double c) {
  switch (op) {
    case BOp::Add:
      return a + b;
    case BOp::Sub:
      return a - b;
    case BOp::Mul:
      return a * b;
    case BOp::Div:
      return a / b;
    case BOp::Neg:
      return -a;
    case BOp::BitOr:
      return num::bitOr(a, b);
    case BOp::BitAnd:
      return num::bitAnd(a, b);
    case BOp::Mod:
      return num::mod(a, b);
    case BOp::Pow:
      return mathScalar(MathFn::Pow, a, b);
    case BOp::Not:
      return num::logicalNot(a);
    case BOp::Truth:
      return num::truth(a);
    case BOp::Eq:
      return num::equal(a, b);
    case BOp::Ne:
      return num::notEqual(a, b);
    case BOp::Lt:
      return a < b ? 1.0 : 0.0;
    case BOp::Gt:
      return a > b ? 1.0 : 0.0;
    case BOp::Le:
      return a <= b ? 1.0 : 0.0;
    case BOp::Ge:
      return a >= b ? 1.0 : 0.0;
    case BOp::Select:
      return a != 0.0 ? b : c;
    case BOp::Sin:
      return mathScalar(MathFn::Sin, a);
    case BOp::Cos:
      return mathScalar(MathFn::Cos, a);
    case BOp::Tan:
      return mathScalar(MathFn::Tan, a);
    case BOp::Asin:
      return mathScalar(MathFn::Asin, a);
    case BOp::Acos:
      return mathScalar(MathFn::Acos, a);
    case BOp::Atan:
      return mathScalar(MathFn::Atan, a);
    case BOp::Atan2:
      return mathScalar(MathFn::Atan2, a, b);
    case BOp::Sqr:
      return a * a;
    case BOp::Sqrt:
      return std::sqrt(std::fabs(a));
    case BOp::Exp:
      return mathScalar(MathFn::Exp, a);
    case BOp::Log:
      return mathScalar(MathFn::Log, a);
    case BOp::Log10:
      return mathScalar(MathFn::Log10, a);
    case BOp::Abs:
      return std::fabs(a);
    case BOp::Min:
      return num::min(a, b);
    case BOp::Max:
      return num::max(a, b);
    case BOp::Sign:
      return num::sign(a);
    case BOp::Floor:
      return std::floor(a);
    case BOp::Ceil:
      return std::ceil(a);
    case BOp::Invsqrt:
      return num::invsqrt(a);
    case BOp::Sigmoid:
      return num::sigmoid(a, b);
    case BOp::Band:
      return num::band(a, b);
    case BOp::Bor:
      return num::bor(a, b);
    case BOp::Sanitize:
      return num::sanitize(a);
    default:
      return 0.0;
  }
}

/// Lanes per block of the batch evaluator.
inline constexpr int kBatchLanes = 128;

/// Runs one operation over all kBatchLanes lanes (lanes past the live ones hold stale values and
/// are computed anyway: floating point does not trap). Registers never alias each other.
void runLaneOp(BOp op, double* __restrict d, const double* __restrict a, const double* __restrict b,
               const double* __restrict c);

}  // namespace phosphene::eel
