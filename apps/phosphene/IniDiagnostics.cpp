#include "IniDiagnostics.hpp"

#include <cstdio>

namespace phosphene::cli {

void printIniDiagnostics(const char* program, const phosphene_engine* engine, std::uint32_t count,
                         DiagnosticReader read, const std::string& file) {
  for (std::uint32_t i = 0; i < count; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (read(engine, i, &d) != PHOSPHENE_OK) continue;
    const char* level = d.severity == PHOSPHENE_LOG_ERROR     ? "error"
                        : d.severity == PHOSPHENE_LOG_WARNING ? "warning"
                                                              : "note";
    std::fprintf(stderr, "%s: %s:%d: %s: %s %s\n", program, file.c_str(), d.line, level, d.id,
                 d.message);
  }
}

}  // namespace phosphene::cli
