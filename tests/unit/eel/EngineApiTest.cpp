// The engine's API contract: slots, shared and private state, diagnostics, robustness, and the
// batch evaluator's equivalence with one-instance-at-a-time runs on the hard cases (state carried
// across instances, rand, float outputs, serial fallback).

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "eel/Eel.hpp"

namespace phosphene::eel {
namespace {

double runIn(Context& ctx, const std::string& code) {
  auto p = compile(code, ctx);
  EXPECT_TRUE(p.ok()) << code;
  return p ? p->run() : std::nan("");
}

TEST(EelApi, SlotsAreCaseInsensitiveAndStable) {
  Globals g;
  Context ctx(g);
  const Slot a = ctx.slot("Zoom");
  double* p = ctx.pointer(a);
  for (int i = 0; i < 1000; ++i) ctx.slot("v" + std::to_string(i));  // growth never moves a cell
  EXPECT_EQ(p, ctx.pointer(ctx.slot("ZOOM")));
  ctx[a] = 2.5;
  EXPECT_EQ(runIn(ctx, "zoom*2"), 5.0);
  EXPECT_FALSE(ctx.find("never_mentioned").has_value());
}

TEST(EelApi, RegistersAndGmegabufAreSharedPerGlobals) {
  Globals g, other;
  Context a(g), b(g), c(other);
  runIn(a, "reg07 = 3; gmegabuf(10) = 4; megabuf(10) = 5;");
  EXPECT_EQ(runIn(b, "reg07 + gmegabuf(10) + megabuf(10)"), 7.0);  // megabuf is private
  EXPECT_EQ(runIn(c, "reg07 + gmegabuf(10)"), 0.0);                // another engine shares nothing
  EXPECT_EQ(g.reg(7), 3.0);
  EXPECT_EQ(*a.pointer(a.slot("REG07")), 3.0);
}

TEST(EelApi, QAndTVariablesAreOrdinaryVariables) {
  Globals g;
  Context ctx(g);
  ctx[ctx.slot("q1")] = 2;
  ctx[ctx.slot("t8")] = 3;
  EXPECT_EQ(runIn(ctx, "q32 = q1 * t8"), 6.0);
  EXPECT_EQ(ctx[ctx.slot("q32")], 6.0);
}

TEST(EelApi, ErrorsCarryLineColumnAndId) {
  Globals g;
  Context ctx(g);
  struct Bad {
    const char* code;
    core::DiagnosticId id;
    int line, column;
  } cases[] = {
      {"a = 1;\n  b = foo(2);", core::DiagnosticId::EelUnknownFunction, 2, 7},
      {"x = sin(1, 2);", core::DiagnosticId::EelArity, 1, 5},
      {"sin = 3;", core::DiagnosticId::EelFunctionAsVariable, 1, 1},
      {"= 5;", core::DiagnosticId::EelMissingOperand, 1, 1},
      {"x = 3 y = 4;", core::DiagnosticId::EelSyntax, 1, 7},
      {"x = (1 + 2;", core::DiagnosticId::EelSyntax, 1, 3},
  };
  for (const Bad& b : cases) {
    auto p = compile(b.code, ctx, {"per_frame", 1});
    ASSERT_FALSE(p.ok()) << b.code;
    const core::Diagnostic* err = nullptr;
    for (const auto& d : p.diagnostics())
      if (d.severity == core::Severity::Error) err = &d;
    ASSERT_NE(err, nullptr) << b.code;
    EXPECT_EQ(err->id, b.id) << b.code << ": " << err->format();
    EXPECT_EQ(err->line, b.line) << b.code << ": " << err->format();
    EXPECT_EQ(err->column, b.column) << b.code << ": " << err->format();
    EXPECT_EQ(err->section, "per_frame");
  }
}

TEST(EelApi, SloppyCodeMilkDropRunsCompilesWithWarnings) {
  Globals g;
  Context ctx(g);
  // MD2's lexer skips characters it does not know; a ';' before ')' inside parentheses is
  // dropped by its rewrite (both from real presets in projectm-data).
  const char* sloppy[] = {"q2 = below(rad, .-53);", "loop(2, n = n + 1;);", "x = 5 # ;"};
  for (const char* code : sloppy) {
    auto p = compile(code, ctx);
    ASSERT_TRUE(p.ok()) << code;
    ASSERT_FALSE(p.diagnostics().empty()) << code;
    EXPECT_EQ(p.diagnostics()[0].severity, core::Severity::Warning) << code;
  }
  EXPECT_EQ(runIn(ctx, "n = 0; loop(2, n = n + 1;); n"), 2.0);
}

TEST(EelApi, LongNamesWarnButStayDistinct) {
  Globals g;
  Context ctx(g);
  auto p = compile("abcdefghijklmnopq = 1; abcdefghijklmnopz = 2;", ctx);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.diagnostics().front().id, core::DiagnosticId::EelLongName);
}

TEST(EelApi, GarbageNeverThrowsOrCrashes) {
  Globals g;
  Context ctx(g, 1 << 16);
  ctx.setIterationBudget(1000);
  std::mt19937 rng(7);
  const std::string alphabet = "abxy01.;,()[]=+-*/%^&|!<>?:$'#_ \n\tifloopwhilemegabuf";
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    const int len = static_cast<int>(rng() % 40);
    for (int k = 0; k < len; ++k) s += alphabet[rng() % alphabet.size()];
    auto p = compile(s, ctx);
    if (p) p->run();
  }
  const std::string deep(100000, '(');
  EXPECT_FALSE(compile(deep + "1", ctx).ok());
  std::string chain = "x = 1";
  for (int i = 0; i < 20000; ++i) chain += "+1";
  auto p = compile(chain, ctx);  // a long flat expression is fine or reported, never a crash
  if (p) {
    EXPECT_EQ(p->run(), 20001.0);
  }
}

