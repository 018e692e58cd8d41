#pragma once
// `phosphene --version [--verbose]`: the program's and the library's version and, verbose, what
// both were built with (phosphene_version_features() for the library, compile-time switches for
// the program's own parts) and where the library finds its data.

#include <cstdio>

namespace phosphene::cli {

/// Prints to `to`; returns the exit status (0).
int printVersion(std::FILE* to, bool verbose);

}  // namespace phosphene::cli
