#include "RunLengthDeflate.hpp"

#include "Checksums.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace phosphene::platform {
namespace {

constexpr int kMinMatch = 3;
constexpr int kMaxMatch = 258;
constexpr int kMaxCodeLength = 15;  // RFC 1951 3.2.7: lit/len and distance codes
constexpr int kLitLenSymbols = 286;
constexpr int kEndOfBlock = 256;
// Tokens: a literal byte (0-255), a distance-1 match (kRunToken + length - 3) or a match one
// pixel back (kPixelToken + length - 3).
constexpr int kRunToken = 256;
constexpr int kPixelToken = kRunToken + (kMaxMatch - kMinMatch + 1);
constexpr int kTokenKinds = kPixelToken + (kMaxMatch - kMinMatch + 1);
// Input bytes per deflate block: its tokens (two bytes each at most) stay in the L2 cache
// between the pass that finds them and the pass that writes them.
constexpr std::size_t kBlockBytes = std::size_t{128} << 10;

// RFC 1951 3.2.5: length codes 257-285, their base lengths and extra bits.
struct LengthCodes {
  std::array<std::uint16_t, kMaxMatch + 1> symbol{};  // by match length
  std::array<std::uint16_t, 29> base{};
  std::array<std::uint8_t, 29> extra{};
  constexpr LengthCodes() {
    int length = 3;
    for (int code = 0; code < 28; ++code) {
      extra[code] = static_cast<std::uint8_t>(code < 8 ? 0 : (code - 4) / 4);
      base[code] = static_cast<std::uint16_t>(length);
      length += 1 << extra[code];
    }
    base[28] = 258;  // code 285: 258 exactly (code 284 with all extra bits set is not valid)
    extra[28] = 0;
    for (int code = 0; code < 29; ++code) {
      const int last = code == 27 ? 257 : code == 28 ? 258 : base[code] + (1 << extra[code]) - 1;
      for (int l = base[code]; l <= last; ++l) symbol[l] = static_cast<std::uint16_t>(257 + code);
    }
  }
};
constexpr LengthCodes kLengths;

// How many bytes from p on equal the bytes `distance` before them, at most `limit`.
inline std::size_t runLength(const std::uint8_t* p, std::size_t distance, std::size_t limit) {
  std::size_t n = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; n + 8 <= limit; n += 8) {
      std::uint64_t a = 0, b = 0;
      std::memcpy(&a, p + n, 8);
      std::memcpy(&b, p + n - distance, 8);
      if (a != b) return n + static_cast<std::size_t>(std::countr_zero(a ^ b) / 8);
    }
  }
  while (n < limit && p[n] == p[n - distance]) ++n;
  return n;
}

// Code lengths of an optimal prefix code for `freq` (0 = unused symbol), none above `limit`:
// Huffman's construction (two queues over the leaves sorted by weight); while the deepest leaf is
// too deep, the weights are halved (keeping every used symbol) and the code built again. At least
// two symbols get a length, so the code is complete as decoders require.
void codeLengths(std::span<const std::uint32_t> freq, int limit, std::span<std::uint8_t> lengths) {
  std::vector<std::uint64_t> weight(freq.begin(), freq.end());
  std::fill(lengths.begin(), lengths.end(), std::uint8_t{0});
  std::vector<int> leaves;
  for (std::size_t s = 0; s < weight.size(); ++s)
    if (weight[s] > 0) leaves.push_back(static_cast<int>(s));
  for (int s = 0; leaves.size() < 2; ++s)
    if (weight[static_cast<std::size_t>(s)] == 0) {
      weight[static_cast<std::size_t>(s)] = 1;
      leaves.push_back(s);
    }
  const std::size_t k = leaves.size();
  std::vector<std::uint64_t> w(2 * k - 1);
  std::vector<std::size_t> parent(2 * k - 1);
  std::vector<int> depth(2 * k - 1);
  for (;;) {
    std::sort(leaves.begin(), leaves.end(), [&](int a, int b) {
      const auto wa = weight[static_cast<std::size_t>(a)], wb = weight[static_cast<std::size_t>(b)];
      return wa != wb ? wa < wb : a < b;
    });
    for (std::size_t i = 0; i < k; ++i) w[i] = weight[static_cast<std::size_t>(leaves[i])];
    std::size_t nextLeaf = 0, nextInner = k;
    for (std::size_t node = k; node < 2 * k - 1; ++node) {
      std::array<std::size_t, 2> pick{};
      for (auto& p : pick)
        p = (nextLeaf < k && (nextInner >= node || w[nextLeaf] <= w[nextInner])) ? nextLeaf++
                                                                                 : nextInner++;
      w[node] = w[pick[0]] + w[pick[1]];
      parent[pick[0]] = parent[pick[1]] = node;
    }
    depth[2 * k - 2] = 0;
    int deepest = 0;
    for (std::size_t i = 2 * k - 1; i-- > 0;)
      if (i != 2 * k - 2) deepest = std::max(deepest, depth[i] = depth[parent[i]] + 1);
    if (deepest <= limit) break;
    for (int s : leaves) {
      auto& x = weight[static_cast<std::size_t>(s)];
      x = std::max<std::uint64_t>(1, x / 2);
    }
  }
  for (std::size_t i = 0; i < k; ++i)
    lengths[static_cast<std::size_t>(leaves[i])] = static_cast<std::uint8_t>(depth[i]);
}

