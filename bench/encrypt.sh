#!/usr/bin/env bash
# Times sync and clone of the benchmark's generated journal (bench/generate.py) with and without
# encryption, side by side in one run, against a bare remote on this machine, in two ways:
#   - "fresh": a journal encrypted from its first commit (the README's way to a private remote) against
#     the same journal plain: the same entries, the same commits; this is what encryption itself costs;
#   - "history": the generated journal with its plaintext history, then `journal encrypt init`, which
#     re-stores every entry sealed: its first push carries the history and the sealed copy (twice the
#     objects), against the plain journal's history alone.
# Each step: the first `journal sync` (pushes every entry), `journal clone` of the remote, then a sync
# that merges one new entry from each side (the everyday case). Once each, wall time and peak memory
# (/usr/bin/time). Target: encrypted within 1.3x of plain.
#
#   bench/encrypt.sh [--size N] [--no-build]      (default 10000)
set -euo pipefail
BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out"
NAME=encrypt.sh
BUILD=1
SIZE=10000
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: bench/encrypt.sh [--size N] [--no-build]" >&2; exit 64 ;;
  esac
done
# shellcheck source=bench/common.sh
. "$BENCH/common.sh"
prepare_bench

data="$OUT/data-$SIZE"
if [ ! -d "$data/journal/.git" ]; then
  say "Generating $SIZE entries (bench/generate.py)"
  python3 "$BENCH/generate.py" --journal-bin "$JOURNAL_BIN" "$SIZE" "$data" >/dev/null
fi
run="$OUT/encrypt-$SIZE"
rm -rf "$run"
mkdir -p "$run/home"
export HOME="$run/home" XDG_CONFIG_HOME="$run/home/.config" GIT_CONFIG_NOSYSTEM=1 TZ=UTC
git config --global user.name Bench && git config --global user.email bench@example.com


# One journal under $run/$1-$2 (scenario, mode), synced to its own bare remote, cloned, synced again.
steps() {
  local scenario="$1" mode="$2" journal="$run/$1-$2" key=()
  [ "$mode" = encrypted ] && key=(--key-file "$run/$scenario.key")
  git init -q --bare -b main "$journal.git"
  "$JOURNAL_BIN" -J "$journal" remote add origin "$journal.git" >/dev/null
  measure "$scenario, $mode: first sync (push $SIZE entries)" "$JOURNAL_BIN" -J "$journal" sync
  measure "$scenario, $mode: clone" "$JOURNAL_BIN" clone "$journal.git" "$journal-clone" "${key[@]}"
  "$JOURNAL_BIN" -J "$journal" add "From the first machine" >/dev/null
  "$JOURNAL_BIN" -J "$journal" sync >/dev/null
  "$JOURNAL_BIN" -J "$journal-clone" add "From the second machine" >/dev/null
  measure "$scenario, $mode: sync (merge one new entry each way)" "$JOURNAL_BIN" -J "$journal-clone" sync
}

{
  for mode in plain encrypted; do
    journal="$run/fresh-$mode"
    "$JOURNAL_BIN" init "$journal" >/dev/null
    [ "$mode" = encrypted ] && "$JOURNAL_BIN" -J "$journal" encrypt init --export "$run/fresh.key" >/dev/null
    cp -r "$data/journal/entries" "$journal/"
    "$JOURNAL_BIN" -J "$journal" commit >/dev/null   # one commit of every entry, the snapshot built
    steps fresh "$mode"
  done
  for mode in plain encrypted; do
    journal="$run/history-$mode"
    cp -r "$data/journal" "$journal"
    "$JOURNAL_BIN" -J "$journal" list -n 1 >/dev/null   # the snapshot, built once for both
    if [ "$mode" = encrypted ]; then
      measure "history: journal encrypt init ($SIZE entries)" "$JOURNAL_BIN" -J "$journal" encrypt init --export "$run/history.key"
    fi
    steps history "$mode"
  done
} | tee "$run/results.tsv"
