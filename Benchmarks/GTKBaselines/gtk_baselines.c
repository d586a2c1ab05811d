// GTK 4's own widgets doing the work DragDrop's benchmarks time, for the figures that
// BENCHMARKS.md puts beside ours. Built and run by Benchmarks/Scripts/gtk-baselines.sh,
// under Xvfb, with GTK's default renderer for the window and the cairo renderer for frames.
//
//   gtk_baselines list-motion N     a GtkListView of N rows (400 × 800, rows of 30 to 69
//                                   pixels): per motion, gtk_widget_pick at the pointer
//                                   and the row's position under it
//   gtk_baselines grid-motion N     a GtkGridView of N items (1280 × 800, 100-pixel items,
//                                   11 columns): the same
//   gtk_baselines inserts N K       a GtkListView of N rows: K rows inserted at random
//                                   positions into its GListStore, one items-changed each,
//                                   then a layout pass; the time of all of it
//   gtk_baselines grid-frame N      a GtkGridView of N titled tiles (1280 × 800) scrolled to
//                                   the middle, redrawn every frame: per frame, the time
//                                   from before-paint to after-paint (snapshot, render,
//                                   present), with the renderer GSK_RENDERER names
//   gtk_baselines list-scroll N     a GtkListView of N rows (400 × 800) scrolled by 30 pixels
//                                   a frame, as a finger pans it: per frame, before-paint to
//                                   after-paint (layout, snapshot, render, present)
//
// Each prints one line: what, the count, and p50 / p90 / p99 (or the total) in microseconds.
#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// In microseconds, to the nanosecond: GLib's clock has whole microseconds only.
static double now_us(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void report(const char *what, long count, double *samples, int n) {
  qsort(samples, n, sizeof *samples, compare);
  printf("%s %ld p50 %.2f p90 %.2f p99 %.2f us (%d samples)\n", what, count, samples[n / 2], samples[n * 9 / 10],
         samples[n * 99 / 100], n);
}

// A row's label knows its position, set when it is bound.
static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory;
  GtkWidget *label = gtk_label_new("");
  if (GPOINTER_TO_INT(data)) gtk_widget_set_size_request(label, 100, 100);
  gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  (void)factory;
  GtkWidget *label = gtk_list_item_get_child(item);
  guint position = gtk_list_item_get_position(item);
  GtkStringObject *string = gtk_list_item_get_item(item);
  gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(string));
  // Rows of 30 to 69 pixels, as the table benchmark's.
  if (!GPOINTER_TO_INT(data)) gtk_widget_set_size_request(label, -1, 30 + (int)(position * 7919 % 40));
  g_object_set_data(G_OBJECT(label), "position", GUINT_TO_POINTER(position + 1));
}

static GListModel *strings(long count) {
  GListStore *store = g_list_store_new(GTK_TYPE_STRING_OBJECT);
  GPtrArray *items = g_ptr_array_new_with_free_func(g_object_unref);
  char name[32];
  for (long i = 0; i < count; i++) {
    snprintf(name, sizeof name, "Photo %ld", i);
    g_ptr_array_add(items, gtk_string_object_new(name));
  }
  g_list_store_splice(store, 0, 0, items->pdata, items->len);
  g_ptr_array_unref(items);
  return G_LIST_MODEL(store);
}

static gboolean stop(gpointer data) {
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/// Runs the main loop for a quarter of a second: long enough for layout and a few frames.
static void settle(void) {
  gboolean done = FALSE;
  g_timeout_add(250, stop, &done);
  while (!done) g_main_context_iteration(NULL, TRUE);
}

static void wait_mapped(GtkWidget *window) {
  while (!gtk_widget_get_mapped(window) || gtk_widget_get_width(window) == 0) g_main_context_iteration(NULL, TRUE);
  settle();
}

/// A window with a list or grid of `count` strings, scrolled to the middle.
static GtkWidget *make_view(long count, gboolean grid, GtkWidget **view_out, GListModel **model_out) {
  GtkWidget *window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(window), grid ? 1280 : 400, 800);
  gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup), GINT_TO_POINTER(grid));
  g_signal_connect(factory, "bind", G_CALLBACK(bind), GINT_TO_POINTER(grid));
  GListModel *model = strings(count);
  GtkSelectionModel *selection = GTK_SELECTION_MODEL(gtk_no_selection_new(g_object_ref(model)));
  GtkWidget *view = grid ? gtk_grid_view_new(selection, factory) : gtk_list_view_new(selection, factory);
  if (grid) {
    gtk_grid_view_set_min_columns(GTK_GRID_VIEW(view), 11);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(view), 11);
  }
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  gtk_window_present(GTK_WINDOW(window));
  wait_mapped(window);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
  // GTK 4.8's grid view shows nothing after one jump to the middle of a long model; it
  // recovers on the next change of the adjustment, so it gets a second, small one.
  gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) / 2);
  settle();
  gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 1);
  settle();
  *view_out = view;
  *model_out = model;
  return window;
}

/// Per motion: the widget under the pointer, and the position of the row it belongs to.
static void motion(long count, gboolean grid) {
  GtkWidget *view;
  GListModel *model;
  GtkWidget *window = make_view(count, grid, &view, &model);
  int width = gtk_widget_get_width(view), height = gtk_widget_get_height(view);
  enum { N = 100000 };
  static double samples[N];
  guint found = 0;
  for (int i = 0; i < N; i++) {
    // Jumps of tens of pixels, sweeping the view, as the drag-move benchmarks move.
    double x = grid ? fmod(i * 37.0, width - 1) : width / 2.0, y = fmod(i * 23.0, height - 1);
    double start = now_us();
    GtkWidget *picked = gtk_widget_pick(view, x, y, GTK_PICK_DEFAULT);
    guint position = 0;
    for (GtkWidget *w = picked; w != NULL && w != view; w = gtk_widget_get_parent(w)) {
      position = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(w), "position"));
      if (position != 0) break;
      // The row widget holds the label: look one level down.
      GtkWidget *child = gtk_widget_get_first_child(w);
      if (child != NULL) position = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(child), "position"));
      if (position != 0) break;
    }
    samples[i] = now_us() - start;
    found += position != 0;
  }
  report(grid ? "gtk grid pick+position" : "gtk list pick+position", count, samples, N);
  printf("  (a row found under %u of %d motions)\n", found, N);
  gtk_window_destroy(GTK_WINDOW(window));
  g_object_unref(model);
}

