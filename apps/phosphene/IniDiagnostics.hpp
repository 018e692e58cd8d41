#pragma once
// The diagnostics of a sprite or message file (milk_img.ini, milk_msg.ini), printed as the
// linter prints preset problems: "PROGRAM: FILE:LINE: warning: ID message", one line each on
// stderr. Shared by `phosphene render` (--sprites, --messages) and `phosphene play`.

#include <phosphene/phosphene.h>

#include <cstdint>
#include <string>

namespace phosphene::cli {

/// One of the C API's diagnostic getters (phosphene_sprite_diagnostic, ...).
using DiagnosticReader = phosphene_result (*)(const phosphene_engine*, std::uint32_t,
                                              phosphene_diagnostic*);

void printIniDiagnostics(const char* program, const phosphene_engine* engine, std::uint32_t count,
                         DiagnosticReader read, const std::string& file);

}  // namespace phosphene::cli
