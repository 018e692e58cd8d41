#pragma once
// Diagnostics: what every stage reports about its input (a preset line that does not compile, a
// truncated WAV). One list of IDs (DiagnosticIds.def) so tools and users can match on them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::core {

enum class Severity : std::uint8_t { Info, Warning, Error };

enum class DiagnosticId : std::uint16_t {
#define X(name, id, severity, summary) name,
#include "core/DiagnosticIds.def"
#undef X
};

/// Stable string ID ("EEL003") of a diagnostic, as printed by tools and matched by users.
std::string_view diagnosticCode(DiagnosticId id);
/// The default severity of a diagnostic ID.
Severity defaultSeverity(DiagnosticId id);
/// A one-line summary of what the ID means (documentation, `phosphene lint --list-ids`).
std::string_view diagnosticSummary(DiagnosticId id);
/// Every ID, in list order.
std::vector<DiagnosticId> allDiagnosticIds();
std::string_view severityName(Severity s);

struct Diagnostic {
  DiagnosticId id{};
  Severity severity = Severity::Error;
  std::string section;  // e.g. "per_frame", "warp_shader", "file"; empty when not applicable
  int line = 0;         // 1-based; 0 when unknown
  int column = 0;       // 1-based; 0 when unknown
  std::string message;

  /// "section:line:column: severity [ID] message", omitting the parts that are unknown.
  std::string format() const;
};

/// Builds a diagnostic with the ID's default severity.
Diagnostic makeDiagnostic(DiagnosticId id, std::string message, std::string section = {},
                          int line = 0, int column = 0);

using Diagnostics = std::vector<Diagnostic>;

bool hasErrors(const Diagnostics& diags);

}  // namespace phosphene::core
