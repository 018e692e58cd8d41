// phosphene.Engine's messages (phosphene_message.h): milk_msg.ini, custom messages, the song
// title and the preset name. Added to the _Engine class registerEngine made, so that file stays
// about engines and frames.
#include <string>

#include "EngineCore.hpp"

namespace phosphene::python {
namespace {

std::vector<Diagnostic> messageDiagnostics(const phosphene_engine* engine) {
  return copyDiagnostics(phosphene_engine_message_diagnostic_count(engine),
                         [engine](uint32_t i, phosphene_diagnostic* d) {
                           return phosphene_engine_message_diagnostic(engine, i, d);
                         });
}

}  // namespace

void registerMessages(py::module_& m) {
  auto engine = py::reinterpret_borrow<py::class_<EngineCore, std::shared_ptr<EngineCore>>>(
      m.attr("_Engine"));
  engine
      .def(
          "load_messages",
          [](EngineCore& c, const std::string& text) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_load_messages_text(c.get(), text.data(), text.size()),
                        "load_messages");
            return messageDiagnostics(c.get());
          },
          py::arg("text"),
          "Loads milk_msg.ini text (MilkDrop's custom messages): its diagnostics (MSG001..).")
      .def(
          "load_messages_file",
          [](EngineCore& c, const std::string& path) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_load_messages_file(c.get(), path.c_str()),
                        "load_messages_file");
            return messageDiagnostics(c.get());
          },
          py::arg("path"), "Loads a milk_msg.ini file: its diagnostics.")
      .def(
          "launch_message",
          [](EngineCore& c, int number) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_launch_message(c.get(), number), "launch_message");
          },
          py::arg("number"), "Shows message 0..99 of the loaded file now; -1: a random one.")
      .def(
          "show_message",
          [](EngineCore& c, const std::string& text, float size, float x, float y, float growth,
             float time, float fade, std::tuple<int, int, int> color) {
            phosphene_message_desc d;
            phosphene_message_desc_init(&d);
            d.text = text.c_str();
            d.size = size;
            d.x = x;
            d.y = y;
            d.growth = growth;
            d.time = time;
            d.fade = fade;
            d.r = std::get<0>(color);
            d.g = std::get<1>(color);
            d.b = std::get<2>(color);
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_show_message(c.get(), &d), "show_message");
          },
          py::arg("text"), py::kw_only(), py::arg("size") = 50.0f, py::arg("x") = 0.5f,
          py::arg("y") = 0.5f, py::arg("growth") = 1.0f, py::arg("time") = 1.5f,
          py::arg("fade") = 0.2f, py::arg("color") = std::tuple<int, int, int>(-1, -1, -1),
          "Shows a message now with MilkDrop's defaults (size 0..100, (x, y) from the upper "
          "left, color 0..255 or -1 for font 0's).")
      .def(
          "show_song_title",
          [](EngineCore& c, const std::string& title) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_show_song_title(c.get(), title.c_str()),
                        "show_song_title");
          },
          py::arg("title"), "Plays MilkDrop's song title animation with `title`.")
      .def(
          "stop_message",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_stop_message(c.get()), "stop_message");
          },
          "Stops the message or title showing.")
      .def_property_readonly(
          "message_showing",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return phosphene_engine_message_showing(c.get()) != 0;
          },
          "True while a message or song title is showing.")
      .def(
          "show_preset_name",
          [](EngineCore& c, float seconds) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_show_preset_name(c.get(), seconds), "show_preset_name");
          },
          py::arg("seconds") = 3.0f, "Writes the preset name top right for `seconds`.")
      .def(
          "set_preset_name_display",
          [](EngineCore& c, bool always, float onSwitch) {
            std::lock_guard lock(c.mutex());
            checkResult(c,
                        phosphene_engine_set_preset_name_display(c.get(), always ? 1 : 0, onSwitch),
                        "set_preset_name_display");
          },
          py::arg("always"), py::arg("on_switch") = 0.0f,
          "Preset name always (MilkDrop's F4), and/or for `on_switch` seconds after each switch.")
      .def(
          "set_message_font",
          [](EngineCore& c, const std::string& font) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_set_message_font(c.get(), font.c_str()),
                        "set_message_font");
          },
          py::arg("font"), "Font file for messages, or 'built-in', or '' for a system font.");
}

}  // namespace phosphene::python
