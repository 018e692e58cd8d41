// Fuzzes the EEL2 engine with arbitrary source text and arbitrary variable values: compile must
// never crash or throw, runs must terminate (loops capped by an iteration budget), memory stays
// in bounds, and the batch evaluator must give exactly what one-instance-at-a-time runs give,
// including where a shared (per-frame) loop budget runs out part way through the instances.
//
// Input layout: the first 48 bytes (when present) are six doubles for variables x, y, a, b, q1
// and the per-instance input; the rest is the program.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "eel/Eel.hpp"

namespace {

using namespace phosphene::eel;

constexpr int kInstances = 7;
const char* const kNames[] = {"x", "y", "a", "b", "q1"};

// Below kInstances x the per-run budget, so a loop-heavy input exhausts it part way.
constexpr std::int64_t kSharedBudget = 10000;

struct Setup {
  Globals globals{1 << 16};
  Context ctx{globals, 1 << 16};
  IterationBudget shared;
};

void prepare(Setup& s, const double* values) {
  Context& ctx = s.ctx;
  ctx.setIterationBudget(4000);
  s.shared.limit = kSharedBudget;
  ctx.setSharedBudget(&s.shared);
  for (int i = 0; i < 5; ++i) ctx[ctx.slot(kNames[i])] = values[i];
}

bool same(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  double values[6] = {0.25, 0.75, 1.5, -2.0, 3.0, 0.5};
  if (size >= sizeof values) {
    std::memcpy(values, data, sizeof values);
    data += sizeof values;
    size -= sizeof values;
  }
  const std::string code(reinterpret_cast<const char*>(data), size);

  Setup s1, s2;
  prepare(s1, values);
  prepare(s2, values);
  auto serial = compile(code, s1.ctx);
  auto batch = compile(code, s2.ctx);
  if (serial.ok() != batch.ok()) std::abort();
  if (!serial.ok()) return 0;

  std::vector<double> xs(kInstances);
  for (int i = 0; i < kInstances; ++i) xs[static_cast<std::size_t>(i)] = values[5] * i - 1.0;
  const Slot x1 = s1.ctx.slot("x"), y1 = s1.ctx.slot("y"), a1 = s1.ctx.slot("a");
  const Slot x2 = s2.ctx.slot("x"), y2 = s2.ctx.slot("y"), a2 = s2.ctx.slot("a");
  const double yStart = s1.ctx[y1];

  const BatchInput inputs[] = {{x2, xs.data()}, {y2, nullptr}};
  std::vector<double> outY(kInstances), outA(kInstances);
  const BatchOutput outputs[] = {{y2, outY.data()}, {a2, outA.data()}};
  batch->runBatch(kInstances, inputs, outputs);

  for (int i = 0; i < kInstances; ++i) {
    s1.ctx[x1] = xs[static_cast<std::size_t>(i)];
    s1.ctx[y1] = yStart;
    s1.ctx.setIterationBudget(4000);
    serial->run();
    if (!same(s1.ctx[y1], outY[static_cast<std::size_t>(i)]) ||
        !same(s1.ctx[a1], outA[static_cast<std::size_t>(i)])) {
      std::fprintf(stderr, "batch != serial at instance %d: y %.17g vs %.17g, a %.17g vs %.17g\n",
                   i, s1.ctx[y1], outY[static_cast<std::size_t>(i)], s1.ctx[a1],
                   outA[static_cast<std::size_t>(i)]);
      std::abort();
    }
  }
  if (s1.shared.used != s2.shared.used || s1.shared.refused != s2.shared.refused) {
    std::fprintf(stderr, "batch spent %lld loop iterations, serial %lld\n",
                 static_cast<long long>(s2.shared.used), static_cast<long long>(s1.shared.used));
    std::abort();
  }
  for (Slot v : s1.ctx.variables()) {
    const auto other = s2.ctx.find(s1.ctx.name(v));
    if (!other || !same(s1.ctx[v], s2.ctx[*other])) std::abort();
  }
  return 0;
}
