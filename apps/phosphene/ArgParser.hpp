#pragma once
// The CLI's one argument parser: GNU-style long options (--name VALUE, --name=VALUE, --flag),
// positionals, generated --help text. Every command declares its options here so --help is
// always the truth about what a command accepts.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::cli {

class ArgParser {
 public:
  ArgParser(std::string command, std::string synopsis, std::string description);

  /// An option taking a value. `repeatable` collects every occurrence.
  void option(std::string name, std::string valueName, std::string help, bool repeatable = false);
  /// A boolean switch.
  void flag(std::string name, std::string help);
  /// Names the positional arguments in --help; `minCount`/`maxCount` are checked by parse().
  void positionals(std::string valueName, std::string help, int minCount, int maxCount);

  /// Parses; on error prints the reason and a hint to stderr and returns false. When --help is
  /// given, prints help to stdout, sets helpRequested() and returns false.
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
  struct Spec {
    std::string name, valueName, help;
    bool takesValue = false;
    bool repeatable = false;
  };
  const Spec* find(std::string_view name) const;

  std::string command_, synopsis_, description_;
  std::vector<Spec> specs_;
  std::string posName_, posHelp_;
  int posMin_ = 0, posMax_ = 0;
  std::vector<std::pair<std::string, std::string>> given_;
  std::vector<std::string> positional_;
  bool help_ = false;
};

/// Parses "WxH" (e.g. "640x480"); false on anything else, a non-positive size or one above
/// PHOSPHENE_MAX_DRAWABLE_SIZE (the largest canvas the library accepts).
bool parseSize(std::string_view text, int& width, int& height);
/// Parses a finite double / a non-negative integer; false on trailing junk.
bool parseDouble(std::string_view text, double& out);
bool parseInt(std::string_view text, long long& out);

}  // namespace phosphene::cli
