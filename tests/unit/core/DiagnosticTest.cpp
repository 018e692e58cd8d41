#include "core/Diagnostic.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace phosphene::core {

TEST(Diagnostic, IdsAreUniqueAndStable) {
  std::set<std::string> seen;
  for (auto id : allDiagnosticIds()) {
    std::string code(diagnosticCode(id));
    EXPECT_TRUE(seen.insert(code).second) << "duplicate diagnostic id " << code;
    EXPECT_FALSE(diagnosticSummary(id).empty()) << code;
  }
  // A published ID must never change meaning.
  EXPECT_EQ(diagnosticCode(DiagnosticId::IoOpenFailed), "IO001");
}

TEST(Diagnostic, FormatsKnownParts) {
  auto d = makeDiagnostic(DiagnosticId::IoOpenFailed, "cannot open x.wav", "file", 3, 7);
  EXPECT_EQ(d.format(), "file:3:7: error [IO001] cannot open x.wav");
  auto bare = makeDiagnostic(DiagnosticId::IoOpenFailed, "gone");
  EXPECT_EQ(bare.format(), "error [IO001] gone");
  EXPECT_TRUE(hasErrors({d}));
}

}  // namespace phosphene::core
