#!/bin/bash
# Pastes of SIZE MiB from a GTK 4 peer (python3-gi, Tests/Peers/gtk4_peer.py `copy-big`, an
# image/png it writes a mebibyte at a time) into the GTKProbe (`clipboard-load-file`), which
# loads the image as a file representation, as Albums pastes it, under a private Xvfb.
# Beside each paste, in the same run: `dd | cat` of the same size into a file in the same
# temporary folder. Prints the time from the peer's copy to the file being whole, the ratio
# to the pipe, and the growth of peak memory (VmHWM) of both processes.
#
#   Benchmarks/Scripts/paste-transfer.sh [SIZE_MIB ...]   (default: 256 1024)
#
# Run from the repository root after `swift build -c release --product GTKProbe`.
set -euo pipefail
sizes=("${@:-256}")
[ $# -eq 0 ] && sizes=(256 1024)
probe=.build/release/GTKProbe
[ -x "$probe" ] || { echo "build it first: swift build -c release --product GTKProbe" >&2; exit 1; }

source "$(dirname "$0")/transfer-common.sh"
run_under_xvfb "${sizes[@]}"

printf "| size | paste | dd \\| cat | paste / pipe | our peak growth | peer peak growth |\n|---|---|---|---|---|---|\n"
# A first paste of 64 MiB, not reported, warms the new X server up.
for size in warmup "${sizes[@]}"; do
  report=1
  if [ "$size" = warmup ]; then size=64; report=""; fi
  "$probe" clipboard-load-file bench-paste > "$work/probe.log" 2>&1 &
  probe_pid=$!
  until grep -q '^ready' "$work/probe.log"; do sleep 0.05; done
  ours=$(hwm $probe_pid)
  sync  # both measurements start with nothing dirty to write back
  /usr/bin/python3 Tests/Peers/gtk4_peer.py copy-big bench-peer "$size" > "$work/peer.log" 2>&1 &
  peer_pid=$!
  until grep -q '^copied' "$work/peer.log"; do sleep 0.005; done
  start=$(now)
  theirs=$(hwm $peer_pid)
  until grep -q '^loaded\|^load-failed' "$work/probe.log"; do sleep 0.005; done
  paste=$(echo "$(now) - $start" | bc)
  grep -q "^loaded-file $((size << 20))" "$work/probe.log" || { cat "$work/probe.log" >&2; exit 1; }
  grown_ours=$(( ($(hwm $probe_pid) - ours) / 1024 )); grown_theirs=$(( ($(hwm $peer_pid) - theirs) / 1024 ))
  kill $probe_pid $peer_pid; wait $probe_pid $peer_pid 2>/dev/null || true
  pipe=$(pipe_seconds "$size")
  if [ -n "$report" ]; then
    print_row "$size" "$paste" "$pipe" "$grown_ours" "$grown_theirs"
  fi
done
