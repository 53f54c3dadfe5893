# Sourced by the server benches (ldap-bench.sh, scim-bench.sh): runs
# run-floor and `roster-dev bench --source URL` alternately at 6000 and 20000
# px/s, PAIRS times, appending every JSON line to LOG.
# Usage: bench_pairs URL ROWS PAIRS SECONDS LOG ROSTER_DEV [XVFB...]
bench_pairs() {
  local url=$1 rows=$2 pairs=$3 seconds=$4 log=$5 roster=$6
  shift 6
  local floor=../shared/tools/run-floor
  for _ in $(seq "$pairs"); do
    for speed in 6000 20000; do
      if [ -x "$floor" ]; then
        python3 scripts/peak-rss.py "$floor" --rows "$rows" --speed "$speed" --seconds "$seconds" \
          | tee -a "$log"
      fi
      "$@" "$roster" bench --source "$url" --speed "$speed" --seconds "$seconds" \
        2>/dev/null | tee -a "$log"
    done
  done
  echo "raw results: $log" >&2
}
