#pragma once
// Transcendental functions over arrays. Where glibc's libmvec and AVX2 are available they run four
// lanes per call; elsewhere (WebAssembly, other CPUs) they call libm per element. The scalar
// interpreter goes through the same kernels so that scalar and batch results are bit-identical.

#include <cstdint>

namespace phosphene::eel {

enum class MathFn : std::uint8_t { Sin, Cos, Tan, Asin, Acos, Atan, Exp, Log, Log10, Atan2, Pow };

/// out[i] = f(in[i]) for i < n; out may alias in.
void mathUnary(MathFn f, const double* in, double* out, int n);
/// out[i] = f(a[i], b[i]) for i < n (Atan2: a = y, b = x); out may alias a or b. pow(a, 2) is
/// computed as a*a (the correctly rounded square), on every path.
void mathBinary(MathFn f, const double* a, const double* b, double* out, int n);
double mathScalar(MathFn f, double a, double b = 0.0);
/// True when the vector library is in use (reported by tools and benchmarks).
bool mathUsesVectorLibrary();

}  // namespace phosphene::eel
