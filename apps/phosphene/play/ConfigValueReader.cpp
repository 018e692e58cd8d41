#include "ConfigValueReader.hpp"

#include <charconv>
#include <cmath>
#include <utility>

namespace phosphene::play::detail {

ConfigValueReader::ConfigValueReader(std::vector<ConfigIssue>& issues, std::string file,
                                     bool withPositions)
    : issues_(issues), file_(std::move(file)), withPositions_(withPositions) {}

void ConfigValueReader::report(IssueSeverity severity, const toml::source_region& where,
                               std::string message) {
  ConfigIssue issue;
  issue.file = file_;
  if (withPositions_) {
    issue.line = static_cast<int>(where.begin.line);
    issue.column = static_cast<int>(where.begin.column);
  }
  issue.severity = severity;
  issue.message = std::move(message);
  issues_.push_back(std::move(issue));
}

namespace {

std::string typeError(std::string_view name, std::string_view wanted, const toml::node& node,
                      std::string_view kept) {
  std::string message(name);
  message += " must be ";
  message += wanted;
  message += ", not ";
  message += describeType(node);
  message += "; keeping ";
  message += kept;
  return message;
}

std::string rangeError(std::string_view name, std::string_view got, std::string_view min,
                       std::string_view max, std::string_view kept) {
  std::string message(name);
  message += " = ";
  message += got;
  message += " is outside ";
  message += min;
  message += "..";
  message += max;
  message += "; keeping ";
  message += kept;
  return message;
}

}  // namespace

bool ConfigValueReader::readBool(const toml::node& node, std::string_view name, bool& out) {
  if (const auto* value = node.as_boolean()) {
    out = value->get();
    return true;
  }
  report(IssueSeverity::Error, node.source(),
         typeError(name, "true or false", node, out ? "true" : "false"));
  return false;
}

std::optional<int> ConfigValueReader::checkedInt(const toml::node& node, std::string_view name,
                                                 std::int64_t min, std::int64_t max,
                                                 std::string_view kept) {
  const auto* value = node.as_integer();
  if (value == nullptr) {
    report(IssueSeverity::Error, node.source(), typeError(name, "an integer", node, kept));
    return std::nullopt;
  }
  const std::int64_t v = value->get();
  if (v < min || v > max) {
    report(IssueSeverity::Error, node.source(),
           rangeError(name, std::to_string(v), std::to_string(min), std::to_string(max), kept));
    return std::nullopt;
  }
  return static_cast<int>(v);
}

bool ConfigValueReader::readInt(const toml::node& node, std::string_view name, std::int64_t min,
                                std::int64_t max, int& out) {
  const auto value = checkedInt(node, name, min, max, std::to_string(out));
  if (value) out = *value;
  return value.has_value();
}

bool ConfigValueReader::readOptionalInt(const toml::node& node, std::string_view name,
                                        std::int64_t min, std::int64_t max,
                                        std::optional<int>& out) {
  const auto value = checkedInt(node, name, min, max, out ? std::to_string(*out) : "it unset");
  if (value) out = value;
  return value.has_value();
}

bool ConfigValueReader::readDouble(const toml::node& node, std::string_view name, double min,
                                   double max, double& out) {
  double v = 0.0;
  if (const auto* floating = node.as_floating_point()) {
    v = floating->get();
  } else if (const auto* integer = node.as_integer()) {
    v = static_cast<double>(integer->get());
  } else {
    report(IssueSeverity::Error, node.source(),
           typeError(name, "a number", node, formatTomlDouble(out)));
    return false;
  }
  // Written this way round so NaN fails too.
  if (!(v >= min && v <= max)) {
    report(IssueSeverity::Error, node.source(),
           rangeError(name, formatTomlDouble(v), formatTomlDouble(min), formatTomlDouble(max),
                      formatTomlDouble(out)));
    return false;
  }
  out = v;
  return true;
}

bool ConfigValueReader::readString(const toml::node& node, std::string_view name,
                                   std::string& out) {
  if (const auto* value = node.as_string()) {
    out = value->get();
    return true;
  }
  report(IssueSeverity::Error, node.source(),
         typeError(name, "a string", node, formatTomlString(out)));
  return false;
}

std::string_view describeType(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

std::string formatTomlString(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\t':
        out += "\\t";
        continue;
      case '\r':
        out += "\\r";
        continue;
      default:
        break;
    }
    if (byte < 0x20 || byte == 0x7f) {
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

std::string formatTomlDouble(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  // TOML needs a '.' or an exponent to read a float; "1e+20" already is one.
  if (text.find_first_of(".eE") == std::string::npos) text += ".0";
  return text;
}

}  // namespace phosphene::play::detail
