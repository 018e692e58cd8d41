#include "ArgParser.hpp"

#include <phosphene/phosphene.h>

#include <iostream>
#include <limits>

namespace phosphene::cli {

ArgParser::ArgParser(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)),
      synopsis_(std::move(synopsis)),
      description_(std::move(description)) {
  flag("help", "show this help and exit");
}

void ArgParser::option(std::string name, std::string valueName, std::string help, bool repeatable) {
  specs_.push_back({std::move(name), std::move(valueName), std::move(help), true, repeatable, {}});
}

void ArgParser::flag(std::string name, std::string help) {
  specs_.push_back({std::move(name), {}, std::move(help), false, false, {}});
}

void ArgParser::addTyped(std::string name, std::string valueName, std::string help, bool repeatable,
                         Assign assign) {
  specs_.push_back({std::move(name), std::move(valueName), std::move(help), true, repeatable,
                    std::move(assign)});
}

void ArgParser::flag(std::string name, std::string help, bool& target) {
  specs_.push_back({std::move(name),
                    {},
                    std::move(help),
                    false,
                    false,
                    [&target](std::string_view, const std::string&) -> std::optional<std::string> {
                      target = true;
                      return std::nullopt;
                    }});
}

namespace {

// An option's Assign: `parse` converts the text (nothing when it is not a value the option
// takes), `refusal` words the message for what it refused.
template <class Target, class Parse, class Refusal>
auto storeParsed(Target& target, Parse parse, Refusal refusal) {
  return [&target, parse, refusal](std::string_view name,
                                   const std::string& text) -> std::optional<std::string> {
    auto value = parse(text);
    if (!value) return refusal(name, text);
    target = std::move(*value);
    return std::nullopt;
  };
}

std::optional<std::string> nonEmpty(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

auto emptyValueRefusal(const std::string& valueName) {
  return [valueName](std::string_view name, std::string_view) {
    return "--" + std::string(name) + " wants " + valueName + ", not an empty value";
  };
}

}  // namespace

void ArgParser::text(std::string name, std::string valueName, std::string help,
                     std::string& target) {
  auto assign = storeParsed(target, nonEmpty, emptyValueRefusal(valueName));
  addTyped(std::move(name), std::move(valueName), std::move(help), false, std::move(assign));
}

void ArgParser::text(std::string name, std::string valueName, std::string help,
                     std::optional<std::string>& target) {
  auto assign = storeParsed(target, nonEmpty, emptyValueRefusal(valueName));
  addTyped(std::move(name), std::move(valueName), std::move(help), false, std::move(assign));
}

void ArgParser::texts(std::string name, std::string valueName, std::string help,
                      std::vector<std::string>& target) {
  auto refusal = emptyValueRefusal(valueName);
  addTyped(
      std::move(name), std::move(valueName), std::move(help), true,
      [&target, refusal](std::string_view n, const std::string& v) -> std::optional<std::string> {
        if (v.empty()) return refusal(n, v);
        target.push_back(v);
        return std::nullopt;
      });
}

template <class Target>
void ArgParser::addWhole(std::string name, std::string valueName, std::string help, Target& target,
                         WholeRange range) {
  addTyped(std::move(name), std::move(valueName), std::move(help), false,
           storeParsed(
               target, [range](const std::string& v) { return parseWhole(v, range); },
               [range](std::string_view n, std::string_view v) {
                 return wholeRangeMessage(n, range, v);
               }));
}

template <class Target>
void ArgParser::addNumber(std::string name, std::string valueName, std::string help, Target& target,
                          NumberRange range) {
  addTyped(std::move(name), std::move(valueName), std::move(help), false,
           storeParsed(
               target, [range](const std::string& v) { return parseNumber(v, range); },
               [range](std::string_view n, std::string_view v) {
                 return numberRangeMessage(n, range, v);
               }));
}

void ArgParser::whole(std::string name, std::string valueName, std::string help, long long& target,
                      WholeRange range) {
  addWhole(std::move(name), std::move(valueName), std::move(help), target, range);
}

void ArgParser::whole(std::string name, std::string valueName, std::string help,
                      std::optional<long long>& target, WholeRange range) {
  addWhole(std::move(name), std::move(valueName), std::move(help), target, range);
}

void ArgParser::number(std::string name, std::string valueName, std::string help, double& target,
                       NumberRange range) {
  addNumber(std::move(name), std::move(valueName), std::move(help), target, range);
}

void ArgParser::number(std::string name, std::string valueName, std::string help,
                       std::optional<double>& target, NumberRange range) {
  addNumber(std::move(name), std::move(valueName), std::move(help), target, range);
}

void ArgParser::seed(std::string name, std::string valueName, std::string help,
                     std::uint64_t& target) {
  addTyped(std::move(name), std::move(valueName), std::move(help), false,
           storeParsed(
               target, [](const std::string& v) { return parseSeed(v); },
               [](std::string_view n, std::string_view v) { return seedMessage(n, v); }));
}

void ArgParser::size(std::string name, std::string valueName, std::string help, Size& target,
                     SizeRange range) {
  const Size example = target;
  addTyped(std::move(name), std::move(valueName), std::move(help), false,
           storeParsed(
               target, [range](const std::string& v) { return parseSize(v, range); },
               [range, example](std::string_view n, std::string_view v) {
                 return sizeRangeMessage(n, range, example, v);
               }));
}

void ArgParser::excludes(std::string a, std::string b) {
  exclusions_.emplace_back(std::move(a), std::move(b));
}

std::string ArgParser::alternatives(std::string_view valueName) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t bar; (bar = valueName.find('|', start)) != std::string_view::npos;
       start = bar + 1)
    parts.push_back(valueName.substr(start, bar - start));
  parts.push_back(valueName.substr(start));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " or " : ", ";
    out += parts[i];
  }
  return out;
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
  return assignValues();
}

// Typed values are stored in command-line order, so the first refused one is the one reported;
// exclusions are checked before, since a value of an option that should not be there is moot.
bool ArgParser::assignValues() {
  for (const auto& [a, b] : exclusions_)
    if (has(a) && has(b)) {
      usageError("give --" + a + " or --" + b + ", not both");
      return false;
    }
  for (const auto& [name, v] : given_) {
    const Spec* spec = find(name);
    if (!spec->assign) continue;
    if (auto problem = spec->assign(name, v)) {
      usageError(*problem);
      return false;
    }
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
  const auto size =
      cli::parseSize(text, {{1, 1}, {PHOSPHENE_MAX_DRAWABLE_SIZE, PHOSPHENE_MAX_DRAWABLE_SIZE}});
  if (!size) return false;
  width = size->width;
  height = size->height;
  return true;
}

bool parseDouble(std::string_view text, double& out) {
  const auto v =
      parseNumber(text, {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
  if (v) out = *v;
  return v.has_value();
}

bool parseInt(std::string_view text, long long& out) {
  const auto v = parseWhole(
      text, {std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()});
  if (v) out = *v;
  return v.has_value();
}

}  // namespace phosphene::cli
