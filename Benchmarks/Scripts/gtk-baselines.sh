#!/bin/bash
# GTK 4's own widgets doing the work of DragDrop's list, grid and frame benchmarks, under a
# private Xvfb (Benchmarks/GTKBaselines/gtk_baselines.c, built here with gcc):
#
#   - per motion over a GtkListView and a GtkGridView of 1,000 and 1,000,000 items, the
#     widget under the pointer (gtk_widget_pick) and its row's position: what a drag move
#     must find, beside the whole of DragDrop's drag move (ListBenchmarks);
#   - 10,000 rows inserted at random positions into a GListStore of 1,000,000 shown by a
#     GtkListView, and the layout pass after: beside DragDrop's 10,000 placeholders;
#   - a 1280×800 GtkGridView of titled, rounded tiles redrawn every frame, from
#     before-paint to after-paint, with the cairo renderer and with GTK's default (GL, in
#     software on Xvfb): beside RenderBenchmarks' frame;
#   - a GtkListView of 1,000,000 rows scrolled 30 pixels a frame, as a finger pans it, from
#     before-paint to after-paint: beside UIBenchmarks' finger scroll frame.
#
#   Benchmarks/Scripts/gtk-baselines.sh
set -euo pipefail
if [ -z "${GTK_BASELINES_INNER:-}" ]; then
  GTK_BASELINES_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$0" "$@"
fi
export GDK_BACKEND=x11 NO_AT_BRIDGE=1
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
gcc -O2 -Wall -Wextra -o "$binary" Benchmarks/GTKBaselines/gtk_baselines.c $(pkg-config --cflags --libs gtk4) -lm
run() { "$binary" "$@" 2> >(grep -v "WARNING\|^$" >&2); }
for n in 1000 1000000; do run list-motion $n; done
for n in 1000 1000000; do run grid-motion $n; done
run inserts 1000000 10000
for renderer in cairo gl; do
  for n in 1000 1000000; do printf "%s: " $renderer; GSK_RENDERER=$renderer run grid-frame $n; done
done
for renderer in cairo gl; do printf "%s: " $renderer; GSK_RENDERER=$renderer run list-scroll 1000000; done
