#include "MprisWatcher.hpp"

#include <dbus/dbus.h>

#include <mutex>
#include <stop_token>
#include <string_view>
#include <thread>
#include <utility>

#include "MprisMessages.hpp"

namespace phosphene::play {
namespace {

constexpr std::string_view kMprisPrefix = "org.mpris.MediaPlayer2.";
constexpr const char* kMprisPath = "/org/mpris/MediaPlayer2";
constexpr const char* kPlayerInterface = "org.mpris.MediaPlayer2.Player";
// A player that does not answer within this is skipped; only the watcher's thread waits.
constexpr int kCallTimeoutMs = 1000;
// How long the thread sleeps in the bus's poll: the most the destructor waits for it.
constexpr int kPollMs = 100;

struct MessageDeleter {
  void operator()(DBusMessage* m) const { dbus_message_unref(m); }
};
using MessagePtr = std::unique_ptr<DBusMessage, MessageDeleter>;

// A private connection (not libdbus's shared one, which SDL may use too), so closing it is ours.
struct ConnectionDeleter {
  void operator()(DBusConnection* c) const {
    dbus_connection_close(c);
    dbus_connection_unref(c);
  }
};
using ConnectionPtr = std::unique_ptr<DBusConnection, ConnectionDeleter>;

class Error {
 public:
  Error() { dbus_error_init(&error_); }
  ~Error() { dbus_error_free(&error_); }
  Error(const Error&) = delete;
  Error& operator=(const Error&) = delete;
  DBusError* get() { return &error_; }
  bool set() const { return dbus_error_is_set(&error_); }
  std::string message() const { return error_.message ? error_.message : "unknown error"; }

 private:
  DBusError error_;
};

}  // namespace

struct MprisWatcher::Impl {
  std::mutex mutex;  // guards `news`, the only state both threads touch
  MprisNews news;
  std::jthread thread;  // last: stopped and joined before the members above go

  void tell(std::string message) {
    std::lock_guard lock(mutex);
    news.messages.push_back(std::move(message));
  }
  void run(std::stop_token stop);
};

namespace {

// The bus conversation, on the watcher's thread only.
class BusReader {
 public:
  BusReader(DBusConnection* c, MprisPlayers& players) : c_(c), players_(players) {}

  MessagePtr call(const char* dest, const char* path, const char* iface, const char* method,
                  const char* arg = nullptr) {
    MessagePtr m(dbus_message_new_method_call(dest, path, iface, method));
    if (!m) return nullptr;
    if (arg && !dbus_message_append_args(m.get(), DBUS_TYPE_STRING, &arg, DBUS_TYPE_INVALID))
      return nullptr;
    Error error;
    return MessagePtr(
        dbus_connection_send_with_reply_and_block(c_, m.get(), kCallTimeoutMs, error.get()));
  }

  void addExisting() {
    MessagePtr reply =
        call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames");
    if (!reply) return;
    DBusMessageIter args, names;
    if (!dbus_message_iter_init(reply.get(), &args) ||
        dbus_message_iter_get_arg_type(&args) != DBUS_TYPE_ARRAY)
      return;
    dbus_message_iter_recurse(&args, &names);
    for (; dbus_message_iter_get_arg_type(&names) == DBUS_TYPE_STRING;
         dbus_message_iter_next(&names)) {
      const std::string name = stringAt(&names);
      if (name.rfind(kMprisPrefix, 0) != 0) continue;
      MessagePtr owner = call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                              "org.freedesktop.DBus", "GetNameOwner", name.c_str());
      DBusMessageIter o;
      if (owner && dbus_message_iter_init(owner.get(), &o)) addPlayer(stringAt(&o), name);
    }
  }

