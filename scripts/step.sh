#!/usr/bin/env bash
# One timed step of `make test`: runs the command with its output shown and
# kept in .build/steps/SLUG.log (SLUG: the name in lower case, dashes for the
# rest), appends its name, duration and verdict to .build/test-steps.tsv, and
# prints the table of every step so far when the step fails or when called
# with --summary (the last step). Under each failed step the table names what
# failed, read from its log: the tests XCTest or Swift Testing reported as
# failed, the test a crash ended the process in, a sanitizer's report (its
# header, the test it came in, its first frames in our code), a fuzz target,
# the first compiler errors; or that no name was found, and where the log is.
# Usage: scripts/step.sh --reset | --summary | NAME COMMAND [ARGS...]
#        scripts/step.sh --failures LOG [--tsv]
#   --failures: what failed in LOG, as the table shows it (--tsv: one
#   "name<TAB>message" line a failure, which scripts/repeat-tests.sh counts).
set -uo pipefail
cd "$(dirname "$0")/.." || exit
times=.build/test-steps.tsv
steps=.build/steps

# Reads a step's log. One parser for the gate and scripts/repeat-tests.sh, so
# both name a failure the same way.
failures() {
  python3 - "$@" <<'PY'
import os, re, subprocess, sys

path = sys.argv[1]
tsv = "--tsv" in sys.argv[2:]
root = os.getcwd() + "/"
ansi = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
lines = [ansi.sub("", l.rstrip("\n")) for l in open(path, errors="replace")]

failed = []        # failed tests, in the order they failed
messages = {}      # test -> its first assertion messages
open_tests = {}    # XCTest or Swift Testing tests started and not yet ended -> line
current = None     # the XCTest test that started last and has not ended
reports = []       # (key, header, test, frames)
others = []        # fuzz targets, scripts' own verdicts, compiler errors
seen_others = set()


def note(name, message=None):
    if name not in failed:
        failed.append(name)
    if message:
        kept = messages.setdefault(name, [])
        if message not in kept and len(kept) < 3:
            kept.append(message)


def ours(text):
    """The text with our checkout's paths made relative, for short lines."""
    return text.replace(root, "")


def in_our_code(text):
    """A frame in our sources or tests (not a dependency's checkout, not a derived file)."""
    return re.search(r"/(?:Sources|Tests)/", text) is not None and "/.build/" not in text


def demangle(symbol):
    """A Swift symbol as people read it (swift demangle), or as it is."""
    if not symbol.startswith("$s"):
        return symbol
    try:
        out = subprocess.run(["swift", "demangle", "--simplified", "--compact", symbol],
                             capture_output=True, text=True, timeout=30).stdout.strip()
        return out or symbol
    except (OSError, subprocess.SubprocessError):
        return symbol


def short_frame(text):
    """A sanitizer's frame ("#0 0x… in SYMBOL FILE:L:C" from ASan, "#0 SYMBOL FILE:L:C (lib+0x…)"
    from TSan) as "FILE:L:C in FUNCTION"."""
    words = text.split()
    if words and words[0].startswith("0x"):
        words = words[2:] if len(words) > 2 and words[1] == "in" else words[1:]
    place = next((w for w in words if in_our_code(w)), None)
    if not words or place is None:
        return ours(text)
    return f"{ours(place)} in {demangle(words[0])}"


def other(text):
    if text not in seen_others and len(seen_others) < 8:
        seen_others.add(text)
        others.append(text)


xctest_case = re.compile(r"Test Case '([^']+)' (started|passed|failed|skipped)")
# XCTest's assertion line: FILE:LINE: error: Class.test : message (no column).
xctest_error = re.compile(r"^(\S+?):(\d+): error: (\S+) : (.*)$")
# Swift Testing: a symbol, then "Test NAME started." / "passed after" / ...
st_event = re.compile(r"^\S+ Test (.+?) (started\.|passed after|failed after|skipped|recorded an issue(?: with [^:]*?)? at (\S+?): (.*))")
sanitizer = re.compile(
    r"^(?:==\d+==\s*)?(?:WARNING|ERROR): "
    r"((?:Thread|Address|Leak|Memory|UndefinedBehavior)Sanitizer|libFuzzer):? (.*)$")
frame = re.compile(r"^\s*#\d+\s+(.*)$")
compiler_error = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$")
crash = re.compile(
    r"Fatal error|Precondition failed|Assertion failed|exited with (?:unexpected )?signal|"
    r"Segmentation fault|Illegal instruction|Aborted|Trace/breakpoint trap|Program crashed",
    re.IGNORECASE)
crash_lines = []   # (line number, text)
# The Swift runtime's backtrace: "3 [ra] 0x… CrashingTests.testCrashes() + 504 in X at FILE:L:C".
backtrace_frame = re.compile(r"^\s*\d+ (?:\[[a-z]+\] *)*0x[0-9a-f]+ (.*?) \+ \d+ in \S+ at (\S+)$")
crash_frames = []  # (line number, text)
criticals = []     # GLib's criticals, which often say why a crash came (line number, text)

i = 0
while i < len(lines):
    line = lines[i]
    m = xctest_case.search(line)
    if m:
        name, event = m.groups()
        if event == "started":
            open_tests[name] = i
            current = name
        else:
            open_tests.pop(name, None)
            current = None if current == name else current
            if event == "failed":
                note(name)
        i += 1
        continue
    m = xctest_error.match(line)
    if m:
        file, number, name, text = m.groups()
        note(name, f"{ours(file)}:{number}: {text.strip()}")
        i += 1
        continue
    m = st_event.match(line)
    # "Test run started." and "Test run with 3 tests … failed" are the whole run.
    if m and not re.match(r"^\S+ Test run\b", line):
        name, event = m.group(1) + " (Swift Testing)", m.group(2)
        if event == "started.":
            open_tests[name] = i
        elif event.startswith("recorded"):
            note(name, f"{ours(m.group(3))}: {m.group(4).strip()}")
        else:
            open_tests.pop(name, None)
            if event.startswith("failed"):
                note(name)
        i += 1
        continue
    m = sanitizer.match(line)
    if m:
        tool, text = m.groups()
        # Keys without pids and addresses, so the same report in two runs is one.
        text = re.sub(r"\s*\(pid=\d+\)", "", text)
        text = re.sub(r" at pc 0x.*$", "", text)
        key = f"{tool}: " + re.sub(r"0x[0-9a-f]+", "0x…", text)
        frames = []
        j = i + 1
        while j < len(lines) and j < i + 400:
            if sanitizer.match(lines[j]) or lines[j].startswith("SUMMARY:"):
                break
            f = frame.match(lines[j])
            if f and in_our_code(f.group(1)) and len(frames) < 3:
                frames.append(short_frame(f.group(1)))
            j += 1
        where = current
        reports.append((key + (f" ({frames[0]})" if frames else ""), key, where, frames))
        i = j
        continue
    if line.startswith("FAILED: "):
        other(ours(line[len("FAILED: "):]))
    elif compiler_error.match(line):
        file, number, column, text = compiler_error.match(line).groups()
        other(f"{ours(file)}:{number}:{column}: error: {text}")
    elif re.search(r"-CRITICAL \*\*", line):
        criticals.append((i, re.sub(r"^\(process:\d+\): |\d\d:\d\d:\d\d\.\d+: ", "", line.strip())))
    elif crash.search(line):
        # Without addresses, so the same crash in two runs reads the same.
        crash_lines.append((i, re.sub(r"0x[0-9a-f]+", "0x…", line.strip())))
    elif backtrace_frame.match(line) and in_our_code(line):
        function, place = backtrace_frame.match(line).groups()
        crash_frames.append((i, f"at {ours(place)} in {function}"))
    i += 1

# A process that ended inside a test (a crash, a sanitizer that stops at
# once, a kill) leaves it started without an end.
for name, began in open_tests.items():
    after = [text for n, text in crash_lines if n > began][:2]
    after += [text for n, text in crash_frames if n > began][:1]
    after += [text for n, text in criticals if n > began][:1]
    note(name + " (the process ended inside it)")
    for text in after:
        note(name + " (the process ended inside it)", ours(text))

out = []
for name in failed:
    out.append((name, messages.get(name, [])))
shown = set()
for dedup, key, where, frames in reports:
    if dedup in shown or len(shown) >= 5:
        continue
    shown.add(dedup)
    out.append((key + (f" in {where}" if where else ""), frames))
for text in others:
    out.append((text, []))

if tsv:
    for name, details in out:
        print(f"{name}\t{' | '.join(details)}")
    sys.exit(0)
if not out:
    print(f"no test name found; see {path}")
    # Whatever the step itself said it failed of, for a start.
    said = [l.strip() for l in lines
            if re.search(r"\b(?:error|fatal|failed)\b:? ", l, re.IGNORECASE) or l.startswith("E: ")]
    for l in said[-3:]:
        print(f"    {ours(l)[:300]}")
    sys.exit(0)
# Enough to start on; a run where everything failed names its first 20.
for name, details in out[:20]:
    print(name)
    for d in details:
        print(f"    {d[:300]}")
if len(out) > 20:
    print(f"… and {len(out) - 20} more")
print(f"(the whole output: {path})")
PY
}

