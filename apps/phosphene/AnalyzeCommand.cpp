// phosphene analyze: decodes an audio file and runs it through the same public C API entry points
// an analysis-only host uses (phosphene_engine_add_pcm_float, then phosphene_engine_advance and
// phosphene_engine_get_audio with no preset), one analysis per video frame. Output: CSV (stdout or
// --csv) and optionally a PNG plot of the levels and beats over time.
//
// [SECTION] Per-frame analysis   [SECTION] CSV   [SECTION] Plot (lines, legend, labels)

#include <phosphene/phosphene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ArgParser.hpp"
#include "AudioFile.hpp"
#include "Commands.hpp"
#include "PngImage.hpp"
#include "render/text/BuiltinFont.hpp"

namespace phosphene::cli {

namespace {

struct Row {
  std::uint64_t frame = 0;
  double time = 0.0;
  float bass, mid, treb, bass_att, mid_att, treb_att, vol;
  int beat = 0;
};

// [SECTION] Per-frame analysis

struct EngineDeleter {
  void operator()(phosphene_engine* e) const { phosphene_engine_destroy(e); }
};

void logToStderr(void*, phosphene_log_level level, const char* message) {
  std::fprintf(stderr, "phosphene analyze: %s%s\n",
               level >= PHOSPHENE_LOG_WARNING ? "" : "note: ", message);
}

// Feeds the file frame by frame: video frame f has heard the audio up to (f + 1) / fps seconds.
bool analyzeFile(AudioFile& file, double fps, std::vector<Row>& rows, std::string& error) {
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = fps;
  desc.log_fn = logToStderr;
  desc.log_min_level = PHOSPHENE_LOG_WARNING;
  phosphene_engine* raw = nullptr;
  const phosphene_result created = phosphene_engine_create(&desc, &raw);
  if (created != PHOSPHENE_OK) {
    error = std::string("cannot create engine: ") + phosphene_result_string(created);
    return false;
  }
  std::unique_ptr<phosphene_engine, EngineDeleter> engine(raw);

  const int channels = file.channels();
  const int rate = file.sampleRate();
  std::vector<float> buffer;
  std::int64_t consumed = 0;
  auto frame = std::make_unique<phosphene_audio_frame>();  // ~9 KB: keep it off the stack
  phosphene_audio_frame_init(frame.get());
  for (std::uint64_t f = 0;; ++f) {
    const auto target =
        static_cast<std::int64_t>(std::floor(static_cast<double>(f + 1) * rate / fps));
    std::int64_t want = std::max<std::int64_t>(0, target - consumed);
    buffer.resize(static_cast<std::size_t>(want) * static_cast<std::size_t>(channels));
    std::int64_t got = 0;
    while (got < want) {
      const std::int64_t n = file.read(buffer.data() + got * channels, want - got);
      if (n < 0) {
        error = file.error();
        return false;
      }
      if (n == 0) break;
      got += n;
    }
    if (got == 0 && want > 0) break;  // end of the audio
    consumed += got;
    const phosphene_result added = phosphene_engine_add_pcm_float(
        engine.get(), buffer.data(), static_cast<size_t>(got), channels, rate);
    if (added != PHOSPHENE_OK) {
      error = std::string("the audio cannot be analysed: ") + phosphene_result_string(added) +
              " (" + std::to_string(channels) + " channels at " + std::to_string(rate) + " Hz)";
      return false;
    }
    if (phosphene_engine_advance(engine.get(), 0.0) != PHOSPHENE_OK ||
        phosphene_engine_get_audio(engine.get(), frame.get()) != PHOSPHENE_OK) {
      error = phosphene_engine_last_error(engine.get());
      return false;
    }
    rows.push_back({frame->frame, frame->time_s, frame->bass, frame->mid, frame->treb,
                    frame->bass_att, frame->mid_att, frame->treb_att, frame->vol, frame->beat});
    if (got < want) break;  // the file ended inside this frame
  }
  return true;
}

// [SECTION] CSV

bool writeCsv(std::FILE* out, const std::vector<Row>& rows) {
  std::fprintf(out, "frame,time,bass,mid,treb,bass_att,mid_att,treb_att,vol,beat\n");
  for (const Row& r : rows)
    std::fprintf(out, "%llu,%.6f,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%d\n",
                 static_cast<unsigned long long>(r.frame), r.time, r.bass, r.mid, r.treb,
                 r.bass_att, r.mid_att, r.treb_att, r.vol, r.beat);
  return std::ferror(out) == 0;
}

// [SECTION] Plot

using Rgb = std::array<std::uint8_t, 3>;

class Canvas {
 public:
  Canvas(int w, int h) : image_(w, h) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) set(x, y, {255, 255, 255});
  }
  void set(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= image_.width || y >= image_.height) return;
    std::uint8_t* p = image_.at(x, y);
    p[0] = c[0];
    p[1] = c[1];
    p[2] = c[2];
    p[3] = 255;
  }
  void line(int x0, int y0, int x1, int y1, Rgb c) {
    const int dx = std::abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
    const int dy = -std::abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
      set(x0, y0, c);
      if (x0 == x1 && y0 == y1) return;
      const int e2 = 2 * err;
      if (e2 >= dy) err += dy, x0 += sx;
      if (e2 <= dx) err += dx, y0 += sy;
    }
  }
  void rect(int x0, int y0, int x1, int y1, Rgb c) {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) set(x, y, c);
  }
  /// Text with the top-left corner of its capitals and digits at (x, y); descenders reach below.
  void text(int x, int y, const std::string& s, Rgb c) {
    const int baseline = y + capHeight();
    for (char ch : s) {
      const auto glyph = glyphOf(ch);
      if (!glyph) continue;
      const int gx = x + glyph->left, gy = baseline - glyph->top;
      for (int row = 0; row < glyph->height; ++row)
        for (int col = 0; col < glyph->width; ++col)
          if (glyph->coverage[static_cast<std::size_t>(row) * glyph->width + col] != 0)
            set(gx + col, gy + row, c);
      x += static_cast<int>(glyph->advance);
    }
  }
  int textWidth(const std::string& s) {
    int width = 0;
    for (char ch : s)
      if (const auto glyph = glyphOf(ch)) width += static_cast<int>(glyph->advance);
    return width;
  }
  int capHeight() const { return render::text::kBitmapBaselineRow * font_.pixelScale(); }
  const platform::RgbaImage& image() const { return image_; }

 private:
  // Like the overlay, a character the font lacks is drawn as '?' rather than left out.
  std::optional<render::text::GlyphImage> glyphOf(char ch) {
    const auto cp = static_cast<char32_t>(static_cast<unsigned char>(ch));
    return font_.rasterize(font_.hasGlyph(cp) ? cp : U'?');
  }

  platform::RgbaImage image_;
  // 22 px lines draw every bitmap pixel as 2 x 2: labels readable at the default 1200x600.
  render::text::BuiltinFont font_{22.0f};
};

