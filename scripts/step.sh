#!/usr/bin/env bash
# One timed step of `make test`: runs the command, appends its name, duration
# and verdict to .build/test-steps.tsv, and prints the table of every step so
# far when the step fails or when called with --summary (the last step).
# Usage: scripts/step.sh --reset | --summary | NAME COMMAND [ARGS...]
set -uo pipefail
cd "$(dirname "$0")/.."
times=.build/test-steps.tsv

summary() {
  [ -f "$times" ] || return 0
  echo
  echo "make test, step by step:"
  awk -F'\t' '{ total += $2; printf "  %-34s %6d s  %s\n", $1, $2, $3 }
    END { printf "  %-34s %6d s (%.1f min)\n", "total", total, total / 60 }' "$times"
}

case ${1:-} in
  --reset) mkdir -p .build; : >"$times"; exit 0 ;;
  --summary) summary; exit 0 ;;
  "") echo "usage: $0 --reset | --summary | NAME COMMAND [ARGS...]" >&2; exit 2 ;;
esac
name=$1
shift
echo "== $name"
start=$SECONDS
"$@"
status=$?
verdict=passed
[ $status -eq 0 ] || verdict="FAILED ($status)"
printf '%s\t%d\t%s\n' "$name" $((SECONDS - start)) "$verdict" >>"$times"
[ $status -eq 0 ] || summary
exit $status
