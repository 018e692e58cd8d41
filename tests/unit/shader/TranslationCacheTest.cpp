// The caller-owned translation cache: one translation per (text, stage, dialect).

#include <gtest/gtest.h>

#include "shader/TranslationCache.hpp"

namespace phosphene::shader {
namespace {

TEST(TranslationCache, SameKeyIsTranslatedOnce) {
  TranslationCache cache;
  const std::string text = "shader_body { ret = GetPixel(uv); }";
  const auto a = cache.translate(text, Stage::Warp, 2, Dialect::Glsl330);
  const auto b = cache.translate(text, Stage::Warp, 3, Dialect::Glsl330);
  ASSERT_TRUE(*a);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(cache.misses(), 1u);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(TranslationCache, StageAndDialectArePartOfTheKey) {
  TranslationCache cache;
  const std::string text = "shader_body { ret = GetPixel(uv_orig); }";
  const auto warp = cache.translate(text, Stage::Warp, 2, Dialect::Glsl330);
  const auto comp = cache.translate(text, Stage::Comp, 2, Dialect::Glsl330);
  const auto es = cache.translate(text, Stage::Warp, 2, Dialect::Glsl300es);
  ASSERT_TRUE(*warp && *comp && *es);
  EXPECT_NE(warp.get(), comp.get());
  EXPECT_NE(warp.get(), es.get());
  EXPECT_NE((*warp)->glsl, (*comp)->glsl);  // warp reads _uv.zw, comp _uv.xy
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.misses(), 3u);
}

TEST(TranslationCache, FailuresAreCachedToo) {
  TranslationCache cache;
  const auto a = cache.translate("no body here", Stage::Comp, 2, Dialect::Glsl330);
  const auto b = cache.translate("no body here", Stage::Comp, 2, Dialect::Glsl330);
  EXPECT_FALSE(*a);
  EXPECT_EQ(a.get(), b.get());
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
}

TEST(TranslationCache, TwoCachesAreIndependent) {
  TranslationCache one, two;
  const std::string text = "shader_body { ret = 0.5; }";
  const auto a = one.translate(text, Stage::Comp, 2, Dialect::Glsl330);
  const auto b = two.translate(text, Stage::Comp, 2, Dialect::Glsl330);
  EXPECT_NE(a.get(), b.get());
  EXPECT_EQ((*a)->glsl, (*b)->glsl);
}

}  // namespace
}  // namespace phosphene::shader
