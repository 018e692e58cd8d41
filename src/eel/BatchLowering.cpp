// Lowering of a program to value-numbered straight-line code for the batch evaluator (see
// BatchLowering.hpp).

#include "eel/BatchLowering.hpp"

#include <cstring>
#include <map>
#include <tuple>

namespace phosphene::eel {
namespace {

using Value = LoweredValue;

// An assignment target resolved before the assigned value is computed.
struct Target {
  enum Kind : std::uint8_t { None, Var, Cond } kind = None;
  std::int32_t var = -1;        // Var
  std::int32_t value = -1;      // None: the expression's value; Cond: the 0/1 condition
  std::int32_t a = -1, b = -1;  // Cond: targets (indices into Lowerer::targets_)
};

struct Refused {
  std::string reason;
};

class Lowerer {
 public:
  Lowerer(const Ast& ast, std::span<const BatchInput> inputs) : ast_(ast) {
    const std::size_t nv = ast.vars.size();
    env_.assign(nv, -1);
    readFirst_.assign(nv, 0);
    written_.assign(nv, 0);
    inputOf_.assign(nv, -1);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      for (std::size_t v = 0; v < nv; ++v) {
        if (!(ast.vars[v] == inputs[i].slot)) continue;
        inputOf_[v] = static_cast<std::int32_t>(i);
        env_[v] = inputs[i].values ? make(BOp::LoadInput, -1, -1, -1, static_cast<std::int32_t>(i))
                                   : make(BOp::LoadVar, -1, -1, -1, static_cast<std::int32_t>(v));
      }
    }
  }

  void run() {
    for (std::int32_t s : ast_.statements) lower(s);
  }

  std::vector<Value> vals;
  std::vector<std::int32_t> env_;
  std::vector<char> readFirst_, written_;
  std::vector<std::int32_t> inputOf_;
  std::int32_t randSites = 0;

 private:
  const Node& at(std::int32_t n) const { return ast_.nodes[static_cast<std::size_t>(n)]; }
  bool isConst(std::int32_t v) const { return vals[static_cast<std::size_t>(v)].op == BOp::Const; }
  double constOf(std::int32_t v) const { return vals[static_cast<std::size_t>(v)].k; }
  bool isBoolean(std::int32_t v) const {
    switch (vals[static_cast<std::size_t>(v)].op) {
      case BOp::Not:
      case BOp::Truth:
      case BOp::Eq:
      case BOp::Ne:
      case BOp::Lt:
      case BOp::Gt:
      case BOp::Le:
      case BOp::Ge:
      case BOp::Band:
      case BOp::Bor:
        return true;
      case BOp::Const:
        return constOf(v) == 0.0 || constOf(v) == 1.0;
      default:
        return false;
    }
  }

  std::int32_t konst(double k) {
    std::uint64_t bits;
    std::memcpy(&bits, &k, sizeof bits);
    auto key = std::make_tuple(BOp::Const, -1, -1, -1, -1, bits);
    if (auto it = cse_.find(key); it != cse_.end()) return it->second;
    Value v;
    v.k = k;
    vals.push_back(v);
    const auto id = static_cast<std::int32_t>(vals.size() - 1);
    cse_.emplace(key, id);
    return id;
  }

  std::int32_t make(BOp op, std::int32_t a = -1, std::int32_t b = -1, std::int32_t c = -1,
                    std::int32_t aux = -1) {
    const bool source = op == BOp::LoadVar || op == BOp::LoadInput || op == BOp::Rand;
    if (!source) {
      if (op == BOp::Select) {
        if (isConst(a)) return constOf(a) != 0.0 ? b : c;
        if (b == c) return b;
      }
      if (op == BOp::Truth && isBoolean(a)) return a;
      if (op == BOp::Pow && isConst(b) && constOf(b) == 2.0) return make(BOp::Mul, a, a);
      if (op == BOp::Sanitize && isConst(a)) return konst(num::sanitize(constOf(a)));
      const bool allConst = (a < 0 || isConst(a)) && (b < 0 || isConst(b)) && (c < 0 || isConst(c));
      if (allConst)
        return konst(evalScalarOp(op, a < 0 ? 0.0 : constOf(a), b < 0 ? 0.0 : constOf(b),
                                  c < 0 ? 0.0 : constOf(c)));
    }
    auto key = std::make_tuple(op, a, b, c, aux, std::uint64_t{0});
    if (op != BOp::Rand)
      if (auto it = cse_.find(key); it != cse_.end()) return it->second;
    Value v;
    v.op = op;
    v.a = a;
    v.b = b;
    v.c = c;
    v.aux = aux;
    v.varying = op == BOp::LoadInput || op == BOp::Rand;
    for (std::int32_t x : {a, b, c})
      if (x >= 0 && vals[static_cast<std::size_t>(x)].varying) v.varying = true;
    vals.push_back(v);
    const auto id = static_cast<std::int32_t>(vals.size() - 1);
    if (op != BOp::Rand) cse_.emplace(key, id);
    return id;
  }

