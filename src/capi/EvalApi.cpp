// phosphene_eval: one EEL2 program, compiled and run once in a context of its own (the C face of
// `phosphene eval`, for tools and bindings). Every entry point is noexcept and catches at the
// boundary; a result is immutable once made, so any thread may read it.

#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "capi/ApiEngine.hpp"
#include "eel/Eel.hpp"

struct phosphene_eval_result {
  phosphene_result status = PHOSPHENE_OK;
  double value = 0.0;
  std::vector<std::pair<std::string, double>> variables;
  phosphene::core::Diagnostics diagnostics;
};

namespace {

// Globals first: the context points into them and the program into the context.
void evaluate(std::string_view code, const char* const* names, const double* values,
              std::size_t count, phosphene_eval_result& result) {
  auto globals = std::make_unique<phosphene::eel::Globals>();
  auto context = std::make_unique<phosphene::eel::Context>(*globals);
  for (std::size_t i = 0; i < count; ++i) (*context)[context->slot(names[i])] = values[i];
  phosphene::eel::CompileOptions options;
  options.section = "eval";
  auto program = phosphene::eel::compile(code, *context, options);
  result.diagnostics = program.diagnostics();
  if (!program) {
    result.status = PHOSPHENE_ERROR_PRESET_INVALID;
    return;
  }
  result.value = program->run();
  for (const phosphene::eel::Slot s : context->variables())
    result.variables.emplace_back(context->name(s), (*context)[s]);
}

}  // namespace

extern "C" {

phosphene_result phosphene_eval(const char* code, size_t length, const char* const* names,
                                const double* values, size_t count,
                                phosphene_eval_result** out_result) noexcept {
  if (out_result == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_result = nullptr;
  if ((code == nullptr && length > 0) || count > PHOSPHENE_MAX_EVAL_INPUTS ||
      (count > 0 && (names == nullptr || values == nullptr)))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < count; ++i)
    if (names[i] == nullptr || names[i][0] == '\0') return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  try {
    auto result = std::make_unique<phosphene_eval_result>();
    evaluate(code == nullptr ? std::string_view() : std::string_view(code, length), names, values,
             count, *result);
    const phosphene_result status = result->status;
    *out_result = result.release();
    return status;
  } catch (const std::bad_alloc&) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

void phosphene_eval_result_destroy(phosphene_eval_result* result) noexcept {
  std::unique_ptr<phosphene_eval_result> owned(result);
}

phosphene_result phosphene_eval_result_status(const phosphene_eval_result* result) noexcept {
  return result == nullptr ? PHOSPHENE_ERROR_INVALID_ARGUMENT : result->status;
}

double phosphene_eval_result_value(const phosphene_eval_result* result) noexcept {
  return result == nullptr ? 0.0 : result->value;
}

uint32_t phosphene_eval_result_variable_count(const phosphene_eval_result* result) noexcept {
  return result == nullptr ? 0u : static_cast<uint32_t>(result->variables.size());
}

phosphene_result phosphene_eval_result_variable(const phosphene_eval_result* result, uint32_t index,
                                                const char** out_name, double* out_value) noexcept {
  if (result == nullptr || index >= result->variables.size())
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (out_name != nullptr) *out_name = result->variables[index].first.c_str();
  if (out_value != nullptr) *out_value = result->variables[index].second;
  return PHOSPHENE_OK;
}

uint32_t phosphene_eval_result_diagnostic_count(const phosphene_eval_result* result) noexcept {
  return result == nullptr ? 0u : static_cast<uint32_t>(result->diagnostics.size());
}

phosphene_result phosphene_eval_result_diagnostic(const phosphene_eval_result* result,
                                                  uint32_t index,
                                                  phosphene_diagnostic* out) noexcept {
  if (result == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return phosphene::capi::diagnosticAt(result->diagnostics, index, out);
}

}  // extern "C"
