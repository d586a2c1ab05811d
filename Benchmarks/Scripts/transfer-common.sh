# Shared by peer-transfer.sh and paste-transfer.sh (sourced, not run): a private Xvfb, a
# scratch folder, peak memory, the clock, the pipe each transfer is set beside, and the
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
