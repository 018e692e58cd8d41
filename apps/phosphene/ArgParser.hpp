#pragma once
// The CLI's one argument parser: GNU-style long options (--name VALUE, --name=VALUE, --flag),
// positionals, generated --help text. Every command declares its options here so --help is
// always the truth about what a command accepts.
//
// Options are typed: a command binds each one to the variable that holds its default, with the
// range it allows (OptionValue.hpp), and parse() converts, range-checks and stores every value,
// or refuses the command line with one message that names the option, the allowed range and
// what was given. Commands never convert option text themselves.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "OptionValue.hpp"

namespace phosphene::cli {

class ArgParser {
 public:
  ArgParser(std::string command, std::string synopsis, std::string description);

  /// A switch; `target` becomes true when given.
  void flag(std::string name, std::string help, bool& target);
  /// A non-empty text (a file name, a folder).
  void text(std::string name, std::string valueName, std::string help, std::string& target);
  void text(std::string name, std::string valueName, std::string help,
            std::optional<std::string>& target);
  /// Repeatable: every occurrence is appended, in order.
  void texts(std::string name, std::string valueName, std::string help,
             std::vector<std::string>& target);
  void whole(std::string name, std::string valueName, std::string help, long long& target,
             WholeRange range);
  void whole(std::string name, std::string valueName, std::string help,
             std::optional<long long>& target, WholeRange range);
  void seed(std::string name, std::string valueName, std::string help, std::uint64_t& target);
  void number(std::string name, std::string valueName, std::string help, double& target,
              NumberRange range);
  void number(std::string name, std::string valueName, std::string help,
              std::optional<double>& target, NumberRange range);
  /// "WxH"; `target`'s value before parse() is the example the message shows.
  void size(std::string name, std::string valueName, std::string help, Size& target,
            SizeRange range);
  /// One of `choices` (spelling, value); `valueName` lists the spellings users should know
  /// ("3.3|es3") and is what the message offers.
  template <class T>
  void choice(std::string name, std::string valueName, std::string help, T& target,
              std::vector<std::pair<std::string, T>> choices) {
    std::string offered = alternatives(valueName);
    addTyped(std::move(name), std::move(valueName), std::move(help), false,
             [&target, choices = std::move(choices), offered = std::move(offered)](
                 std::string_view optionName, const std::string& v) -> std::optional<std::string> {
               for (const auto& [spelling, value] : choices)
                 if (spelling == v) {
                   target = value;
                   return std::nullopt;
                 }
               return "--" + std::string(optionName) + " wants " + offered + " (got '" + v + "')";
             });
  }
  /// parse() refuses a command line that gives both ("give --a or --b, not both").
  void excludes(std::string a, std::string b);

  /// Names the positional arguments in --help; `minCount`/`maxCount` are checked by parse().
  void positionals(std::string valueName, std::string help, int minCount, int maxCount);

  /// An untyped option (the player's, which reads its values with value()/values()).
  void option(std::string name, std::string valueName, std::string help, bool repeatable = false);
  /// An untyped switch, read with has().
  void flag(std::string name, std::string help);

  /// Parses and stores every typed option; on error prints the reason and a hint to stderr and
  /// returns false. When --help is given, prints help to stdout, sets helpRequested() and
  /// returns false.
  bool parse(const std::vector<std::string>& args);
  bool helpRequested() const { return help_; }

  bool has(std::string_view name) const;
  std::optional<std::string> value(std::string_view name) const;
  std::vector<std::string> values(std::string_view name) const;
  const std::vector<std::string>& positional() const { return positional_; }

  std::string helpText() const;
  /// Prints "phosphene CMD: MESSAGE" to stderr; returns the usage-error exit status (2).
  int usageError(std::string_view message) const;

 private:
  // Converts, checks and stores one value; returns the message when the value is refused.
  using Assign =
      std::function<std::optional<std::string>(std::string_view name, const std::string& value)>;
  struct Spec {
    std::string name, valueName, help;
    bool takesValue = false;
    bool repeatable = false;
    Assign assign;  // empty for untyped options
  };
  const Spec* find(std::string_view name) const;
  void addTyped(std::string name, std::string valueName, std::string help, bool repeatable,
                Assign assign);
  // whole() and number() for a plain or an optional target.
  template <class Target>
  void addWhole(std::string name, std::string valueName, std::string help, Target& target,
                WholeRange range);
  template <class Target>
  void addNumber(std::string name, std::string valueName, std::string help, Target& target,
                 NumberRange range);
  bool assignValues();
  // "3.3|es3" -> "3.3 or es3"; "a|b|c" -> "a, b or c".
  static std::string alternatives(std::string_view valueName);

  std::string command_, synopsis_, description_;
  std::vector<Spec> specs_;
  std::vector<std::pair<std::string, std::string>> exclusions_;
  std::string posName_, posHelp_;
  int posMin_ = 0, posMax_ = 0;
  std::vector<std::pair<std::string, std::string>> given_;
  std::vector<std::string> positional_;
  bool help_ = false;
};

// For untyped options (the player): a "WxH" size of 1..PHOSPHENE_MAX_DRAWABLE_SIZE each, a
// finite double, a whole number; false on anything else, trailing junk included.
bool parseSize(std::string_view text, int& width, int& height);
bool parseDouble(std::string_view text, double& out);
bool parseInt(std::string_view text, long long& out);

}  // namespace phosphene::cli
