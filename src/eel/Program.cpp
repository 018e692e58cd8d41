#include <algorithm>

#include "eel/Ast.hpp"
#include "eel/BatchPlan.hpp"
#include "eel/Interpreter.hpp"

namespace phosphene::eel {

struct Program::Impl {
  Context* ctx = nullptr;
  Ast ast;
  std::vector<double*> ptrs;  // per Ast variable: its cell in the context or the registers

  // The batch plan of the last input signature (slot, has array), rebuilt when it changes.
  std::vector<std::pair<std::int32_t, bool>> planKey;
  bool planBuilt = false;
  std::unique_ptr<BatchPlan> plan;
  BatchPlanInfo planInfo;

  void preparePlan(std::span<const BatchInput> inputs) {
    std::vector<std::pair<std::int32_t, bool>> key;
    key.reserve(inputs.size());
    for (const auto& in : inputs) key.emplace_back(in.slot.index, in.values != nullptr);
    if (planBuilt && key == planKey) return;
    planKey = std::move(key);
    planInfo = BatchPlanInfo{};
    plan = BatchPlan::build(ast, *ctx, inputs, planInfo);
    planBuilt = true;
  }

  void runSerial(int count, std::span<const BatchInput> inputs,
                 std::span<const BatchOutput> outputs) {
    std::vector<double> start(inputs.size());
    std::vector<double*> inPtr(inputs.size()), outPtr(outputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      inPtr[i] = ctx->pointer(inputs[i].slot);
      start[i] = *inPtr[i];
    }
    for (std::size_t o = 0; o < outputs.size(); ++o) outPtr[o] = ctx->pointer(outputs[o].slot);
    for (int n = 0; n < count; ++n) {
      for (std::size_t i = 0; i < inputs.size(); ++i)
        *inPtr[i] = inputs[i].values ? inputs[i].values[n] : start[i];
      Interpreter(ast, ptrs.data(), *ctx).run();
      for (std::size_t o = 0; o < outputs.size(); ++o) {
        if (outputs[o].values) outputs[o].values[n] = *outPtr[o];
        if (outputs[o].floats) outputs[o].floats[n] = static_cast<float>(*outPtr[o]);
      }
    }
  }
};

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

bool Program::empty() const {
  return impl_->ast.statements.empty();
}

double Program::run() {
  return Interpreter(impl_->ast, impl_->ptrs.data(), *impl_->ctx).run();
}

void Program::runBatch(int count, std::span<const BatchInput> inputs,
                       std::span<const BatchOutput> outputs) {
  if (count <= 0) return;
  // Slots that are not valid (never returned by Context::slot) are ignored rather than trusted.
  const auto badIn = std::find_if(inputs.begin(), inputs.end(),
                                  [](const BatchInput& in) { return !in.slot.valid(); });
  const auto badOut = std::find_if(outputs.begin(), outputs.end(),
                                   [](const BatchOutput& out) { return !out.slot.valid(); });
  if (badIn != inputs.end() || badOut != outputs.end()) {
    std::vector<BatchInput> in;
    std::vector<BatchOutput> out;
    for (const auto& i : inputs)
      if (i.slot.valid()) in.push_back(i);
    for (const auto& o : outputs)
      if (o.slot.valid()) out.push_back(o);
    runBatch(count, in, out);
    return;
  }
  impl_->preparePlan(inputs);
  if (impl_->plan)
    impl_->plan->run(*impl_->ctx, impl_->ptrs.data(), count, inputs, outputs);
  else
    impl_->runSerial(count, inputs, outputs);
}

BatchPlanInfo Program::batchPlan(std::span<const BatchInput> inputs) {
  impl_->preparePlan(inputs);
  return impl_->planInfo;
}

core::Expected<Program> compile(std::string_view source, Context& context,
                                const CompileOptions& options) {
  core::Diagnostics diags;
  auto impl = std::make_unique<Program::Impl>();
  impl->ctx = &context;
  try {
    const Tokens raw = lex(source, options.firstLine, options.section, diags);
    Tokens rewritten;
    if (!rewrite(raw, rewritten, options.section, diags) ||
        !parseTokens(rewritten, context, impl->ast, options.section, diags)) {
      if (!core::hasErrors(diags))
        diags.push_back(
            core::makeDiagnostic(core::DiagnosticId::EelSyntax, "invalid code", options.section));
      return diags;
    }
  } catch (const std::exception& e) {
    diags.push_back(core::makeDiagnostic(core::DiagnosticId::EelTooComplex,
                                         std::string("cannot compile: ") + e.what(),
                                         options.section));
    return diags;
  }
  for (const Slot& s : impl->ast.vars) impl->ptrs.push_back(context.pointer(s));
  core::Expected<Program> result(Program(std::move(impl)));
  result.diagnostics() = std::move(diags);
  return result;
}

}  // namespace phosphene::eel
