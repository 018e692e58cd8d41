# Sourced by the player's session scripts: end_player ends the player started in the background
# ($player_pid, stderr in $dir/stderr.txt) the way a desktop does (SIGTERM, which SDL turns into a
# quit) and fails unless it exits 0 after printing its frame count.
end_player() {
  kill -TERM "$player_pid"
  wait "$player_pid"
  local rc=$?
  player_pid=""
  [ $rc -eq 0 ] || fail "the player's exit status was $rc"
  grep -q "^phosphene play: [0-9]* frames$" "$dir/stderr.txt" || fail "no frame count at exit"
}