std::uint32_t reverseBits(std::uint32_t code, int length) {
  std::uint32_t r = 0;
  for (int i = 0; i < length; ++i, code >>= 1) r = (r << 1) | (code & 1);
  return r;
}

// RFC 1951 3.2.2: the canonical codes for `lengths`, bit-reversed because deflate packs bits from
// the least significant end while Huffman codes are defined from their first (most significant)
// bit.
void canonicalCodes(std::span<const std::uint8_t> lengths, std::span<std::uint32_t> codes) {
  std::array<std::uint32_t, kMaxCodeLength + 2> count{}, next{};
  for (auto l : lengths) ++count[l];
  count[0] = 0;
  std::uint32_t code = 0;
  for (int bits = 1; bits <= kMaxCodeLength + 1; ++bits) {
    code = (code + count[static_cast<std::size_t>(bits - 1)]) << 1;
    next[static_cast<std::size_t>(bits)] = code;
  }
  for (std::size_t s = 0; s < lengths.size(); ++s)
    codes[s] = lengths[s] == 0 ? 0 : reverseBits(next[lengths[s]]++, lengths[s]);
}

// A token's bits (at most 15 + 5 + 1 = 21) and how many.
struct TokenCode {
  std::uint32_t bits = 0;
  std::uint32_t count = 0;
};

// Bits appended from the least significant end, stored eight bytes at a time (the buffer has
// eight bytes of slack at its end). Fewer than 64 bits ever wait in `acc_` (at most 31 + 32 in
// put, 7 + 56 in putTokens), so every shift below is defined; the counts are unsigned so that
// dividing by 8 is a shift (signed division and its fix-ups sat in the token loop's chain).
class BitWriter {
 public:
  explicit BitWriter(std::uint8_t* out) : out_(out) {}
  // At most 32 bits per call.
  void put(std::uint32_t bits, int count) {
    acc_ |= static_cast<std::uint64_t>(bits) << count_;
    count_ += static_cast<std::uint32_t>(count);
    if (count_ >= 32) store();
  }
  // The tokens' codes, four per store where they fit and two otherwise: after a store at most 7
  // bits wait, two tokens have at most 42 bits, and four usually fit the 56 bits left (literal
  // codes are at most 15 bits; only long matches come near 21). Each pair's codes are joined
  // before they meet the accumulator, so only one shift and one add per store wait for the last.
  // The state lives in locals here: stores through the byte pointer may alias the members, and
  // reloading them after every store put the store-to-load latency into the loop's chain.
  void putTokens(const std::uint16_t* tokens, std::size_t count, const TokenCode* codes) {
    store();
    std::uint8_t* out = out_;
    std::uint64_t acc = acc_;
    std::uint32_t bits = count_;
    const auto flush = [&] { storeWhole(out, acc, bits); };
    std::size_t i = 0;
    for (; i + 4 <= count; i += 4) {
      const TokenCode a = codes[tokens[i]], b = codes[tokens[i + 1]];
      const TokenCode c = codes[tokens[i + 2]], d = codes[tokens[i + 3]];
      const std::uint64_t ab = a.bits | static_cast<std::uint64_t>(b.bits) << a.count;
      const std::uint64_t cd = c.bits | static_cast<std::uint64_t>(d.bits) << c.count;
      const std::uint32_t nab = a.count + b.count, ncd = c.count + d.count;
      if (nab + ncd <= 56) {
        acc |= (ab | cd << nab) << bits;
        bits += nab + ncd;
      } else {
        acc |= ab << bits;
        bits += nab;
        flush();
        acc |= cd << bits;
        bits += ncd;
      }
      flush();
    }
    out_ = out;
    acc_ = acc;
    count_ = bits;
    for (; i < count; ++i) put(codes[tokens[i]].bits, static_cast<int>(codes[tokens[i]].count));
  }
  // Pads the last byte with zeros; returns the end of the written bytes.
  std::uint8_t* finish() {
    store();
    if (count_ > 0) *out_++ = static_cast<std::uint8_t>(acc_);
    acc_ = 0;
    count_ = 0;
    return out_;
  }

