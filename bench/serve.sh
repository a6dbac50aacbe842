#!/usr/bin/env bash
# journal serve against its targets (issue 30 §5), side by side with the baselines in the same run:
#   - `journal list -n 20` with the server running, against `git status` and `journal --version`, and
#     against the same command with JOURNAL_SERVE=off (the walk);
#   - a file written by hand: how long until the CLI sees it and until an open page's event stream hears it;
#   - `GET /api/entries?n=20` and the list page under wrk (2 threads, 20 connections, loopback only,
#     bounded in time), with latency percentiles; a search for a common word, as typed in the box;
#   - the server's resident memory, and its start-up to the first answer with a current snapshot.
#
#   bench/serve.sh [--sizes 1000,100000] [--no-build] [--seconds 10]
#
# Journals come from bench/generate.py (cached in bench/out/data/SIZE, copied to bench/out/work/serve-SIZE).
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out"
BUILD=1
NAME=serve.sh
SIZES="1000,100000"
SECONDS_PER_LOAD=10
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --seconds) SECONDS_PER_LOAD="$2"; shift 2 ;;
    *) echo "usage: bench/serve.sh [--sizes 1000,100000] [--no-build] [--seconds 10]" >&2; exit 64 ;;
  esac
done
. "$BENCH/common.sh"
prepare_bench git python3 curl wrk
IFS=, read -r -a SIZE_LIST <<< "$SIZES"
J="$JOURNAL_BIN"

# Median milliseconds of N runs of a command (output discarded).
median_ms() {
  local n="$1"; shift
  python3 - "$n" "$@" <<'EOF'
import subprocess, sys, time, statistics
n = int(sys.argv[1]); command = sys.argv[2:]
times = []
for _ in range(n):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1000)
print(f"{statistics.median(times):.2f}")
EOF
}

# Median milliseconds of each command, run in turn N times (one of each, then again): on a shared machine the
# noise of a moment falls on all of them alike, so that their ratio holds when the absolute numbers drift.
# Each command is one argument, its words joined by the unit separator (\x1f). Prints the medians in order.
interleaved_ms() {
  local n="$1"; shift
  python3 - "$n" "$@" <<'EOF'
import subprocess, sys, time, statistics
n = int(sys.argv[1]); commands = [c.split("\x1f") for c in sys.argv[2:]]
times = [[] for _ in commands]
for _ in range(n):
    for i, command in enumerate(commands):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times[i].append((time.perf_counter() - start) * 1000)
print(" ".join(f"{statistics.median(t):.2f}" for t in times))
EOF
}

printf '%-8s %-44s %12s\n' size measure value
for size in "${SIZE_LIST[@]}"; do
  data="$OUT/data/$size"
  if [ ! -f "$data/params.json" ]; then
    say "Generating $size entries into bench/out/data/$size"
    python3 "$BENCH/generate.py" --journal-bin "$J" "$size" "$data" >/dev/null
  fi
  work="$OUT/work/serve-$size"
  rm -rf "$work"; mkdir -p "$OUT/work"; cp -a "$data" "$work"
  jdir="$work/journal"
  common=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['common']['word'])" "$work/params.json")
  export JOURNAL_DIR="$jdir"
  "$J" list -n 1 >/dev/null   # the snapshot, current
  # The full-text index, complete: a bulk load leaves the texts for the first search, which pays once.
  "$J" search "$common" -n 1 >/dev/null
  git -C "$jdir" status >/dev/null

  row() { printf '%-8s %-44s %12s\n' "$size" "$1" "$2"; }
  row "git status (ms)" "$(median_ms 21 git -C "$jdir" status --porcelain)"
  row "journal --version (ms)" "$(median_ms 21 "$J" --version)"
  row "journal list -n 20, no server (ms)" "$(median_ms 21 "$J" list -n 20)"

  start=$(date +%s%N)
  "$J" serve --detach >/dev/null
  row "serve --detach until it answers (ms)" "$(( ($(date +%s%N) - start) / 1000000 ))"
  us=$'\x1f'
  read -r status version listed < <(interleaved_ms 51 "git${us}-C${us}$jdir${us}status${us}--porcelain" "$J${us}--version" "$J${us}list${us}-n${us}20")
  row "interleaved: git status (ms)" "$status"
  row "interleaved: journal --version (ms)" "$version"
  row "journal list -n 20, server running (ms)" "$listed"
  row "  list with server / --version" "$(python3 -c "print(f'{$listed / $version:.2f}')")"
  row "  list with server / git status" "$(python3 -c "print(f'{$listed / $status:.2f}')")"
  row "journal list -n 20, JOURNAL_SERVE=off (ms)" "$(median_ms 21 env JOURNAL_SERVE=off "$J" list -n 20)"
  read -r port token pid < <(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['port'], r['token'], r['pid'])" "$jdir/.git/journal/serve.json")
  base="http://127.0.0.1:$port"

  # A file written by hand: the CLI's next answer, and an open page's event stream.
  python3 - "$base" "$token" "$jdir" "$J" <<'EOF' | while read -r label value; do row "$label" "$value"; done
