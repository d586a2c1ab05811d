#!/bin/bash
# Pastes of SIZE MiB from a GTK 4 peer (python3-gi, Tests/Peers/gtk4_peer.py `copy-big`, an
# image/png it writes a mebibyte at a time) into the GTKProbe (`clipboard-load-file`), which
# loads the image as a file representation, as Albums pastes it, under a private Xvfb.
# Beside each paste, in the same run: GTK's own read of the same copy (gdk_clipboard_read_async
# spliced into a file, by `gtk4_peer.py paste-file`), and `dd | cat` of the same size into a
# file in the same temporary folder. Prints the time from the peer's copy to the file being
# whole, the ratios to the pipe, and the growth of peak memory (VmHWM) of our process and the
# peer.
#
# With --wayland, the same on a private headless sway instead: there a paste is a pipe from
# the peer, not X11's properties. A copy there needs a click's serial, and the compositor
# offers the clipboard to the focused window only, so the peer copies when clicked
# (`copy-big-on-click`), and the time runs from the click that focuses the reader.
#
#   Benchmarks/Scripts/paste-transfer.sh [--wayland] [SIZE_MIB ...]   (default: 256 1024)
#
# Run from the repository root after `swift build -c release --product GTKProbe` (and, for
# --wayland, `--product WaylandPointer`).
set -euo pipefail
wayland=""
if [ "${1:-}" = --wayland ]; then wayland=1; shift; fi
sizes=("$@")
[ $# -eq 0 ] && sizes=(256 1024)
probe=.build/release/GTKProbe
[ -x "$probe" ] || { echo "build it first: swift build -c release --product GTKProbe" >&2; exit 1; }
if [ -n "$wayland" ] && [ ! -x .build/release/WaylandPointer ]; then
  echo "build it first: swift build -c release --product WaylandPointer" >&2
  exit 1
fi

source "$(dirname "$0")/transfer-common.sh"
if [ -n "$wayland" ]; then run_under_sway; else run_under_xvfb "${sizes[@]}"; fi

# Times a paste by the reader started with "$@" (which prints `ready`, then DONE_PATTERN
# once the file is whole), from the peer's copy of SIZE MiB; sets `elapsed`, and the peak
# memory growth of the reader (`grown_ours`) and of the peer (`grown_theirs`), in MiB.
time_paste() {
  local size=$1 done_pattern=$2 expected=$3
  shift 3
  "$@" > "$work/reader.log" 2>&1 &
  local reader_pid=$!
  wait_for_line '^ready' "$work/reader.log" 0.05
  local ours theirs start
  ours=$(hwm $reader_pid)
  sync  # every measurement starts with nothing dirty to write back
  if [ -n "$wayland" ]; then
    # sway tiles the reader on the left half and the peer on the right: a click copies in
    # the peer, and a click on the reader gives it the keyboard, and so the clipboard.
    /usr/bin/python3 Tests/Peers/gtk4_peer.py copy-big-on-click bench-peer "$size" > "$work/peer.log" 2>&1 &
    local peer_pid=$!
    wait_for_line '^ready' "$work/peer.log" 0.05
    pointer "move 960 400" "sleep 100" press "sleep 50" release
    wait_for_line '^copied' "$work/peer.log" 0.005
    theirs=$(hwm $peer_pid)
    pointer "move 320 400" "sleep 100"
    start=$(now)
    pointer press "sleep 20" release
  else
    /usr/bin/python3 Tests/Peers/gtk4_peer.py copy-big bench-peer "$size" > "$work/peer.log" 2>&1 &
    local peer_pid=$!
    wait_for_line '^copied' "$work/peer.log" 0.005
    start=$(now)
    theirs=$(hwm $peer_pid)
  fi
  wait_for_line "$done_pattern" "$work/reader.log" 0.005
  elapsed=$(echo "$(now) - $start" | bc)
  grep -q "$expected" "$work/reader.log" || { cat "$work/reader.log" >&2; exit 1; }
  grown_ours=$(( ($(hwm $reader_pid) - ours) / 1024 )); grown_theirs=$(( ($(hwm $peer_pid) - theirs) / 1024 ))
  kill $reader_pid $peer_pid; wait $reader_pid $peer_pid 2>/dev/null || true
}

# On Wayland, the same copy read by wl-clipboard's `wl-paste` (in C, through wlroots'
# data-control, into a file): the most the peer itself lets a reader take.
time_wl_paste() {
  local size=$1 start
  /usr/bin/python3 Tests/Peers/gtk4_peer.py copy-big-on-click bench-peer "$size" > "$work/peer.log" 2>&1 &
  local peer_pid=$!
  wait_for_line '^ready' "$work/peer.log" 0.05
  pointer "move 640 400" "sleep 100" press "sleep 50" release
  wait_for_line '^copied' "$work/peer.log" 0.005
  sync
  start=$(now)
  timeout 120 wl-paste --no-newline --type image/png > "$work/wl.png" || { echo "wl-paste failed" >&2; exit 1; }
  elapsed=$(echo "$(now) - $start" | bc)
  [ "$(stat -c %s "$work/wl.png")" = $((size << 20)) ] || { echo "wl-paste read $(stat -c %s "$work/wl.png") bytes" >&2; exit 1; }
  rm -f "$work/wl.png"
  kill $peer_pid; wait $peer_pid 2>/dev/null || true
}

if [ -n "$wayland" ]; then
  printf "| size | paste | GTK's own read | wl-paste | dd \\| cat | paste / pipe | GTK's / pipe | wl-paste / pipe | our peak growth | peer peak growth |\n"
  printf "|---|---|---|---|---|---|---|---|---|---|\n"
else
  printf "| size | paste | GTK's own read | dd \\| cat | paste / pipe | GTK's / pipe | our peak growth | peer peak growth |\n"
  printf "|---|---|---|---|---|---|---|---|\n"
fi
# A first paste of 64 MiB each way, not reported, warms the new X server up.
for size in warmup "${sizes[@]}"; do
  report=1
  if [ "$size" = warmup ]; then size=64; report=""; fi
  time_paste "$size" '^loaded\|^load-failed' "^loaded-file $((size << 20))" "$probe" clipboard-load-file bench-paste
  paste=$elapsed ours=$grown_ours theirs=$grown_theirs
  # GTK's own read (gdk_clipboard_read_async, spliced into a file), in the same conditions.
  time_paste "$size" '^pasted-file\|^paste-failed' "^pasted-file $((size << 20))" \
    /usr/bin/python3 Tests/Peers/gtk4_peer.py paste-file bench-gtk "$work/gtk.png"
  gtk=$elapsed
  rm -f "$work/gtk.png"
  pipe=$(pipe_seconds "$size")
  if [ -n "$wayland" ]; then
    time_wl_paste "$size"
    [ -n "$report" ] && printf "| %d MiB | %.2f s | %.2f s | %.2f s | %.2f s | %.2f | %.2f | %.2f | %d MiB | %d MiB |\n" \
      "$size" "$paste" "$gtk" "$elapsed" "$pipe" "$(echo "$pipe / $paste" | bc -l)" "$(echo "$pipe / $gtk" | bc -l)" \
      "$(echo "$pipe / $elapsed" | bc -l)" "$ours" "$theirs"
  elif [ -n "$report" ]; then
    printf "| %d MiB | %.2f s | %.2f s | %.2f s | %.2f | %.2f | %d MiB | %d MiB |\n" "$size" "$paste" "$gtk" "$pipe" \
      "$(echo "$pipe / $paste" | bc -l)" "$(echo "$pipe / $gtk" | bc -l)" "$ours" "$theirs"
  fi
done
