#include "core/Diagnostic.hpp"

#include <array>

namespace phosphene::core {
namespace {

struct Row {
  std::string_view code;
  Severity severity;
  std::string_view summary;
};

constexpr std::array kRows{
#define X(name, id, severity, summary) Row{id, Severity::severity, summary},
#include "core/DiagnosticIds.def"
#undef X
};

}  // namespace

std::string_view diagnosticCode(DiagnosticId id) {
  return kRows[static_cast<std::size_t>(id)].code;
}

Severity defaultSeverity(DiagnosticId id) {
  return kRows[static_cast<std::size_t>(id)].severity;
}

std::string_view diagnosticSummary(DiagnosticId id) {
  return kRows[static_cast<std::size_t>(id)].summary;
}

std::vector<DiagnosticId> allDiagnosticIds() {
  std::vector<DiagnosticId> ids;
  ids.reserve(kRows.size());
  for (std::size_t i = 0; i < kRows.size(); ++i) ids.push_back(static_cast<DiagnosticId>(i));
  return ids;
}

std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::Info:
      return "info";
    case Severity::Warning:
      return "warning";
    case Severity::Error:
      return "error";
  }
  return "error";
}

std::string Diagnostic::format() const {
  std::string out;
  if (!section.empty()) out += section + ":";
  if (line > 0) {
    out += std::to_string(line) + ":";
    if (column > 0) out += std::to_string(column) + ":";
  }
  if (!out.empty()) out += " ";
  out += severityName(severity);
  out += " [";
  out += diagnosticCode(id);
  out += "] ";
  out += message;
  return out;
}

Diagnostic makeDiagnostic(DiagnosticId id, std::string message, std::string section, int line,
                          int column) {
  return Diagnostic{id, defaultSeverity(id), std::move(section), line, column, std::move(message)};
}

bool hasErrors(const Diagnostics& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace phosphene::core
