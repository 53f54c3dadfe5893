# Sourced by scripts/wayland-tests.sh and scripts/wayland-bench.sh: a
# headless weston (Debian's weston, headless backend, no compositor-side
# rendering) on a private socket, for GTK clients under GDK_BACKEND=wayland.
#
#   weston_start [SCALE]  starts weston with its one output at SCALE (default
#                         1), waits until its socket exists, and exports
#                         WAYLAND_DISPLAY and GDK_BACKEND=wayland with DISPLAY
#                         unset, so nothing falls back to X11.
#   weston_stop           stops it (also run on exit: the caller's EXIT trap
#                         is replaced by one that calls weston_stop).
#
# The headless backend offers no seat (no wl_seat: no keyboard, pointer or
# clipboard). WESTON_BACKEND=x11 starts weston's x11 backend instead, inside
# the X server DISPLAY names (Xvfb): a window of the same size, drawn with
# pixman, and a seat made of that server's keyboard and pointer. Its clients
# still see no DISPLAY.
#
# XDG_RUNTIME_DIR is kept when it is a folder of this user's that only this
# user may enter; otherwise a fresh one (mktemp -d: mode 0700) is made and
# removed on exit. weston's log goes to $WESTON_LOG (default: in that folder,
# removed with weston's configuration when weston stops).

weston_pid=""
weston_runtime_made=""
weston_log=""
weston_files=()

# Whether XDG_RUNTIME_DIR is usable for a socket: set, a folder owned by this
# user, writable, and closed to everyone else (libwayland's requirement).
weston_runtime_usable() {
  local dir=${XDG_RUNTIME_DIR:-}
  [ -n "$dir" ] && [ -d "$dir" ] && [ -O "$dir" ] && [ -w "$dir" ] &&
    [ "$(stat -c %a "$dir")" = 700 ]
}

weston_start() {
  local scale=${1:-1}
  if ! weston_runtime_usable; then
    XDG_RUNTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/roster-wayland.XXXXXX")
    chmod 0700 "$XDG_RUNTIME_DIR"
    weston_runtime_made=$XDG_RUNTIME_DIR
    export XDG_RUNTIME_DIR
  fi
  local socket="roster-wayland-$$-$RANDOM"
  local config="$XDG_RUNTIME_DIR/$socket.ini"
  # No idle lock (it would hide every window after 5 minutes) and no panel
  # (a desktop-shell panel would cover the top of the output).
  cat >"$config" <<'INI'
[core]
idle-time=0

[shell]
panel-position=none
locking=false
INI
  weston_log=${WESTON_LOG:-$XDG_RUNTIME_DIR/$socket.log}
  weston_files=("$config")
  [ -n "${WESTON_LOG:-}" ] || weston_files+=("$weston_log")
  local backend=(--backend=headless-backend.so)
  if [ "${WESTON_BACKEND:-headless}" = x11 ]; then
    backend=(--backend=x11-backend.so --use-pixman)
  fi
  weston "${backend[@]}" --socket="$socket" --config="$config" \
    --width=1280 --height=1024 --scale="$scale" --idle-time=0 --log="$weston_log" \
    >/dev/null 2>&1 &
  weston_pid=$!
  trap weston_stop EXIT
  # Wait for the socket, not for a fixed time; give up if weston exits or
  # after 20 s.
  local deadline=$((SECONDS + 20))
  until [ -S "$XDG_RUNTIME_DIR/$socket" ]; do
    if ! kill -0 "$weston_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "weston did not start (log: $weston_log):" >&2
      cat "$weston_log" >&2 2>/dev/null || true
      weston_stop
      return 1
    fi
    sleep 0.05
  done
  export WAYLAND_DISPLAY=$socket GDK_BACKEND=wayland
  unset DISPLAY
}

weston_stop() {
  if [ -n "$weston_pid" ]; then
    kill "$weston_pid" 2>/dev/null || true
    wait "$weston_pid" 2>/dev/null || true
    weston_pid=""
  fi
  unset WAYLAND_DISPLAY
  [ ${#weston_files[@]} -eq 0 ] || rm -f "${weston_files[@]}"
  weston_files=()
  if [ -n "$weston_runtime_made" ]; then
    rm -rf "$weston_runtime_made"
    weston_runtime_made=""
    unset XDG_RUNTIME_DIR
  fi
}