import http.client, os, subprocess, sys, time, statistics, threading
base, token, jdir, journal = sys.argv[1:5]
host, port = base[len("http://"):].split(":")
heard = []
for round in range(9):
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/api/events", headers={"Authorization": "Bearer " + token})
    response = connection.getresponse()
    while not response.readline().startswith(b": connected"):
        pass
    path = os.path.join(jdir, "entries", "2030", "01", f"bench-{round}.md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    start = time.perf_counter()
    with open(path, "w") as f:
        f.write(f"Bench round {round}\n\nWritten by hand.\n")
    while True:
        line = response.readline()
        if line.startswith(b"event: change"):
            heard.append((time.perf_counter() - start) * 1000)
            break
    connection.close()
seen = []
for round in range(9):
    path = os.path.join(jdir, "entries", "2030", "01", f"cli-{round}.md")
    start = time.perf_counter()
    with open(path, "w") as f:
        f.write(f"CLI round {round}\n")
    out = subprocess.run([journal, "list", "-n", "1", "--on", "2030-01-01"], capture_output=True, text=True).stdout
    seen.append((time.perf_counter() - start) * 1000)
print("page hears a hand write, median (ms)", f"{statistics.median(heard):.1f}")
print("page hears a hand write, worst of 9 (ms)", f"{max(heard):.1f}")
print("CLI answer after a hand write, median (ms)", f"{statistics.median(seen):.1f}")
EOF
  # The hand-written files name no date: each read of one dates it by its first commit (a walk of the
  # history), and they would top every list below. They go, and the deletion is committed.
  rm -rf "$jdir/entries/2030"
  "$J" list -n 1 >/dev/null

  for target in "/api/entries?n=20" "/" "/?q=$common"; do
    result=$(wrk -t2 -c20 -d"${SECONDS_PER_LOAD}s" --latency -H "Authorization: Bearer $token" -H "Cookie: journal_$port=$token" "$base$target" 2>&1)
    rps=$(printf '%s\n' "$result" | awk '/Requests\/sec/ { print $2 }')
    p99=$(printf '%s\n' "$result" | awk '$1 == "99%" { print $2 }')
    errors=$(printf '%s\n' "$result" | awk '/Non-2xx/ { print $5 }')
    row "wrk $target req/s" "$rps"
    row "wrk $target p99" "$p99${errors:+ ($errors non-2xx)}"
  done
  row "search '$common' as typed, one request (ms)" "$(median_ms 11 curl -s -o /dev/null -H "Authorization: Bearer $token" "$base/?q=$common")"
  # As the page's fetch sends it: on a kept-alive connection, without a curl process per request.
  row "search '$common', kept-alive connection (ms)" "$(python3 "$BENCH/keepalive.py" "$port" "$token" "/?q=$common")"
  row "server resident memory (MiB)" "$(( $(awk '/VmRSS/ { print $2 }' "/proc/$pid/status") / 1024 ))"
  "$J" serve --stop >/dev/null
done
