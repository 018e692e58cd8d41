// How MilkDrop 2 turns numbered code lines into compiler input: vis_milk2/state.cpp ReadCode
// (lines joined with LINEFEED_CONTROL_CHAR = 1, md_defines.h), StripLinefeedCharsAndComments,
// and the blank-block "quick fix" in RecompileExpressions; shaders: plugin.cpp RecompilePShader.

#include <gtest/gtest.h>

#include "milk/CodeText.hpp"

namespace phosphene::milk {
namespace {

CodeBlock block(std::initializer_list<const char*> lines, int firstLine = 10) {
  CodeBlock b;
  int n = firstLine;
  for (const char* l : lines) b.lines.push_back({l, n++});
  return b;
}

TEST(JoinEquations, SeparatorsAreDeletedNotReplacedBySpaces) {
  EXPECT_EQ(joinEquations(block({"a=1", "+2;"})).text, "a=1+2;");
  EXPECT_EQ(joinEquations(block({"zoom = zoom", "*1.01;", "rot=0;"})).text,
            "zoom = zoom*1.01;rot=0;");
}

TEST(JoinEquations, SlashSlashAndBackslashBackslashCommentToEndOfLine) {
  EXPECT_EQ(joinEquations(block({"a=1; // set a", "b=2;"})).text, "a=1; b=2;");
  EXPECT_EQ(joinEquations(block({"a=1; \\\\ old style", "b=2;"})).text, "a=1; b=2;");
  EXPECT_EQ(joinEquations(block({"// whole line", "b=2;"})).text, "b=2;");
  // A comment never spans a line break, and "/" "/" split over two lines is not a comment.
  EXPECT_EQ(joinEquations(block({"a=4/", "/2;"})).text, "a=4//2;");
  // /* */ is left to the evaluator (spec §1.3).
  EXPECT_EQ(joinEquations(block({"a=1;/* x */b=2;"})).text, "a=1;/* x */b=2;");
  // A single slash or backslash is an operator / character, not a comment.
  EXPECT_EQ(joinEquations(block({"a=b/c;"})).text, "a=b/c;");
}

TEST(JoinEquations, ByteOneInsideALineActsAsALineBreak) {
  EXPECT_EQ(joinEquations(block({"a=1; // c\x01"
                                 "b=2;"}))
                .text,
            "a=1; b=2;");
}

TEST(JoinEquations, BlankBlocksAreEmpty) {
  EXPECT_EQ(joinEquations(block({})).text, "");
  EXPECT_EQ(joinEquations(block({"   ", "", " "})).text, "");  // MD2's "quick fix"
  EXPECT_EQ(joinEquations(block({"// only a comment"})).text, "");
  // Tabs are not covered by the quick fix; the compiler sees them.
  EXPECT_EQ(joinEquations(block({"\t"})).text, "\t");
}

TEST(JoinEquations, LocateMapsBackToFileLinesAndColumns) {
  const JoinedCode j = joinEquations(block({"a=1; // x", "b=2;", "", "c=a+b;"}, 40));
  ASSERT_EQ(j.text, "a=1; b=2;c=a+b;");
  EXPECT_EQ(j.locate(0).line, 40);
  EXPECT_EQ(j.locate(0).column, 1);
  EXPECT_EQ(j.locate(5).line, 41);  // 'b'
  EXPECT_EQ(j.locate(5).column, 1);
  EXPECT_EQ(j.locate(6).column, 2);
  EXPECT_EQ(j.locate(9).line, 43);  // 'c' on the 4th code line
  EXPECT_EQ(j.locate(9).blockLine, 4);
  EXPECT_EQ(j.locate(12).column, 4);
  EXPECT_EQ(j.locate(j.text.size()).line, 43);
}

TEST(JoinShader, LinesEndWithLineBreaksAndMapBack) {
  const JoinedCode j = joinShader(block({"shader_body", "{", "  ret = 1; // keep", "}"}, 7));
  EXPECT_EQ(j.text, "shader_body\n{\n  ret = 1; // keep\n}\n");
  EXPECT_EQ(j.locate(j.text.find("ret")).line, 9);
  EXPECT_EQ(j.locate(j.text.find("ret")).column, 3);
  EXPECT_EQ(joinShader(block({})).text, "");
}

}  // namespace
}  // namespace phosphene::milk
