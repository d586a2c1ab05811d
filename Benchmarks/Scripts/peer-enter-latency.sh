#!/bin/bash
# How soon a drag from another application reaches a drop target's delegate: a GTK 4 peer
# (python3-gi, Tests/Peers/gtk4_peer.py) drags text in and out of the GTKProbe's window
# COUNT times in one drag, under a private Xvfb, with real X input. For each entry the probe
# reports the time from the XdndEnter message's arrival (as Xlib read it) to the drop
# delegate's first sessionDidUpdate. Prints the percentiles in milliseconds.
#
#   Benchmarks/Scripts/peer-enter-latency.sh [COUNT]      (default: 60)
#
# Run from the repository root after `swift build -c release --product GTKProbe`.
set -euo pipefail
count=${1:-60}
probe=.build/release/GTKProbe
[ -x "$probe" ] || { echo "build it first: swift build -c release --product GTKProbe" >&2; exit 1; }

if [ -z "${PEER_ENTER_INNER:-}" ]; then
  PEER_ENTER_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$0" "$count"
fi
export GDK_BACKEND=x11 NO_AT_BRIDGE=1 DRAGDROP_PROBE_ENTER_LATENCY=1
work=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$work"' EXIT

"$probe" drop bench-enter > "$work/probe.log" 2>&1 &
/usr/bin/python3 Tests/Peers/gtk4_peer.py source bench-peer "北海道" > "$work/peer.log" 2>&1 &
until grep -q '^ready' "$work/probe.log" && grep -q '^ready' "$work/peer.log"; do sleep 0.05; done
xdotool windowmove --sync "$(xdotool search --name bench-peer | head -1)" 600 0
# Press on the peer, pass the drag threshold, then go in and out of the probe's window.
steps=(mousemove 750 150 sleep 0.2 mousedown 1 sleep 0.1 mousemove 745 150 sleep 0.1 mousemove 740 150 sleep 0.1)
for _ in $(seq "$count"); do
  steps+=(mousemove 200 150 sleep 0.1 mousemove 210 160 sleep 0.1 mousemove 500 150 sleep 0.1)
done
steps+=(mousemove 750 150 sleep 0.2 mouseup 1)
xdotool "${steps[@]}"
sleep 0.3
grep '^enter-latency' "$work/probe.log" | awk '{print $2}' | sort -n > "$work/latencies"
n=$(wc -l < "$work/latencies")
[ "$n" -gt 0 ] || { cat "$work/probe.log" >&2; exit 1; }
pick() { sed -n "$(( ($1 * n + 99) / 100 ))p" "$work/latencies"; }
printf "| entries | p50 | p90 | p99 | max |\n|---|---|---|---|---|\n"
printf "| %d | %.2f ms | %.2f ms | %.2f ms | %.2f ms |\n" "$n" \
  "$(echo "$(pick 50) / 1000" | bc -l)" "$(echo "$(pick 90) / 1000" | bc -l)" \
  "$(echo "$(pick 99) / 1000" | bc -l)" "$(echo "$(tail -1 "$work/latencies") / 1000" | bc -l)"