summary() {
  [ -f "$times" ] || return 0
  echo
  echo "make test, step by step:"
  local name secs verdict slug total=0
  while IFS=$'\t' read -r name secs verdict slug; do
    printf '  %-38s %6d s  %s\n' "$name" "$secs" "$verdict"
    total=$((total + secs))
    if [ "$verdict" != passed ] && [ -s "$steps/$slug.failures" ]; then
      sed 's/^/      /' "$steps/$slug.failures"
    fi
  done <"$times"
  printf '  %-38s %6d s (%d.%d min)\n' total "$total" $((total / 60)) $((total % 60 * 10 / 60))
}

case ${1:-} in
  --reset)
    mkdir -p "$steps"
    rm -f "$steps"/*.log "$steps"/*.failures
    : >"$times"
    exit 0
    ;;
  --summary) summary; exit 0 ;;
  --failures) shift; failures "$@"; exit ;;
  "")
    echo "usage: $0 --reset | --summary | --failures LOG [--tsv] | NAME COMMAND [ARGS...]" >&2
    exit 2
    ;;
esac
name=$1
shift
slug=$(tr '[:upper:]' '[:lower:]' <<<"$name" | tr -cs 'a-z0-9' '-' | sed 's/^-//; s/-$//')
mkdir -p "$steps"
log=$steps/$slug.log
echo "== $name (output kept in $log)"
start=$SECONDS
# The output is shown as it comes and kept; the step's verdict is the
# command's status, never tee's.
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
verdict=passed
rm -f "$steps/$slug.failures"
if [ "$status" -ne 0 ]; then
  verdict="FAILED ($status)"
  failures "$log" >"$steps/$slug.failures" ||
    echo "no test name found (the log could not be read); see $log" >"$steps/$slug.failures"
fi
printf '%s\t%d\t%s\t%s\n' "$name" $((SECONDS - start)) "$verdict" "$slug" >>"$times"
[ "$status" -eq 0 ] || summary
exit "$status"
