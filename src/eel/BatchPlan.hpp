#pragma once
// Vectorised evaluation of one program over many instances (mesh vertices, wave points).
//
// The program is lowered once per input signature (BatchLowering.hpp) and its values are sorted
// into three classes: uniform values (no per-instance input: run once per batch in a prologue,
// "hoisted"), lane values (computed for blocks of kLanes instances at a time in
// structure-of-arrays registers, vectorised), and the serial chain: the part of the code that
// carries state from one instance to the next (a variable read before it is written), which runs
// instance by instance as scalar code, in MilkDrop's order, between the lane operations that feed
// it and those that use its results. A chain that depends on nothing but its own state is
// memoised: once a state repeats, the rest of the batch replays the recorded cycle exactly.
// Only dead values are dropped (stores overwritten before the end of an instance).

#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "eel/Ast.hpp"
#include "eel/BatchOps.hpp"

namespace phosphene::eel {

class BatchPlan {
 public:
  static constexpr int kLanes = kBatchLanes;

  /// nullptr (with info.reason set) when the program cannot be vectorised for these inputs.
  static std::unique_ptr<BatchPlan> build(const Ast& ast, const Context& ctx,
                                          std::span<const BatchInput> inputs, BatchPlanInfo& info);

  void run(Context& ctx, double* const* ptrs, int count, std::span<const BatchInput> inputs,
           std::span<const BatchOutput> outputs);

  struct UniformOp {
    std::uint8_t op;
    std::int32_t dst, a, b, c, aux;
  };
  struct LaneOp {
    std::uint8_t op;
    std::int32_t dst, a, b, c, aux;  // block registers; aux: input index / rand site
  };
  enum class FinalKind : std::uint8_t { Unchanged, Uniform, Lane, Input };
  struct Final {
    FinalKind kind = FinalKind::Unchanged;
    std::int32_t where = -1;  // uniform index, block register or input index
  };

  std::vector<double> uniforms;  // constants pre-filled; prologue results
  std::vector<UniformOp> prologue;
  std::vector<std::pair<std::int32_t, std::int32_t>> broadcasts;  // (uniform, register)
  std::vector<LaneOp> body;
  std::int32_t registers = 0;
  std::int32_t randSites = 0;
  // The serial chain: scalar ops over chainRegs_, run once per instance.
  struct Carried {
    std::int32_t var;         // Ast variable
    std::int32_t sourceSlot;  // its value at the start of an instance
    std::int32_t finalSlot;   // its value at the end of an instance
  };
  std::vector<UniformOp> chain;
  std::vector<Carried> carried;
  std::vector<std::pair<std::int32_t, std::int32_t>> chainInputs;      // (uniform, chain slot)
  std::vector<std::pair<std::int32_t, std::int32_t>> chainOutputs;     // (chain slot, register)
  std::vector<std::pair<std::int32_t, std::int32_t>> chainLaneInputs;  // (register, chain slot)
  std::int32_t preCount = 0;                   // body ops that run before the chain
  bool memoizable = false;                     // the chain depends on nothing but its carried state
  static constexpr int kMemoInstances = 4096;  // how long to look for a repeating state
  std::int32_t chainSize = 0;

  std::vector<Final> finals;  // per Ast variable: where its value after an instance lives
  std::vector<Slot> vars;     // Ast variables (to map output slots)

 private:
  void runChain(int start, int n, std::span<const BatchInput> inputs);

  std::vector<double> regs_;
  std::vector<std::uint32_t> draws_;
  std::vector<double> chainRegs_;
  std::vector<double> state_;
  std::unordered_map<std::uint64_t, std::int32_t> seen_;  // state hash -> first instance
  std::vector<double> stateHist_, outHist_;
  std::int32_t period_ = 0, cycleStart_ = 0;
};

}  // namespace phosphene::eel
