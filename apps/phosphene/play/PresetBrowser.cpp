#include "PresetBrowser.hpp"

#include <algorithm>
#include <cctype>

namespace phosphene::play {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> words(std::string_view query) {
  std::vector<std::string> out;
  std::string word;
  for (char c : query) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) out.push_back(lower(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(lower(word));
  return out;
}

}  // namespace

void PresetBrowser::setItems(std::vector<BrowserItem> items) {
  items_ = std::move(items);
  refilter();
}

void PresetBrowser::type(std::string_view text) {
  query_ += text;
  refilter();
}

void PresetBrowser::backspace() {
  if (query_.empty()) return;
  std::size_t end = query_.size() - 1;
  // Continuation bytes (10xxxxxx) belong to the character that starts before them.
  while (end > 0 && (static_cast<unsigned char>(query_[end]) & 0xC0) == 0x80) --end;
  query_.erase(end);
  refilter();
}

void PresetBrowser::clearQuery() {
  query_.clear();
  refilter();
}

void PresetBrowser::refilter() {
  const auto wanted = words(query_);
  matches_.clear();
  for (std::size_t i = 0; i < items_.size(); ++i) {
    const std::string name = lower(items_[i].name);
    const bool all = std::all_of(wanted.begin(), wanted.end(), [&](const std::string& w) {
      return name.find(w) != std::string::npos;
    });
    if (all) matches_.push_back(i);
  }
  std::stable_partition(matches_.begin(), matches_.end(),
                        [&](std::size_t i) { return items_[i].favourite; });
  selected_ = 0;
}

void PresetBrowser::move(int delta) {
  if (matches_.empty()) {
    selected_ = 0;
    return;
  }
  const long long last = static_cast<long long>(matches_.size()) - 1;
  const long long next = std::clamp<long long>(static_cast<long long>(selected_) + delta, 0, last);
  selected_ = static_cast<std::size_t>(next);
}

std::optional<std::uint32_t> PresetBrowser::selectedIndex() const {
  if (matches_.empty()) return std::nullopt;
  return items_[matches_[selected_]].index;
}

std::size_t PresetBrowser::firstVisible(std::size_t rows) const {
  if (rows == 0 || selected_ < rows / 2) return 0;
  const std::size_t first = selected_ - rows / 2;
  const std::size_t maxFirst = matches_.size() > rows ? matches_.size() - rows : 0;
  return std::min(first, maxFirst);
}

}  // namespace phosphene::play
