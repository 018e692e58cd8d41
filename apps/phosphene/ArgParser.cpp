#include "ArgParser.hpp"

#include <phosphene/phosphene.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace phosphene::cli {

ArgParser::ArgParser(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)),
      synopsis_(std::move(synopsis)),
      description_(std::move(description)) {
  flag("help", "show this help and exit");
}

void ArgParser::option(std::string name, std::string valueName, std::string help, bool repeatable) {
  specs_.push_back({std::move(name), std::move(valueName), std::move(help), true, repeatable});
}

void ArgParser::flag(std::string name, std::string help) {
  specs_.push_back({std::move(name), {}, std::move(help), false, false});
}

void ArgParser::positionals(std::string valueName, std::string help, int minCount, int maxCount) {
  posName_ = std::move(valueName);
  posHelp_ = std::move(help);
  posMin_ = minCount;
  posMax_ = maxCount;
}

const ArgParser::Spec* ArgParser::find(std::string_view name) const {
  for (const auto& s : specs_)
    if (s.name == name) return &s;
  return nullptr;
}

int ArgParser::usageError(std::string_view message) const {
  std::cerr << "phosphene " << command_ << ": " << message << "\n"
            << "Try 'phosphene " << command_ << " --help'.\n";
  return 2;
}

bool ArgParser::parse(const std::vector<std::string>& args) {
  bool onlyPositionals = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (onlyPositionals || a.size() < 2 || a.rfind("--", 0) != 0) {
      if (a == "--") continue;
      positional_.push_back(a);
      continue;
    }
    if (a == "--") {
      onlyPositionals = true;
      continue;
    }
    std::string name = a.substr(2), inlineValue;
    bool hasInline = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inlineValue = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasInline = true;
    }
    const Spec* spec = find(name);
    if (!spec) {
      usageError("unknown option '--" + name + "'");
      return false;
    }
    if (name == "help") {
      std::cout << helpText();
      help_ = true;
      return false;
    }
    if (!spec->takesValue) {
      if (hasInline) {
        usageError("option '--" + name + "' takes no value");
        return false;
      }
      given_.emplace_back(name, "");
      continue;
    }
    std::string v;
    if (hasInline) {
      v = inlineValue;
    } else if (i + 1 < args.size()) {
      v = args[++i];
    } else {
      usageError("option '--" + name + "' needs a value (" + spec->valueName + ")");
      return false;
    }
    if (!spec->repeatable && has(name)) {
      usageError("option '--" + name + "' given twice");
      return false;
    }
    given_.emplace_back(name, v);
  }
  const int n = static_cast<int>(positional_.size());
  if (n < posMin_ || n > posMax_) {
    if (posMax_ == 0)
      usageError("unexpected argument '" + positional_.front() + "'");
    else if (n < posMin_)
      usageError("missing " + posName_);
    else
      usageError("too many arguments");
    return false;
  }
  return true;
}

bool ArgParser::has(std::string_view name) const {
  for (const auto& [n, v] : given_)
    if (n == name) return true;
  return false;
}

std::optional<std::string> ArgParser::value(std::string_view name) const {
  std::optional<std::string> out;
  for (const auto& [n, v] : given_)
    if (n == name) out = v;
  return out;
}

std::vector<std::string> ArgParser::values(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : given_)
    if (n == name) out.push_back(v);
  return out;
}

namespace {

// Words of `text` in lines of at most `width` columns, each indented by `indent` (a longer word
// gets a line of its own). Terminals and help2man both read the option text better that way.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out.empty() ? out : out.substr(0, out.size() - 1);
}

}  // namespace

std::string ArgParser::helpText() const {
  std::string out = "Usage: phosphene " + command_ + " " + synopsis_ + "\n\n" + description_ + "\n";
  if (!posName_.empty()) out += "\nArguments:\n  " + posName_ + "\n      " + posHelp_ + "\n";
  out += "\nOptions:\n";
  for (const auto& s : specs_) {
    std::string left = "  --" + s.name;
    if (s.takesValue) left += " " + s.valueName;
    out += left + "\n" + wrapped(s.help + (s.repeatable ? " (repeatable)" : ""), 6, 80) + "\n";
  }
  return out;
}

bool parseSize(std::string_view text, int& width, int& height) {
  auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return false;
  long long w = 0, h = 0;
  if (!parseInt(text.substr(0, x), w) || !parseInt(text.substr(x + 1), h)) return false;
  if (w <= 0 || h <= 0 || w > PHOSPHENE_MAX_DRAWABLE_SIZE || h > PHOSPHENE_MAX_DRAWABLE_SIZE)
    return false;
  width = static_cast<int>(w);
  height = static_cast<int>(h);
  return true;
}

bool parseDouble(std::string_view text, double& out) {
  if (text.empty()) return false;
  std::string s(text);
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parseInt(std::string_view text, long long& out) {
  if (text.empty()) return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace phosphene::cli
