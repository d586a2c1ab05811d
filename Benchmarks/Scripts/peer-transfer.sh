#!/bin/bash
# Drops of SIZE MiB from a GTK 4 peer (python3-gi, Tests/Peers/gtk4_peer.py) into the
# GTKProbe's window, which receives them into a file, under a private Xvfb, with real X
# input. Beside each drop, in the same run: `dd | cat` of the same size into a file in the
# same temporary folder. Prints the time from the release to the file being whole, the
# ratio to the pipe, and the growth of peak memory (VmHWM) of both processes.
#
# With --ours, the source is a second GTKProbe dragging a file of SIZE MiB as a file
# representation, so that the bytes go between two processes of ours: a ZIP archive, whose
# bytes go through the byte channel of our processes; with --ours-photo, a PNG photo, which
# goes as its file's URI (it may be opened in place) and which the target copies. With
# --qt, the source is a Qt 6 peer (PyQt6, Tests/Peers/qt6_peer.py) holding an image/png of
# SIZE MiB in memory, as a QMimeData does.
#
#   Benchmarks/Scripts/peer-transfer.sh [--ours | --ours-photo | --qt] [SIZE_MIB ...]   (default: 256 1024)
#
# Run from the repository root after `swift build -c release --product GTKProbe`.
set -euo pipefail
ours=""
case "${1:-}" in --ours | --ours-photo | --qt) ours=$1; shift ;; esac
sizes=("${@:-256}")
[ $# -eq 0 ] && sizes=(256 1024)
probe=.build/release/GTKProbe
[ -x "$probe" ] || { echo "build it first: swift build -c release --product GTKProbe" >&2; exit 1; }

source "$(dirname "$0")/transfer-common.sh"
run_under_xvfb $ours "${sizes[@]}"

printf "| size | drop | dd \\| cat | drop / pipe | our peak growth | peer peak growth |\n|---|---|---|---|---|---|\n"
# A first drop of 64 MiB, not reported, warms the new X server up: the first big transfer
# in a fresh Xvfb takes up to three times as long as every later one.
for size in warmup "${sizes[@]}"; do
  report=1
  if [ "$size" = warmup ]; then size=64; report=""; fi
  # Qt 6.4 writes a drop's data in one X request, and dies when it is over the server's
  # limit (16 MiB on Xvfb): its warm-up is smaller.
  if [ -z "$report" ] && [ "$ours" = --qt ]; then size=4; fi
  "$probe" drop-files bench-drop > "$work/probe.log" 2>&1 &
  probe_pid=$!
  if [ "$ours" = --qt ]; then
    /usr/bin/python3 Tests/Peers/qt6_peer.py png bench-peer "$((size << 10))" > "$work/peer.log" 2>&1 &
  elif [ -n "$ours" ]; then
    # A PNG signature and header, zeros, and IEND (what the target checks), or a ZIP's
    # header and zeros; written, not sparse, as a real file would be.
    [ "$ours" = --ours-photo ] && big="$work/big.png" || big="$work/big.zip"
    python3 -c 'import sys; f = open(sys.argv[1], "wb"); n = int(sys.argv[2]) << 20; png = sys.argv[1].endswith(".png")
head = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR" + b"\0" * 17 if png else b"PK\x03\x04"; tail = b"\0\0\0\0IEND\xaeB`\x82" if png else b""
f.write(head); left = n - len(head) - len(tail); zeros = b"\0" * (1 << 20)
while left > 0: f.write(zeros[:min(left, len(zeros))]); left -= len(zeros)
f.write(tail)' "$big" "$size"
    sync "$big"  # on disk, as a library's photos are, not dirty in the page cache
    "$probe" drag-file-backed bench-peer "$big" > "$work/peer.log" 2>&1 &
  else
    /usr/bin/python3 Tests/Peers/gtk4_peer.py big bench-peer "$size" > "$work/peer.log" 2>&1 &
  fi
  peer_pid=$!
  until grep -q '^ready' "$work/probe.log" && grep -q '^ready' "$work/peer.log"; do sleep 0.05; done
  xdotool windowmove --sync "$(xdotool search --name bench-peer | head -1)" 600 0
  ours=$(hwm $probe_pid); theirs=$(hwm $peer_pid)
  sync  # both measurements start with nothing dirty to write back
  xdotool mousemove 750 150 sleep 0.2 mousedown 1 sleep 0.1 mousemove 745 150 sleep 0.1 mousemove 740 150 \
    sleep 0.1 mousemove 700 150 sleep 0.1 mousemove 600 150 sleep 0.1 mousemove 400 150 sleep 0.1 \
    mousemove 200 150 sleep 0.1 mousemove 201 151 sleep 0.3 mouseup 1
  start=$(now)
  wait_for_line '^received-file\|^failed' "$work/probe.log" 0.005
  drop=$(echo "$(now) - $start" | bc)
  grep -q "^received-file $((size << 20))" "$work/probe.log" || { cat "$work/probe.log" >&2; exit 1; }
  grown_ours=$(( ($(hwm $probe_pid) - ours) / 1024 )); grown_theirs=$(( ($(hwm $peer_pid) - theirs) / 1024 ))
  kill $probe_pid $peer_pid; wait $probe_pid $peer_pid 2>/dev/null || true
  rm -f "$work/big.png" "$work/big.zip"
  pipe=$(pipe_seconds "$size")
  if [ -n "$report" ]; then
    print_row "$size" "$drop" "$pipe" "$grown_ours" "$grown_theirs"
  fi
done