 private:
  // Writes the accumulator's whole bytes and keeps the 0-7 bits left over.
  static void storeWhole(std::uint8_t*& out, std::uint64_t& acc, std::uint32_t& bits) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(out, &acc, 8);
    } else {
      for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(acc >> (8 * i));
    }
    out += bits >> 3;
    acc >>= bits & 56u;
    bits &= 7u;
  }
  void store() { storeWhole(out_, acc_, count_); }
  std::uint8_t* out_;
  std::uint64_t acc_ = 0;
  std::uint32_t count_ = 0;
};

// A block's symbol frequencies from its tokens, counted after tokenizing (counting in the
// tokenizer cost it a data-dependent loop per literal run). Four tables filled in turn: a run of
// equal tokens, common after the "sub" filter, would otherwise make every increment wait for the
// one before. A match token's count goes to its length symbol.
void countSymbols(const std::uint16_t* tokens, std::size_t count, std::span<std::uint32_t> freq) {
  std::array<std::array<std::uint32_t, kTokenKinds>, 4> n{};
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    ++n[0][tokens[i]];
    ++n[1][tokens[i + 1]];
    ++n[2][tokens[i + 2]];
    ++n[3][tokens[i + 3]];
  }
  for (; i < count; ++i) ++n[0][tokens[i]];
  constexpr int kLengthsPerKind = kMaxMatch - kMinMatch + 1;
  for (int t = 0; t < kTokenKinds; ++t) {
    const auto k = static_cast<std::size_t>(t);
    const std::uint32_t c = n[0][k] + n[1][k] + n[2][k] + n[3][k];
    if (t < 256) {
      freq[k] += c;
      continue;
    }
    const auto length = static_cast<std::size_t>((t - kRunToken) % kLengthsPerKind + kMinMatch);
    freq[kLengths.symbol[length]] += c;
  }
}

#if defined(__SSE2__)
// One bit per byte of p[0..47]: whether it equals the byte `distance` before it.
inline std::uint64_t equalMask48(const std::uint8_t* p, std::size_t distance) {
  std::uint64_t mask = 0;
  for (int i = 0; i < 3; ++i) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i - distance));
    const auto bits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)));
    mask |= static_cast<std::uint64_t>(bits) << (16 * i);
  }
  return mask;
}

// Which of the 32 positions from p on start a match: the three bytes there equal the three one
// byte or one pixel before them (the scalar test below, for 32 positions at once).
inline std::uint32_t matchStarts32(const std::uint8_t* p, std::size_t pixel) {
  const std::uint64_t run = equalMask48(p, 1);
  const std::uint64_t repeat = equalMask48(p, pixel);
  return static_cast<std::uint32_t>((run & run >> 1 & run >> 2) |
                                    (repeat & repeat >> 1 & repeat >> 2));
}