  std::int32_t readVar(std::int32_t v) {
    auto& e = env_[static_cast<std::size_t>(v)];
    if (e >= 0) return e;
    readFirst_[static_cast<std::size_t>(v)] = 1;
    e = make(BOp::LoadVar, -1, -1, -1, v);
    return e;
  }

  void store(std::int32_t v, std::int32_t value) {
    env_[static_cast<std::size_t>(v)] = value;
    written_[static_cast<std::size_t>(v)] = 1;
  }

  // Variables after two exclusive paths: each becomes select(cond, pathA, pathB).
  void merge(std::int32_t cond, const std::vector<std::int32_t>& a,
             const std::vector<std::int32_t>& b) {
    for (std::size_t v = 0; v < env_.size(); ++v) {
      if (a[v] == b[v]) {
        env_[v] = a[v];
        continue;
      }
      const auto var = static_cast<std::int32_t>(v);
      const std::int32_t va = a[v] >= 0 ? a[v] : readVar(var);
      const std::int32_t vb = b[v] >= 0 ? b[v] : readVar(var);
      env_[v] = make(BOp::Select, cond, va, vb);
    }
  }

  template <typename A, typename B>
  std::int32_t branches(std::int32_t cond, A pathA, B pathB) {
    const std::vector<std::int32_t> before = env_;
    ++branchDepth_;
    const std::int32_t ra = pathA();
    std::vector<std::int32_t> envA = env_;
    env_ = before;
    const std::int32_t rb = pathB();
    std::vector<std::int32_t> envB = env_;
    env_ = before;
    --branchDepth_;
    merge(cond, envA, envB);
    return make(BOp::Select, cond, ra, rb);
  }

  std::int32_t truthOf(std::int32_t n) { return make(BOp::Truth, lower(n)); }

  std::int32_t lowerIf(std::int32_t c, std::int32_t a, std::int32_t b) {
    const std::int32_t cond = truthOf(c);
    if (isConst(cond)) return lower(constOf(cond) != 0.0 ? a : b);
    return branches(
        cond, [&] { return lower(a); }, [&] { return lower(b); });
  }

  std::int32_t target(std::int32_t n) {
    const Node& x = at(n);
    Target t;
    switch (x.op) {
      case Op::Var:
        t.kind = Target::Var;
        t.var = x.var;
        break;
      case Op::If: {
        const std::int32_t cond = truthOf(x.a);
        if (isConst(cond)) return target(constOf(cond) != 0.0 ? x.b : x.c);
        if (hasSideEffects(ast_, x.b) || hasSideEffects(ast_, x.c))
          throw Refused{"assignment through if() with side effects in a branch"};
        t.kind = Target::Cond;
        t.value = cond;
        t.a = target(x.b);
        t.b = target(x.c);
        break;
      }
      case Op::Exec2:
        lower(x.a);
        return target(x.b);
      case Op::Exec3:
        lower(x.a);
        lower(x.b);
        return target(x.c);
      case Op::Min:
      case Op::Max: {
        if (hasSideEffects(ast_, x.a) || hasSideEffects(ast_, x.b))
          throw Refused{"assignment through min()/max() with side effects"};
        const std::int32_t va = lower(x.a), vb = lower(x.b);
        const std::int32_t bLess = make(BOp::Lt, vb, va);
        t.kind = Target::Cond;
        t.value = bLess;
        // min picks its second operand when b < a; max picks its first then.
        t.a = target(x.op == Op::Min ? x.b : x.a);
        t.b = target(x.op == Op::Min ? x.a : x.b);
        break;
      }
      case Op::Assign:
      case Op::AddAssign:
      case Op::SubAssign:
      case Op::MulAssign:
      case Op::DivAssign:
      case Op::ModAssign:
      case Op::OrAssign:
      case Op::AndAssign:
      case Op::PowAssign:
        if (hasSideEffects(ast_, x.a)) throw Refused{"nested assignment target"};
        lower(n);
        return target(x.a);
      default:
        t.kind = Target::None;
        t.value = lower(n);
        break;
    }
    targets_.push_back(t);
    return static_cast<std::int32_t>(targets_.size() - 1);
  }