std::string formatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v == std::floor(v) ? "%.0f" : "%.1f", v);
  return buf;
}

struct Series {
  const char* name;
  float Row::*field;
  Rgb colour;
};

constexpr Rgb kBassColour{200, 40, 40}, kMidColour{30, 150, 40}, kTrebColour{40, 70, 210};
constexpr Rgb kBeatColour{255, 190, 60}, kGrid{225, 225, 225}, kAxis{90, 90, 90};

// Two stacked panels sharing the time axis: instantaneous levels on top, the _att (smoothed) ones
// below; beats are amber columns behind both. Levels are clipped to 0..3 (1 = usual loudness).
bool writePlot(const std::string& path, const std::vector<Row>& rows, int width, int height,
               std::string& error) {
  Canvas canvas(width, height);
  const int left = 60, right = width - 20, top = 40, bottom = height - 50;
  const int gap = 40;
  const int panelHeight = (bottom - top - gap) / 2;
  const double duration = rows.empty() ? 1.0 : std::max(rows.back().time, 1e-3);
  const double yMax = 3.0;
  const auto xOf = [&](double t) {
    return left + static_cast<int>(std::lround(t / duration * (right - left)));
  };

  canvas.text(left, 10,
              "phosphene analyze: top bass, mid, treb - bottom the _att values (1 = usual level)",
              kAxis);
  const Series panels[2][3] = {{{"bass", &Row::bass, kBassColour},
                                {"mid", &Row::mid, kMidColour},
                                {"treb", &Row::treb, kTrebColour}},
                               {{"bass_att", &Row::bass_att, kBassColour},
                                {"mid_att", &Row::mid_att, kMidColour},
                                {"treb_att", &Row::treb_att, kTrebColour}}};
  for (int p = 0; p < 2; ++p) {
    const int y0 = top + p * (panelHeight + gap), y1 = y0 + panelHeight;
    const auto yOf = [&](double v) {
      v = std::clamp(v, 0.0, yMax);
      return y1 - static_cast<int>(std::lround(v / yMax * panelHeight));
    };
    for (const Row& r : rows)
      if (r.beat) canvas.line(xOf(r.time), y0, xOf(r.time), y1, kBeatColour);
    for (int g = 0; g <= 3; ++g) {
      canvas.line(left, yOf(g), right, yOf(g), g == 1 ? Rgb{170, 170, 170} : kGrid);
      const std::string label = formatNumber(g);
      canvas.text(left - 12 - canvas.textWidth(label), yOf(g) - canvas.capHeight() / 2, label,
                  kAxis);
    }
    for (const Series& s : panels[p]) {
      for (std::size_t i = 1; i < rows.size(); ++i)
        canvas.line(xOf(rows[i - 1].time), yOf(rows[i - 1].*s.field), xOf(rows[i].time),
                    yOf(rows[i].*s.field), s.colour);
    }
    canvas.line(left, y0, left, y1, kAxis);
    canvas.line(left, y1, right, y1, kAxis);
    // Legend: coloured swatch + name per series, right-aligned at the top of the panel.
    const auto entryWidth = [&](const char* name) { return 20 + canvas.textWidth(name) + 16; };
    int legendWidth = entryWidth("beat");
    for (const Series& s : panels[p]) legendWidth += entryWidth(s.name);
    int lx = right - legendWidth;
    canvas.rect(lx - 6, y0 + 1, right, y0 + 18, {255, 255, 255});
    for (const Series& s : panels[p]) {
      canvas.rect(lx, y0 + 4, lx + 14, y0 + 14, s.colour);
      canvas.text(lx + 20, y0 + 2, s.name, kAxis);
      lx += entryWidth(s.name);
    }
    canvas.rect(lx, y0 + 4, lx + 14, y0 + 14, kBeatColour);
    canvas.text(lx + 20, y0 + 2, "beat", kAxis);
  }
  // Time axis: about ten ticks at a round step.
  const double rawStep = duration / 10.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rawStep)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * magnitude >= rawStep) {
      step = m * magnitude;
      break;
    }
  for (double t = 0.0; t <= duration + 1e-9; t += step) {
    canvas.line(xOf(t), bottom, xOf(t), bottom + 5, kAxis);
    const std::string label = formatNumber(t);
    canvas.text(xOf(t) - canvas.textWidth(label) / 2, bottom + 10, label, kAxis);
  }
  const std::string axisName = "time (s)";
  canvas.text((left + right - canvas.textWidth(axisName)) / 2, bottom + 30, axisName, kAxis);
  return platform::writePng(path, canvas.image(), error);
}

}  // namespace

