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

if [ -z "${PASTE_TRANSFER_INNER:-}" ]; then
  PASTE_TRANSFER_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$0" "${sizes[@]}"
fi
export GDK_BACKEND=x11 NO_AT_BRIDGE=1
work=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null || true; [ -n "${KEEP_LOGS:-}" ] && cp "$work"/*.log /tmp/; rm -rf "$work"' EXIT
hwm() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
now() { date +%s.%N; }

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
  sync
  start=$(now)
  dd if=/dev/zero bs=1M count="$size" 2>/dev/null | cat > "${TMPDIR:-/tmp}/paste-transfer-pipe.bin"
  pipe=$(echo "$(now) - $start" | bc)
  rm -f "${TMPDIR:-/tmp}/paste-transfer-pipe.bin"
  if [ -n "$report" ]; then
    printf "| %d MiB | %.2f s | %.2f s | %.2f | %d MiB | %d MiB |\n" "$size" "$paste" "$pipe" \
      "$(echo "$pipe / $paste" | bc -l)" "$grown_ours" "$grown_theirs"
  fi
done