// 32 literal tokens for the bytes at p: the bytes widened to 16 bits.
inline void literalTokens32(const std::uint8_t* p, std::uint16_t* token) {
  const __m128i zero = _mm_setzero_si128();
  for (int i = 0; i < 2; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(token + 16 * i), _mm_unpacklo_epi8(v, zero));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(token + 16 * i + 8), _mm_unpackhi_epi8(v, zero));
  }
}
#endif

// The tokens of data[begin, size). Most bytes of a frame are literals: one test of the next three
// bytes against both distances decides, and only a match measures its length. With SSE2 the test
// runs for 32 positions at once and literals are copied 32 at a time; the tokens are the same
// either way.
std::size_t tokenize(const std::uint8_t* data, std::size_t begin, std::size_t size,
                     std::size_t pixel, std::uint16_t* tokens) {
  std::uint16_t* token = tokens;
  // The next three bytes at p (and one more, ignored; the caller keeps four bytes in range).
  const auto load24 = [](const std::uint8_t* p) {
    std::uint32_t v = 0;
    std::memcpy(&v, p, 4);
    return std::endian::native == std::endian::little ? v & 0xFFFFFFu : v >> 8;
  };
  std::size_t at = begin;
  const auto literal = [&] {
    *token++ = data[at];
    ++at;
  };
  // A match starts at `at` when run or repeat: its length, the longer of the two.
  const auto match = [&](bool run, bool repeat) {
    const std::size_t limit = std::min<std::size_t>(kMaxMatch, size - at);
    const std::size_t runBytes = run ? runLength(data + at, 1, limit) : 0;
    const std::size_t repeatBytes = repeat ? runLength(data + at, pixel, limit) : 0;
    const bool byPixel = repeatBytes > runBytes;
    const std::size_t length = byPixel ? repeatBytes : runBytes;
    *token++ = static_cast<std::uint16_t>((byPixel ? kPixelToken : kRunToken) +
                                          static_cast<int>(length) - kMinMatch);
    at += length;
  };
  for (; at < std::min(size, pixel);) literal();
#if defined(__SSE2__)
  // Whether a position starts a match depends only on the bytes around it, so one window's mask
  // serves every match inside it: after a match that ends in the window, the scan goes on from
  // the mask's remaining bits instead of testing the bytes again.
  while (at + 48 <= size) {
    const std::size_t window = at;
    const std::uint32_t starts = matchStarts32(data + window, pixel);
    while (at < window + 32) {
      const auto skip = static_cast<unsigned>(at - window);
      const std::uint32_t ahead = starts >> skip;
      // Literals up to the next start (or the window's end). All 32 tokens are written where the
      // bytes exist and `literals` kept: the buffer holds a token per byte of the block.
      const std::size_t literals = ahead == 0 ? window + 32 - at : std::countr_zero(ahead);
      if (at + 32 <= size) {
        literalTokens32(data + at, token);
        token += literals;
        at += literals;
      } else {
        for (std::size_t i = 0; i < literals; ++i) literal();
      }
      if (ahead == 0) break;
      const std::uint32_t next = load24(data + at);
      match(next == load24(data + at - 1), next == load24(data + at - pixel));
    }
  }
#endif
  while (at + 4 <= size) {
    const std::uint32_t next = load24(data + at);
    const bool run = next == load24(data + at - 1);
    const bool repeat = next == load24(data + at - pixel);
    if (run | repeat)
      match(run, repeat);
    else
      literal();
  }
  while (at < size) literal();
  return static_cast<std::size_t>(token - tokens);
}

