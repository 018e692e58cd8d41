#pragma once
// Private to the config library: turns TOML nodes into setting values, reporting a wrong type or
// an out-of-range value as a ConfigIssue at the node's position and leaving the target unchanged.
// Shared by phosphene.toml (PlayerConfig.cpp) and the window state file (WindowState.cpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "PlayerConfig.hpp"

namespace phosphene::play::detail {

class ConfigValueReader {
 public:
  /// `withPositions` false: issues carry line 0 (values that came from the command line, whose
  /// TOML positions point into a scratch document, not into a file).
  ConfigValueReader(std::vector<ConfigIssue>& issues, std::string file, bool withPositions);

  void report(IssueSeverity severity, const toml::source_region& where, std::string message);
  std::size_t issueCount() const { return issues_.size(); }

  // `name` is the setting's dotted name as the user writes it ("window.width").
  bool readBool(const toml::node& node, std::string_view name, bool& out);
  bool readInt(const toml::node& node, std::string_view name, std::int64_t min, std::int64_t max,
               int& out);
  /// As readInt; `out` unset means "not given" (reported as such when the value is rejected).
  bool readOptionalInt(const toml::node& node, std::string_view name, std::int64_t min,
                       std::int64_t max, std::optional<int>& out);
  /// Accepts integers too: `duration = 30` means 30.0.
  bool readDouble(const toml::node& node, std::string_view name, double min, double max,
                  double& out);
  bool readString(const toml::node& node, std::string_view name, std::string& out);

 private:
  std::optional<int> checkedInt(const toml::node& node, std::string_view name, std::int64_t min,
                                std::int64_t max, std::string_view kept);

  std::vector<ConfigIssue>& issues_;
  std::string file_;
  bool withPositions_;
};

/// "a string", "an integer", ...: for "must be an integer, not a string".
std::string_view describeType(const toml::node& node);

/// A TOML basic string literal, quoted, with the characters TOML forbids escaped.
std::string formatTomlString(std::string_view text);
/// The shortest text that reads back as exactly `value`, always a TOML float ("30.0", not "30").
std::string formatTomlDouble(double value);

}  // namespace phosphene::play::detail
