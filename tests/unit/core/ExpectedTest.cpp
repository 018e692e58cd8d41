#include "core/Expected.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace phosphene::core {

TEST(Expected, HoldsAValue) {
  Expected<int> e = 42;
  ASSERT_TRUE(e.ok());
  EXPECT_TRUE(static_cast<bool>(e));
  EXPECT_EQ(*e, 42);
  EXPECT_EQ(e.value(), 42);
  EXPECT_TRUE(e.diagnostics().empty());
  *e = 7;
  EXPECT_EQ(e.value(), 7);
}

TEST(Expected, HoldsTheErrorsInsteadOfAValue) {
  Expected<std::string> one = makeDiagnostic(DiagnosticId::IoOpenFailed, "gone", "x.wav");
  EXPECT_FALSE(one.ok());
  EXPECT_FALSE(static_cast<bool>(one));
  ASSERT_EQ(one.diagnostics().size(), 1u);
  EXPECT_EQ(one.diagnostics()[0].format(), "x.wav: error [IO001] gone");

  Diagnostics two = {makeDiagnostic(DiagnosticId::IoOpenFailed, "a"),
                     makeDiagnostic(DiagnosticId::IoOpenFailed, "b")};
  Expected<std::string> both = two;
  EXPECT_FALSE(both.ok());
  EXPECT_EQ(both.diagnostics().size(), 2u);
  // The errors can be taken out and passed on (the stages' `return std::move(x.diagnostics())`).
  Diagnostics taken = std::move(both.diagnostics());
  EXPECT_EQ(taken.size(), 2u);
}

// A trap the code review named: an empty list makes an Expected that is an error with nothing
// to say. Callers pass a list only when it holds an error (Sampler::create, VertexArray::create
// add one when the driver reported none).
TEST(Expected, AnEmptyErrorListIsStillNotAValue) {
  Expected<int> e = Diagnostics{};
  EXPECT_FALSE(e.ok());
  EXPECT_TRUE(e.diagnostics().empty());
}

TEST(Expected, MovesAMoveOnlyValueOut) {
  Expected<std::unique_ptr<int>> e = std::make_unique<int>(5);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(**e, 5);
  std::unique_ptr<int> taken = std::move(e).value();
  ASSERT_NE(taken, nullptr);
  EXPECT_EQ(*taken, 5);
}

TEST(Expected, ArrowReachesTheValuesMembers) {
  const Expected<std::string> e = std::string("phosphene");
  EXPECT_EQ(e->size(), 9u);
  EXPECT_EQ(e.value().substr(0, 5), "phosp");
}

}  // namespace phosphene::core
