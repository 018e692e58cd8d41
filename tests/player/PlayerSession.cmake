# One session of `phosphene play` under Xvfb, driven by a --script, then checks of what it
# printed and of the screenshots it took (pixel counts from player_test_tool stats).
#   -DPLAYER -DTOOL -DXVFB_RUN -DSOURCE -DDIR -DCASE=picture|overlay|faults|config|es3|live|fit|
#   display|mirror
#   -DPLAYER_ENV: NAME=VALUE pairs for the player process only (PHOSPHENE_GL_TEST_ENV)
if(NOT XVFB_RUN)
  message(FATAL_ERROR "xvfb-run not found: install the xvfb package (scripts/deps.sh)")
endif()
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/presets ${DIR}/shots ${DIR}/config ${DIR}/state ${DIR}/data)

# Runs the player with ARGS under Xvfb; sets out/err/rc in the caller.
# SDL's X11 driver is required: without it SDL falls back to its offscreen driver when the X
# server cannot be reached, and the session tests something else.
# An X server resets when its last client leaves and refuses connections for a moment while it
# does: a player that closed its X connection between reading the displays and opening its window
# lost the usable area (or the window) about every other run on a loaded machine. Xvfb audits
# connections here, and the session fails if the server was left without a client before the
# player's end (no_empty_server_midway).
function(play)
  file(REMOVE ${DIR}/xvfb.log)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env XDG_CONFIG_HOME=${DIR}/config XDG_STATE_HOME=${DIR}/state
            XDG_DATA_HOME=${DIR}/data SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11 HOME=${DIR}
            ${XVFB_RUN} -a -e ${DIR}/xvfb.log -s "-screen 0 ${screen} -audit 4"
            ${CMAKE_COMMAND} -E env ${PLAYER_ENV} ${PLAYER} play ${ARGN}
    RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 240)
  file(WRITE ${DIR}/stderr.txt "${stderr}")
  set(stdout "${stdout}" PARENT_SCOPE)
  set(rc "${code}" PARENT_SCOPE)
  set(err "${stderr}" PARENT_SCOPE)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "phosphene play failed (${code}):\n${stdout}\n${stderr}")
  endif()
  no_empty_server_midway(${DIR}/xvfb.log)
endfunction()

# Fails when Xvfb's audit log shows every client gone and then a new connection: the X server
# reset in between, which a real session can lose a connection to.
function(no_empty_server_midway log)
  file(STRINGS ${log} events REGEX "client [0-9]+ (connected|disconnected)")
  if(NOT events)
    message(FATAL_ERROR "no X client connections in ${log}: was -audit ignored?")
  endif()
  set(open 0)
  set(emptied OFF)
  foreach(event IN LISTS events)
    if(event MATCHES "client [0-9]+ connected")
      if(emptied)
        message(FATAL_ERROR "the X server was left without clients and connected again "
                            "(it resets in between):\n${events}")
      endif()
      math(EXPR open "${open} + 1")
    else()
      math(EXPR open "${open} - 1")
      if(open EQUAL 0)
        set(emptied ON)
      endif()
    endif()
  endforeach()
endfunction()

# stats(PNG X0 Y0 X1 Y1): sets lit / bright / pixels for the box (percent of the image).
function(stats png x0 y0 x1 y1)
  if(NOT EXISTS ${png})
    message(FATAL_ERROR "no screenshot ${png}:\n${err}")
  endif()
  execute_process(COMMAND ${TOOL} stats ${png} ${x0} ${y0} ${x1} ${y1}
    OUTPUT_VARIABLE o RESULT_VARIABLE code)
  if(NOT code EQUAL 0 OR NOT o MATCHES "pixels=([0-9]+) lit=([0-9]+) bright=([0-9]+)")
    message(FATAL_ERROR "cannot read ${png}: ${o}")
  endif()
  set(pixels ${CMAKE_MATCH_1} PARENT_SCOPE)
  set(lit ${CMAKE_MATCH_2} PARENT_SCOPE)
  set(bright ${CMAKE_MATCH_3} PARENT_SCOPE)
  message("${png} [${x0},${y0})-(${x1},${y1}): ${o}")
endfunction()