TEST(EelApi, IterationBudgetStopsRunawayLoops) {
  Globals g;
  Context ctx(g);
  ctx.setIterationBudget(500);
  // 500 iterations in all: one of the outer loop, then 499 of the inner one.
  EXPECT_EQ(runIn(ctx, "n = 0; loop(1000000, loop(1000000, n += 1)); n"), 499.0);
}

// The per-frame budget of a preset (issue 11): one counter that every context of the preset
// points at. It counts each loop() iteration and each while() repeat (the first pass of a while
// body is ordinary code, as in ns-eel2's do-while), across runs and contexts, until reset.
TEST(EelApi, SharedBudgetSpansContextsAndRuns) {
  Globals g;
  Context a(g), b(g);
  IterationBudget budget;
  budget.limit = 1000;
  a.setSharedBudget(&budget);
  b.setSharedBudget(&budget);
  EXPECT_EQ(runIn(a, "n = 0; loop(600, n += 1); n"), 600.0);
  EXPECT_FALSE(budget.refused);
  // 400 left: the loop stops there, and the code after it still runs.
  EXPECT_EQ(runIn(b, "n = 0; loop(600, n += 1); after = 1; n"), 400.0);
  EXPECT_EQ(b[b.slot("after")], 1.0);
  EXPECT_EQ(budget.used, 1000);
  EXPECT_TRUE(budget.refused);
  // Exhausted: loops do not iterate at all, a while body runs its first pass only.
  EXPECT_EQ(runIn(a, "n = 0; loop(5, n += 1); n"), 0.0);
  EXPECT_EQ(runIn(a, "n = 0; while(n += 1; 1); n"), 1.0);
  EXPECT_EQ(budget.used, 1000);
  budget.reset();  // the next frame
  EXPECT_EQ(runIn(a, "n = 0; while(n += 1; n < 10); n"), 10.0);
  EXPECT_EQ(budget.used, 9);
  EXPECT_FALSE(budget.refused);
}

TEST(EelApi, SharedBudgetStopsWhileOne) {
  Globals g;
  Context ctx(g);
  IterationBudget budget;
  budget.limit = 2500;
  ctx.setSharedBudget(&budget);
  EXPECT_EQ(runIn(ctx, "n = 0; while(n += 1; 1); n"), 2501.0);
  EXPECT_TRUE(budget.refused);
  EXPECT_EQ(budget.used, 2500);
}

