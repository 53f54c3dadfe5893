# Roster: `make run` opens the app (release build), `make test` runs every
# test (debug build). Both install missing system packages first
# (scripts/install-deps.sh).

SHELL := /bin/bash
export PATH := $(if $(wildcard /opt/swift/usr/bin),/opt/swift/usr/bin:,)$(PATH)
SWIFT ?= swift
# -noreset: an X server whose last client leaves resets, and refuses the
# clients that connect meanwhile; tests start and stop many (docs/ROBUSTNESS.md).
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"
SCREENSHOT ?= .build/roster-screenshot.png
ARGS ?=

.PHONY: deps build run ldap-demo ldap-demo-changes test bench ldap-bench scim-bench groups-bench microbench format lint validate house clean
.PHONY: install uninstall deb test-deb locale pot schemas
PREFIX ?= /usr/local

deps:
	@bash scripts/install-deps.sh

build: deps locale schemas
	$(SWIFT) build --product roster

# The message catalogues (po/LANG.po) compiled into .build/locale, where the
# app finds them in a checkout.
locale: deps
	bash scripts/build-locale.sh

# The preferences' GSettings schema (Resources/org.roster.Roster.gschema.xml)
# checked and compiled into .build/schemas, where the app finds it in a
# checkout; `run` and `test` name it in GSETTINGS_SCHEMA_DIR too, and the
# tests keep their preferences in memory (GSETTINGS_BACKEND=memory), never in
# the user's dconf.
SCHEMAS := GSETTINGS_SCHEMA_DIR=$(CURDIR)/.build/schemas
schemas: deps
	bash scripts/build-schemas.sh

# po/roster.pot made again from the tr("…") calls in Sources/, and merged into
# each translation (commit both; a test fails while they are out of date).
pot: deps
	bash scripts/update-pot.sh

