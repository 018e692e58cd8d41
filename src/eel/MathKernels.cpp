#include "eel/MathKernels.hpp"

#include <cmath>

// GCC only: calls into libmvec compiled by clang 14 returned wrong values in our tests (probably
// the vector-function ABI), so clang builds (fuzzing) use libm; results are consistent either way.
#if defined(PHOSPHENE_HAVE_LIBMVEC) && defined(__x86_64__) && !defined(__clang__)
#include <immintrin.h>
#define PHOSPHENE_EEL_MVEC 1
// glibc libmvec's AVX2 entry points (vector function ABI names, declared in no public header).
extern "C" {
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_sin(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_cos(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_tan(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_asin(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_acos(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_atan(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_exp(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_log(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4v_log10(__m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4vv_atan2(__m256d, __m256d);
__attribute__((target("avx2,fma"))) __m256d _ZGVdN4vv_pow(__m256d, __m256d);
}
#endif

namespace phosphene::eel {
namespace {

double scalarLibm(MathFn f, double a, double b) {
  switch (f) {
    case MathFn::Sin:
      return std::sin(a);
    case MathFn::Cos:
      return std::cos(a);
    case MathFn::Tan:
      return std::tan(a);
    case MathFn::Asin:
      return std::asin(a);
    case MathFn::Acos:
      return std::acos(a);
    case MathFn::Atan:
      return std::atan(a);
    case MathFn::Exp:
      return std::exp(a);
    case MathFn::Log:
      return std::log(a);
    case MathFn::Log10:
      return std::log10(a);
    case MathFn::Atan2:
      return std::atan2(a, b);
    case MathFn::Pow:
      return std::pow(a, b);
  }
  return 0.0;
}

#ifdef PHOSPHENE_EEL_MVEC
bool detectAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
bool useMvec() {
  static const bool yes = detectAvx2();
  return yes;
}

__attribute__((target("avx2,fma"))) __m256d vec1(MathFn f, __m256d x) {
  switch (f) {
    case MathFn::Sin:
      return _ZGVdN4v_sin(x);
    case MathFn::Cos:
      return _ZGVdN4v_cos(x);
    case MathFn::Tan:
      return _ZGVdN4v_tan(x);
    case MathFn::Asin:
      return _ZGVdN4v_asin(x);
    case MathFn::Acos:
      return _ZGVdN4v_acos(x);
    case MathFn::Atan:
      return _ZGVdN4v_atan(x);
    case MathFn::Exp:
      return _ZGVdN4v_exp(x);
    case MathFn::Log:
      return _ZGVdN4v_log(x);
    case MathFn::Log10:
      return _ZGVdN4v_log10(x);
    default:
      return x;
  }
}

__attribute__((target("avx2,fma"))) void unaryAvx2(MathFn f, const double* in, double* out, int n) {
  int i = 0;
  for (; i + 4 <= n; i += 4) _mm256_storeu_pd(out + i, vec1(f, _mm256_loadu_pd(in + i)));
  if (i < n) {
    // The tail is padded with copies of its first lane; lanes are computed independently, so a
    // value gets the same result in any position (what keeps scalar == batch).
    alignas(32) double tmp[4];
    for (int k = 0; k < 4; ++k) tmp[k] = in[i + (i + k < n ? k : 0)];
    _mm256_store_pd(tmp, vec1(f, _mm256_load_pd(tmp)));
    for (int k = 0; i + k < n; ++k) out[i + k] = tmp[k];
  }
}

__attribute__((target("avx2,fma"))) __m256d vec2(MathFn f, __m256d a, __m256d b) {
  return f == MathFn::Pow ? _ZGVdN4vv_pow(a, b) : _ZGVdN4vv_atan2(a, b);
}

__attribute__((target("avx2,fma"))) void binaryAvx2(MathFn f, const double* a, const double* b,
                                                    double* out, int n) {
  int i = 0;
  const __m256d two = _mm256_set1_pd(2.0);
  for (; i + 4 <= n; i += 4) {
    const __m256d va = _mm256_loadu_pd(a + i), vb = _mm256_loadu_pd(b + i);
    if (f == MathFn::Pow) {
      // Squares are common (pow(x-c, 2)) and libmvec takes a slow path for negative bases.
      const __m256d isTwo = _mm256_cmp_pd(vb, two, _CMP_EQ_OQ);
      if (_mm256_movemask_pd(isTwo) == 0xf) {
        _mm256_storeu_pd(out + i, _mm256_mul_pd(va, va));
        continue;
      }
      _mm256_storeu_pd(out + i, _mm256_blendv_pd(vec2(f, va, vb), _mm256_mul_pd(va, va), isTwo));
      continue;
    }
    _mm256_storeu_pd(out + i, vec2(f, va, vb));
  }
  if (i < n) {
    alignas(32) double ta[4], tb[4];
    for (int k = 0; k < 4; ++k) {
      const int src = i + (i + k < n ? k : 0);
      ta[k] = a[src];
      tb[k] = b[src];
    }
    _mm256_store_pd(ta, vec2(f, _mm256_load_pd(ta), _mm256_load_pd(tb)));
    for (int k = 0; i + k < n; ++k) {
      const int src = i + k;
      out[src] = (f == MathFn::Pow && b[src] == 2.0) ? a[src] * a[src] : ta[k];
    }
  }
}
#endif

}  // namespace

bool mathUsesVectorLibrary() {
#ifdef PHOSPHENE_EEL_MVEC
  return useMvec();
#else
  return false;
#endif
}

void mathUnary(MathFn f, const double* in, double* out, int n) {
#ifdef PHOSPHENE_EEL_MVEC
  if (useMvec()) {
    unaryAvx2(f, in, out, n);
    return;
  }
#endif
  for (int i = 0; i < n; ++i) out[i] = scalarLibm(f, in[i], 0.0);
}

void mathBinary(MathFn f, const double* a, const double* b, double* out, int n) {
#ifdef PHOSPHENE_EEL_MVEC
  if (useMvec()) {
    binaryAvx2(f, a, b, out, n);
    return;
  }
#endif
  for (int i = 0; i < n; ++i)
    out[i] = (f == MathFn::Pow && b[i] == 2.0) ? a[i] * a[i] : scalarLibm(f, a[i], b[i]);
}

#ifdef PHOSPHENE_EEL_MVEC
namespace {
// One value broadcast to all four lanes: the same computation a batch lane gets.
__attribute__((target("avx2,fma"))) double scalarAvx2(MathFn f, double a, double b) {
  const __m256d va = _mm256_set1_pd(a);
  if (f == MathFn::Atan2 || f == MathFn::Pow) {
    if (f == MathFn::Pow && b == 2.0) return a * a;
    return _mm256_cvtsd_f64(vec2(f, va, _mm256_set1_pd(b)));
  }
  return _mm256_cvtsd_f64(vec1(f, va));
}
}  // namespace
#endif

double mathScalar(MathFn f, double a, double b) {
#ifdef PHOSPHENE_EEL_MVEC
  if (useMvec()) return scalarAvx2(f, a, b);
#endif
  double out;
  if (f == MathFn::Atan2 || f == MathFn::Pow)
    mathBinary(f, &a, &b, &out, 1);
  else
    mathUnary(f, &a, &out, 1);
  return out;
}

}  // namespace phosphene::eel