// Code with loops is not vectorised: runBatch runs it instance by instance through the scalar
// interpreter, which draws on the same counter, so a batch spends what the serial runs would.
TEST(EelApi, SharedBudgetCountsBatchRuns) {
  Globals g;
  Context ctx(g);
  IterationBudget budget;
  budget.limit = 250;
  ctx.setSharedBudget(&budget);
  const Slot x = ctx.slot("x"), n = ctx.slot("n");
  auto p = compile("n = 0; loop(x, n += 1);", ctx);
  ASSERT_TRUE(p.ok());
  const double xs[] = {100, 100, 100, 100};
  double ns[4] = {};
  const BatchInput in[] = {{x, xs}};
  const BatchOutput out[] = {{n, ns}};
  EXPECT_FALSE(p->batchPlan(in).vectorised);
  p->runBatch(4, in, out);
  EXPECT_EQ(ns[0], 100.0);
  EXPECT_EQ(ns[1], 100.0);
  EXPECT_EQ(ns[2], 50.0);  // the budget ran out half way
  EXPECT_EQ(ns[3], 0.0);
  EXPECT_EQ(budget.used, 250);
  EXPECT_TRUE(budget.refused);
}

// Unlimited (negative limit) changes nothing but counting; MD2's per-loop cap still applies.
TEST(EelApi, UnlimitedSharedBudgetOnlyCounts) {
  Globals g1, g2;
  Context plain(g1), counted(g2);
  IterationBudget budget;  // limit -1
  counted.setSharedBudget(&budget);
  const std::string code = "n = 0; loop(2000000, n += 1); m = 0; while(m += 1; m < 300); n + m";
  EXPECT_EQ(runIn(plain, code), 1048576.0 + 300.0);
  EXPECT_EQ(runIn(counted, code), 1048576.0 + 300.0);
  EXPECT_EQ(budget.used, 1048576 + 299);
  EXPECT_FALSE(budget.refused);
}

// A context's own per-run budget (tools, fuzzing) and the shared one both apply: the first to
// run out stops the loop, and iterations refused by the per-run budget are not counted.
TEST(EelApi, PerRunAndSharedBudgetsCombine) {
  Globals g;
  Context ctx(g);
  IterationBudget budget;
  budget.limit = 1000;
  ctx.setSharedBudget(&budget);
  ctx.setIterationBudget(300);
  EXPECT_EQ(runIn(ctx, "n = 0; loop(500, n += 1); n"), 300.0);
  EXPECT_EQ(runIn(ctx, "n = 0; loop(500, n += 1); n"), 300.0);  // per run: fresh each run
  EXPECT_EQ(budget.used, 600);
  EXPECT_FALSE(budget.refused);
  EXPECT_EQ(runIn(ctx, "n = 0; loop(500, n += 1); n"), 300.0);
  EXPECT_EQ(runIn(ctx, "n = 0; loop(500, n += 1); n"), 100.0);  // shared: 1000 in all
  EXPECT_TRUE(budget.refused);
  ctx.setSharedBudget(nullptr);
  EXPECT_EQ(runIn(ctx, "n = 0; loop(500, n += 1); n"), 300.0);
  EXPECT_EQ(budget.used, 1000);
}

TEST(EelApi, RandIsPerContextAndDeterministic) {
  Globals g;
  Context a(g), b(g);
  const double x = runIn(a, "rand(100)");
  EXPECT_EQ(x, runIn(b, "rand(100)"));
  EXPECT_NE(x, runIn(a, "rand(100)"));
}