# The app as people use it: the release build (optimized; the debug build
# scrolls a million rows far less smoothly). With a display: the window.
# Without one: the same app under Xvfb, which saves a screenshot once the
# list is on screen, prints a summary and exits.
run: deps locale schemas
	$(SWIFT) build -c release --product roster
	@if [ -n "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
	  $(SCHEMAS) .build/release/roster $(ARGS); \
	else \
	  $(SCHEMAS) GSK_RENDERER=$${GSK_RENDERER:-cairo} $(XVFB) .build/release/roster --screenshot $(SCREENSHOT) --quit-after-load $(ARGS); \
	fi

# A generated directory of $(USERS) people (default 1,000,000) in a slapd of
# its own on 127.0.0.1, and Roster opened on it (headless: as `make run`).
# The loaded directory is kept in $XDG_CACHE_HOME/roster and reused.
#   make ldap-demo USERS=20000 AVATARS=200 ARGS="--search ann"
ldap-demo: deps
	$(SWIFT) build -c release --product roster
	$(SWIFT) build -c release --product roster-dev
	.build/release/roster-dev demo-ldap --users $(or $(USERS),1000000) --avatars $(or $(AVATARS),1000) -- $(ARGS)

# Changes the demo directory every second (a title; someone joining or
# leaving every five), so the window's offline copy shows them live:
#   make ldap-demo-changes URL=ldap://127.0.0.1:PORT  (the URL ldap-demo printed)
ldap-demo-changes:
	bash scripts/ldap-demo-changes.sh $(or $(URL),$(error URL=ldap://127.0.0.1:PORT, as make ldap-demo printed it)) $(or $(USERS),1000000)

# Each step is timed (scripts/step.sh) and its output kept in
# .build/steps/NAME.log; the table of steps and their durations ends the
# output, also when a step fails, and then lists under the failed step what
# failed in it: the tests, the test a crash ended the process in, a
# sanitizer's report and where in our code, a fuzz target. To see whether a
# failure comes and goes, or comes only on a busy machine:
#   scripts/repeat-tests.sh --load 2 10 FILTER   (--slow: on one core)
test: deps validate locale schemas
	@bash scripts/step.sh --reset
	@bash scripts/step.sh "debug build" $(SWIFT) build --build-tests
	@bash scripts/step.sh "tests under X11 (Xvfb)" env $(SCHEMAS) GSETTINGS_BACKEND=memory GSK_RENDERER=$${GSK_RENDERER:-cairo} $(XVFB) $(SWIFT) test --skip-build
	@bash scripts/step.sh "window tests under Wayland (weston)" env $(SCHEMAS) GSETTINGS_BACKEND=memory bash scripts/wayland-tests.sh
	@bash scripts/step.sh "thread sanitizer" bash scripts/sanitize.sh thread
	@bash scripts/step.sh "address sanitizer" bash scripts/sanitize.sh address
	@bash scripts/step.sh "fuzz targets, replayed" bash scripts/fuzz.sh replay
	@bash scripts/step.sh "Debian package" bash scripts/test-deb.sh
	@bash scripts/step.sh --summary

# The test targets that need no display under Thread Sanitizer, then Address
# Sanitizer (.build/tsan, .build/asan); any report fails (docs/ROBUSTNESS.md).
.PHONY: sanitize fuzz
sanitize: deps
	bash scripts/sanitize.sh thread
	bash scripts/sanitize.sh address

# Every fuzz target (Tests/Fuzz) for SECONDS each (default 600) from a random
# seed, growing .build/fuzz-corpus; `make test` replays instead (scripts/fuzz.sh).
fuzz: deps
	bash scripts/fuzz.sh $(or $(SECONDS),600)

# run-floor and `roster-dev bench` alternately (3 pairs at 6000 and 20000 px/s,
# cold cache, 1,000,000 users) under GSK_RENDERER=cairo, then the same under
# gl, then a table of medians and ratios for each renderer.
bench: deps
	bash scripts/bench.sh $(PAIRS) $(BENCH_SECONDS) $(USERS)

# Roster on the LDAP demo directory (USERS, default 1,000,000) beside run-floor,
# with ldapsearch's own times for the same windows in each line.
ldap-bench: deps
	bash scripts/ldap-bench.sh $(or $(USERS),1000000) $(or $(PAIRS),1) $(or $(BENCH_SECONDS),8)

# The same against a local scim2-server of $(USERS) people (default 5,000).
scim-bench: deps
	bash scripts/scim-bench.sh $(or $(USERS),5000) $(or $(PAIRS),1) $(or $(BENCH_SECONDS),8)

# Scrolling the 100,000 people of a group beside run-floor, then 20 groups
# chosen and 50 org-tree managers opened in a row, with peak memory.
groups-bench: deps
	bash scripts/groups-bench.sh $(or $(PAIRS),3) $(or $(BENCH_SECONDS),8) $(or $(USERS),1000000)

# run-floor and `roster-dev bench` alternately under a headless weston (Wayland,
# GSK_RENDERER=gl unless set; 3 pairs at 6000 and 20000 px/s, 1,000,000
# users, SCALE=2 for a HiDPI output), then the same table as `make bench`.
.PHONY: wayland-bench
wayland-bench: deps
	bash scripts/wayland-bench.sh $(or $(PAIRS),3) $(or $(BENCH_SECONDS),8) $(or $(USERS),1000000)

# A soak (not in CI): the release build drives the real window for MINUTES
# (default 10) on a generated million and checks that nothing leaks; the
# samples go to docs/soak.csv and docs/soak.png. `make soak-ldap` does the
# same on the LDAP demo directory (USERS, default 1,000,000) in a slapd of
# its own (docs/PERFORMANCE.md).
.PHONY: soak soak-ldap
soak: deps
	$(SWIFT) build -c release --product roster-dev
	GSK_RENDERER=$${GSK_RENDERER:-cairo} $(XVFB) .build/release/roster-dev soak --minutes $(or $(MINUTES),10) --csv docs/soak.csv --plot docs/soak.png

soak-ldap: deps
	$(SWIFT) build -c release --product roster-dev
	GSK_RENDERER=$${GSK_RENDERER:-cairo} .build/release/roster-dev demo-ldap --users $(or $(USERS),1000000) --avatars 1000 --run soak -- --minutes $(or $(MINUTES),10) --csv docs/soak-ldap.csv --plot docs/soak-ldap.png

# package-benchmark microbenchmarks (Benchmarks/RosterBenchmarks): parse,
# view models, memory cache, image slot tokens, decode + prepare per format.
microbench: deps
	ROSTER_BENCHMARKS=1 $(SWIFT) package --allow-writing-to-package-directory benchmark --target RosterBenchmarks

# The release build and its files in their XDG places under PREFIX (default
# /usr/local; DESTDIR stages): bin/roster, share/roster (the embedded
# directory and stylesheet), the .desktop file, the AppStream metadata and
# the icons; the installed files are validated. `make uninstall` removes them.
install: deps
	$(SWIFT) build -c release --product roster --static-swift-stdlib
	bash scripts/install.sh install "$(PREFIX)" "$(DESTDIR)"

uninstall:
	bash scripts/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

# .build/roster_VERSION_ARCH.deb (Swift runtime linked in, dependencies from
# dpkg-shlibdeps, lintian-clean); `make test-deb` installs it with apt, runs
# it from /usr/bin and removes it.
deb: deps
	bash scripts/make-deb.sh

test-deb: deps
	bash scripts/test-deb.sh

# The desktop file and AppStream metadata, and no hand-written GObject
# reference counting or pointer rebinding outside GObjectKit and GtkKit,
# and no Synchronization.Mutex, which Thread Sanitizer cannot see
# (scripts/lint-unsafe.sh), no backticked name in the docs that names
# nothing in the repository (scripts/check-doc-names.sh), and the window's
# structure within its limits (scripts/house.sh).
validate:
	desktop-file-validate Resources/org.roster.Roster.desktop
	glib-compile-schemas --strict --dry-run --schema-file=Resources/org.roster.Roster.gschema.xml
	appstreamcli validate --no-net --explain Resources/org.roster.Roster.metainfo.xml
	bash scripts/lint-unsafe.sh
	bash scripts/check-doc-names.sh
	bash scripts/house.sh

# The counts that say whether the structure stays easy to change (stored
# properties of the window, the page protocol's requirements, downcasts,
# backend imports), each against its limit (scripts/house.sh).
house:
	bash scripts/house.sh --report

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --recursive Sources Tests
	bash scripts/lint-unsafe.sh

clean:
	rm -rf .build
