#!/usr/bin/env bash
# The diary in the pocket (issue 48 §6): the list page's first paint on an emulated phone over Fast 3G with
# a 4x CPU slowdown (online, installed, offline), the pages' weight, a 5 MB photo uploaded and shown, and
# the server's memory with 3 devices signed in; each beside its baseline from the same run (bench/pocket.py
# says which). Loopback only (127.0.0.2).
#
#   bench/pocket.sh [--size N] [--runs N] [--no-build]      (default 100000 entries, 5 runs)
#
# The journal comes from bench/generate.py (cached in bench/out/data/SIZE, copied to bench/out/work/pocket).
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out"
BUILD=1
NAME=pocket.sh
SIZE=100000
RUNS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: bench/pocket.sh [--size N] [--runs N] [--no-build]" >&2; exit 64 ;;
  esac
done
. "$BENCH/common.sh"
prepare_bench git python3 chromium
data="$OUT/data/$SIZE"
if [ ! -f "$data/params.json" ]; then
  say "Generating $SIZE entries into bench/out/data/$SIZE"
  python3 "$BENCH/generate.py" --journal-bin "$JOURNAL_BIN" "$SIZE" "$data" >/dev/null
fi
say "journal $("$JOURNAL_BIN" --version | head -n 1), $SIZE entries, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$BENCH/pocket.py" --journal-bin "$JOURNAL_BIN" --data "$data" --work "$OUT/work/pocket" --runs "$RUNS" \
  | awk -F'\t' '{ printf "%-78s %10s\n", $1, $2 }'
