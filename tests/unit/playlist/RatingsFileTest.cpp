#include "playlist/RatingsFile.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "TempDir.hpp"
#include "playlist/AtomicFile.hpp"

#ifdef __linux__
#include <sys/resource.h>

#include <csignal>
#endif

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

Ratings sample() {
  Ratings r;
  r.setRating("plain.milk", 5);
  r.setFavourite("plain.milk", true);
  r.setRating("with spaces - and (stuff).milk", 0);
  r.setFavourite("tab\there\nnewline\\slash\rcr.milk", true);
  r.setRating("caf\xC3\xA9.milk", 2);
  return r;
}

TEST(RatingsFile, FormatIsHeaderThenSortedLines) {
  Ratings r;
  r.setRating("b.milk", 4);
  r.setFavourite("a b.milk", true);
  EXPECT_EQ(formatRatings(r), "# phosphene ratings 1\n3\t1\ta b.milk\n4\t0\tb.milk\n");
}

TEST(RatingsFile, RoundTripThroughAFile) {
  test::TempDir dir;
  const fs::path file = dir.path() / "new" / "folder" / "ratings.txt";
  const Ratings original = sample();
  core::Diagnostics diags;
  ASSERT_TRUE(saveRatings(original, file, &diags)) << (diags.empty() ? "" : diags[0].format());
  EXPECT_EQ(listing(file.parent_path()), (std::vector<std::string>{"ratings.txt"}));
  Ratings loaded;
  const auto report = loadRatings(file, loaded);
  EXPECT_TRUE(report.ok);
  EXPECT_EQ(report.loaded, 4u);
  EXPECT_EQ(report.skipped, 0u);
  EXPECT_EQ(loaded.entries(), original.entries());
}

TEST(RatingsFile, SaveReplacesTheOldFile) {
  test::TempDir dir;
  const fs::path file = dir.path() / "ratings.txt";
  ASSERT_TRUE(saveRatings(sample(), file));
  Ratings smaller;
  smaller.setRating("only.milk", 1);
  ASSERT_TRUE(saveRatings(smaller, file));
  EXPECT_EQ(readAll(file), formatRatings(smaller));
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"ratings.txt"}));
}

TEST(RatingsFile, MalformedLinesAreSkippedAndCounted) {
  const std::string text =
      "\xEF\xBB\xBF# phosphene ratings 1\r\n"
      "5\t1\tgood.milk\r\n"
      "\n"
      "# a comment\n"
      "6\t0\tout of range.milk\n"
      "3\t2\tbad flag.milk\n"
      "3\t0\t\n"
      "3 0 spaces instead of tabs.milk\n"
      "35\t0\tx.milk\n"
      "3\t0\tbad\\escape.milk\n"
      "3\t0\textra\tfield.milk\n"
      "-1\t0\tnegative.milk\n"
      "\x01\xFF\xFE garbage\n"
      "2\t0\tgood.milk\n"  // the later line wins
      "1\t0\tlast line without newline.milk";
  Ratings r;
  const auto report = parseRatings(text, r);
  EXPECT_TRUE(report.ok);
  EXPECT_EQ(report.loaded, 2u);
  EXPECT_EQ(report.skipped, 9u);
  ASSERT_EQ(report.diagnostics.size(), 9u);
  EXPECT_EQ(report.diagnostics[0].line, 5);
  EXPECT_EQ(report.diagnostics[0].severity, core::Severity::Warning);
  EXPECT_EQ(r.rating("good.milk"), 2);
  EXPECT_FALSE(r.favourite("good.milk"));
  EXPECT_EQ(r.rating("last line without newline.milk"), 1);
}

TEST(RatingsFile, WrongHeaderLeavesRatingsUnchanged) {
  Ratings r;
  r.setRating("kept.milk", 4);
  using namespace std::string_view_literals;
  for (std::string_view text : {""sv, "5\t0\ta.milk\n"sv, "# phosphene ratings 2\n5\t0\ta.milk\n"sv,
                                "\0\0\0garbage"sv, "# phosphene ratings 1 \n"sv}) {
    const auto report = parseRatings(text, r);
    EXPECT_FALSE(report.ok);
    ASSERT_EQ(report.diagnostics.size(), 1u);
    EXPECT_EQ(report.diagnostics[0].id, core::DiagnosticId::IoReadFailed);
    EXPECT_EQ(r.size(), 1u);
    EXPECT_EQ(r.rating("kept.milk"), 4);
  }
}