// Runs `code` over `n` instances twice: with runBatch and with run() per instance.
void expectBatchEqualsSerial(const std::string& code, int n, bool expectVectorised) {
  Globals g1, g2;
  Context serial(g1), batch(g2);
  auto ps = compile(code, serial);
  auto pb = compile(code, batch);
  ASSERT_TRUE(ps.ok() && pb.ok()) << code;
  std::vector<double> xs(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) xs[static_cast<std::size_t>(i)] = std::sin(i * 0.37) * 3;
  for (Context* c : {&serial, &batch}) {
    (*c)[c->slot("zoom")] = 1.5;
    (*c)[c->slot("bass_att")] = 1.6;
  }
  const BatchInput in[] = {{batch.slot("x"), xs.data()}, {batch.slot("zoom"), nullptr}};
  std::vector<double> zoom(static_cast<std::size_t>(n));
  std::vector<float> zoomF(static_cast<std::size_t>(n));
  const BatchOutput out[] = {{batch.slot("zoom"), zoom.data(), zoomF.data()}};
  EXPECT_EQ(pb->batchPlan(in).vectorised, expectVectorised)
      << code << ": " << pb->batchPlan(in).reason;
  pb->runBatch(n, in, out);
  for (int i = 0; i < n; ++i) {
    serial[serial.slot("x")] = xs[static_cast<std::size_t>(i)];
    serial[serial.slot("zoom")] = 1.5;
    ps->run();
    ASSERT_EQ(zoom[static_cast<std::size_t>(i)], serial[serial.slot("zoom")]) << code << " @" << i;
    ASSERT_EQ(zoomF[static_cast<std::size_t>(i)], static_cast<float>(serial[serial.slot("zoom")]));
  }
  for (Slot s : serial.variables())
    EXPECT_EQ(serial[s], batch[batch.slot(serial.name(s))]) << code << " " << serial.name(s);
}

TEST(EelBatch, VaryingCode) {
  expectBatchEqualsSerial("zoom = zoom + 0.1*sin(x*6) + pow(x - 0.5, 2); t = x*2;", 1000, true);
  expectBatchEqualsSerial("zoom = if(above(x, 0.5), x, zoom*2); if(x < 0, a, b) = x;", 777, true);
  expectBatchEqualsSerial("min(a, b) = x; max(c, d) += x; zoom = a + b*2 + c*3 + d*4;", 300, true);
  expectBatchEqualsSerial("zoom = x % 3 + (x | 2) + (x & 5) + (x > 0 && x < 1) + !x;", 200, true);
}

TEST(EelBatch, CarriedStateRunsInOrder) {
  // Aderrasi's "thresh" idiom: state that depends only on itself (cycle detection applies).
  expectBatchEqualsSerial(
      "thresh = above(bass_att,thresh)*2+(1-above(bass_att,thresh))*((thresh-1.3)*0.96+1.3);"
      "dx_r = equal(thresh,2)*0.015*sin(5*time)+(1-equal(thresh,2))*dx_r;"
      "zoom = zoom + dx_r*x;",
      5000, true);
  // State driven by per-instance inputs.
  expectBatchEqualsSerial("acc = acc*0.9 + x; zoom = zoom + acc*sin(x);", 1000, true);
  expectBatchEqualsSerial("zoom = prev; prev = x*2;", 100, true);
}

TEST(EelBatch, RandFollowsTheScalarSequence) {
  expectBatchEqualsSerial("a = rand(10); zoom = rand(x + 5) + a;", 300, true);
  expectBatchEqualsSerial("zoom = if(x > 0, rand(5), 0);", 300, false);  // rand under a condition
}

TEST(EelBatch, MemoryAndLoopsUseTheSerialPath) {
  expectBatchEqualsSerial("megabuf(x*10) = x; zoom = megabuf(3);", 100, false);
  expectBatchEqualsSerial("loop(3, zoom = zoom + x);", 100, false);
}

TEST(EelBatch, ZeroInstancesChangeNothing) {
  Globals g;
  Context ctx(g);
  auto p = compile("a = a + 1", ctx);
  ASSERT_TRUE(p.ok());
  p->runBatch(0, {}, {});
  EXPECT_EQ(ctx[ctx.slot("a")], 0.0);
  p->runBatch(5, {}, {});
  EXPECT_EQ(ctx[ctx.slot("a")], 5.0);
}

}  // namespace
}  // namespace phosphene::eel
