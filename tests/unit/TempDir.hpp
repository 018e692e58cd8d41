#pragma once
// A uniquely named folder under the system temp folder, removed with everything in it (even after a
// test took its permissions away) when the test ends; unit tests build small file trees in it.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include <gtest/gtest.h>

namespace phosphene::test {

class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string test = info != nullptr ? std::string(info->name()) : std::string("x");
    const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    for (int attempt = 0;; ++attempt) {
      path_ =
          std::filesystem::temp_directory_path() /
          ("phosphene-test-" + test + "-" + std::to_string(ticks) + "-" + std::to_string(attempt));
      if (std::filesystem::create_directory(path_)) break;
    }
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes a file (and its folders) under the temp folder; returns its full path.
  std::filesystem::path write(const std::filesystem::path& relative,
                              std::string_view content = "[preset00]\n") const {
    const auto full = path_ / relative;
    std::filesystem::create_directories(full.parent_path());
    std::ofstream(full, std::ios::binary) << content;
    return full;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace phosphene::test
