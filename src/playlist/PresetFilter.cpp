#include "playlist/PresetFilter.hpp"

namespace phosphene::playlist {

PresetFilter::PresetFilter(const std::vector<std::string>& rules, CaseSensitivity cs) : case_(cs) {
  for (const auto& rule : rules) addRule(rule);
}

void PresetFilter::addRule(std::string_view rule) {
  bool include = false;
  std::string_view pattern = rule;
  if (!pattern.empty() && (pattern.front() == '+' || pattern.front() == '-')) {
    include = pattern.front() == '+';
    pattern.remove_prefix(1);
  }
  rules_.push_back(Rule{std::string(rule), include, Glob(pattern)});
}

std::vector<std::string> PresetFilter::rules() const {
  std::vector<std::string> out;
  out.reserve(rules_.size());
  for (const auto& rule : rules_) out.push_back(rule.text);
  return out;
}

bool PresetFilter::accepts(std::string_view path) const {
  for (const auto& rule : rules_) {
    if (rule.glob.matches(path, case_)) return rule.include;
  }
  return true;
}

}  // namespace phosphene::playlist
