// MilkDrop 2's key index, vis_milk2/state.cpp `_GetLineByName` (the GetFast* reader that
// replaced GetPrivateProfileString in MD2).

#include <gtest/gtest.h>

#include <string>

#include "milk/KeyIndex.hpp"

namespace phosphene::milk {
namespace {

std::string valueOf(KeyIndex& index, std::string_view key,
                    std::size_t max = KeyIndex::kNumberChars) {
  auto kv = index.lookup(key, max);
  return kv ? kv->value : std::string("<absent>");
}

TEST(KeyIndex, KeyEndsAtEqualsOrSpace) {
  const std::string text = "[preset00]\nzoom=1.5\nrot 0.25\nwarp = 2\nbare\n";
  KeyIndex index(text);
  EXPECT_EQ(valueOf(index, "zoom"), "1.5");
  EXPECT_EQ(valueOf(index, "rot"), "0.25");  // "key value" counts like "key=value"
  EXPECT_EQ(valueOf(index, "warp"), "= 2");  // key "warp", value "= 2" (spec §1.1)
  EXPECT_EQ(valueOf(index, "bare"), "<absent>");
  EXPECT_EQ(valueOf(index, "[preset00]"), "<absent>");
  ASSERT_EQ(index.bareLines().size(), 2u);
  EXPECT_EQ(index.bareLines()[0].text, "[preset00]");
  EXPECT_EQ(index.bareLines()[1].line, 5);
}

TEST(KeyIndex, KeysAreCaseSensitive) {
  KeyIndex index("Zoom=2\n");
  EXPECT_EQ(valueOf(index, "zoom"), "<absent>");
  EXPECT_EQ(valueOf(index, "Zoom"), "2");
}

TEST(KeyIndex, LineEndingsAndLineNumbers) {
  const std::string text = "a=1\r\n\r\n\nb=2\r\nc=3";
  KeyIndex index(text);
  auto b = index.lookup("b", 100);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->value, "2");  // the CR is not part of the value
  EXPECT_EQ(b->entry->line, 4);
  EXPECT_EQ(valueOf(index, "c"), "3");  // last line without a line break
}

TEST(KeyIndex, LoneCarriageReturnDoesNotEndALineThatHasAKey) {
  // MD2 skips a value with fgets(), which stops at LF only: in a CR-only file everything up to
  // the next LF (or 251 bytes) after the first key belongs to that key's line.
  KeyIndex index("a=1\rb=2\rc=3\n d=4\n");
  EXPECT_EQ(valueOf(index, "a"), "1");  // the value read itself stops at the CR
  EXPECT_EQ(valueOf(index, "b"), "<absent>");
  EXPECT_EQ(valueOf(index, "c"), "<absent>");
}

TEST(KeyIndex, LongValueContinuesAsANewLineAfter251Bytes) {
  // fgets(buf, 252) reads 251 bytes; the rest of the line is indexed as if it were a new line.
  std::string value(251, 'x');
  value += "zoom=9";
  const std::string text = "per_frame_1=" + value + "\nzoom=1\n";
  KeyIndex index(text);
  // The code line itself is read in full from its value offset.
  EXPECT_EQ(valueOf(index, "per_frame_1", KeyIndex::kCodeLineChars), value);
  // The tail "zoom=9" became an entry before the real zoom line, so it is the first "zoom".
  auto z = index.lookup("zoom", KeyIndex::kNumberChars);
  ASSERT_TRUE(z);
  EXPECT_EQ(z->value, "9");
  EXPECT_TRUE(z->entry->continuation);
  EXPECT_EQ(z->entry->line, 1);
}

TEST(KeyIndex, ValueOf250BytesPlusCrLfIsOneLine) {
  // 250 value bytes + CR fill the 251-byte read; the LF is eaten as a line break.
  const std::string text = "a=" + std::string(250, 'y') + "\r\nb=1\r\n";
  KeyIndex index(text);
  for (const auto& e : index.entries()) EXPECT_FALSE(e.continuation) << e.key;
  EXPECT_EQ(index.entries().size(), 2u);
}

TEST(KeyIndex, ValueLengthLimits) {
  const std::string longValue(300, '7');
  const std::string text = "k=" + longValue + "\n";
  KeyIndex index(text);
  auto kv = index.lookup("k", KeyIndex::kNumberChars);
  ASSERT_TRUE(kv);
  EXPECT_EQ(kv->value.size(), KeyIndex::kNumberChars);  // GetFastInt/Float: 255-byte buffer
  EXPECT_TRUE(kv->truncated);
}

TEST(KeyIndex, KeysLongerThan124CharactersAreCut) {
  const std::string key(130, 'k');
  const std::string text = key + "=1\n";  // the index keeps a view: the text must outlive it
  KeyIndex index(text);
  EXPECT_EQ(valueOf(index, key), "<absent>");
  EXPECT_EQ(valueOf(index, key.substr(0, 124)), "1");
}

TEST(KeyIndex, ByteFFEndsTheIndexWhereAKeyIsExpected) {
  // MD2 reads into a signed char and compares with EOF, so 0xFF reads as end of file.
  const std::string text =
      "a=1\n\xFF"
      "b=2\nc=3\n";
  KeyIndex index(text);
  EXPECT_EQ(valueOf(index, "a"), "1");
  EXPECT_EQ(valueOf(index, "b"), "<absent>");
  EXPECT_EQ(valueOf(index, "c"), "<absent>");
  EXPECT_EQ(index.stoppedAtLine(), 2);
}

TEST(KeyIndex, ByteFFInsideAValueEndsTheValueOnly) {
  const std::string text =
      "a=1\xFF"
      "5\nb=2\n";
  KeyIndex index(text);
  auto a = index.lookup("a", 100);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->value, "1");
  EXPECT_TRUE(a->endedAtFF);
  EXPECT_EQ(valueOf(index, "b"), "2");  // fgets() skipping the value does not care
}

