// MilkDrop 2's sprites, custom messages and song title in the player: milk_img.ini and
// milk_msg.ini read from the configuration's folder, the two-digit launches (LaunchKeys) and
// Delete as MD2 has them (vis_milk2/plugin.cpp: VK_DELETE kills the newest sprite, Shift the
// oldest, Ctrl+Shift all; in message mode it stops the message).

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

#include "IniDiagnostics.hpp"
#include "PlayerSession.hpp"

namespace phosphene::play {
namespace {

void printDiagnostics(const phosphene_engine* engine, std::uint32_t count,
                      cli::DiagnosticReader read, const std::filesystem::path& file) {
  cli::printIniDiagnostics("phosphene play", engine, count, read, file.string());
}

bool isFile(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec);
}

}  // namespace

void PlayerSession::setUpLaunches() {
  if (run_.userFilesDir.empty()) return;
  phosphene_engine* engine = engine_.get();
  const std::filesystem::path sprites = run_.userFilesDir / "milk_img.ini";
  if (isFile(sprites)) {
    const phosphene_result r = phosphene_sprite_load_ini_file(engine, sprites.string().c_str());
    if (r != PHOSPHENE_OK)
      say("sprites: " + sprites.string() + ": " + phosphene_result_string(r), true);
    else
      std::fprintf(stderr, "phosphene play: sprites: %s\n", sprites.string().c_str());
    printDiagnostics(engine, phosphene_sprite_diagnostic_count(engine),
                     &phosphene_sprite_diagnostic, sprites);
    spritesLoaded_ = r == PHOSPHENE_OK;
  }
  const std::filesystem::path messages = run_.userFilesDir / "milk_msg.ini";
  if (isFile(messages)) {
    const phosphene_result r =
        phosphene_engine_load_messages_file(engine, messages.string().c_str());
    if (r != PHOSPHENE_OK)
      say("messages: " + messages.string() + ": " + phosphene_result_string(r), true);
    else
      std::fprintf(stderr, "phosphene play: messages: %s\n", messages.string().c_str());
    printDiagnostics(engine, phosphene_engine_message_diagnostic_count(engine),
                     &phosphene_engine_message_diagnostic, messages);
    messagesLoaded_ = r == PHOSPHENE_OK;
  }
}

void PlayerSession::launchMode(LaunchMode mode) {
  launchKeys_.setMode(mode);
  say(std::string("two digits: ") + launchModeName(mode) + " 00..99");
}

void PlayerSession::launchDigit(int digit) {
  const auto launch = launchKeys_.digit(digit);
  if (!launch) return;
  phosphene_engine* engine = engine_.get();
  char number[8];
  std::snprintf(number, sizeof number, "%02d", launch->number);
  const std::filesystem::path folder = run_.userFilesDir;
  switch (launch->mode) {
    case LaunchMode::Message: {
      const phosphene_result r = phosphene_engine_launch_message(engine, launch->number);
      if (r == PHOSPHENE_OK)
        std::fprintf(stderr, "phosphene play: message %s\n", number);
      else if (!messagesLoaded_)
        say(std::string("message ") + number + ": no " + (folder / "milk_msg.ini").string(), true);
      else
        say(std::string("message ") + number + ": not in milk_msg.ini", true);
      break;
    }
    case LaunchMode::Sprite: {
      std::uint32_t id = 0;
      const phosphene_result r = phosphene_sprite_launch(engine, launch->number, &id);
      if (r == PHOSPHENE_OK) {
        launchedSprites_.push_back({id, launch->number});
        std::fprintf(stderr, "phosphene play: sprite %s\n", number);
      } else if (!spritesLoaded_) {
        say(std::string("sprite ") + number + ": no " + (folder / "milk_img.ini").string(), true);
      } else {
        say(std::string("sprite ") + number + ": " + phosphene_result_string(r), true);
      }
      printDiagnostics(engine, phosphene_sprite_diagnostic_count(engine),
                       &phosphene_sprite_diagnostic, folder / "milk_img.ini");
      break;
    }
    case LaunchMode::KillSprite: {
      int killed = 0;
      for (const auto& s : launchedSprites_)
        if (s.number == launch->number && phosphene_sprite_kill(engine, s.id) == PHOSPHENE_OK)
          ++killed;
      std::fprintf(stderr, "phosphene play: sprites %s killed: %d\n", number, killed);
      break;
    }
  }
}

void PlayerSession::deleteLaunched(bool shift, bool ctrl) {
  launchKeys_.clear();
  phosphene_engine* engine = engine_.get();
  if (launchKeys_.mode() == LaunchMode::Message) {
    phosphene_engine_stop_message(engine);
    return;
  }
  if (shift && ctrl) {
    phosphene_sprite_kill_all(engine);
    return;
  }
  // Newest and oldest by launch; sprites the host did not launch here count by draw order.
  if (!launchedSprites_.empty()) {
    const LaunchedSprite victim = shift ? launchedSprites_.front() : launchedSprites_.back();
    phosphene_sprite_kill(engine, victim.id);
    spriteEnded(victim.id);
    return;
  }
  std::uint32_t ids[PHOSPHENE_MAX_SPRITES] = {};
  const std::uint32_t n = std::min<std::uint32_t>(
      phosphene_sprite_ids(engine, ids, PHOSPHENE_MAX_SPRITES), PHOSPHENE_MAX_SPRITES);
  if (n > 0) phosphene_sprite_kill(engine, shift ? ids[0] : ids[n - 1]);
}

void PlayerSession::spriteEnded(std::uint64_t id) {
  std::erase_if(launchedSprites_, [id](const LaunchedSprite& s) { return s.id == id; });
}

void PlayerSession::songTitle(const std::string& title) {
  if (!settings_.overlay.showSongTitle || title.empty()) return;
  phosphene_engine_show_song_title(engine_.get(), title.c_str());
}

}  // namespace phosphene::play
