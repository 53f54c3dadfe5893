#!/usr/bin/env bash
# The window and rendering tests that need no synthetic input, again under
# Wayland: each run starts a headless weston of its own (scripts/weston.sh)
# and runs the tests with GDK_BACKEND=wayland and no DISPLAY, all of them
# with the output at scale 1, then those whose pixels, sizes or timing follow
# the scale at scale 2 (`scaled` below); then the clipboard check, under a
# weston with a seat. Needs the debug build (`swift build --build-tests`).
# Usage: scripts/wayland-tests.sh
#
# Left to the X11 run (`make test` runs it under Xvfb):
# - tests that drive real input (xdotool, XInput.swift: drags, flings, the
#   wheel, typing, held keys) or read the app through AT-SPI or a keyring:
#   xdotool speaks X11 only, and weston's headless backend has no seat at
#   all, let alone a virtual-input protocol GTK would take events from
#   (docs/ROBUSTNESS.md, "Wayland");
# - WindowFrameTests: the solid-csd frame exists only without a compositor;
# - FlattenedChromeTests' GDK_SCALE check: GDK_SCALE sets the scale under
#   X11 only (under Wayland the output's scale does: the scale-2 run);
# - at scale 2, WindowFrameAllocationTests' resize check: the window's frame
#   (with its shadow, which a Wayland surface holds) is already past the
#   largest mmap threshold Roster sets, so no resize can raise it;
#
# The clipboard needs a seat (wl_data_device belongs to one) and weston's
# headless backend has none, so WaylandTests' clipboard check runs last
# under weston's x11 backend (its seat is the X server's keyboard and
# pointer) inside Xvfb; the test process still has no DISPLAY and speaks
# Wayland only, as does wl-paste, which reads what the test put on the
# clipboard.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/weston.sh
export GSK_RENDERER=${GSK_RENDERER:-cairo}

roster_kit=(
  WaylandTests MainWindowTests PersonViewTests AdwChromeTests FlattenedChromeTests
  AvatarRowTests BannerTests ClosedWindowTests HostileEntryWindowTests InteractionTests
  LocalizationTests PrefetchGapTests RefreshDiffTests SearchScrollTests
  SpoofCorpusWindowTests VisibleAvatarPriorityTests WindowFrameAllocationTests
  RecycledAvatarTests TextShapingAheadTests
  ServerWindowTests ServerScreenshotTests ServerLatePageTests ServerPagedResultsTests
  ServerSCIMWindowTests
)
roster_bench=(BenchCountersTests FrameTimeSplitTests)
gtk_kit=(
  CustomWidgetTests FramePhasesTests ListFactoryTests ListReloadTests
  RangedListArrivalTests RangedListSchedulingTests
)
join() {
  local IFS='|'
  echo "$*"
}
filter="^(RosterKitTests\.($(join "${roster_kit[@]}"))|RosterBenchTests\.($(join "${roster_bench[@]}"))|GtkKitTests\.($(join "${gtk_kit[@]}")))/"
# At scale 2, the tests whose pixels, sizes or timing follow the scale (the
# screenshots, rows, avatars, chrome, frames, input on a scaled surface);
# the others read models and servers the scale does not touch, and the
# scale-1 run has them.
scaled_kit=(
  WaylandTests MainWindowTests PersonViewTests AdwChromeTests FlattenedChromeTests
  AvatarRowTests BannerTests InteractionTests VisibleAvatarPriorityTests TextShapingAheadTests
  WindowFrameAllocationTests ServerScreenshotTests ServerWindowTests RecycledAvatarTests
)
scaled_gtk=(CustomWidgetTests FramePhasesTests ListFactoryTests)
scaled="^(RosterKitTests\.($(join "${scaled_kit[@]}"))|GtkKitTests\.($(join "${scaled_gtk[@]}")))/"
skip='FlattenedChromeTests/testAtTwiceTheScaleTheTextureHasTwiceThePixels|WaylandTests/testAUsernameOnTheClipboardIsReadByAnotherClient'
clipboard='^RosterKitTests\.WaylandTests/testAUsernameOnTheClipboardIsReadByAnotherClient$'

# swift test's output without the linker's noise. The pipe's status is
# swift test's: grep's own (1 when it let no line through) never counts.
quiet_swift_test() {
  swift test "$@" 2>&1 | { grep -vE "prohibited flag|unhandled; explicitly" || true; }
}

# The clipboard phase, run inside xvfb-run (below): weston's x11 backend.
if [ "${1:-}" = --seat ]; then
  WESTON_BACKEND=x11 weston_start 1
  quiet_swift_test --skip-build --filter "$clipboard"
  exit 0
fi

# Each phase's verdict, so that a failure says at which scale (or in the
# clipboard phase) it came: "FAILED: " lines are what scripts/step.sh lists
# under the failed step of `make test`, beside the failed tests' names.
status=0
durations=()
failed_phases=()
for scale in 1 2; do
  start=$SECONDS
  echo "== Wayland (headless weston, output scale $scale, GSK_RENDERER=$GSK_RENDERER)"
  weston_start "$scale"
  skips=$skip
  selected=$filter
  if [ "$scale" != 1 ]; then
    selected=$scaled
    skips+='|WindowFrameAllocationTests/testTheThresholdFollowsTheLargestOpenWindow'
  fi
  verdict=passed
  if ! quiet_swift_test --skip-build --filter "$selected" --skip "$skips"; then
    status=1
    verdict=FAILED
    failed_phases+=("the window tests at output scale $scale")
  fi
  weston_stop
  durations+=("scale $scale: $((SECONDS - start)) s, $verdict;")
done

start=$SECONDS
echo "== Wayland clipboard (weston's x11 backend in Xvfb, a seat; no DISPLAY for the test)"
verdict=passed
if ! xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" bash "$0" --seat; then
  status=1
  verdict=FAILED
  failed_phases+=("the clipboard check (weston's x11 backend)")
fi
durations+=("clipboard: $((SECONDS - start)) s, $verdict")

echo "Wayland runs: ${durations[*]}"
for phase in "${failed_phases[@]}"; do
  echo "FAILED: under Wayland, $phase"
done
exit $status
