#pragma once
// JSON text for the CLI's machine-readable outputs (lint --json, bench --json).

#include <string>
#include <string_view>

namespace phosphene::cli {

/// Appends `s` as a JSON string literal. Bytes that are not valid UTF-8 (Latin-1 names in old
/// presets) become U+FFFD, so every document stays valid JSON.
void appendJsonString(std::string& out, std::string_view s);

}  // namespace phosphene::cli
