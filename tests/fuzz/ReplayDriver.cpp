// Stand-in for libFuzzer's main() where it is not available (gcc builds, CI): feeds the target
// every file under the given seed paths, then --runs=N pseudo-random inputs derived from them
// (fixed seed, so a failure reproduces). Crashes and sanitizer reports fail the test.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::uint8_t> readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void run(const std::vector<std::uint8_t>& input) {
  // A heap copy of exactly the input size, so ASan sees reads past the end.
  std::vector<std::uint8_t> copy(input);
  LLVMFuzzerTestOneInput(copy.empty() ? nullptr : copy.data(), copy.size());
}

}  // namespace

int main(int argc, char** argv) {
  long runs = 1000;
  std::vector<std::vector<std::uint8_t>> seeds;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--runs=", 7) == 0) {
      runs = std::strtol(argv[i] + 7, nullptr, 10);
      continue;
    }
    std::filesystem::path p(argv[i]);
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) seeds.push_back(readFile(e.path()));
    } else if (std::filesystem::is_regular_file(p, ec)) {
      seeds.push_back(readFile(p));
    }
  }
  for (const auto& s : seeds) run(s);
  if (seeds.empty()) seeds.emplace_back();

  std::mt19937_64 rng(0x9e3779b97f4a7c15ULL);
  for (long r = 0; r < runs; ++r) {
    std::vector<std::uint8_t> input = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int e = 0; e < edits; ++e) {
      const auto kind = rng() % 5;
      const std::size_t pos = input.empty() ? 0 : rng() % (input.size() + 1);
      if (kind == 0 && !input.empty() && pos < input.size()) {
        input[pos] = static_cast<std::uint8_t>(rng());  // replace a byte
      } else if (kind == 1) {
        input.insert(input.begin() + static_cast<long>(pos), static_cast<std::uint8_t>(rng()));
      } else if (kind == 2 && !input.empty() && pos < input.size()) {
        input.erase(input.begin() + static_cast<long>(pos));
      } else if (kind == 3 && !input.empty()) {
        // duplicate a slice, which grows inputs the way real fuzzers' crossover does
        const std::size_t from = rng() % input.size();
        const std::size_t len = std::min<std::size_t>(input.size() - from, 1 + rng() % 64);
        std::vector<std::uint8_t> slice(input.begin() + static_cast<long>(from),
                                        input.begin() + static_cast<long>(from + len));
        input.insert(input.begin() + static_cast<long>(pos), slice.begin(), slice.end());
      } else if (!input.empty()) {
        input.resize(rng() % (input.size() + 1));  // truncate
      }
    }
    if (input.size() > (1u << 20)) input.resize(1u << 20);
    run(input);
  }
  std::printf("replayed %zu seeds and %ld mutated inputs\n", seeds.size(), runs);
  return 0;
}
