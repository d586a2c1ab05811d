# DragDrop: `make test` builds and runs every test; `make bench` runs the benchmarks.
# Both install the system packages they need with apt-get when run as root.

SHELL := /bin/bash
SWIFT ?= swift
# shared-mime-info gives the ContentTypes registry the freedesktop MIME database, which the
# property tests walk whole. GTK 4 (with pango, cairo and gdk-pixbuf) is the platform; SQLite
# keeps the Albums library (through GRDB);
# Xvfb and xdotool run its window tests with real X input; the fonts draw Latin and
# Japanese text and emoji; imagemagick converts and compares images; python3-gi with GTK 4's
# introspection data runs the other application of the drag tests (Tests/Peers); D-Bus,
# AT-SPI and pyatspi let a test listen as a screen reader does, and Orca is the screen reader.
# mate-backgrounds holds the freely licensed photographs a new Albums library starts with.
# sway, headless, is the Wayland compositor of the drag tests on Wayland (WaylandDragTests);
# GNOME's mutter, headless, with PipeWire and WirePlumber, takes real touches through its
# remote desktop for the scenarios played by finger (MutterScenarioTests).
# adwaita-icon-theme draws the SF Symbols names of Image(systemName:) (ThemeSymbols).
APT_PACKAGES := shared-mime-info adwaita-icon-theme libgtk-4-dev libxkbcommon-dev libsqlite3-dev xvfb xauth xdotool x11-xserver-utils imagemagick fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji python3-gi gir1.2-gtk-4.0 dbus at-spi2-core python3-pyatspi orca chromium thunar nautilus mate-backgrounds sway mutter pipewire wireplumber python3-pyqt6 grim xfce4-clipman wl-clipboard gstreamer1.0-pipewire qt6-wayland firefox-esr

# Tests that need a display run under a private Xvfb when no display is set.
XVFB_RUN := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp")

.PHONY: all deps build test asan api api-diff lint format bench bench-build run tour clean docs

all: test

deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: Swift 6.2 or later is needed on PATH (https://www.swift.org/install)"; exit 1; }
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$$missing; \
	  else \
	    echo "Missing system packages. Install them with:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(XVFB_RUN) $(SWIFT) test --skip-build

# The core modules' tests under AddressSanitizer, in a build folder of their own (CI runs
# it after `make test`). The GTK and scene tests need a display and are left out. Leaks are
# checked by the tests themselves (weak references, and flat memory over 10,000 windows):
# LeakSanitizer's report at exit also lists Foundation's own leaks (FoundationXML's error
# strings, Process) and the cycles that tests of never-finishing loads keep on purpose.
ASAN_TESTS := ContentTypesTests|ItemProvidersTests|ViewsTests|DragDropTests|DragDropListsTests
asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(ASAN_TESTS)'

# `make api`: each library module's public declarations, counted, and the check that every
# one is documented (CI runs it). Tools/APICheck/check.py reads the symbol graphs.
api: deps
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null
	python3 Tools/APICheck/check.py "$$($(SWIFT) build --show-bin-path)/../symbolgraph"

# `make api-diff`: today's public API against the 0.1.0 baseline in API/baselines; fails on a
# breaking change not named in API/allowed-breaks.txt (CI runs it).
API_BASELINE := 2a9cdd61b5d8b11f47b4d559b6ddd965ace1d1e8
API_PRODUCTS := ContentTypes Graphics ItemProviders Views DragDrop DragDropLists DragDropUI DragDropUIApp DragDropHarness DragDropTesting BackendSupport DragDropGTK
api-diff: deps
	@git cat-file -e $(API_BASELINE)^{commit} 2>/dev/null || git fetch -q --depth=1 origin $(API_BASELINE) 2>/dev/null || \
	  { echo "error: the baseline commit $(API_BASELINE) is not in this clone (a shallow clone?); fetch it, or clone whole"; exit 1; }
	$(SWIFT) package diagnose-api-breaking-changes $(API_BASELINE) --baseline-dir API/baselines \
	  --breakage-allowlist-path API/allowed-breaks.txt --products $(API_PRODUCTS)

lint:
	swift-format lint --strict --recursive Sources Tests Examples Apps Tools Benchmarks/Benchmarks Benchmarks/Sources Package.swift Benchmarks/Package.swift

format:
	swift-format format --in-place --recursive Sources Tests Examples Apps Tools Benchmarks/Benchmarks Benchmarks/Sources Package.swift Benchmarks/Package.swift

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

# The benchmarks compile (a debug build, no run), so that a change to the API cannot leave
# them behind; CI builds them.
bench-build: deps
	cd Benchmarks && $(SWIFT) build

# `make run` with a display opens Albums on the default library (~/.local/share/DragDrop
# Albums; LIBRARY=path for another). Without a display it plays the Albums tour: it starts its
# own Xvfb, drives Albums beside Thunar with real X input through xdotool, checks each step
# against the library's database, and writes screenshots and a GIF to the folder it names
# (artifacts/albums-tour-<time>/).
# `make run SAMPLES=1` does the same for the sample scenes: a scene in a window (SCENE=000
# to 007), or without a display their tour. `make tour` plays the Albums tour
# and the scenes' tour in any case.
SCENE ?= 000
SAMPLES ?=
LIBRARY ?=
run: deps
	@if [ -n "$(SAMPLES)" ]; then \
	  $(SWIFT) build --product Samples || exit 1; \
	  if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	    echo "Opening scene $(SCENE) (make run SAMPLES=1 SCENE=001 for another; close the window to quit)"; \
	    "$$($(SWIFT) build --show-bin-path)/Samples" $(SCENE); \
	  else \
	    echo "No display: playing the scenes' tour on a private Xvfb instead"; \
	    $(SWIFT) build --product Tour && "$$($(SWIFT) build --show-bin-path)/Tour"; \
	  fi; \
	else \
	  $(SWIFT) build --product Albums || exit 1; \
	  if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	    echo "Opening Albums (close the window to quit; make run SAMPLES=1 for the sample scenes)"; \
	    "$$($(SWIFT) build --show-bin-path)/Albums" $(if $(LIBRARY),--library "$(LIBRARY)"); \
	  else \
	    echo "No display: playing the Albums tour on a private Xvfb instead"; \
	    $(SWIFT) build --product Tour && "$$($(SWIFT) build --show-bin-path)/Tour" albums; \
	  fi; \
	fi

tour: deps
	$(SWIFT) build --product Samples && $(SWIFT) build --product Albums && $(SWIFT) build --product Tour
	"$$($(SWIFT) build --show-bin-path)/Tour" albums
	"$$($(SWIFT) build --show-bin-path)/Tour"

clean:
	rm -rf .build .build-asan Benchmarks/.build

# `make docs`: every module's DocC catalog, combined into one static site in docs/ (open
# docs/documentation/dragdrop/index.html through a web server, e.g.
# `python3 -m http.server -d docs`, then http://localhost:8000/documentation/dragdrop).
DOC_TARGETS := ContentTypes ItemProviders Views DragDrop DragDropLists DragDropUI DragDropHarness DragDropTesting DragDropGTK AlbumsLibrary AlbumsUI
docs: deps
	$(SWIFT) package --allow-writing-to-directory docs generate-documentation \
	  $(foreach target,$(DOC_TARGETS),--target $(target)) \
	  --enable-experimental-combined-documentation --output-path docs --transform-for-static-hosting
