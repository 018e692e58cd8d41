// Engine.playlist: the engine's own playlist (phosphene_playlist), kept alive by a reference to
// the engine; every call fails with phosphene.Error once the engine is closed.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "EngineCore.hpp"
#include "Limits.hpp"

namespace phosphene::python {
namespace {

class Playlist {
 public:
  explicit Playlist(std::shared_ptr<EngineCore> core) : core_(std::move(core)) {}

  // Runs `body(playlist)` under the engine's lock.
  template <typename F>
  auto with(F&& body) {
    std::lock_guard lock(core_->mutex());
    return body(phosphene_engine_get_playlist(core_->get()));
  }
  void check(phosphene_result rc, const std::string& what) {
    if (rc == PHOSPHENE_ERROR_NOT_FOUND) throw py::index_error(what + ": not found");
    if (rc == PHOSPHENE_ERROR_IO)
      throw py::value_error(what + ": cannot read: " + core_->lastError());
    if (rc != PHOSPHENE_OK)
      throw py::value_error(what + ": " + phosphene_result_string(rc) + ": " + core_->lastError());
  }
  std::uint64_t play(phosphene_playlist_move move, std::uint32_t index,
                     std::optional<double> transition) {
    phosphene_transition_desc t;
    phosphene_transition_desc_init(&t);
    if (transition) {
      checkTransitionSeconds(*transition, ", or None (the playlist's default)");
      t.style = *transition == 0.0 ? PHOSPHENE_TRANSITION_HARD_CUT : PHOSPHENE_TRANSITION_BLEND;
      t.seconds = *transition;
    }
    std::uint64_t request = 0;
    const phosphene_result rc = with([&](phosphene_playlist* p) {
      return phosphene_playlist_play(p, move, index, &t, &request);
    });
    check(rc, "play");
    return request;
  }
  std::uint32_t checkedIndex(std::int64_t index) {
    const auto n = static_cast<std::int64_t>(size());
    if (index < 0) index += n;
    if (index < 0 || index >= n) throw py::index_error("playlist index out of range");
    return static_cast<std::uint32_t>(index);
  }
  std::uint32_t size() {
    return with([](phosphene_playlist* p) { return phosphene_playlist_size(p); });
  }
  bool shuffle = false;  // the C API has a setter only

