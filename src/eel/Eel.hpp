#pragma once
// Phosphene's EEL2 equation engine (spec/eel2.md): compile MilkDrop equation code against a
// variable Context, then run it once (per-frame code) or over N instances at once (per-vertex and
// per-point code) in structure-of-arrays form.
//
//   eel::Globals globals;                       // reg00-reg99 + gmegabuf, one per engine
//   eel::Context ctx(globals);                  // variables + megabuf + rand state
//   eel::Slot x = ctx.slot("x"), zoom = ctx.slot("zoom");
//   auto prog = eel::compile("zoom = zoom + 0.1*sin(x*6)", ctx);
//   if (!prog) { for (auto& d : prog.diagnostics()) log(d.format()); }
//   ctx[zoom] = 1.0;  prog->run();              // scalar, once
//   eel::BatchInput in[] = {{x, xs.data()}, {zoom, nullptr}};  // nullptr: reset every instance
//   eel::BatchOutput out[] = {{zoom, zooms.data()}};
//   prog->runBatch(n, in, out);                 // == n scalar runs in order, but vectorised
//
// Ownership: Globals outlives its Contexts, a Context outlives its Programs. Nothing is global to
// the process; two engines never share state. Nothing here throws or touches GL.

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/Expected.hpp"
#include "eel/Memory.hpp"

namespace phosphene::eel {

/// Seed of MilkDrop's Mersenne Twister (ns-eel2 nseel-cfunc.c): sequences repeat run to run.
inline constexpr std::uint32_t kDefaultRandSeed = 0x4141f00d;

/// A variable of a Context (or one of the 100 global registers): read and written without names.
struct Slot {
  std::int32_t index = -1;
  bool valid() const { return index >= 0; }
  friend bool operator==(Slot, Slot) = default;
};

/// State shared by every context of one engine: reg00-reg99 and gmegabuf.
class Globals {
 public:
  explicit Globals(std::int32_t gmegabufCells = Memory::kDefaultCells) : gmem_(gmegabufCells) {}
  double& reg(int i) { return regs_[static_cast<std::size_t>(i)]; }
  Memory& gmegabuf() { return gmem_; }

 private:
  double regs_[100] = {};
  Memory gmem_;
};

/// Loop iterations shared by several contexts (all the code blocks of one preset) over a period
/// the owner chooses (one frame): every loop()/while() iteration of a run in a context that
/// points here counts, and once `limit` is reached loops stop iterating (the code around them
/// still runs). Deterministic: it counts iterations, not time.
struct IterationBudget {
  std::int64_t limit = -1;  // negative: unlimited
  std::int64_t used = 0;
  bool refused = false;  // an iteration was cut since the last reset()
  void reset() {
    used = 0;
    refused = false;
  }
};

/// Variables (created on first mention, value 0; names case-insensitive), the private megabuf
/// and the rand() generator of one code context. q1-q32, t1-t8 and the preset's built-ins
/// (zoom, x, rad, ...) are ordinary variables here; what they mean belongs to the preset runtime.
class Context {
 public:
  explicit Context(Globals& globals, std::int32_t megabufCells = Memory::kDefaultCells);
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  /// The slot of `name`, created with value 0 if new; "regNN" names a global register.
  Slot slot(std::string_view name);
  std::optional<Slot> find(std::string_view name) const;
  double& operator[](Slot s) { return *pointer(s); }
  /// Stable for the context's lifetime (new variables never move old ones).
  double* pointer(Slot s);
  std::string name(Slot s) const;
  /// Every variable of this context (not the registers), in creation order.
  std::vector<Slot> variables() const;
  /// Sets every variable of this context to 0 (MilkDrop does this when a preset loads).
  void zeroVariables();

  Memory& megabuf() { return megabuf_; }
  Globals& globals() { return *globals_; }
  std::mt19937& rng() { return rng_; }
  void seedRand(std::uint32_t seed) { rng_.seed(seed); }
  /// Caps the loop()/while() iterations of one run of one program, all loops together (tools and
  /// fuzzing; -1, the default, applies only MilkDrop's per-loop cap).
  void setIterationBudget(std::int64_t budget) { iterationBudget_ = budget; }
  std::int64_t iterationBudget() const { return iterationBudget_; }
  /// A budget shared with other contexts (nullptr: none); not owned, must outlive the runs.
  void setSharedBudget(IterationBudget* budget) { sharedBudget_ = budget; }
  IterationBudget* sharedBudget() const { return sharedBudget_; }

  static constexpr std::int32_t kRegBase = 1 << 30;

 private:
  Globals* globals_;
  std::deque<double> values_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::int32_t> index_;
  Memory megabuf_;
  std::mt19937 rng_{kDefaultRandSeed};
  std::int64_t iterationBudget_ = -1;
  IterationBudget* sharedBudget_ = nullptr;
};

/// Per-instance input of runBatch: `values[i]` is assigned to the variable before instance i
/// runs; with `values == nullptr` the variable is reset before every instance to the value it
/// had when runBatch was called (MilkDrop's per-vertex zoom, rot, warp, ...).
struct BatchInput {
  Slot slot;
  const double* values = nullptr;
};
/// Per-instance output: `values[i]` receives the variable's value after instance i ran, and/or
/// `floats[i]` the same value converted to float (what MilkDrop keeps for per-vertex outputs).
struct BatchOutput {
  Slot slot;
  double* values = nullptr;
  float* floats = nullptr;
};

/// How runBatch evaluates a program for a given set of inputs (tools, tests, benchmarks).
struct BatchPlanInfo {
  bool vectorised = false;  // false: instances run one after another (the serial path)
  std::string reason;       // why not vectorised
  int prologueOps = 0;      // vertex-invariant operations, run once per batch
  int laneOps = 0;          // operations run for every instance, in vector lanes
  int serialOps = 0;        // operations run for every instance in order (carried state)
  int carried = 0;          // variables carried from instance to instance
};

struct CompileOptions {
  std::string section;  // copied into diagnostics ("per_pixel", ...)
  int firstLine = 1;    // line number of the first source line
};

class Program {
 public:
  struct Impl;
  explicit Program(std::unique_ptr<Impl> impl);
  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;
  ~Program();

  /// Runs the code once; returns the value of its last statement (0 for an empty program).
  double run();
  /// Runs the code for `count` instances; identical in effect to `count` calls of run() with
  /// the inputs assigned before and the outputs read after each one.
  void runBatch(int count, std::span<const BatchInput> inputs,
                std::span<const BatchOutput> outputs);
  BatchPlanInfo batchPlan(std::span<const BatchInput> inputs);
  bool empty() const;

 private:
  std::unique_ptr<Impl> impl_;
};

/// Compiles `source` (statements separated by `;`) against `context`. Never throws: a program
/// that does not compile yields Error diagnostics with line and column; warnings (sloppy code
/// that MilkDrop accepts) accompany a successful result in diagnostics().
core::Expected<Program> compile(std::string_view source, Context& context,
                                const CompileOptions& options = {});

}  // namespace phosphene::eel
