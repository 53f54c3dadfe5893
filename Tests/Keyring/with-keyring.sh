#!/usr/bin/env bash
# Runs "$@" beside a real GNOME Keyring on the current D-Bus session (run it
# inside dbus-run-session): its login keyring is created under
# $XDG_DATA_HOME and unlocked with a test password given on stdin, never on
# a command line. The daemon leaves with the session's bus.
set -euo pipefail
printf '%s' "keyring-unlock-test-password" |
  gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null
exec "$@"