 private:
  std::shared_ptr<EngineCore> core_;
};

}  // namespace

void registerPlaylist(py::module_& m) {
  py::class_<Playlist>(m, "Playlist",
                       "The engine's playlist (Engine.playlist): folders and files of presets, "
                       "filters, sorting, shuffle, history, ratings and favourites. Moves "
                       "(next, previous, random, play) switch the engine and return the switch's "
                       "request id, which its events carry.")
      .def(
          "add_folder",
          [](Playlist& pl, const std::string& path, bool recursive) {
            std::uint32_t added = 0;
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_add_folder(p, path.c_str(), recursive ? 1 : 0, &added);
            }),
                     "add_folder " + path);
            return added;
          },
          py::arg("path"), py::arg("recursive") = false,
          "Adds every .milk file of a folder (sorted by path); returns how many were added.")
      .def(
          "add_file",
          [](Playlist& pl, const std::string& path) {
            const phosphene_result rc = pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_add_file(p, path.c_str());
            });
            if (rc == PHOSPHENE_ERROR_NOT_FOUND) return false;
            pl.check(rc, "add_file " + path);
            return true;
          },
          py::arg("path"),
          "Adds one .milk file (read when played); False when filtered out or already listed.")
      .def(
          "add_text",
          [](Playlist& pl, const std::string& text, const std::string& name) {
            phosphene_preset* preset = nullptr;
            phosphene_preset_create_from_text(text.data(), text.size(), name.c_str(), &preset);
            const phosphene_result status = phosphene_preset_status(preset);
            const phosphene_result rc =
                status != PHOSPHENE_OK ? status : pl.with([&](phosphene_playlist* p) {
                  return phosphene_playlist_add_preset(p, preset);
                });
            phosphene_preset_destroy(preset);  // the playlist keeps its own reference
            pl.check(rc, "add_text " + name);
          },
          py::arg("text"), py::arg("name"), "Adds a preset given as .milk text.")
      .def(
          "set_filters",
          [](Playlist& pl, const std::vector<std::string>& rules) {
            std::vector<const char*> r;
            for (const std::string& s : rules) r.push_back(s.c_str());
            std::uint32_t removed = 0;
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_set_filters(p, r.data(), r.size(), &removed);
            }),
                     "set_filters");
            return removed;
          },
          py::arg("rules"),
          "Filter rules ('+glob' keeps, '-glob' drops; first match wins); returns the number "
          "of listed items removed.")
      .def(
          "sort",
          [](Playlist& pl, const std::string& key) {
            if (key != "name" && key != "path")
              throw py::value_error("sort key must be 'name' or 'path'");
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_sort(
                  p, key == "name" ? PHOSPHENE_SORT_BY_NAME : PHOSPHENE_SORT_BY_PATH);
            }),
                     "sort");
          },
          py::arg("key") = "name", "Sorts the list by 'name' or 'path' (stable).")
      .def(
          "remove",
          [](Playlist& pl, std::int64_t index) {
            const std::uint32_t i = pl.checkedIndex(index);
            pl.check(
                pl.with([&](phosphene_playlist* p) { return phosphene_playlist_remove(p, i); }),
                "remove");
          },
          py::arg("index"), "Removes item `index`.")
      .def(
          "clear",
          [](Playlist& pl) {
            pl.check(pl.with([](phosphene_playlist* p) { return phosphene_playlist_clear(p); }),
                     "clear");
          },
          "Removes every item.")
      .def("__len__", &Playlist::size)
      .def(
          "__getitem__",
          [](Playlist& pl, std::int64_t index) {
            const std::uint32_t i = pl.checkedIndex(index);
            return pl.with([&](phosphene_playlist* p) {
              return std::make_pair(std::string(phosphene_playlist_item_name(p, i)),
                                    std::string(phosphene_playlist_item_path(p, i)));
            });
          },
          "(name, path) of item `index`.")
      .def_property_readonly(
          "position",
          [](Playlist& pl) {
            return pl.with([](phosphene_playlist* p) { return phosphene_playlist_position(p); });
          },
          "Index of the item played last; -1 when none.")
      .def_property(
          "shuffle", [](Playlist& pl) { return pl.shuffle; },
          [](Playlist& pl, bool on) {
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_set_shuffle(p, on ? 1 : 0);
            }),
                     "shuffle");
            pl.shuffle = on;
          },
          "next() walks a random order without repeats (True) or the list order (False).")
      .def(
          "set_retry",
          [](Playlist& pl, int count, bool dropFailed) {
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_set_retry(p, count, dropFailed ? 1 : 0);
            }),
                     "set_retry");
          },
          py::arg("count") = 1, py::arg("drop_failed") = false,
          "Skip (or, drop_failed, remove) a preset after `count` failed loads.")
      .def(
          "next",
          [](Playlist& pl, std::optional<double> t) { return pl.play(PHOSPHENE_PLAY_NEXT, 0, t); },
          py::arg("transition") = py::none(),
          "Switches to the next item. transition: seconds, 0 = cut, None = the default blend.")
      .def(
          "previous",
          [](Playlist& pl, std::optional<double> t) {
            return pl.play(PHOSPHENE_PLAY_PREVIOUS, 0, t);
          },
          py::arg("transition") = py::none(), "Switches back in the history.")
      .def(
          "random",
          [](Playlist& pl, std::optional<double> t) {
            return pl.play(PHOSPHENE_PLAY_RANDOM, 0, t);
          },
          py::arg("transition") = py::none(), "Switches to a random item weighted by rating.")
      .def(
          "play",
          [](Playlist& pl, std::int64_t index, std::optional<double> t) {
            return pl.play(PHOSPHENE_PLAY_INDEX, pl.checkedIndex(index), t);
          },
          py::arg("index"), py::arg("transition") = py::none(), "Switches to item `index`.")
      .def(
          "rating",
          [](Playlist& pl, std::int64_t index) {
            const std::uint32_t i = pl.checkedIndex(index);
            return pl.with(
                [&](phosphene_playlist* p) { return phosphene_playlist_get_rating(p, i); });
          },
          py::arg("index"), "Rating 0..5 of item `index`.")
      .def(
          "set_rating",
          [](Playlist& pl, std::int64_t index, int rating) {
            const std::uint32_t i = pl.checkedIndex(index);
            if (rating < 0 || rating > 5) throw py::value_error("rating must be 0..5");
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_set_rating(p, i, rating);
            }),
                     "set_rating");
          },
          py::arg("index"), py::arg("rating"), "Sets the rating 0..5 of item `index`.")
      .def(
          "is_favourite",
          [](Playlist& pl, std::int64_t index) {
            const std::uint32_t i = pl.checkedIndex(index);
            return pl.with(
                [&](phosphene_playlist* p) { return phosphene_playlist_is_favourite(p, i) != 0; });
          },
          py::arg("index"), "Whether item `index` is a favourite.")
      .def(
          "set_favourite",
          [](Playlist& pl, std::int64_t index, bool on) {
            const std::uint32_t i = pl.checkedIndex(index);
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_set_favourite(p, i, on ? 1 : 0);
            }),
                     "set_favourite");
          },
          py::arg("index"), py::arg("favourite") = true, "Marks or unmarks a favourite.")
      .def(
          "load_ratings",
          [](Playlist& pl, std::optional<std::string> path) {
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_load_ratings(p, path ? path->c_str() : nullptr);
            }),
                     "load_ratings");
          },
          py::arg("path") = py::none(),
          "Loads ratings and favourites (None: the XDG data folder's phosphene/ratings.txt).")
      .def(
          "save_ratings",
          [](Playlist& pl, std::optional<std::string> path) {
            pl.check(pl.with([&](phosphene_playlist* p) {
              return phosphene_playlist_save_ratings(p, path ? path->c_str() : nullptr);
            }),
                     "save_ratings");
          },
          py::arg("path") = py::none(), "Saves ratings and favourites atomically.");
  m.def(
      "_playlist",
      [](const std::shared_ptr<EngineCore>& core) {
        core->get();  // phosphene.Error when closed
        return Playlist(core);
      },
      py::arg("engine"), "The playlist of an engine (Engine.playlist).");
}

}  // namespace phosphene::python
