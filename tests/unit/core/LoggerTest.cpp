#include "core/Logger.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace phosphene::core {

using Lines = std::vector<std::pair<LogLevel, std::string>>;

TEST(Logger, WithoutASinkNothingIsEnabledAndLoggingIsHarmless) {
  Logger logger;
  EXPECT_FALSE(logger.enabled(LogLevel::Error));
  logger.log(LogLevel::Error, "nobody listens");
}

TEST(Logger, PassesMessagesAtOrAboveTheMinimum) {
  Logger logger;
  Lines lines;
  logger.setSink([&](LogLevel l, std::string_view m) { lines.emplace_back(l, std::string(m)); },
                 LogLevel::Warning);
  EXPECT_FALSE(logger.enabled(LogLevel::Info));
  EXPECT_TRUE(logger.enabled(LogLevel::Warning));
  logger.log(LogLevel::Debug, "d");
  logger.log(LogLevel::Info, "i");
  logger.log(LogLevel::Warning, "w");
  logger.log(LogLevel::Error, "e");
  EXPECT_EQ(lines, (Lines{{LogLevel::Warning, "w"}, {LogLevel::Error, "e"}}));
}

TEST(Logger, TheDefaultMinimumIsInfo) {
  Logger logger;
  Lines lines;
  logger.setSink([&](LogLevel l, std::string_view m) { lines.emplace_back(l, std::string(m)); });
  logger.log(LogLevel::Debug, "d");
  logger.log(LogLevel::Info, "i");
  EXPECT_EQ(lines, (Lines{{LogLevel::Info, "i"}}));
}

TEST(Logger, ANewSinkReplacesTheOldAndAnEmptyOneSilences) {
  Logger logger;
  Lines first, second;
  logger.setSink([&](LogLevel l, std::string_view m) { first.emplace_back(l, std::string(m)); });
  logger.log(LogLevel::Info, "one");
  logger.setSink([&](LogLevel l, std::string_view m) { second.emplace_back(l, std::string(m)); });
  logger.log(LogLevel::Info, "two");
  logger.setSink({});
  EXPECT_FALSE(logger.enabled(LogLevel::Error));
  logger.log(LogLevel::Error, "three");
  EXPECT_EQ(first, (Lines{{LogLevel::Info, "one"}}));
  EXPECT_EQ(second, (Lines{{LogLevel::Info, "two"}}));
}

// Two engines, two loggers: no shared state.
TEST(Logger, TwoLoggersAreIndependent) {
  Logger a, b;
  Lines la;
  a.setSink([&](LogLevel l, std::string_view m) { la.emplace_back(l, std::string(m)); });
  EXPECT_FALSE(b.enabled(LogLevel::Error));
  b.log(LogLevel::Error, "b");
  a.log(LogLevel::Info, "a");
  EXPECT_EQ(la, (Lines{{LogLevel::Info, "a"}}));
}

// The host may replace the sink while the render thread logs: every message reaches exactly one
// of the sinks installed, none is torn or lost while a sink is installed.
TEST(Logger, SinkReplacedWhileAnotherThreadLogs) {
  Logger logger;
  std::atomic<int> toA{0}, toB{0};
  logger.setSink([&](LogLevel, std::string_view) { ++toA; });
  constexpr int kMessages = 20000;
  std::thread writer([&] {
    for (int i = 0; i < kMessages; ++i) logger.log(LogLevel::Info, "frame");
  });
  for (int i = 0; i < 200; ++i) {
    if (i % 2)
      logger.setSink([&](LogLevel, std::string_view) { ++toA; });
    else
      logger.setSink([&](LogLevel, std::string_view) { ++toB; });
  }
  writer.join();
  EXPECT_EQ(toA + toB, kMessages);
}

}  // namespace phosphene::core
