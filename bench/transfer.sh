#!/usr/bin/env bash
# Times import and export against git on the benchmark's generated journal (bench/generate.py):
#   - `journal import jrnl` of the generator's jrnl file, against `git add -A && git commit` of the same
#     entry files written by a script (the files the import wrote, copied into a fresh repository);
#   - `journal export json|markdown|txt|jrnl|dayone` of every entry, and `html` up to 10,000 entries;
#   each once (they are long), wall time and peak memory (/usr/bin/time), on tmpfs when it has room.
#
#   bench/transfer.sh [--size N] [--no-build]      (default 100000)
set -euo pipefail
BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out"
NAME=transfer.sh
BUILD=1
SIZE=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: bench/transfer.sh [--size N] [--no-build]" >&2; exit 64 ;;
  esac
done
# shellcheck source=bench/common.sh
. "$BENCH/common.sh"
prepare_bench

data="$OUT/data-$SIZE"
if [ ! -f "$data/jrnl/journal.txt" ]; then
  say "Generating $SIZE entries (bench/generate.py)"
  python3 "$BENCH/generate.py" --journal-bin "$JOURNAL_BIN" "$SIZE" "$data" >/dev/null
fi
# The journal, the git repository and the exports go on tmpfs when it has room (TRANSFER_ON_DISK=1 keeps
# them under bench/out): on ext4, creating 100,000 files just after the last run's were deleted is slowed
# by the kernel's search for recently deleted inodes, which measures the file system, not the tools.
base="$OUT"
if [ -z "${TRANSFER_ON_DISK:-}" ] && [ -d /dev/shm ] \
  && [ "$(df --output=avail -k /dev/shm | tail -1)" -gt $((SIZE * 60)) ]; then
  base=/dev/shm/journal-bench
fi
run="$base/transfer-$SIZE"
results="$OUT/transfer-$SIZE.tsv"
rm -rf "$run" "$OUT/transfer-$SIZE"
mkdir -p "$run/home"
if [ "$base" != "$OUT" ]; then trap 'rm -rf "$run"' EXIT; fi
export HOME="$run/home" XDG_CONFIG_HOME="$run/home/.config" GIT_CONFIG_NOSYSTEM=1 TZ=UTC
git config --global user.name Bench && git config --global user.email bench@example.com
# No `git gc --auto` in the background after the baseline's commit of 100,000 loose objects: it packed them
# while the exports after it were being timed.
git config --global gc.auto 0

"$JOURNAL_BIN" init "$run/journal" >/dev/null
{
  measure "journal import jrnl ($SIZE entries)" "$JOURNAL_BIN" -J "$run/journal" import jrnl "$data/jrnl/journal.txt" --time-zone UTC
  # git on the same files: the entries the import wrote, in a fresh repository.
  mkdir -p "$run/git"
  git -C "$run/git" init -q
  cp -r "$run/journal/entries" "$run/git/entries"
  measure "git add -A && git commit (same files)" sh -c "cd '$run/git' && git add -A && git commit -qm import"
  measure "journal import jrnl again (nothing new)" "$JOURNAL_BIN" -J "$run/journal" import jrnl "$data/jrnl/journal.txt" --time-zone UTC
  for format in json markdown txt jrnl dayone; do
    measure "journal export $format" "$JOURNAL_BIN" -J "$run/journal" export "$format" -o "$run/export.$format"
  done
  # The site's target is set at 10,000 entries (bench/transfer.sh --size 10000).
  if [ "$SIZE" -le 10000 ]; then
    measure "journal export html" "$JOURNAL_BIN" -J "$run/journal" export html -o "$run/site"
  fi
} | tee "$results"
say "Results in $results (files under $run$([ "$base" != "$OUT" ] && echo ', removed at exit'))"
