# Shared by peer-transfer.sh and paste-transfer.sh (sourced, not run): a private Xvfb or a
# private headless sway, a scratch folder, peak memory, the clock, the pipe each transfer is set beside, and the
# table's row.

# Runs the calling script again under a private Xvfb, with its arguments, unless it is
# already under one.
run_under_xvfb() {
  if [ -z "${TRANSFER_UNDER_XVFB:-}" ]; then
    TRANSFER_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$0" "$@"
  fi
  export GDK_BACKEND=x11 NO_AT_BRIDGE=1
  work=$(mktemp -d)
  trap 'pkill -P $$ 2>/dev/null || true; [ -n "${KEEP_LOGS:-}" ] && cp "$work"/*.log /tmp/; rm -rf "$work"' EXIT
}

# Starts a private headless sway (wlroots, a 1280 x 800 output, no input devices but the
# virtual pointer that `pointer` plays) and points GTK at it. As root, sway runs as nobody,
# which owns its runtime folder; the clients have a runtime folder of their own.
run_under_sway() {
  export NO_AT_BRIDGE=1
  work=$(mktemp -d)
  trap 'pkill -P $$ 2>/dev/null || true; [ -n "${KEEP_LOGS:-}" ] && cp "$work"/*.log /tmp/; rm -rf "$work"' EXIT
  chmod 755 "$work"
  mkdir -m 700 "$work/compositor" "$work/clients"
  printf 'output HEADLESS-1 resolution 1280x800 position 0 0\ndefault_border none\nfocus_follows_mouse no\n' \
    > "$work/sway.conf"
  chmod 644 "$work/sway.conf"
  local command=(sway -c "$work/sway.conf")
  if [ "$(id -u)" = 0 ]; then
    chown 65534:65534 "$work/compositor"
    command=(setpriv --reuid=65534 --regid=65534 --clear-groups "${command[@]}")
  fi
  env -u DISPLAY -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$work/compositor" WLR_BACKENDS=headless \
    WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman HOME="$work" "${command[@]}" > "$work/sway.log" 2>&1 &
  local waited=0
  until [ -S "$work/compositor/wayland-1" ]; do
    sleep 0.05
    waited=$((waited + 1))
    [ $waited -lt 400 ] || { cat "$work/sway.log" >&2; echo "sway did not start" >&2; exit 1; }
  done
  unset DISPLAY
  export GDK_BACKEND=wayland WAYLAND_DISPLAY="$work/compositor/wayland-1" XDG_RUNTIME_DIR="$work/clients"
}

# Plays STEPS ("move X Y", "sleep MS", "press", "release") with the virtual pointer on the
# sway of run_under_sway.
pointer() { .build/release/WaylandPointer 1280 800 "$@"; }

# Waits until FILE has a line matching PATTERN (grep's), polling every POLL seconds, for at
# most 120 s; then stops the script, with FILE and sway's log on standard error.
wait_for_line() {
  local pattern=$1 file=$2 poll=${3:-0.05} deadline=$((SECONDS + 120))
  until grep -q "$pattern" "$file"; do
    if [ $SECONDS -ge $deadline ]; then
      { echo "no line matching '$pattern' in $file after 120 s:"; cat "$file"; cat "$work/sway.log" 2>/dev/null; } >&2
      exit 1
    fi
    sleep "$poll"
  done
}

# A process's peak resident memory (VmHWM), in KiB.
hwm() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
now() { date +%s.%N; }

# The seconds `dd | cat` takes to write SIZE MiB into a file of the same temporary folder,
# starting with nothing dirty to write back.
pipe_seconds() {
  local start file="${TMPDIR:-/tmp}/transfer-pipe-$$.bin"
  sync
  start=$(now)
  dd if=/dev/zero bs=1M count="$1" 2>/dev/null | cat > "$file"
  echo "$(now) - $start" | bc
  rm -f "$file"
}

# One row of the table: size (MiB), the transfer's seconds, the pipe's seconds, and both
# processes' peak growth (MiB).
print_row() {
  printf "| %d MiB | %.2f s | %.2f s | %.2f | %d MiB | %d MiB |\n" "$1" "$2" "$3" "$(echo "$3 / $2" | bc -l)" "$4" "$5"
}
