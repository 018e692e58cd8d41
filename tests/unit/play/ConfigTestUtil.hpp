#pragma once
// Shared by the player config tests: a fixed environment (no dependence on the real $HOME), issue
// queries, and a temporary folder removed with its contents when the test ends.

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

#include "play/PlayerConfig.hpp"
#include "unit/TempDir.hpp"

namespace phosphene::play::test {

inline ConfigEnvironment testEnvironment() {
  ConfigEnvironment env;
  env.home = "/home/tester";
  return env;
}

inline PlayerSettings parse(std::string_view text, std::vector<ConfigIssue>& issues) {
  return parseConfig(text, "test.toml", issues, testEnvironment());
}

/// The issues whose message contains `needle`.
inline std::vector<ConfigIssue> issuesMentioning(const std::vector<ConfigIssue>& issues,
                                                 std::string_view needle) {
  std::vector<ConfigIssue> found;
  std::copy_if(
      issues.begin(), issues.end(), std::back_inserter(found),
      [&](const ConfigIssue& issue) { return issue.message.find(needle) != std::string::npos; });
  return found;
}

inline std::string describe(const std::vector<ConfigIssue>& issues) {
  std::string text;
  for (const auto& issue : issues) text += issue.format() + "\n";
  return text;
}

using phosphene::test::TempDir;

inline std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeAll(const std::filesystem::path& path, std::string_view content) {
  std::ofstream(path, std::ios::binary) << content;
}

}  // namespace phosphene::play::test
