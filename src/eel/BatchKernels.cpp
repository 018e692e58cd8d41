// Lane kernels of the batch evaluator: one simple loop per operation so the compiler vectorises
// it; transcendental functions go to the vector math library (MathKernels).

#include <cmath>

#include "eel/BatchOps.hpp"

// Not under ThreadSanitizer: target_clones dispatches through an ifunc resolver that the dynamic
// loader runs while relocating, before TSan's runtime is set up, and TSan instruments the resolver
// too, so every program linking the EEL engine crashed at load.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__) && \
    !defined(__SANITIZE_THREAD__)
#define PHOSPHENE_EEL_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PHOSPHENE_EEL_CLONES
#endif

namespace phosphene::eel {
namespace {

// A compile-time trip count lets the compiler vectorise without remainder loops.
constexpr int n = kBatchLanes;

template <typename F>
inline void each1(double* __restrict d, const double* __restrict a, int, F f) {
  for (int i = 0; i < n; ++i) d[i] = f(a[i]);
}
template <typename F>
inline void each2(double* __restrict d, const double* __restrict a, const double* __restrict b, int,
                  F f) {
  for (int i = 0; i < n; ++i) d[i] = f(a[i], b[i]);
}

}  // namespace

PHOSPHENE_EEL_CLONES
void runLaneOp(BOp op, double* __restrict d, const double* __restrict a, const double* __restrict b,
               const double* __restrict c) {
  switch (op) {
    case BOp::Add:
      each2(d, a, b, n, [](double x, double y) { return x + y; });
      return;
    case BOp::Sub:
      each2(d, a, b, n, [](double x, double y) { return x - y; });
      return;
    case BOp::Mul:
      each2(d, a, b, n, [](double x, double y) { return x * y; });
      return;
    case BOp::Div:
      each2(d, a, b, n, [](double x, double y) { return x / y; });
      return;
    case BOp::Neg:
      each1(d, a, n, [](double x) { return -x; });
      return;
    case BOp::BitOr:
      each2(d, a, b, n, num::bitOr);
      return;
    case BOp::BitAnd:
      each2(d, a, b, n, num::bitAnd);
      return;
    case BOp::Mod:
      each2(d, a, b, n, num::mod);
      return;
    case BOp::Pow:
      mathBinary(MathFn::Pow, a, b, d, n);
      return;
    case BOp::Not:
      each1(d, a, n, [](double x) { return std::fabs(x) >= num::kCloseFactor ? 0.0 : 1.0; });
      return;
    case BOp::Truth:
      each1(d, a, n, [](double x) { return std::fabs(x) >= num::kCloseFactor ? 1.0 : 0.0; });
      return;
    case BOp::Eq:
      each2(d, a, b, n,
            [](double x, double y) { return std::fabs(x - y) < num::kCloseFactor ? 1.0 : 0.0; });
      return;
    case BOp::Ne:
      each2(d, a, b, n,
            [](double x, double y) { return std::fabs(x - y) < num::kCloseFactor ? 0.0 : 1.0; });
      return;
    case BOp::Lt:
      each2(d, a, b, n, [](double x, double y) { return x < y ? 1.0 : 0.0; });
      return;
    case BOp::Gt:
      each2(d, a, b, n, [](double x, double y) { return x > y ? 1.0 : 0.0; });
      return;
    case BOp::Le:
      each2(d, a, b, n, [](double x, double y) { return x <= y ? 1.0 : 0.0; });
      return;
    case BOp::Ge:
      each2(d, a, b, n, [](double x, double y) { return x >= y ? 1.0 : 0.0; });
      return;
    case BOp::Select:
      for (int i = 0; i < n; ++i) d[i] = a[i] != 0.0 ? b[i] : c[i];
      return;
    case BOp::Sin:
      mathUnary(MathFn::Sin, a, d, n);
      return;
    case BOp::Cos:
      mathUnary(MathFn::Cos, a, d, n);
      return;
    case BOp::Tan:
      mathUnary(MathFn::Tan, a, d, n);
      return;
    case BOp::Asin:
      mathUnary(MathFn::Asin, a, d, n);
      return;
    case BOp::Acos:
      mathUnary(MathFn::Acos, a, d, n);
      return;
    case BOp::Atan:
      mathUnary(MathFn::Atan, a, d, n);
      return;
    case BOp::Atan2:
      mathBinary(MathFn::Atan2, a, b, d, n);
      return;
    case BOp::Sqr:
      each1(d, a, n, [](double x) { return x * x; });
      return;
    case BOp::Sqrt:
      each1(d, a, n, [](double x) { return std::sqrt(std::fabs(x)); });
      return;
    case BOp::Exp:
      mathUnary(MathFn::Exp, a, d, n);
      return;
    case BOp::Log:
      mathUnary(MathFn::Log, a, d, n);
      return;
    case BOp::Log10:
      mathUnary(MathFn::Log10, a, d, n);
      return;
    case BOp::Abs:
      each1(d, a, n, [](double x) { return std::fabs(x); });
      return;
    case BOp::Min:
      each2(d, a, b, n, [](double x, double y) { return y < x ? y : x; });
      return;
    case BOp::Max:
      each2(d, a, b, n, [](double x, double y) { return y < x ? x : y; });
      return;
    case BOp::Sign:
      each1(d, a, n, num::sign);
      return;
    case BOp::Floor:
      each1(d, a, n, [](double x) { return std::floor(x); });
      return;
    case BOp::Ceil:
      each1(d, a, n, [](double x) { return std::ceil(x); });
      return;
    case BOp::Invsqrt:
      each1(d, a, n, num::invsqrt);
      return;
    case BOp::Sigmoid:
      each2(d, a, b, n, num::sigmoid);
      return;
    case BOp::Band:
      each2(d, a, b, n, num::band);
      return;
    case BOp::Bor:
      each2(d, a, b, n, num::bor);
      return;
    case BOp::Sanitize:
      each1(d, a, n, num::sanitize);
      return;
    default:
      return;
  }
}

}  // namespace phosphene::eel
