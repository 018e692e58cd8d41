#include "eel/BatchPlan.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "eel/BatchLowering.hpp"
#include "eel/BatchOps.hpp"

namespace phosphene::eel {

std::unique_ptr<BatchPlan> BatchPlan::build(const Ast& ast, const Context& ctx,
                                            std::span<const BatchInput> inputs,
                                            BatchPlanInfo& info) {
  LoweredProgram low;
  if (!lowerForBatch(ast, inputs, low, info.reason)) return nullptr;
  const std::size_t nv = ast.vars.size();
  const auto& vals = low.vals;
  const std::size_t count = vals.size();

  // Classes: constants and uniforms (same for every instance), serial values (depend on state
  // carried from the previous instance, but on no per-instance input: computed by a scalar chain
  // per instance), varying values (per-instance inputs and rand: computed in lanes).
  enum Cls : std::uint8_t { kUniform, kSerial, kVarying };
  std::vector<char> carriedVar(nv, 0);
  std::string carriedNames;
  for (std::size_t v = 0; v < nv; ++v) {
    if (low.readFirst[v] && low.written[v]) {
      carriedVar[v] = 1;
      ++info.carried;
      if (!carriedNames.empty()) carriedNames += ", ";
      carriedNames += ctx.name(ast.vars[v]);
    }
  }
  std::vector<std::uint8_t> cls(count, kUniform);
  for (std::size_t i = 0; i < count; ++i) {
    const LoweredValue& x = vals[i];
    if (x.op == BOp::LoadInput || x.op == BOp::Rand) cls[i] = kVarying;
    if (x.op == BOp::LoadVar && carriedVar[static_cast<std::size_t>(x.aux)]) cls[i] = kSerial;
    for (std::int32_t o : {x.a, x.b, x.c})
      if (o >= 0) cls[i] = std::max(cls[i], cls[static_cast<std::size_t>(o)]);
  }
  // Whatever a carried variable's next value depends on must run in instance order too, per-
  // instance inputs and rand included: that whole cone joins the serial chain.
  std::vector<char> cone(count, 0);
  for (std::size_t v = 0; v < nv; ++v)
    if (carriedVar[v]) cone[static_cast<std::size_t>(low.env[v])] = 1;
  for (std::size_t i = count; i-- > 0;) {
    if (!cone[i] || cls[i] == kUniform) continue;
    for (std::int32_t o : {vals[i].a, vals[i].b, vals[i].c})
      if (o >= 0) cone[static_cast<std::size_t>(o)] = 1;
  }
  // Only the part of the cone that depends on this instance's incoming carried values has to run
  // in order; the rest of the cone runs in lanes before the chain and is handed to it lane by
  // lane. Values computed from chain results outside the cone run in lanes after the chain.
  std::vector<char> dep(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    const LoweredValue& x = vals[i];
    if (x.op == BOp::LoadVar && carriedVar[static_cast<std::size_t>(x.aux)]) dep[i] = 1;
    for (std::int32_t o : {x.a, x.b, x.c})
      if (o >= 0 && dep[static_cast<std::size_t>(o)]) dep[i] = 1;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (cls[i] == kUniform) continue;
    cls[i] = (cone[i] && dep[i]) || (vals[i].op == BOp::LoadVar && dep[i]) ? kSerial : kVarying;
  }

  auto plan = std::make_unique<BatchPlan>();
  plan->randSites = low.randSites;
  plan->vars = ast.vars;

  // Liveness from the final value of every changed variable.
  std::vector<char> live(count, 0);
  std::vector<std::int32_t> roots;
  plan->finals.assign(nv, Final{});
  for (std::size_t v = 0; v < nv; ++v)
    if (low.written[v]) roots.push_back(low.env[v]);
  for (std::int32_t r : roots) live[static_cast<std::size_t>(r)] = 1;
  for (std::size_t i = count; i-- > 0;) {
    if (!live[i]) continue;
    for (std::int32_t x : {vals[i].a, vals[i].b, vals[i].c})
      if (x >= 0) live[static_cast<std::size_t>(x)] = 1;
  }
  // Carried sources are live whenever their variable's chain is.
  for (std::size_t i = 0; i < count; ++i)
    if (vals[i].op == BOp::LoadVar && cls[i] == kSerial) live[i] = 1;

  std::vector<std::int32_t> uslot(count, -1), cslot(count, -1), reg(count, -1), lastUse(count, -1);
  std::vector<std::int32_t> pre, post, serial;
  for (std::size_t i = 0; i < count; ++i) {
    if (!live[i]) continue;
    const LoweredValue& x = vals[i];
    if (cls[i] == kUniform) {
      uslot[i] = static_cast<std::int32_t>(plan->uniforms.size());
      plan->uniforms.push_back(x.op == BOp::Const ? x.k : 0.0);
      if (x.op != BOp::Const)
        plan->prologue.push_back({static_cast<std::uint8_t>(x.op), uslot[i],
                                  x.a >= 0 ? uslot[static_cast<std::size_t>(x.a)] : -1,
                                  x.b >= 0 ? uslot[static_cast<std::size_t>(x.b)] : -1,
                                  x.c >= 0 ? uslot[static_cast<std::size_t>(x.c)] : -1, x.aux});
    } else if (cls[i] == kSerial) {
      serial.push_back(static_cast<std::int32_t>(i));
    } else {
      (dep[i] ? post : pre).push_back(static_cast<std::int32_t>(i));
    }
  }
  std::vector<std::int32_t> bodyOf = pre;
  bodyOf.insert(bodyOf.end(), post.begin(), post.end());
  const auto chainPos = static_cast<std::int32_t>(pre.size());
  plan->preCount = chainPos;
  auto isLane = [&](std::int32_t o) {
    return o >= 0 && cls[static_cast<std::size_t>(o)] == kVarying;
  };
  for (std::size_t pos = 0; pos < bodyOf.size(); ++pos) {
    const LoweredValue& x = vals[static_cast<std::size_t>(bodyOf[pos])];
    for (std::int32_t o : {x.a, x.b, x.c})
      if (isLane(o)) lastUse[static_cast<std::size_t>(o)] = static_cast<std::int32_t>(pos);
  }
  for (std::int32_t id : serial) {
    const LoweredValue& x = vals[static_cast<std::size_t>(id)];
    for (std::int32_t o : {x.a, x.b, x.c})
      if (isLane(o)) lastUse[static_cast<std::size_t>(o)] = INT32_MAX;  // read by the chain
  }
  for (std::int32_t r : roots)
    if (isLane(r)) lastUse[static_cast<std::size_t>(r)] = INT32_MAX;

  std::vector<std::int32_t> broadcastReg(count, -1), chainReg(count, -1);
  std::vector<std::int32_t> freeRegs;
  auto newReg = [&] {
    if (!freeRegs.empty()) {
      const std::int32_t r = freeRegs.back();
      freeRegs.pop_back();
      return r;
    }
    return plan->registers++;
  };
  // A serial value needed in lanes is written there by the chain, one lane per instance.
  auto laneOfSerial = [&](std::size_t oi) {
    if (chainReg[oi] < 0) {
      chainReg[oi] = plan->registers++;
      plan->chainOutputs.emplace_back(cslot[oi], chainReg[oi]);
    }
    return chainReg[oi];
  };
  // Chain slots are given out in value order, so every chain value has one before its users.
  for (std::int32_t id : serial) cslot[static_cast<std::size_t>(id)] = plan->chainSize++;
  auto operand = [&](std::int32_t o) -> std::int32_t {
    if (o < 0) return -1;
    const auto oi = static_cast<std::size_t>(o);
    if (cls[oi] == kVarying) return reg[oi];
    if (cls[oi] == kSerial) return laneOfSerial(oi);
    if (broadcastReg[oi] < 0) {
      broadcastReg[oi] = plan->registers++;
      plan->broadcasts.emplace_back(uslot[oi], broadcastReg[oi]);
    }
    return broadcastReg[oi];
  };
  for (std::size_t pos = 0; pos < bodyOf.size(); ++pos) {
    const auto id = static_cast<std::size_t>(bodyOf[pos]);
    const LoweredValue& x = vals[id];
    LaneOp op{static_cast<std::uint8_t>(x.op), -1, operand(x.a), operand(x.b), operand(x.c), x.aux};
    op.dst = newReg();
    reg[id] = op.dst;
    plan->body.push_back(op);
    for (std::int32_t o : {x.a, x.b, x.c}) {
      if (!isLane(o)) continue;
      const auto oi = static_cast<std::size_t>(o);
      if (lastUse[oi] == static_cast<std::int32_t>(pos)) {
        freeRegs.push_back(reg[oi]);
        lastUse[oi] = -2;  // freed once even when an op uses it twice
      }
    }
  }
  auto chainOperand = [&](std::int32_t o) -> std::int32_t {
    if (o < 0) return -1;
    const auto oi = static_cast<std::size_t>(o);
    if (cslot[oi] >= 0) return cslot[oi];
    cslot[oi] = plan->chainSize++;
    if (cls[oi] == kVarying)
      plan->chainLaneInputs.emplace_back(reg[oi], cslot[oi]);  // copied in lane by lane
    else
      plan->chainInputs.emplace_back(uslot[oi], cslot[oi]);  // a uniform: copied once per run
    return cslot[oi];
  };
  for (std::int32_t id : serial) {
    const LoweredValue& x = vals[static_cast<std::size_t>(id)];
    if (x.op == BOp::LoadVar) {
      plan->carried.push_back({x.aux, cslot[static_cast<std::size_t>(id)], -1});
      continue;
    }
    plan->chain.push_back({static_cast<std::uint8_t>(x.op), cslot[static_cast<std::size_t>(id)],
                           chainOperand(x.a), chainOperand(x.b), chainOperand(x.c), x.aux});
  }
  for (auto& c : plan->carried)
    c.finalSlot = chainOperand(low.env[static_cast<std::size_t>(c.var)]);
  plan->memoizable =
      !plan->carried.empty() && plan->chainLaneInputs.empty() &&
      std::none_of(plan->chain.begin(), plan->chain.end(), [](const UniformOp& op) {
        return static_cast<BOp>(op.op) == BOp::Rand || static_cast<BOp>(op.op) == BOp::LoadInput;
      });

  for (std::size_t v = 0; v < nv; ++v) {
    Final& f = plan->finals[v];
    if (low.written[v]) {
      const auto id = static_cast<std::size_t>(low.env[v]);
      if (cls[id] == kUniform) {
        f.kind = FinalKind::Uniform;
        f.where = uslot[id];
      } else {
        f.kind = FinalKind::Lane;
        f.where = cls[id] == kVarying ? reg[id] : laneOfSerial(id);
      }
    } else if (low.inputOf[v] >= 0 && inputs[static_cast<std::size_t>(low.inputOf[v])].values) {
      f.kind = FinalKind::Input;
      f.where = low.inputOf[v];
    }
  }
  info.vectorised = true;
  info.prologueOps = static_cast<int>(plan->prologue.size());
  info.laneOps = static_cast<int>(plan->body.size());
  info.serialOps = static_cast<int>(plan->chain.size());
  return plan;
}

// The serial part: one scalar pass per instance, carrying state from lane to lane.
void BatchPlan::runChain(int start, int n, std::span<const BatchInput> inputs) {
  double* cr = chainRegs_.data();
  const std::size_t nOut = chainOutputs.size(), nState = carried.size();
  for (int lane = 0; lane < n; ++lane) {
    const int g = start + lane;
    if (period_ > 0) {  // inside a detected cycle: replay the recorded outputs
      const std::size_t src = static_cast<std::size_t>(cycleStart_ + (g - cycleStart_) % period_);
      for (std::size_t k = 0; k < nOut; ++k)
        regs_[static_cast<std::size_t>(chainOutputs[k].second) * kLanes +
              static_cast<std::size_t>(lane)] = outHist_[src * nOut + k];
      continue;
    }
    const bool memo = memoizable && g < kMemoInstances;
    if (memo) {
      // The chain is a pure function of the carried state: a state seen before means everything
      // from here on repeats with that period (e.g. MilkDrop's "thresh" idiom).
      std::uint64_t h = 0x9e3779b97f4a7c15ULL;
      for (double v : state_) {
        std::uint64_t b;
        std::memcpy(&b, &v, sizeof b);
        h = (h ^ b) * 0x100000001b3ULL;
      }
      auto [it, fresh] = seen_.emplace(h, g);
      if (!fresh && std::memcmp(&stateHist_[static_cast<std::size_t>(it->second) * nState],
                                state_.data(), nState * sizeof(double)) == 0) {
        cycleStart_ = it->second;
        period_ = g - it->second;
        --lane;  // replay this instance through the cycle branch
        continue;
      }
      stateHist_.insert(stateHist_.end(), state_.begin(), state_.end());
    }
    for (std::size_t k = 0; k < nState; ++k) cr[carried[k].sourceSlot] = state_[k];
    for (auto [r, c] : chainLaneInputs)
      cr[c] = regs_[static_cast<std::size_t>(r) * kLanes + static_cast<std::size_t>(lane)];
    for (const UniformOp& op : chain) {
      const auto bop = static_cast<BOp>(op.op);
      if (bop == BOp::LoadInput) {
        cr[op.dst] = inputs[static_cast<std::size_t>(op.aux)].values[start + lane];
      } else if (bop == BOp::Rand) {
        cr[op.dst] =
            num::randFromRaw(draws_[static_cast<std::size_t>(lane * randSites + op.aux)], cr[op.a]);
      } else {
        cr[op.dst] = evalScalarOp(bop, op.a >= 0 ? cr[op.a] : 0.0, op.b >= 0 ? cr[op.b] : 0.0,
                                  op.c >= 0 ? cr[op.c] : 0.0);
      }
    }
    for (auto [c, r] : chainOutputs) {
      regs_[static_cast<std::size_t>(r) * kLanes + static_cast<std::size_t>(lane)] = cr[c];
      if (memo) outHist_.push_back(cr[c]);
    }
    for (std::size_t k = 0; k < nState; ++k) state_[k] = cr[carried[k].finalSlot];
  }
}

void BatchPlan::run(Context& ctx, double* const* ptrs, int count,
                    std::span<const BatchInput> inputs, std::span<const BatchOutput> outputs) {
  if (count <= 0) return;
  for (const UniformOp& op : prologue) {
    const auto bop = static_cast<BOp>(op.op);
    double& d = uniforms[static_cast<std::size_t>(op.dst)];
    if (bop == BOp::LoadVar) {
      d = *ptrs[op.aux];
      continue;
    }
    d = evalScalarOp(bop, op.a >= 0 ? uniforms[static_cast<std::size_t>(op.a)] : 0.0,
                     op.b >= 0 ? uniforms[static_cast<std::size_t>(op.b)] : 0.0,
                     op.c >= 0 ? uniforms[static_cast<std::size_t>(op.c)] : 0.0);
  }
  regs_.resize(static_cast<std::size_t>(registers) * kLanes);
  auto R = [this](std::int32_t r) { return regs_.data() + static_cast<std::size_t>(r) * kLanes; };
  for (auto [u, r] : broadcasts)
    std::fill(R(r), R(r) + kLanes, uniforms[static_cast<std::size_t>(u)]);

  // Where each output's values come from.
  struct Sink {
    double* out;
    float* floats;
    FinalKind kind;
    std::int32_t where;
    double constant;
  };
  std::vector<Sink> sinks;
  sinks.reserve(outputs.size());
  for (const BatchOutput& o : outputs) {
    if (!o.values && !o.floats) continue;
    Sink s{o.values, o.floats, FinalKind::Unchanged, -1, *ctx.pointer(o.slot)};
    for (std::size_t v = 0; v < vars.size(); ++v)
      if (vars[v] == o.slot) {
        s.kind = finals[v].kind;
        s.where = finals[v].where;
        if (s.kind == FinalKind::Uniform) s.constant = uniforms[static_cast<std::size_t>(s.where)];
      }
    if (s.kind == FinalKind::Unchanged)
      for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].slot == o.slot && inputs[i].values) {
          s.kind = FinalKind::Input;
          s.where = static_cast<std::int32_t>(i);
        }
    sinks.push_back(s);
  }

  chainRegs_.assign(static_cast<std::size_t>(chainSize), 0.0);
  for (auto [u, c] : chainInputs)
    chainRegs_[static_cast<std::size_t>(c)] = uniforms[static_cast<std::size_t>(u)];
  state_.resize(carried.size());
  for (std::size_t k = 0; k < carried.size(); ++k) state_[k] = *ptrs[carried[k].var];
  seen_.clear();
  stateHist_.clear();
  outHist_.clear();
  period_ = 0;
  cycleStart_ = 0;

  int lastLanes = 0;
  for (int start = 0; start < count; start += kLanes) {
    const int n = std::min(kLanes, count - start);
    lastLanes = n;
    if (randSites > 0) {
      draws_.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(randSites));
      for (auto& d : draws_) d = static_cast<std::uint32_t>(ctx.rng()());
    }
    for (std::size_t k = 0; k < body.size(); ++k) {
      if (static_cast<std::int32_t>(k) == preCount && (!chain.empty() || !carried.empty()))
        runChain(start, n, inputs);
      const LaneOp& op = body[k];
      double* d = R(op.dst);
      const auto bop = static_cast<BOp>(op.op);
      if (bop == BOp::LoadInput) {
        const double* src = inputs[static_cast<std::size_t>(op.aux)].values + start;
        std::copy(src, src + n, d);
        continue;
      }
      if (bop == BOp::Rand) {
        const double* a = R(op.a);
        for (int i = 0; i < n; ++i)
          d[i] = num::randFromRaw(draws_[static_cast<std::size_t>(i * randSites + op.aux)], a[i]);
        continue;
      }
      runLaneOp(bop, d, op.a >= 0 ? R(op.a) : nullptr, op.b >= 0 ? R(op.b) : nullptr,
                op.c >= 0 ? R(op.c) : nullptr);
    }
    if (static_cast<std::int32_t>(body.size()) == preCount && (!chain.empty() || !carried.empty()))
      runChain(start, n, inputs);
    for (const Sink& s : sinks) {
      const double* src = nullptr;
      if (s.kind == FinalKind::Lane) src = R(s.where);
      if (s.kind == FinalKind::Input)
        src = inputs[static_cast<std::size_t>(s.where)].values + start;
      if (src) {
        if (s.out) std::copy(src, src + n, s.out + start);
        if (s.floats)
          for (int i = 0; i < n; ++i) s.floats[start + i] = static_cast<float>(src[i]);
      } else {
        if (s.out) std::fill(s.out + start, s.out + start + n, s.constant);
        if (s.floats)
          std::fill(s.floats + start, s.floats + start + n, static_cast<float>(s.constant));
      }
    }
  }
  // Inputs the code never mentions still hold the last instance's value afterwards.
  for (const BatchInput& in : inputs)
    if (in.values && std::find(vars.begin(), vars.end(), in.slot) == vars.end())
      *ctx.pointer(in.slot) = in.values[count - 1];
  for (std::size_t v = 0; v < finals.size(); ++v) {
    const Final& f = finals[v];
    switch (f.kind) {
      case FinalKind::Lane:
        *ptrs[v] = R(f.where)[lastLanes - 1];
        break;
      case FinalKind::Uniform:
        *ptrs[v] = uniforms[static_cast<std::size_t>(f.where)];
        break;
      case FinalKind::Input:
        *ptrs[v] = inputs[static_cast<std::size_t>(f.where)].values[count - 1];
        break;
      default:
        break;
    }
  }
}

}  // namespace phosphene::eel