int runAnalyze(const Args& args) {
  ArgParser parser("analyze", "AUDIO [--fps N] [--csv FILE] [--plot FILE.png]",
                   "Decodes AUDIO (WAV, FLAC, OGG, MP3, ... via libsndfile) and prints MilkDrop's\n"
                   "audio analysis once per video frame as CSV: frame,time,bass,mid,treb,\n"
                   "bass_att,mid_att,treb_att,vol,beat. The audio goes through the same C API\n"
                   "calls a host makes (phosphene_engine_add_pcm_float, phosphene_engine_advance,\n"
                   "phosphene_engine_get_audio).");
  double fps = 60.0;
  Size plot{1200, 600};
  std::optional<std::string> csvPath, plotPath;
  parser.positionals("AUDIO", "the audio file to analyse", 1, 1);
  parser.number("fps", "N", "video frames per second (default 60)", fps, {1, 1000});
  parser.text("csv", "FILE", "write the CSV to FILE instead of standard output", csvPath);
  parser.text("plot", "FILE.png", "also draw the levels and beats over time as a PNG", plotPath);
  parser.size("plot-size", "WxH", "size of the plot in pixels (default 1200x600)", plot,
              {{400, 200}, {8192, 8192}});
  if (!parser.parse(args)) return parser.helpRequested() ? 0 : 2;

  const std::string& path = parser.positional()[0];
  std::string error;
  auto file = AudioFile::open(path, error);
  if (!file) {
    std::fprintf(stderr, "phosphene analyze: error %s\n", error.c_str());
    return 1;
  }
  if (!file->truncationWarning().empty())
    std::fprintf(stderr, "phosphene analyze: warning %s\n", file->truncationWarning().c_str());

  std::vector<Row> rows;
  if (!analyzeFile(*file, fps, rows, error)) {
    std::fprintf(stderr, "phosphene analyze: error %s\n", error.c_str());
    return 1;
  }

  if (csvPath) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(csvPath->c_str(), "w"),
                                                        &std::fclose);
    if (!out || !writeCsv(out.get(), rows)) {
      std::fprintf(stderr, "phosphene analyze: error [IO003] %s: cannot write the CSV\n",
                   csvPath->c_str());
      return 1;
    }
  } else if (!writeCsv(stdout, rows)) {
    return 1;
  }
  if (plotPath) {
    if (!writePlot(*plotPath, rows, plot.width, plot.height, error)) {
      std::fprintf(stderr, "phosphene analyze: error [IO003] %s: %s\n", plotPath->c_str(),
                   error.c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace phosphene::cli