TEST(KeyIndex, HighBytesAreOpaque) {
  const std::string text = "per_frame_1=x=1; // caf\xE9 \x80\xFE\nzoom=1\n";
  KeyIndex index(text);
  EXPECT_EQ(valueOf(index, "per_frame_1", 1000), "x=1; // caf\xE9 \x80\xFE");
  EXPECT_EQ(valueOf(index, "zoom"), "1");
}

TEST(KeyIndex, NulBytesCutKeysAndValues) {
  using namespace std::string_literals;
  const std::string text =
      "ab\0cd=1\nv=12\0"
      "34\n"s;
  KeyIndex index(text);
  EXPECT_EQ(valueOf(index, "ab"), "1");
  auto v = index.lookup("v", 100);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, "12");
  EXPECT_TRUE(v->hadNul);
  EXPECT_EQ(index.nulKeyLines().size(), 1u);
}

TEST(KeyIndex, DuplicateKeysFirstOccurrenceWinsFromTheTop) {
  KeyIndex index("zoom=1\nrot=0\nzoom=2\n");
  EXPECT_EQ(valueOf(index, "zoom"), "1");
}

TEST(KeyIndex, DuplicateRightAfterThePreviousHitWins) {
  // The lookup first tries the entry after the last one found (MyLineNum), then searches from
  // the top. Reading "rot" leaves the cursor on the second "zoom", so that one is returned.
  KeyIndex index("zoom=1\nrot=0\nzoom=2\n");
  EXPECT_EQ(valueOf(index, "rot"), "0");
  EXPECT_EQ(valueOf(index, "zoom"), "2");
  // A missing key leaves the cursor where it was.
  KeyIndex again("zoom=1\nrot=0\nzoom=2\n");
  EXPECT_EQ(valueOf(again, "rot"), "0");
  EXPECT_EQ(valueOf(again, "nothing"), "<absent>");
  EXPECT_EQ(valueOf(again, "zoom"), "2");
}

TEST(KeyIndex, EmptyAndBinaryInputs) {
  KeyIndex empty("");
  EXPECT_TRUE(empty.entries().empty());
  KeyIndex blanks("\r\n\r\n\n\n");
  EXPECT_TRUE(blanks.entries().empty());
  EXPECT_TRUE(blanks.bareLines().empty());
  KeyIndex eq("=\n=\n");
  EXPECT_EQ(eq.entries().size(), 2u);
  EXPECT_EQ(eq.entries()[0].key, "");
}

}  // namespace
}  // namespace phosphene::milk
