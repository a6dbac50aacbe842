#!/usr/bin/env bash
# Times `journal import markdown` of real and vault-like notes against `git add -A && git commit` of the same
# files, side by side, and says what the import kept of them (issue 35, section 4):
#   - Hugo's documentation (github.com/gohugoio/hugoDocs, its content/ folder: pages with YAML or TOML front
#     matter), cloned into bench/out/hugoDocs unless --hugo names a checkout; skipped when neither works
#     (no network);
#   - a generated Obsidian-like vault of --notes notes (bench/notes.py: daily notes, YAML and TOML front
#     matter, embeds, wikilinks, nested tags).
# Each round times, one after the other: the import into a fresh journal, then git on a fresh copy of the
# folder imported (`git init`, the copy and the journal's `init` are not timed). Then the import again over
# the same journal (nothing new). Median and fastest of --runs rounds, wall time and peak memory; then
# titles, dates, attachments and links (bench/notes.py check, on `journal export json`).
#
#   bench/import-notes.sh [--runs N] [--notes N] [--hugo DIR] [--no-build]     (default 7 runs, 1000 notes)
set -euo pipefail
BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$BENCH/.." && pwd)"
OUT="$BENCH/out"
NAME=import-notes.sh
BUILD=1
RUNS=7
NOTES=1000
HUGO=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --notes) NOTES="$2"; shift 2 ;;
    --hugo) HUGO="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) echo "usage: bench/import-notes.sh [--runs N] [--notes N] [--hugo DIR] [--no-build]" >&2; exit 64 ;;
  esac
done
# shellcheck source=bench/common.sh
. "$BENCH/common.sh"
prepare_bench git python3

base="$OUT"
if [ -d /dev/shm ] && [ "$(df --output=avail -k /dev/shm | tail -1)" -gt 1000000 ]; then base=/dev/shm/journal-bench; fi
run="$base/import-notes"
rm -rf "$run"
mkdir -p "$run/home" "$OUT"
if [ "$base" != "$OUT" ]; then trap 'rm -rf "$run"' EXIT; fi
export HOME="$run/home" XDG_CONFIG_HOME="$run/home/.config" GIT_CONFIG_NOSYSTEM=1 TZ=UTC
git config --global user.name Bench && git config --global user.email bench@example.com
git config --global gc.auto 0
results="$OUT/import-notes-$(date +%Y-%m-%d).md"

# Hugo's docs: the checkout given, else a clone (network: the benchmark only, never the tests).
if [ -z "$HUGO" ]; then
  HUGO="$OUT/hugoDocs"
  if [ ! -d "$HUGO/content" ]; then
    say "Cloning Hugo's documentation into $HUGO"
    git clone -q --depth 1 https://github.com/gohugoio/hugoDocs "$HUGO" 2>/dev/null || { say "No clone (no network?): Hugo's docs skipped"; HUGO=""; }
  fi
fi
vault="$OUT/notes-vault-$NOTES"
if [ ! -f "$vault/.obsidian/app.json" ]; then
  say "Generating a vault of $NOTES notes (bench/notes.py)"
  rm -rf "$vault"
  python3 "$BENCH/notes.py" generate "$vault" "$NOTES"
fi

# One timed command: wall seconds and peak MiB, "S M" (common.sh's measure).
timed() { measure "$1" "$@" | cut -f2,3 | tr '\t' ' '; }
# Median and fastest of a column of "S M" lines: "median s (fastest s), M MiB".
summary() {
  sort -n | awk '{ t[NR] = $1; if ($2 > m) m = $2 } END { printf "%.3f s (fastest %.3f), %d MiB", (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2), t[1], m }'
}

# LABEL FOLDER: the rounds, the import again, and what the import kept.
measure_source() {
  local label="$1" folder="$2" files notes size
  files=$(find "$folder" -type f -not -path '*/.*' | wc -l)
  notes=$(find "$folder" -type f \( -name '*.md' -o -name '*.markdown' \) -not -path '*/.*' | wc -l)
  size=$(du -sm --exclude='.*' "$folder" | cut -f1)
  say "$label: $RUNS rounds"
  : > "$run/journal.times"; : > "$run/git.times"
  for _ in $(seq "$RUNS"); do
    rm -rf "$run/journal" "$run/git"
    "$JOURNAL_BIN" init "$run/journal" >/dev/null
    timed "$JOURNAL_BIN" -J "$run/journal" import markdown "$folder" --time-zone UTC >> "$run/journal.times"
    mkdir -p "$run/git" && git -C "$run/git" init -q && cp -r "$folder/." "$run/git/"
    timed sh -c "cd '$run/git' && git add -A && git commit -qm import" >> "$run/git.times"
  done
  : > "$run/again.times"
  for _ in $(seq "$RUNS"); do
    timed "$JOURNAL_BIN" -J "$run/journal" import markdown "$folder" --time-zone UTC >> "$run/again.times"
  done
  rm -rf "$run/journal"
  "$JOURNAL_BIN" init "$run/journal" >/dev/null
  "$JOURNAL_BIN" -J "$run/journal" import markdown "$folder" --time-zone UTC >/dev/null 2>"$run/import.err"
  "$JOURNAL_BIN" -J "$run/journal" export json -o "$run/export.json" >/dev/null
  {
    echo "### $label"
    echo
    echo "$notes notes, $files files, $size MB ($folder)"
    echo
    echo "| | median (fastest), peak memory |"
    echo "|---|---|"
    echo "| \`journal import markdown\` | $(summary < "$run/journal.times") |"
    echo "| \`git add -A && git commit\` of the same folder | $(summary < "$run/git.times") |"
    echo "| \`journal import markdown\` again (nothing new) | $(summary < "$run/again.times") |"
    echo
    python3 "$BENCH/notes.py" check "$folder" "$run/export.json" "$run/import.err"
    echo
  } | tee -a "$results"
}

{
  echo "## bench/import-notes.sh, $(date -u +%Y-%m-%dT%H:%MZ), $RUNS rounds, on $(nproc) cores, $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo
} | tee "$results"
if [ -n "$HUGO" ]; then measure_source "Hugo's documentation (content/)" "$HUGO/content"; fi
measure_source "A generated vault of $NOTES notes" "$vault"
say "Results in $results"
