#include "eel/Interpreter.hpp"

#include <cmath>

#include "eel/MathKernels.hpp"
#include "eel/Numeric.hpp"

namespace phosphene::eel {

double Interpreter::run() {
  double last = 0.0;
  for (std::int32_t s : ast_.statements) last = eval(s);
  return last;
}

double* Interpreter::memCell(Memory& mem, double index) {
  double* p = mem.cell(num::memIndex(index));
  if (p) return p;
  scratch_ = 0.0;  // writes outside the buffer land here and are forgotten
  return &scratch_;
}

double Interpreter::assign(const Node& x, double*& target) {
  double current = 0.0;
  target = ref(x.a, current);
  const double v = eval(x.b);
  if (target) current = *target;
  double result;
  switch (x.op) {
    case Op::Assign:
      result = v;
      break;
    case Op::AddAssign:
      result = current + v;
      break;
    case Op::SubAssign:
      result = current - v;
      break;
    case Op::MulAssign:
      result = current * v;
      break;
    case Op::DivAssign:
      result = current / v;
      break;
    case Op::ModAssign:
      result = num::mod(current, v);
      break;
    case Op::OrAssign:
      result = num::bitOr(current, v);
      break;
    case Op::AndAssign:
      result = num::bitAnd(current, v);
      break;
    default:
      result = mathScalar(MathFn::Pow, current, v);
      break;
  }
  // Spec decision 4: every store flushes inf/NaN/denormals to +0 (MD2 does it for `=` only).
  result = num::sanitize(result);
  if (target) *target = result;
  return result;
}

double* Interpreter::ref(std::int32_t n, double& value) {
  const Node& x = at(n);
  switch (x.op) {
    case Op::Var:
      return vars_[x.var];
    case Op::Mem:
      return memCell(ctx_.megabuf(), eval(x.a));
    case Op::GMem:
      return memCell(ctx_.globals().gmegabuf(), eval(x.a));
    case Op::If:
      return num::truth(eval(x.a)) ? ref(x.b, value) : ref(x.c, value);
    case Op::Exec2:
      eval(x.a);
      return ref(x.b, value);
    case Op::Exec3:
      eval(x.a);
      eval(x.b);
      return ref(x.c, value);
    case Op::Min:
    case Op::Max: {
      double va = 0.0, vb = 0.0;
      double* pa = ref(x.a, va);
      double* pb = ref(x.b, vb);
      if (pa) va = *pa;
      if (pb) vb = *pb;
      const bool second =
          x.op == Op::Min ? num::minPicksSecond(va, vb) : !num::maxPicksFirst(va, vb);
      value = second ? vb : va;
      return second ? pb : pa;
    }
    case Op::Assign:
    case Op::AddAssign:
    case Op::SubAssign:
    case Op::MulAssign:
    case Op::DivAssign:
    case Op::ModAssign:
    case Op::OrAssign:
    case Op::AndAssign:
    case Op::PowAssign: {
      double* target = nullptr;
      value = assign(x, target);
      return target;
    }
    default:
      value = eval(n);
      return nullptr;
  }
}

double Interpreter::eval(std::int32_t n) {
  const Node& x = at(n);
  switch (x.op) {
    case Op::Const:
      return x.value;
    case Op::Var:
      return *vars_[x.var];
    case Op::Add:
      return eval(x.a) + eval(x.b);
    case Op::Sub:
      return eval(x.a) - eval(x.b);
    case Op::Mul:
      return eval(x.a) * eval(x.b);
    case Op::Div:
      return eval(x.a) / eval(x.b);
    case Op::Neg:
      return -eval(x.a);
    case Op::BitOr: {
      const double a = eval(x.a);
      return num::bitOr(a, eval(x.b));
    }
    case Op::BitAnd: {
      const double a = eval(x.a);
      return num::bitAnd(a, eval(x.b));
    }
    case Op::Mod: {
      const double a = eval(x.a);
      return num::mod(a, eval(x.b));
    }
    case Op::Pow: {
      const double a = eval(x.a);
      return mathScalar(MathFn::Pow, a, eval(x.b));
    }
    case Op::If:
      return num::truth(eval(x.a)) ? eval(x.b) : eval(x.c);
    case Op::AndAlso:
      return num::truth(eval(x.a)) ? num::truth(eval(x.b)) : 0.0;
    case Op::OrElse:
      return num::truth(eval(x.a)) ? 1.0 : num::truth(eval(x.b));
    case Op::Not:
      return num::logicalNot(eval(x.a));
    case Op::Eq: {
      const double a = eval(x.a);
      return num::equal(a, eval(x.b));
    }
    case Op::Ne: {
      const double a = eval(x.a);
      return num::notEqual(a, eval(x.b));
    }
    case Op::Lt: {
      const double a = eval(x.a);
      return a < eval(x.b) ? 1.0 : 0.0;
    }
    case Op::Gt: {
      const double a = eval(x.a);
      return a > eval(x.b) ? 1.0 : 0.0;
    }
    case Op::Le: {
      const double a = eval(x.a);
      return a <= eval(x.b) ? 1.0 : 0.0;
    }
    case Op::Ge: {
      const double a = eval(x.a);
      return a >= eval(x.b) ? 1.0 : 0.0;
    }
    case Op::Assign:
    case Op::AddAssign:
    case Op::SubAssign:
    case Op::MulAssign:
    case Op::DivAssign:
    case Op::ModAssign:
    case Op::OrAssign:
    case Op::AndAssign:
    case Op::PowAssign: {
      double* target = nullptr;
      return assign(x, target);
    }
    case Op::Loop: {
      const std::int32_t count = num::toInt32(eval(x.a));
      const std::int32_t runs = count < 1 ? 0 : (count > num::kLoopCap ? num::kLoopCap : count);
      for (std::int32_t i = 0; i < runs && spend(); ++i) eval(x.b);
      return static_cast<double>(count);
    }
    case Op::While: {
      double v = 0.0;
      int runs = 0;
      do {
        v = eval(x.a);
      } while (num::truth(v) != 0.0 && ++runs < num::kLoopCap && spend());
      return v;
    }
    case Op::Exec2:
      eval(x.a);
      return eval(x.b);
    case Op::Exec3:
      eval(x.a);
      eval(x.b);
      return eval(x.c);
    case Op::Sin:
      return mathScalar(MathFn::Sin, eval(x.a));
    case Op::Cos:
      return mathScalar(MathFn::Cos, eval(x.a));
    case Op::Tan:
      return mathScalar(MathFn::Tan, eval(x.a));
    case Op::Asin:
      return mathScalar(MathFn::Asin, eval(x.a));
    case Op::Acos:
      return mathScalar(MathFn::Acos, eval(x.a));
    case Op::Atan:
      return mathScalar(MathFn::Atan, eval(x.a));
    case Op::Atan2: {
      const double a = eval(x.a);
      return mathScalar(MathFn::Atan2, a, eval(x.b));
    }
    case Op::Sqr: {
      const double a = eval(x.a);
      return a * a;
    }
    case Op::Sqrt:
      return std::sqrt(std::fabs(eval(x.a)));
    case Op::Exp:
      return mathScalar(MathFn::Exp, eval(x.a));
    case Op::Log:
      return mathScalar(MathFn::Log, eval(x.a));
    case Op::Log10:
      return mathScalar(MathFn::Log10, eval(x.a));
    case Op::Abs:
      return std::fabs(eval(x.a));
    case Op::Min:
    case Op::Max: {
      double v = 0.0;
      double* p = ref(n, v);
      return p ? *p : v;
    }
    case Op::Sign:
      return num::sign(eval(x.a));
    case Op::Rand: {
      const double a = eval(x.a);
      return num::randFromRaw(static_cast<std::uint32_t>(ctx_.rng()()), a);
    }
    case Op::Floor:
      return std::floor(eval(x.a));
    case Op::Ceil:
      return std::ceil(eval(x.a));
    case Op::Invsqrt:
      return num::invsqrt(eval(x.a));
    case Op::Sigmoid: {
      const double a = eval(x.a);
      return num::sigmoid(a, eval(x.b));
    }
    case Op::Band: {
      const double a = eval(x.a);
      return num::band(a, eval(x.b));
    }
    case Op::Bor: {
      const double a = eval(x.a);
      return num::bor(a, eval(x.b));
    }
    case Op::Mem:
      return ctx_.megabuf().read(num::memIndex(eval(x.a)));
    case Op::GMem:
      return ctx_.globals().gmegabuf().read(num::memIndex(eval(x.a)));
    case Op::Freembuf:
      return eval(x.a);
    case Op::Memset: {
      const double d = eval(x.a);
      const double v = eval(x.b);
      const double c = eval(x.c);
      ctx_.megabuf().fill(num::ramOffset(d), v, num::ramOffset(c));
      return d;
    }
    case Op::Memcpy: {
      const double d = eval(x.a);
      const double s = eval(x.b);
      const double c = eval(x.c);
      ctx_.megabuf().copy(num::ramOffset(d), num::ramOffset(s), num::ramOffset(c));
      return d;
    }
  }
  return 0.0;
}

}  // namespace phosphene::eel