TEST(RatingsFile, LineDiagnosticsAreCapped) {
  std::string text = "# phosphene ratings 1\n";
  for (int i = 0; i < 1000; ++i) text += "junk\n";
  Ratings r;
  const auto report = parseRatings(text, r);
  EXPECT_TRUE(report.ok);
  EXPECT_EQ(report.skipped, 1000u);
  EXPECT_EQ(report.diagnostics.size(), RatingsLoadReport::kMaxLineDiagnostics);
}

TEST(RatingsFile, MissingAndNonRegularFilesAreReported) {
  test::TempDir dir;
  Ratings r;
  r.setRating("kept.milk", 1);
  const auto missing = loadRatings(dir.path() / "none.txt", r);
  EXPECT_FALSE(missing.ok);
  EXPECT_TRUE(missing.missing);
  const auto folder = loadRatings(dir.path(), r);
  EXPECT_FALSE(folder.ok);
  EXPECT_FALSE(folder.missing);
  EXPECT_EQ(r.size(), 1u);
}

TEST(RatingsFile, SaveOntoAFolderFailsAndLeavesNoTemporaryFile) {
  test::TempDir dir;
  fs::create_directory(dir.path() / "ratings.txt");
  core::Diagnostics diags;
  EXPECT_FALSE(saveRatings(sample(), dir.path() / "ratings.txt", &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].id, core::DiagnosticId::IoWriteFailed);
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"ratings.txt"}));
  EXPECT_TRUE(fs::is_directory(dir.path() / "ratings.txt"));
}

TEST(RatingsFile, SaveUnderAFileFails) {
  test::TempDir dir;
  const fs::path blocker = dir.write("blocker", "x");
  core::Diagnostics diags;
  EXPECT_FALSE(saveRatings(sample(), blocker / "ratings.txt", &diags));
  EXPECT_EQ(diags.size(), 1u);
  EXPECT_EQ(readAll(blocker), "x");
}

#ifdef __linux__
// A write that fails half-way (here: the file size limit, which binds even root, unlike folder
// permissions) must leave the previous file byte for byte and remove the temporary file.
TEST(RatingsFile, FailedWriteKeepsTheOldFileIntact) {
  test::TempDir dir;
  const fs::path file = dir.path() / "ratings.txt";
  Ratings before;
  before.setRating("old.milk", 4);
  ASSERT_TRUE(saveRatings(before, file));
  const std::string oldContent = readAll(file);

  Ratings big;
  for (int i = 0; i < 2000; ++i) big.setRating("preset number " + std::to_string(i) + ".milk", 2);
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);  // EFBIG instead of a signal
  rlimit small = saved;
  small.rlim_cur = 4096;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  core::Diagnostics diags;
  const bool saved_ok = saveRatings(big, file, &diags);
  setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, oldHandler);

  EXPECT_FALSE(saved_ok);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].id, core::DiagnosticId::IoWriteFailed);
  EXPECT_EQ(readAll(file), oldContent);
  EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"ratings.txt"}));
}
#endif

TEST(RatingsFile, DefaultPathFollowsXdgThenHome) {
  const auto env = [](std::map<std::string, std::string> vars) {
    return [vars](const char* name) -> std::optional<std::string> {
      const auto it = vars.find(name);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    };
  };
  EXPECT_EQ(defaultRatingsPath(env({{"XDG_DATA_HOME", "/data"}, {"HOME", "/home/u"}})),
            fs::path("/data/phosphene/ratings.txt"));
  EXPECT_EQ(defaultRatingsPath(env({{"HOME", "/home/u"}})),
            fs::path("/home/u/.local/share/phosphene/ratings.txt"));
  EXPECT_EQ(defaultRatingsPath(env({{"XDG_DATA_HOME", ""}, {"HOME", "/home/u"}})),
            fs::path("/home/u/.local/share/phosphene/ratings.txt"));
  EXPECT_EQ(defaultRatingsPath(env({{"XDG_DATA_HOME", "relative"}, {"HOME", "/home/u"}})),
            fs::path("/home/u/.local/share/phosphene/ratings.txt"));
  EXPECT_EQ(defaultRatingsPath(env({})), std::nullopt);
  EXPECT_EQ(defaultRatingsPath(env({{"HOME", "not/absolute"}})), std::nullopt);
}

TEST(AtomicFile, WritesExactBytes) {
  test::TempDir dir;
  const std::string content("a\0b\n\xFF", 5);
  ASSERT_TRUE(writeFileAtomically(dir.path() / "f.bin", content));
  EXPECT_EQ(readAll(dir.path() / "f.bin"), content);
}

}  // namespace
}  // namespace phosphene::playlist