  std::int32_t readTarget(std::int32_t ti) {
    const Target t = targets_[static_cast<std::size_t>(ti)];
    switch (t.kind) {
      case Target::Var:
        return readVar(t.var);
      case Target::None:
        return t.value;
      default:
        return make(BOp::Select, t.value, readTarget(t.a), readTarget(t.b));
    }
  }

  void apply(std::int32_t ti, std::int32_t value) {
    const Target t = targets_[static_cast<std::size_t>(ti)];
    if (t.kind == Target::Var) {
      store(t.var, value);
    } else if (t.kind == Target::Cond) {
      branches(
          t.value,
          [&] {
            apply(t.a, value);
            return value;
          },
          [&] {
            apply(t.b, value);
            return value;
          });
    }
  }

  std::int32_t lowerAssign(const Node& x) {
    const std::int32_t t = target(x.a);
    const std::int32_t v = lower(x.b);
    std::int32_t result = v;
    if (x.op != Op::Assign) {
      const std::int32_t cur = readTarget(t);
      BOp op = BOp::Add;
      switch (x.op) {
        case Op::AddAssign:
          op = BOp::Add;
          break;
        case Op::SubAssign:
          op = BOp::Sub;
          break;
        case Op::MulAssign:
          op = BOp::Mul;
          break;
        case Op::DivAssign:
          op = BOp::Div;
          break;
        case Op::ModAssign:
          op = BOp::Mod;
          break;
        case Op::OrAssign:
          op = BOp::BitOr;
          break;
        case Op::AndAssign:
          op = BOp::BitAnd;
          break;
        default:
          op = BOp::Pow;
          break;
      }
      result = make(op, cur, v);
    }
    result = make(BOp::Sanitize, result);
    apply(t, result);
    return result;
  }

  std::int32_t bin(BOp op, const Node& x) {
    const std::int32_t a = lower(x.a);
    return make(op, a, lower(x.b));
  }

