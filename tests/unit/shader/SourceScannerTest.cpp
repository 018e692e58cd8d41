// The lexer under the MilkDrop-aware pass, and MD2-style comment stripping (plugin.cpp
// StripComments deletes the comment text without inserting a space).

#include <gtest/gtest.h>

#include "shader/SourceScanner.hpp"

namespace phosphene::shader {
namespace {

TEST(StripComments, DeletesCommentTextWithoutASpace) {
  EXPECT_EQ(stripComments("a/*x*/b"), "ab");
  EXPECT_EQ(stripComments("ret = 1; // note\nret2"), "ret = 1; \nret2");
}

TEST(StripComments, KeepsLineBreaksOfBlockCommentsSoLinesStayThePresets) {
  EXPECT_EQ(stripComments("a/*1\n2\n*/b\nc"), "a\n\nb\nc");
  EXPECT_EQ(stripComments("x /* never closed\n"), "x \n");
}

TEST(ScanTokens, KindsAndOffsets) {
  const auto t = scanTokens("float3 a=1.5e-3f; a+=b.x;\n#define Q q1\n-(c)");
  ASSERT_GE(t.size(), 14u);
  EXPECT_EQ(t[0].kind, TokenKind::Identifier);
  EXPECT_EQ(t[0].text, "float3");
  EXPECT_EQ(t[3].kind, TokenKind::Number);
  EXPECT_EQ(t[3].text, "1.5e-3f");
  EXPECT_EQ(t[6].text, "+=");
  const Token* directive = nullptr;
  for (const auto& tok : t)
    if (tok.kind == TokenKind::Directive) directive = &tok;
  ASSERT_NE(directive, nullptr);
  EXPECT_EQ(directive->text, "#define Q q1");
  EXPECT_EQ(t.back().text, ")");
}

TEST(ScanTokens, HashInsideALineIsPunctuation) {
  const auto t = scanTokens("a # b");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[1].kind, TokenKind::Punct);
}

}  // namespace
}  // namespace phosphene::shader