static void inserts(long count, int k) {
  GtkWidget *view;
  GListModel *model;
  GtkWidget *window = make_view(count, FALSE, &view, &model);
  enum { RUNS = 5 };
  double samples[RUNS];
  srand(7);
  for (int run = 0; run < RUNS; run++) {
    GtkStringObject *item = gtk_string_object_new("Dropped");
    double start = now_us();
    for (int i = 0; i < k; i++) {
      guint n = g_list_model_get_n_items(model);
      g_list_store_insert(G_LIST_STORE(model), (guint)(rand() % (n + 1)), item);
    }
    // The layout pass that shows them.
    gtk_widget_measure(view, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view), NULL, NULL, NULL, NULL);
    gtk_widget_size_allocate(view, &(GtkAllocation){0, 0, gtk_widget_get_width(view), gtk_widget_get_height(view)}, -1);
    samples[run] = now_us() - start;
    g_object_unref(item);
    // Back to `count` rows for the next run, untimed.
    g_list_store_splice(G_LIST_STORE(model), 0, (guint)k, NULL, 0);
    settle();
  }
  qsort(samples, RUNS, sizeof *samples, compare);
  printf("gtk %d inserts at random positions + layout %ld p50 %.2f ms max %.2f ms (%d runs)\n", k, count,
         samples[RUNS / 2] / 1000, samples[RUNS - 1] / 1000, RUNS);
  gtk_window_destroy(GTK_WINDOW(window));
  g_object_unref(model);
}

/// Frames timed by the window's frame clock, from before-paint to after-paint (snapshot,
/// render and present), with the grid redrawn every frame.
typedef struct {
  GtkWidget *view;
  double start;
  int count;
  double samples[300];
} FrameTiming;

static void before_paint(GdkFrameClock *clock, FrameTiming *timing) {
  (void)clock;
  timing->start = now_us();
}

static void after_paint(GdkFrameClock *clock, FrameTiming *timing) {
  (void)clock;
  if (timing->start > 0 && timing->count < 300) timing->samples[timing->count++] = now_us() - timing->start;
}

static gboolean redraw(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  (void)clock;
  gtk_widget_queue_draw(((FrameTiming *)data)->view);
  return G_SOURCE_CONTINUE;
}

static void frames(long count) {
  // Tiles like the DragDrop grid's: a rounded, coloured tile with a title.
  GtkCssProvider *css = gtk_css_provider_new();
  gtk_css_provider_load_from_data(
    css, "window { background: white; } gridview label { background: #7a9cc6; border-radius: 12px; margin: 2px; }",
    -1);
  gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  GtkWidget *view;
  GListModel *model;
  GtkWidget *window = make_view(count, TRUE, &view, &model);
  static FrameTiming timing;
  timing.view = view;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
  g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), &timing);
  g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), &timing);
  gtk_widget_add_tick_callback(window, redraw, &timing, NULL);
  while (timing.count < 300) g_main_context_iteration(NULL, TRUE);
  report("gtk 1280x800 grid frame, before-paint to after-paint", count, timing.samples, 300);
  gtk_window_destroy(GTK_WINDOW(window));
  g_object_unref(model);
}

/// Moves the list's adjustment on by 30 pixels a frame, and back near the middle when it
/// nears the end.
static gboolean pan(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  (void)widget;
  (void)clock;
  GtkAdjustment *adjustment = data;
  double next = gtk_adjustment_get_value(adjustment) + 30;
  if (next > gtk_adjustment_get_upper(adjustment) - 2000) next = gtk_adjustment_get_upper(adjustment) / 2;
  gtk_adjustment_set_value(adjustment, next);
  return G_SOURCE_CONTINUE;
}

static void scroll_frames(long count) {
  GtkWidget *view;
  GListModel *model;
  GtkWidget *window = make_view(count, FALSE, &view, &model);
  static FrameTiming timing;
  timing.view = view;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view));
  GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
  g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), &timing);
  g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), &timing);
  gtk_widget_add_tick_callback(window, pan, adjustment, NULL);
  while (timing.count < 300) g_main_context_iteration(NULL, TRUE);
  report("gtk 400x800 list scrolled 30 px a frame, before-paint to after-paint", count, timing.samples, 300);
  gtk_window_destroy(GTK_WINDOW(window));
  g_object_unref(model);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: gtk_baselines list-motion|grid-motion|inserts|grid-frame|list-scroll N [K]\n");
    return 2;
  }
  gtk_init();
  long count = atol(argv[2]);
  if (strcmp(argv[1], "list-motion") == 0) motion(count, FALSE);
  else if (strcmp(argv[1], "grid-motion") == 0) motion(count, TRUE);
  else if (strcmp(argv[1], "inserts") == 0) inserts(count, argc > 3 ? atoi(argv[3]) : 10000);
  else if (strcmp(argv[1], "grid-frame") == 0) frames(count);
  else if (strcmp(argv[1], "list-scroll") == 0) scroll_frames(count);
  else return 2;
  return 0;
}
