#!/usr/bin/env bash
# Times sync and clone of the benchmark's generated journal (bench/generate.py) with and without
# encryption (`journal encrypt init`), side by side in one run, against a bare remote on this machine:
#   - the first `journal sync` (pushes every entry), then `journal clone` of the remote;
#   - a sync that merges one new entry from each side (the everyday case).
# Each once, wall time and peak memory (/usr/bin/time). Target: encrypted within 1.3x of plain.
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
missing=()
/usr/bin/time -f %M true >/dev/null 2>&1 || missing+=(time)
apt_install "${missing[@]}"
build_journal

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


{
  for mode in plain encrypted; do
    cp -r "$data/journal" "$run/$mode"
    "$JOURNAL_BIN" -J "$run/$mode" list -n 1 >/dev/null   # the snapshot, built once for both
    key=()
    if [ "$mode" = encrypted ]; then
      measure "journal encrypt init ($SIZE entries)" "$JOURNAL_BIN" -J "$run/$mode" encrypt init --export "$run/journal.key"
      key=(--key-file "$run/journal.key")
    fi
    git init -q --bare -b main "$run/$mode.git"
    "$JOURNAL_BIN" -J "$run/$mode" remote add origin "$run/$mode.git" >/dev/null
    measure "$mode: first sync (push $SIZE entries)" "$JOURNAL_BIN" -J "$run/$mode" sync
    measure "$mode: clone" "$JOURNAL_BIN" clone "$run/$mode.git" "$run/$mode-clone" "${key[@]}"
    "$JOURNAL_BIN" -J "$run/$mode" add "From the first machine" >/dev/null
    "$JOURNAL_BIN" -J "$run/$mode" sync >/dev/null
    "$JOURNAL_BIN" -J "$run/$mode-clone" add "From the second machine" >/dev/null
    measure "$mode: sync (merge one new entry each way)" "$JOURNAL_BIN" -J "$run/$mode-clone" sync
  done
} | tee "$run/results.tsv"