  void handle(DBusMessage* m) {
    if (dbus_message_is_signal(m, "org.freedesktop.DBus", "NameOwnerChanged")) {
      const char *name = nullptr, *before = nullptr, *after = nullptr;
      if (!dbus_message_get_args(m, nullptr, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &before,
                                 DBUS_TYPE_STRING, &after, DBUS_TYPE_INVALID) ||
          std::string_view(name).rfind(kMprisPrefix, 0) != 0)
        return;
      if (*before) players_.remove(before);
      if (*after) addPlayer(after, name);
    } else if (dbus_message_is_signal(m, "org.freedesktop.DBus.Properties", "PropertiesChanged")) {
      const char* sender = dbus_message_get_sender(m);
      DBusMessageIter args;
      if (!sender || !dbus_message_iter_init(m, &args) || stringAt(&args) != kPlayerInterface ||
          !dbus_message_iter_next(&args))
        return;
      apply(sender, readMprisProperties(&args));
      // Properties named as invalidated come without values: ask for them.
      if (dbus_message_iter_next(&args) &&
          dbus_message_iter_get_arg_type(&args) == DBUS_TYPE_ARRAY) {
        DBusMessageIter names;
        dbus_message_iter_recurse(&args, &names);
        if (dbus_message_iter_get_arg_type(&names) == DBUS_TYPE_STRING) readAll(sender);
      }
    }
  }

 private:
  void addPlayer(const std::string& owner, const std::string& name) {
    if (owner.empty()) return;
    players_.add(owner, name);
    readAll(owner);
  }

  void readAll(const std::string& owner) {
    MessagePtr reply = call(owner.c_str(), kMprisPath, "org.freedesktop.DBus.Properties", "GetAll",
                            kPlayerInterface);
    DBusMessageIter args;
    if (reply && dbus_message_get_type(reply.get()) == DBUS_MESSAGE_TYPE_METHOD_RETURN &&
        dbus_message_iter_init(reply.get(), &args))
      apply(owner, readMprisProperties(&args));
  }

  void apply(const std::string& owner, const MprisProperties& props) {
    if (props.track) players_.setTrack(owner, *props.track);
    if (props.playbackStatus) players_.setStatus(owner, *props.playbackStatus);
  }

  DBusConnection* c_;
  MprisPlayers& players_;
};

}  // namespace

void MprisWatcher::Impl::run(std::stop_token stop) {
  Error error;
  ConnectionPtr connection(dbus_bus_get_private(DBUS_BUS_SESSION, error.get()));
  if (!connection) {
    tell("mpris: no session bus (" + error.message() + "): no song titles from media players");
    return;
  }
  DBusConnection* c = connection.get();
  dbus_connection_set_exit_on_disconnect(c, FALSE);  // libdbus would end the whole program
  dbus_bus_add_match(c,
                     "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                     "member='NameOwnerChanged',arg0namespace='org.mpris.MediaPlayer2'",
                     error.get());
  if (!error.set())
    dbus_bus_add_match(c,
                       "type='signal',interface='org.freedesktop.DBus.Properties',"
                       "member='PropertiesChanged',path='/org/mpris/MediaPlayer2'",
                       error.get());
  if (error.set()) {
    tell("mpris: the session bus refused to watch media players: " + error.message());
    return;
  }
  tell("mpris: watching the session bus for media players");
  MprisPlayers players;
  BusReader reader(c, players);
  reader.addExisting();
  while (true) {
    if (auto change = players.change()) {
      std::lock_guard lock(mutex);
      news.track = std::move(change);
    }
    if (stop.stop_requested()) return;
    if (!dbus_connection_read_write(c, kPollMs)) {
      tell("mpris: the session bus went away: no more song titles from media players");
      return;
    }
    while (MessagePtr m{dbus_connection_pop_message(c)}) reader.handle(m.get());
  }
}

MprisWatcher::MprisWatcher(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MprisWatcher::~MprisWatcher() = default;

MprisNews MprisWatcher::take() {
  // try_lock: the watcher holds the lock only to move a few strings, but a frame never waits.
  std::unique_lock lock(impl_->mutex, std::try_to_lock);
  if (!lock.owns_lock()) return {};
  return std::exchange(impl_->news, {});
}

std::unique_ptr<MprisWatcher> startMprisWatcher(std::string&) {
  auto impl = std::make_unique<MprisWatcher::Impl>();
  MprisWatcher::Impl* self = impl.get();
  self->thread = std::jthread([self](std::stop_token stop) { self->run(std::move(stop)); });
  return std::make_unique<MprisWatcher>(std::move(impl));
}

}  // namespace phosphene::play