 public:
  std::int32_t lower(std::int32_t n) {
    const Node& x = at(n);
    switch (x.op) {
      case Op::Const:
        return konst(x.value);
      case Op::Var:
        return readVar(x.var);
      case Op::Add:
        return bin(BOp::Add, x);
      case Op::Sub:
        return bin(BOp::Sub, x);
      case Op::Mul:
        return bin(BOp::Mul, x);
      case Op::Div:
        return bin(BOp::Div, x);
      case Op::Neg:
        return make(BOp::Neg, lower(x.a));
      case Op::BitOr:
        return bin(BOp::BitOr, x);
      case Op::BitAnd:
        return bin(BOp::BitAnd, x);
      case Op::Mod:
        return bin(BOp::Mod, x);
      case Op::Pow:
        return bin(BOp::Pow, x);
      case Op::If:
        return lowerIf(x.a, x.b, x.c);
      case Op::AndAlso: {
        const std::int32_t cond = truthOf(x.a);
        if (isConst(cond)) return constOf(cond) != 0.0 ? truthOf(x.b) : konst(0.0);
        return branches(
            cond, [&] { return truthOf(x.b); }, [&] { return konst(0.0); });
      }
      case Op::OrElse: {
        const std::int32_t cond = truthOf(x.a);
        if (isConst(cond)) return constOf(cond) != 0.0 ? konst(1.0) : truthOf(x.b);
        return branches(
            cond, [&] { return konst(1.0); }, [&] { return truthOf(x.b); });
      }
      case Op::Not:
        return make(BOp::Not, lower(x.a));
      case Op::Eq:
        return bin(BOp::Eq, x);
      case Op::Ne:
        return bin(BOp::Ne, x);
      case Op::Lt:
        return bin(BOp::Lt, x);
      case Op::Gt:
        return bin(BOp::Gt, x);
      case Op::Le:
        return bin(BOp::Le, x);
      case Op::Ge:
        return bin(BOp::Ge, x);
      case Op::Assign:
      case Op::AddAssign:
      case Op::SubAssign:
      case Op::MulAssign:
      case Op::DivAssign:
      case Op::ModAssign:
      case Op::OrAssign:
      case Op::AndAssign:
      case Op::PowAssign:
        return lowerAssign(x);
      case Op::Exec2:
        lower(x.a);
        return lower(x.b);
      case Op::Exec3:
        lower(x.a);
        lower(x.b);
        return lower(x.c);
      case Op::Sin:
        return make(BOp::Sin, lower(x.a));
      case Op::Cos:
        return make(BOp::Cos, lower(x.a));
      case Op::Tan:
        return make(BOp::Tan, lower(x.a));
      case Op::Asin:
        return make(BOp::Asin, lower(x.a));
      case Op::Acos:
        return make(BOp::Acos, lower(x.a));
      case Op::Atan:
        return make(BOp::Atan, lower(x.a));
      case Op::Atan2:
        return bin(BOp::Atan2, x);
      case Op::Sqr:
        return make(BOp::Sqr, lower(x.a));
      case Op::Sqrt:
        return make(BOp::Sqrt, lower(x.a));
      case Op::Exp:
        return make(BOp::Exp, lower(x.a));
      case Op::Log:
        return make(BOp::Log, lower(x.a));
      case Op::Log10:
        return make(BOp::Log10, lower(x.a));
      case Op::Abs:
        return make(BOp::Abs, lower(x.a));
      case Op::Min:
        return bin(BOp::Min, x);
      case Op::Max:
        return bin(BOp::Max, x);
      case Op::Sign:
        return make(BOp::Sign, lower(x.a));
      case Op::Floor:
        return make(BOp::Floor, lower(x.a));
      case Op::Ceil:
        return make(BOp::Ceil, lower(x.a));
      case Op::Invsqrt:
        return make(BOp::Invsqrt, lower(x.a));
      case Op::Sigmoid:
        return bin(BOp::Sigmoid, x);
      case Op::Band:
        return bin(BOp::Band, x);
      case Op::Bor:
        return bin(BOp::Bor, x);
      case Op::Rand: {
        if (branchDepth_ > 0) throw Refused{"rand() in conditional code"};
        const std::int32_t a = lower(x.a);
        return make(BOp::Rand, a, -1, -1, randSites++);
      }
      case Op::Loop:
      case Op::While:
        throw Refused{"loop()/while()"};
      default:
        throw Refused{"memory access"};
    }
  }

 private:
  const Ast& ast_;
  std::map<std::tuple<BOp, std::int32_t, std::int32_t, std::int32_t, std::int32_t, std::uint64_t>,
           std::int32_t>
      cse_;
  std::vector<Target> targets_;
  int branchDepth_ = 0;
};

}  // namespace

bool lowerForBatch(const Ast& ast, std::span<const BatchInput> inputs, LoweredProgram& out,
                   std::string& reason) {
  try {
    Lowerer low(ast, inputs);
    low.run();
    out.vals = std::move(low.vals);
    out.env = std::move(low.env_);
    out.readFirst = std::move(low.readFirst_);
    out.written = std::move(low.written_);
    out.inputOf = std::move(low.inputOf_);
    out.randSites = low.randSites;
    return true;
  } catch (const Refused& r) {
    reason = r.reason;
  } catch (const std::exception&) {
    reason = "out of memory";
  }
  return false;
}

}  // namespace phosphene::eel
