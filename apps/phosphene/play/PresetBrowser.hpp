#pragma once
// The preset browser's logic, without any drawing: a query typed by the user filters the
// playlist's names (every word must occur, case-insensitively), favourites come first, the
// arrows move a selection, Enter takes the selected playlist index. Unit-tested on its own.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::play {

struct BrowserItem {
  std::uint32_t index = 0;  // in the engine's playlist
  std::string name;
  bool favourite = false;
};

class PresetBrowser {
 public:
  void setItems(std::vector<BrowserItem> items);
  /// Appends typed text (UTF-8) to the query.
  void type(std::string_view text);
  /// Removes the query's last character (a whole UTF-8 sequence).
  void backspace();
  void clearQuery();
  const std::string& query() const { return query_; }

  /// Items matching the query: favourites first, then playlist order. Positions into items().
  const std::vector<std::size_t>& matches() const { return matches_; }
  const std::vector<BrowserItem>& items() const { return items_; }

  /// Moves the selection by `delta` rows, clamped to the matches.
  void move(int delta);
  /// Position of the selection in matches() (0 when there are none).
  std::size_t selected() const { return selected_; }
  /// The playlist index of the selected match, if any.
  std::optional<std::uint32_t> selectedIndex() const;
  /// First match to show so the selection stays visible in `rows` rows.
  std::size_t firstVisible(std::size_t rows) const;

 private:
  void refilter();
  std::vector<BrowserItem> items_;
  std::string query_;
  std::vector<std::size_t> matches_;
  std::size_t selected_ = 0;
};

}  // namespace phosphene::play