// One dynamic-Huffman block (RFC 1951 3.2.7) of `count` tokens.
void writeBlock(BitWriter& out, const std::uint16_t* tokens, std::size_t count,
                std::span<const std::uint32_t> freq, std::size_t pixel, bool final) {
  // The block's codes: lit/len from the frequencies; distance codes 0 (distance 1) and
  // `pixel - 1` (distance `pixel`) one bit each; the code-length code gives lengths 0-15 four bits
  // each (a complete code: 16 x 2^-4), so no length table needs its own Huffman pass.
  std::array<std::uint8_t, kLitLenSymbols> litLength{};
  std::array<std::uint32_t, kLitLenSymbols> litCode{};
  codeLengths(freq, kMaxCodeLength, litLength);
  canonicalCodes(litLength, litCode);
  int litCount = kLitLenSymbols;  // HLIT: trailing unused length codes are left out
  while (litCount > 257 && litLength[static_cast<std::size_t>(litCount - 1)] == 0) --litCount;
  const int distCount = static_cast<int>(pixel);
  const std::uint32_t runDistance = 0, pixelDistance = 1;  // the two one-bit codes, in order

  // Every token's bits: code, extra length bits, distance code.
  std::array<TokenCode, kTokenKinds> tokenCode{};
  for (int t = 0; t < 256; ++t) {
    tokenCode[static_cast<std::size_t>(t)] = {litCode[static_cast<std::size_t>(t)],
                                              litLength[static_cast<std::size_t>(t)]};
  }
  for (int length = kMinMatch; length <= kMaxMatch; ++length) {
    const std::size_t symbol = kLengths.symbol[static_cast<std::size_t>(length)];
    if (litLength[symbol] == 0) continue;
    const std::size_t code = symbol - 257;
    const int extraBits = kLengths.extra[code];
    const std::uint32_t bits =
        litCode[symbol] | static_cast<std::uint32_t>(length - kLengths.base[code])
                              << litLength[symbol];
    const int n = litLength[symbol] + extraBits;
    for (const auto& [base, distance] :
         {std::pair{kRunToken, runDistance}, std::pair{kPixelToken, pixelDistance}}) {
      const auto t = static_cast<std::size_t>(base + length - kMinMatch);
      tokenCode[t] = {bits | distance << n, static_cast<std::uint32_t>(n + 1)};
    }
  }

  out.put(final ? 1 : 0, 1);
  out.put(2, 2);  // dynamic Huffman codes
  out.put(static_cast<std::uint32_t>(litCount - 257), 5);
  out.put(static_cast<std::uint32_t>(distCount - 1), 5);
  out.put(19 - 4, 4);
  constexpr std::array<int, 19> kOrder = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                          11, 4,  12, 3, 13, 2, 14, 1, 15};
  for (int symbol : kOrder) out.put(symbol <= 15 ? 4 : 0, 3);
  for (int s = 0; s < litCount; ++s)
    out.put(reverseBits(litLength[static_cast<std::size_t>(s)], 4), 4);
  for (int d = 0; d < distCount; ++d)
    out.put(reverseBits(d == 0 || d == distCount - 1 ? 1 : 0, 4), 4);
  out.putTokens(tokens, count, tokenCode.data());
  out.put(litCode[kEndOfBlock], litLength[kEndOfBlock]);
}

}  // namespace

std::size_t RunLengthDeflate::compress(const std::uint8_t* data, std::size_t size, int period,
                                       std::vector<std::uint8_t>& out) {
  const auto pixel = static_cast<std::size_t>(std::clamp(period, 2, 4));
  if (tokens_.size() < std::min(size, kBlockBytes)) tokens_.resize(std::min(size, kBlockBytes));
  const std::size_t blocks = std::max<std::size_t>(1, (size + kBlockBytes - 1) / kBlockBytes);
  const std::size_t bound = 2 + 200 * blocks + size * 2 + 4 + 8;
  if (out.size() < bound) out.resize(bound);
  out[0] = 0x78;  // deflate, 32 KiB window
  out[1] = 0x01;  // no dictionary, fastest; (0x78 << 8 | 0x01) is a multiple of 31
  BitWriter bits(out.data() + 2);
  for (std::size_t begin = 0;;) {
    const std::size_t end = std::min(size, begin + kBlockBytes);
    std::array<std::uint32_t, kLitLenSymbols> freq{};
    const std::size_t count = tokenize(data, begin, end, pixel, tokens_.data());
    countSymbols(tokens_.data(), count, freq);
    freq[kEndOfBlock] = 1;
    writeBlock(bits, tokens_.data(), count, freq, pixel, end == size);
    if (end == size) break;
    begin = end;
  }
  std::uint8_t* end = bits.finish();
  const std::uint32_t adler = adler32Of(data, size);
  for (int i = 0; i < 4; ++i) *end++ = static_cast<std::uint8_t>(adler >> (24 - 8 * i));
  return static_cast<std::size_t>(end - out.data());
}

}  // namespace phosphene::platform
