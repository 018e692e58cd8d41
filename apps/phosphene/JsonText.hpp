#pragma once
// JSON text for the CLI's machine-readable outputs (lint --json, bench --json).

#include <string>
#include <string_view>

namespace phosphene::cli {

/// Appends `s` as a JSON string literal. '"', '\\' and control characters are escaped; valid
/// UTF-8 is copied as it is; each malformed sequence (Latin-1 names in old presets; core/Utf8.hpp
/// says how far one reaches) becomes the escape \ufffd, so that whatever the bytes, the document
/// is valid JSON and valid UTF-8.
void appendJsonString(std::string& out, std::string_view s);

}  // namespace phosphene::cli
