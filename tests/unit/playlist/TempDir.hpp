#pragma once
// The playlist tests' temp folder is the unit tests' shared one.

#include "unit/TempDir.hpp"

namespace phosphene::playlist::test {
using phosphene::test::TempDir;
}  // namespace phosphene::playlist::test