function(expect_in text what)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${what}' in the player's output:\n${text}")
  endif()
endfunction()

set(screen 1280x720x24)  # Xvfb's screen; a case may change it before calling play()
set(common --fixed-fps --size 640x360 --no-shuffle --seed 7)

if(CASE STREQUAL "picture")
  # Real presets, a WAV with tags as the music: a picture that is not black, the song's title,
  # the config written on first run, Ctrl+S writing a PNG.
  execute_process(COMMAND ${TOOL} wav ${DIR}/song.wav RESULT_VARIABLE code)
  file(GLOB ours ${SOURCE}/presets/*.milk)
  file(COPY ${ours} DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt "90 screenshot ${DIR}/picture.png\n95 key ctrl+s\n100 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --screenshot-dir ${DIR}/shots
       ${common} ${DIR}/song.wav)
  stats(${DIR}/picture.png 0 0 100 100)
  math(EXPR min "${pixels} / 5")
  if(lit LESS min)
    message(FATAL_ERROR "the picture is (nearly) black: ${lit} of ${pixels} pixels lit")
  endif()
  expect_in("${err}" "playing: Phosphene Test Band - Two Bars of Demo")
  expect_in("${err}" "wrote the default settings to ${DIR}/config/phosphene/phosphene.toml")
  if(NOT EXISTS ${DIR}/config/phosphene/phosphene.toml)
    message(FATAL_ERROR "the config file was not written")
  endif()
  file(GLOB shots ${DIR}/shots/phosphene-*.png)
  list(LENGTH shots n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "Ctrl+S: expected one PNG in ${DIR}/shots, found ${n}:\n${err}")
  endif()
  stats(${shots} 0 0 100 100)
  if(lit LESS min)
    message(FATAL_ERROR "the Ctrl+S screenshot is black")
  endif()
  if(NOT EXISTS ${DIR}/state/phosphene/window.toml)
    message(FATAL_ERROR "the window state was not remembered")
  endif()
  # A second run without --size opens at the size the first one closed with (the config says
  # 1280x720); a file that is not audio is reported and the next one plays.
  file(WRITE ${DIR}/not-audio.wav "RIFF junk")
  file(WRITE ${DIR}/script2.txt "3 screenshot ${DIR}/again.png\n4 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script2.txt --fixed-fps ${DIR}/not-audio.wav
       ${DIR}/song.wav)
  stats(${DIR}/again.png 0 0 100 100)
  if(NOT pixels EQUAL 230400)
    message(FATAL_ERROR "the remembered window size (640x360) was not restored: ${pixels} pixels")
  endif()
  expect_in("${err}" "not-audio.wav")
  expect_in("${err}" "playing: Phosphene Test Band - Two Bars of Demo")

elseif(CASE STREQUAL "overlay")
  # Black presets, so whatever is lit is the overlay: the name after n (top right), the help after
  # F1 (centre), the browser after l with typed text (left); Enter and a dropped file switch.
  file(COPY ${SOURCE}/tests/player/data/blank-a.milk ${SOURCE}/tests/player/data/blank-b.milk
       DESTINATION ${DIR}/presets)
  file(COPY ${SOURCE}/tests/player/data/blank-a.milk DESTINATION ${DIR}/dropped)
  file(RENAME ${DIR}/dropped/blank-a.milk ${DIR}/dropped/blank-dropped.milk)
  # Names show for 2 s (120 frames): the first one is gone at 150; presets load on the engine's
  # loader thread, so the switch after n gets 24 frames to start before its name is looked for.
  file(WRITE ${DIR}/script.txt
    "150 screenshot ${DIR}/black.png\n"
    "151 key n\n"
    "175 screenshot ${DIR}/name.png\n"
    "200 key F1\n"
    "205 screenshot ${DIR}/help.png\n"
    "206 key F1\n"
    "220 key l\n"
    "221 text a.milk\n"
    "230 screenshot ${DIR}/browser.png\n"
    "231 key Return\n"
    "240 drop ${DIR}/dropped/blank-dropped.milk\n"
    "245 key ctrl+c\n"
    "246 key ctrl+d\n"
    "247 key +\n"
    "248 double-click\n"
    "249 key Up\n"
    "250 key Up\n"
    "251 key Down\n"
    "255 screenshot ${DIR}/fullscreen.png\n"
    "260 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --set overlay.toast_seconds=2
       ${common})
  stats(${DIR}/black.png 0 0 100 100)
  if(lit GREATER 20)
    message(FATAL_ERROR "the blank preset is not black without overlay (${lit} pixels lit)")
  endif()
  stats(${DIR}/name.png 55 0 100 15)
  if(lit LESS 100)
    message(FATAL_ERROR "no preset name at the top right after n (${lit} pixels lit)")
  endif()
  stats(${DIR}/name.png 0 20 100 100)
  if(lit GREATER 20)
    message(FATAL_ERROR "after n, more than the name is lit (${lit} pixels)")
  endif()
  stats(${DIR}/help.png 0 0 100 100)
  if(lit LESS 3000)
    message(FATAL_ERROR "no help after F1 (${lit} pixels lit)")
  endif()
  stats(${DIR}/browser.png 0 10 60 40)
  if(lit LESS 3000)
    message(FATAL_ERROR "no browser after l (${lit} pixels lit)")
  endif()
  stats(${DIR}/browser.png 65 40 100 100)
  if(lit GREATER 20)
    message(FATAL_ERROR "the browser spills over the picture (${lit} pixels lit)")
  endif()
  string(REGEX MATCHALL "preset: [a-z-]+\\.milk" started "${err}")
  string(REPLACE ";" " " started "${started}")
  if(NOT started STREQUAL
     "preset: blank-a.milk preset: blank-b.milk preset: blank-a.milk preset: blank-dropped.milk")
    message(FATAL_ERROR "unexpected preset sequence (start, n, browser Enter, drop): ${started}")
  endif()
  expect_in("${err}" "copied: ${DIR}/dropped/blank-dropped.milk")
  file(READ ${DIR}/data/phosphene/ratings.txt ratings)
  expect_in("${ratings}" "4\t1\tblank-dropped.milk")
  # Xvfb has no window manager to resize the X window, so only SDL's side of fullscreen shows:
  # the drawable is the screen's size (the picture itself stays in the old window's corner).
  expect_in("${err}" "fullscreen on")
  # Up twice, Down once: ×1.25 steps of the engine's beat sensitivity (hard cuts are off).
  string(REGEX MATCHALL "beat sensitivity [0-9.]+" steps "${err}")
  if(NOT steps STREQUAL "beat sensitivity 1.25;beat sensitivity 1.56;beat sensitivity 1.25")
    message(FATAL_ERROR "Up, Up, Down gave: ${steps}")
  endif()
  expect_in("${err}" "(hard cuts are off)")
  stats(${DIR}/fullscreen.png 0 0 100 100)
  if(NOT pixels EQUAL 921600)
    message(FATAL_ERROR "double-click: not fullscreen on the 1280x720 screen (${pixels} pixels)")
  endif()

elseif(CASE STREQUAL "faults")
  # A broken preset is skipped with a message; a preset over the time budget is cut off and the
  # frames keep coming.
  file(WRITE ${DIR}/presets/a-broken.milk "this is not a preset\n")
  file(COPY ${SOURCE}/tests/player/data/slow.milk DESTINATION ${DIR}/presets)
  file(RENAME ${DIR}/presets/slow.milk ${DIR}/presets/b-slow.milk)
  file(COPY ${SOURCE}/presets/phosphene-aurora.milk DESTINATION ${DIR}/presets)
  file(RENAME ${DIR}/presets/phosphene-aurora.milk ${DIR}/presets/c-good.milk)
  string(TIMESTAMP t0 "%s")
  play(--presets ${DIR}/presets --frames 200 ${common})
  string(TIMESTAMP t1 "%s")
  math(EXPR took "${t1} - ${t0}")
  expect_in("${err}" "preset a-broken.milk failed: PRE004")
  expect_in("${err}" "preset b-slow.milk is too slow (over the frame budget): skipped")
  expect_in("${err}" "preset: c-good.milk")
  expect_in("${err}" "200 frames")
  message("200 frames with a broken and a slow preset in ${took} s")

elseif(CASE STREQUAL "config")
  # A bad line is reported as file:line and the rest of the file applies.
  file(MAKE_DIRECTORY ${DIR}/config/phosphene)
  file(WRITE ${DIR}/config/phosphene/phosphene.toml
    "[render]\nfps_cap = \"fast\"\n[window]\nwidth = 400\nheight = 300\n")
  file(COPY ${SOURCE}/tests/player/data/blank-a.milk DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt "5 screenshot ${DIR}/small.png\n6 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --fixed-fps --no-window-state)
  expect_in("${err}" "${DIR}/config/phosphene/phosphene.toml:2:")
  stats(${DIR}/small.png 0 0 100 100)
  if(NOT pixels EQUAL 120000)
    message(FATAL_ERROR "the config's window size (400x300) was not applied: ${pixels} pixels")
  endif()
elseif(CASE STREQUAL "es3")
  # --gl es3: the same picture through an OpenGL ES 3.0 context.
  file(COPY ${SOURCE}/presets/phosphene-aurora.milk DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt "60 screenshot ${DIR}/es3.png\n61 quit\n")
  play(--gl es3 --presets ${DIR}/presets --script ${DIR}/script.txt ${common})
  expect_in("${err}" "OpenGL ES 3.0 context")
  stats(${DIR}/es3.png 0 0 100 100)
  math(EXPR min "${pixels} / 5")
  if(lit LESS min)
    message(FATAL_ERROR "the ES 3.0 picture is (nearly) black: ${lit} of ${pixels} pixels lit")
  endif()

elseif(CASE STREQUAL "live")
  # Real time: the song plays through SDL's (dummy) output device, whose callback feeds the engine.
  execute_process(COMMAND ${TOOL} wav ${DIR}/song.wav)
  file(COPY ${SOURCE}/presets/phosphene-aurora.milk DESTINATION ${DIR}/presets)
  play(--presets ${DIR}/presets --frames 90 --size 320x240 --no-window-state ${DIR}/song.wav)
  expect_in("${err}" "audio: SDL output (dummy)")
  expect_in("${err}" "playing: Phosphene Test Band - Two Bars of Demo")
  expect_in("${err}" "90 frames")

elseif(CASE STREQUAL "fit")
  # The first window fits the screen: the default 1280x720 on a 1024x768 screen opens smaller,
  # same shape, instead of reaching past both edges.
  set(screen 1024x768x24)
  file(COPY ${SOURCE}/presets/phosphene-aurora.milk DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt "30 key l\n40 screenshot ${DIR}/fit.png\n41 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --fixed-fps --no-window-state)
  expect_in("${err}" "window: 1280x720 does not fit the display's usable 1024x768; opening at 921x518")
  stats(${DIR}/fit.png 0 0 100 100)
  execute_process(COMMAND ${TOOL} stats ${DIR}/fit.png 0 0 100 100 OUTPUT_VARIABLE o)
  if(NOT o MATCHES "width=921 height=518")
    message(FATAL_ERROR "the first window is not 921x518 on a 1024x768 screen: ${o}")
  endif()
elseif(CASE STREQUAL "mirror")
  # The mirror window (issue 37): the picture without the overlays in a second window, on the
  # main window's own display a 960x540 window. A black preset with the help open: the main
  # window shows the help, the mirror stays black. Then a real preset: the mirror shows the same
  # picture (the same share of lit pixels in a corner no overlay reaches). Ctrl+m closes it and
  # opens it again; a display name that is not there is said and display 0 used. Closing the
  # mirror (the window manager's close) leaves the player running; closing the main window ends
  # the run with the mirror open (SDL sends no SDL_QUIT while a window is left).
  file(COPY ${SOURCE}/tests/player/data/blank-a.milk ${SOURCE}/presets/phosphene-aurora.milk
       DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt
    "10 key F1\n"
    "20 screenshot ${DIR}/main-help.png\n"
    "20 mirror-screenshot ${DIR}/mirror-help.png\n"
    "21 key F1\n"
    "22 key n\n"
    "70 screenshot ${DIR}/main-picture.png\n"
    "70 mirror-screenshot ${DIR}/mirror-picture.png\n"
    "71 key ctrl+m\n"
    "72 mirror-screenshot ${DIR}/none.png\n"
    "73 key ctrl+m\n"
    "80 mirror-screenshot ${DIR}/again.png\n"
    "82 close-window mirror\n"
    "86 key ctrl+m\n"
    "90 close-window main\n"
    "200 quit\n")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --mirror "no such monitor" ${common})
  expect_in("${err}" "mirror: no display named 'no such monitor'")
  expect_in("${err}" "mirror: a window on display 0")
  stats(${DIR}/main-help.png 25 25 75 75)
  math(EXPR min "${pixels} / 50")
  if(lit LESS min)
    message(FATAL_ERROR "the help is not in the main window: ${lit} of ${pixels} pixels lit")
  endif()
  stats(${DIR}/mirror-help.png 0 0 100 100)
  if(NOT lit EQUAL 0)
    message(FATAL_ERROR "the mirror shows the overlays: ${lit} pixels lit over a black preset")
  endif()
  execute_process(COMMAND ${TOOL} stats ${DIR}/mirror-help.png 0 0 100 100 OUTPUT_VARIABLE o)
  if(NOT o MATCHES "width=960 height=540")
    message(FATAL_ERROR "the mirror is not a 960x540 window: ${o}")
  endif()
  stats(${DIR}/main-picture.png 0 55 45 100)
  math(EXPR main_lit "${lit} * 100 / ${pixels}")
  stats(${DIR}/mirror-picture.png 0 55 45 100)
  math(EXPR mirror_lit "${lit} * 100 / ${pixels}")
  math(EXPR gap "${main_lit} - ${mirror_lit}")
  if(mirror_lit LESS 20 OR gap GREATER 3 OR gap LESS -3)
    message(FATAL_ERROR
      "the mirror does not show the picture: ${mirror_lit}% lit, the main window ${main_lit}%")
  endif()
  expect_in("${err}" "mirror: off")
  expect_in("${err}" "mirror screenshot: no mirror window")
  if(EXISTS ${DIR}/none.png)
    message(FATAL_ERROR "a mirror screenshot was written with the mirror closed")
  endif()
  stats(${DIR}/again.png 0 0 100 100)
  math(EXPR min "${pixels} / 5")
  if(lit LESS min)
    message(FATAL_ERROR "the mirror opened again with Ctrl+m shows no picture: ${lit} lit")
  endif()
  expect_in("${err}" "mirror: closed")
  if(NOT err MATCHES "phosphene play: ([0-9]+) frames" OR CMAKE_MATCH_1 GREATER 100)
    message(FATAL_ERROR "closing the main window did not end the run (the script quits at 200):\n${err}")
  endif()
elseif(CASE STREQUAL "display")
  # Displays by name (issue 37): --list-displays names Xvfb's one display; --display by a name
  # that is not there says so and opens on display 0; the display is remembered by number and
  # name in window.toml, and a later run without --display opens on it without a warning.
  file(COPY ${SOURCE}/presets/phosphene-aurora.milk DESTINATION ${DIR}/presets)
  file(WRITE ${DIR}/script.txt "10 quit\n")
  play(--list-displays)
  if(NOT stdout MATCHES "displays \\(--display NAME or NUMBER\\):\n  0: '([^']+)' 1280x720 at 0,0")
    message(FATAL_ERROR "--list-displays did not list Xvfb's display:\n${stdout}")
  endif()
  set(name ${CMAKE_MATCH_1})
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --fixed-fps --display "no such monitor")
  expect_in("${err}" "warning: no display named 'no such monitor' (displays: 0 '${name}'); using 0")
  file(READ ${DIR}/state/phosphene/window.toml state)
  if(NOT state MATCHES "display = 0\ndisplay_name = \"${name}\"")
    message(FATAL_ERROR "window.toml does not remember the display:\n${state}")
  endif()
  string(TOUPPER "${name}" upper)  # names match ignoring case
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --fixed-fps --display "${upper}")
  play(--presets ${DIR}/presets --script ${DIR}/script.txt --fixed-fps)
  if(err MATCHES "warning: no display")
    message(FATAL_ERROR "the remembered display was not found again:\n${err}")
  endif()
else()
  message(FATAL_ERROR "unknown CASE ${CASE}")
endif()
