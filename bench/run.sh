#!/usr/bin/env bash
# The project's benchmark: journal against git, ripgrep and jrnl 4.6, on the same generated entries.
#
#   bench/run.sh [--sizes 1000,10000,100000] [--runs N] [options]
#
# Options:
#   --sizes LIST           journal sizes, comma-separated (default 1000,10000,100000)
#   --runs N               hyperfine runs per command (default 10; warmup 1)
#   --rounds R             the warm commands and the writes take their runs in R rounds, every command once a
#                          round (default 5): a slow phase of the machine then falls on a few runs of many
#                          commands, not on all the runs of one, and each ratio compares times taken side by side
#   --jrnl-runs N          runs for jrnl at sizes below 100,000 (default: min(N, 5) from 10,000 on, else N)
#   --jrnl-runs-large N    runs for jrnl at 100,000 entries and more (default 1, no warmup: jrnl takes seconds
#                          to minutes per call there)
#                          (the cold index rebuild, too, gets at most 3 runs and no warmup there)
#   --skip-jrnl-add-large  do not time `jrnl "bench entry"` at 100,000 entries and more (reported as skipped)
#   --skip-jrnl            do not time jrnl at all
#   --write-benchmarks     also write the results and the machine into BENCHMARKS.md at the top of the repo
#   --regenerate           generate the journals again even when bench/out/data has them
#   --no-build             use the journal binary as it is (JOURNAL_BIN=… to use another one)
#
# Installs what it needs when missing (Debian: hyperfine ripgrep time git python3-venv; PyPI: jrnl 4.6 into
# bench/.venv), builds journal in release mode, generates the journals (bench/generate.py) into
# bench/out/data/SIZE, times a fresh copy of them in bench/out/work/SIZE, and writes the tables to
# bench/out/results-DATE.md. A command that fails is reported as "n/a (failed: …)" and the run goes on.
set -uo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out"

SIZES="1000,10000,100000"
RUNS=10
ROUNDS=5
JRNL_RUNS=""
JRNL_RUNS_LARGE=1
LARGE="${BENCH_LARGE:-100000}"   # from this size on, jrnl and the cold start get fewer runs
SKIP_JRNL_ADD_LARGE=0
SKIP_JRNL=0
WRITE_BENCHMARKS=0
REGENERATE=0
BUILD=1
INDEX_GLOB='.git/journal/index.sqlite*'   # what a cold start deletes

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --sizes=*) SIZES="${1#*=}"; shift ;;
    --runs) RUNS="$2"; shift 2 ;;
    --runs=*) RUNS="${1#*=}"; shift ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --rounds=*) ROUNDS="${1#*=}"; shift ;;
    --jrnl-runs) JRNL_RUNS="$2"; shift 2 ;;
    --jrnl-runs=*) JRNL_RUNS="${1#*=}"; shift ;;
    --jrnl-runs-large) JRNL_RUNS_LARGE="$2"; shift 2 ;;
    --jrnl-runs-large=*) JRNL_RUNS_LARGE="${1#*=}"; shift ;;
    --skip-jrnl-add-large) SKIP_JRNL_ADD_LARGE=1; shift ;;
    --skip-jrnl) SKIP_JRNL=1; shift ;;
    --write-benchmarks) WRITE_BENCHMARKS=1; shift ;;
    --regenerate) REGENERATE=1; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; usage >&2; exit 64 ;;
  esac
done
case "$RUNS" in ''|*[!0-9]*|0*) echo "run.sh: --runs needs a positive number" >&2; exit 64 ;; esac
case "$ROUNDS" in ''|*[!0-9]*|0*) echo "run.sh: --rounds needs a positive number" >&2; exit 64 ;; esac
[ "$ROUNDS" -gt "$RUNS" ] && ROUNDS=$RUNS
IFS=',' read -r -a SIZE_LIST <<< "$SIZES"
for size in "${SIZE_LIST[@]}"; do
  case "$size" in ''|*[!0-9]*|0) echo "run.sh: bad size '$size' in --sizes" >&2; exit 64 ;; esac
done

NAME=run.sh
. "$BENCH/common.sh"
started=$(date +%s)

# ---------------------------------------------------------------------------------------------------
# 1. What it needs.
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v rg >/dev/null || missing+=(ripgrep)
command -v git >/dev/null || missing+=(git)
command -v python3 >/dev/null || missing+=(python3)
/usr/bin/time -f %M true >/dev/null 2>&1 || missing+=(time)
apt_install "${missing[@]}" || { say "run.sh: could not install ${missing[*]}"; exit 1; }

JRNL="$BENCH/.venv/bin/jrnl"
jrnl_version() { "$JRNL" --version 2>/dev/null; }   # (no `| grep -q`: with pipefail, jrnl's SIGPIPE fails it)
if [ $SKIP_JRNL -eq 0 ] && [[ "$(jrnl_version)" != *"v4.6"* ]]; then
  say "Installing jrnl 4.6 into bench/.venv"
  rm -rf "$BENCH/.venv"
  if ! python3 -m venv "$BENCH/.venv" 2>/dev/null; then
    rm -rf "$BENCH/.venv"
    apt_install python3-venv && /usr/bin/python3 -m venv "$BENCH/.venv"
  fi
  "$BENCH/.venv/bin/pip" install -q --disable-pip-version-check 'jrnl==4.6' \
    || { say "run.sh: could not install jrnl 4.6 from PyPI"; exit 1; }
fi

mkdir -p "$OUT"
build_journal
# The floor for the freshness walk (issue 12): a C loop over readdir + fstatat, a thread per core.
command -v cc >/dev/null || apt_install gcc libc6-dev || { say "run.sh: no C compiler for bench/walkfloor.c"; exit 1; }
cc -O2 -pthread "$BENCH/walkfloor.c" -o "$OUT/bin/walkfloor" || { say "run.sh: could not compile bench/walkfloor.c"; exit 1; }
WALKFLOOR="$OUT/bin/walkfloor"

STAMP="$(date +%Y-%m-%d)"
RUN_DIR="$OUT/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN_DIR"
RESULTS="$RUN_DIR/results.tsv"
MEMORY="$RUN_DIR/memory.tsv"
LOG="$RUN_DIR/hyperfine.log"
: > "$RESULTS"; : > "$MEMORY"; : > "$LOG"

# The commands run with a private HOME and XDG folders (the user's own jrnl config and git config are
# never read or touched), no editor, no colours, and the same UTF-8 locale.
export NO_COLOR=1 LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=Asia/Seoul
unset VISUAL EDITOR JOURNAL_DIR GIT_DIR GIT_WORK_TREE

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "load_start	$(load)" > "$RUN_DIR/machine.tsv"

# ---------------------------------------------------------------------------------------------------
# 2. The journals.
q() { printf '%q' "$1"; }
param() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d
for k in sys.argv[2].split("."): v=v[k]
print(v)' "$1" "$2"; }

write_jrnl_config() {   # FOLDER JOURNAL_FILE: the generator's config (bench/generate.py), pointed at the copy
  mkdir -p "$1/home" "$1/data"
  sed -i "s|^    journal: .*|    journal: \"$2\"|" "$1/config/jrnl/jrnl.yaml"
}

# ---------------------------------------------------------------------------------------------------
# 3. Timing.
record() {   # SIZE NAME STATUS MEDIAN_MS MEAN_MS STDDEV_MS RUNS NOTE ("-" for none)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$RESULTS"
}

# bench SIZE NAME RUNS WARMUP COMMAND [PREPARE]: times COMMAND (run by sh in the current folder). Called again
# for the same SIZE and NAME (the next round), its runs add to the earlier ones; `settle SIZE` records them.
bench() {
  local size="$1" name="$2" runs="$3" warmup="$4" cmd="$5" prepare="${6:-}"
  local dir="$RUN_DIR/json/$size"
  mkdir -p "$dir"
  grep -qxF "$name" "$dir/order" 2>/dev/null || echo "$name" >> "$dir/order"
  [ -f "$dir/$name.failed" ] && return   # a command that failed once is not run again
  local round=1
  while [ -f "$dir/$name.$round.json" ]; do round=$((round + 1)); done
  local json="$dir/$name.$round.json"
  printf '  %-16s ' "$name" >&2
  local args=(--runs "$runs" --warmup "$warmup" --export-json "$json" --style basic)
  # A plain command runs without a shell (-N: exact even for 1-ms commands); one with a pipe or `&&`
  # runs in sh, whose own start-up hyperfine measures and subtracts.
  case "$cmd" in *'|'*|*'&&'*|*'>'*|*';'*) ;; *) args+=(-N) ;; esac
  if [ -n "$prepare" ]; then
    printf '%s\n' "$prepare" > "$RUN_DIR/prepare-$size-$name.sh"
    args+=(--prepare "sh $(q "$RUN_DIR/prepare-$size-$name.sh")")
  fi
  echo "== $size $name (round $round): $cmd${prepare:+ (prepare: $prepare)}" >> "$LOG"
  if hyperfine "${args[@]}" "$cmd" </dev/null >> "$LOG" 2>&1; then
    local median
    median=$(python3 -c 'import json, statistics, sys
print("%.2f" % (statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"]) * 1000))' "$json")
    printf '%10s ms  (runs: %s%s)\n' "$median" "$runs" "$([ "$round" -gt 1 ] && echo ", round $round")" >&2
  else
    rm -f "$json"
    # Once more by hand, for the first line the command wrote to stderr.
    local err
    [ -n "$prepare" ] && sh -c "$prepare" >/dev/null 2>&1
    err=$(sh -c "$cmd" 2>&1 >/dev/null </dev/null | grep -v '^[[:space:]]*$' | sed -n 1p)
    [ -n "$err" ] || err=$(grep -E '^Error|error' "$LOG" | tail -n 1)
    err=$(printf '%s' "$err" | tr '\t' ' ' | cut -c1-160)
    printf '%s\n' "$err" > "$dir/$name.failed"
    printf 'n/a (failed: %s)\n' "$err" >&2
  fi
}

# settle SIZE: records every command timed at SIZE, in the order first timed, with the median, mean and standard
# deviation of all its rounds' runs together (merged into NAME.json).
settle() {
  local size="$1" dir="$RUN_DIR/json/$1" name
  while read -r name; do
    local stats
    if [ -f "$dir/$name.failed" ]; then
      record "$size" "$name" failed - - - 0 "$(cat "$dir/$name.failed")"
    elif stats=$(python3 "$BENCH/merge_rounds.py" "$dir" "$name") && [ -n "$stats" ]; then
      record "$size" "$name" ok $stats -
    else
      record "$size" "$name" failed - - - 0 "its rounds could not be merged (bench/merge_rounds.py)"
    fi
  done < "$dir/order"
}

# in_rounds FUNCTION: calls `FUNCTION RUNS WARMUP` once a round, $RUNS runs in all, the warmup run in the first.
in_rounds() {
  local round per left=$RUNS
  for round in $(seq 1 "$ROUNDS"); do
    per=$(( left / (ROUNDS - round + 1) ))
    left=$(( left - per ))
    [ "$ROUNDS" -gt 1 ] && say "   round $round of $ROUNDS"
    "$1" "$per" "$([ "$round" -eq 1 ] && echo 1 || echo 0)"
  done
}

warn() { say "  warning: $*"; printf '%s\n' "$*" >> "$RUN_DIR/warnings.txt"; }

check_count() {   # WHAT EXPECTED ARGS...: warns when `journal ARGS --json` lists another number of entries
  local what="$1" expected="$2"; shift 2
  local found
  found=$("$JOURNAL_BIN" -J "$jdir" "$@" --json 2>/dev/null </dev/null \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))' 2>/dev/null) || return 0
  [ -z "$found" ] || [ "$found" = "$expected" ] \
    || warn "$size entries: \`journal $what\` found $found entries, the generator wrote $expected"
}

skip() {   # SIZE NAME WHY
  record "$1" "$2" skipped - - - 0 "$3"
  printf '  %-16s skipped (%s)\n' "$2" "$3" >&2
}

peak_memory() {   # SIZE NAME ARGS...: the largest max RSS (KB) of three runs
  local size="$1" name="$2"; shift 2
  local peak=0 kb i
  for i in 1 2 3; do
    if ! /usr/bin/time -f %M -o "$RUN_DIR/rss" "$@" >/dev/null 2>"$RUN_DIR/rss.err" </dev/null; then
      local err; err=$(grep -v '^Command exited' "$RUN_DIR/rss.err" | grep -v '^[[:space:]]*$' | head -n 1 | tr '\t' ' ' | cut -c1-160)
      printf '%s\t%s\tfailed\t\t%s\n' "$size" "$name" "$err" >> "$MEMORY"
      printf '  %-16s n/a (failed: %s)\n' "mem $name" "$err" >&2
      return
    fi
    kb=$(tail -n 1 "$RUN_DIR/rss")
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  printf '%s\t%s\tok\t%s\t\n' "$size" "$name" "$peak" >> "$MEMORY"
  printf '  %-16s %10s KB\n' "mem $name" "$peak" >&2
}

for size in "${SIZE_LIST[@]}"; do
  data="$OUT/data/$size"
  if [ $REGENERATE -eq 1 ] || [ ! -f "$data/params.json" ] || [ "$BENCH/generate.py" -nt "$data/params.json" ]; then
    say "Generating $size entries into bench/out/data/$size"
    python3 "$BENCH/generate.py" --journal-bin "$JOURNAL_BIN" "$size" "$data" >/dev/null \
      || { say "run.sh: generating $size entries failed"; exit 1; }
  fi
  work="$OUT/work/$size"
  say "Copying the $size-entry journals to bench/out/work/$size"
  rm -rf "$work"; mkdir -p "$OUT/work"
  cp -a "$data" "$work"
  params="$work/params.json"
  jdir="$work/journal"
  jrnl_file="$work/jrnl/journal.txt"
  write_jrnl_config "$work/jrnl" "$jrnl_file"
  rare=$(param "$params" rare.word)
  common=$(param "$params" common.word)
  tag=$(param "$params" tag.name)
  from=$(param "$params" from)
  to=$(param "$params" to)
  edit_file=$(param "$params" edit_file)
  ko1=$(param "$params" ko1.word); ko2=$(param "$params" ko2.word); ko3=$(param "$params" ko3.word)
  cp "$params" "$RUN_DIR/params-$size.json"

  export HOME="$work/home" XDG_CONFIG_HOME="$work/jrnl/config" XDG_DATA_HOME="$work/jrnl/data"
  mkdir -p "$HOME"
  cd "$jdir" || exit 1
  J="$(q "$JOURNAL_BIN") -J $(q "$jdir")"
  JR="$(q "$JRNL")"
  cold_runs="$RUNS"; cold_warmup=1
  if [ "$size" -ge "$LARGE" ]; then
    # A cold rebuild reads and indexes every file: tens of seconds here.
    [ "$RUNS" -gt 3 ] && cold_runs=3
    cold_warmup=0
    jrnl_runs="$JRNL_RUNS_LARGE"; jrnl_warmup=0
  else
    jrnl_runs="${JRNL_RUNS:-$RUNS}"
    [ -z "$JRNL_RUNS" ] && [ "$size" -ge 10000 ] && [ "$RUNS" -gt 5 ] && jrnl_runs=5
    jrnl_warmup=1
  fi

  say ""
  say "== $size entries (rare: $rare, common: $common, Korean: $ko1 $ko2 $ko3, tag: $tag, $from..$to)"
  say "-- journal, the cold start"
  # The cold start first: its last run leaves the index built for the warm commands after it.
  # The text of a bulk load is indexed by the first search: a cold start that searches pays for both.
  bench "$size" cold_search "$cold_runs" "$cold_warmup" "$J search $(q "$rare")" "rm -f $(q "$jdir")/$INDEX_GLOB"
  bench "$size" cold_rebuild "$cold_runs" "$cold_warmup" "$J list -n 1" "rm -f $(q "$jdir")/$INDEX_GLOB"
  # What the cold rebuild is held against, next to it: it reads every byte of the entries (160 MB at 100,000)
  # through a pipe, and is kept out of the rounds so that no warm command runs right after it.
  bench "$size" read_all "$RUNS" 1 "find entries -name '*.md' -print0 | xargs -0 cat > /dev/null"
  # The answers, when the commands exist: the number of entries each finds, against the generator's count.
  check_count "search $rare" "$(param "$params" rare.entries)" search "$rare"
  for ko in ko1 ko2 ko3; do
    check_count "search $(param "$params" $ko.word)" "$(param "$params" $ko.entries)" search "$(param "$params" $ko.word)"
  done
  index_bytes=$(cat "$jdir"/$INDEX_GLOB 2>/dev/null | wc -c)
  printf '%s\tindex_bytes\t%s\n' "$size" "$index_bytes" >> "$RUN_DIR/index.tsv"
  say "  index after the cold start: $index_bytes bytes"
  check_count "list --tag $tag" "$(param "$params" tag.entries)" list --tag "$tag"
  check_count "list --from $from --to $to" "$(param "$params" range_entries)" list --from "$from" --to "$to"
  if ! compgen -G "$jdir/$INDEX_GLOB" >/dev/null; then
    warn "$size entries: no index at $INDEX_GLOB after a run, so the cold start may not have been cold"
  fi

  # The warm commands and what they are held against, each once a round (in_rounds).
  reads() {   # RUNS WARMUP
    local n="$1" w="$2"
    bench "$size" git_version "$n" "$w" "git --version"
    bench "$size" git_status "$n" "$w" "git status"
    bench "$size" walk_floor "$n" "$w" "$(q "$WALKFLOOR") entries"
    bench "$size" rg_rare "$n" "$w" "rg -l $(q "$rare") entries/"
    bench "$size" rg_common "$n" "$w" "rg -l $(q "$common") entries/"
    bench "$size" rg_ko1 "$n" "$w" "rg -l $(q "$ko1") entries/"
    bench "$size" rg_ko2 "$n" "$w" "rg -l $(q "$ko2") entries/"
    bench "$size" rg_ko3 "$n" "$w" "rg -l $(q "$ko3") entries/"
    bench "$size" version "$n" "$w" "$(q "$JOURNAL_BIN") --version"
    # What a shell runs on TAB after `journal show ` (the newest ids with their titles), as its script calls it.
    bench "$size" complete_ids "$n" "$w" "$(q "$JOURNAL_BIN") ---completion show -- positional@0 4 0 journal show -J $(q "$jdir") ''"
    bench "$size" list "$n" "$w" "$J list -n 20"
    bench "$size" search_rare "$n" "$w" "$J search $(q "$rare")"
    bench "$size" search_common "$n" "$w" "$J search $(q "$common") -n 20"
    bench "$size" search_ko1 "$n" "$w" "$J search $(q "$ko1") -n 20"
    bench "$size" search_ko2 "$n" "$w" "$J search $(q "$ko2")"
    bench "$size" search_ko3 "$n" "$w" "$J search $(q "$ko3")"
    bench "$size" list_tag "$n" "$w" "$J list --tag $(q "$tag") -n 20"
    bench "$size" list_range "$n" "$w" "$J list --from $from --to $to -n 20"
    bench "$size" today "$n" "$w" "$J today"
  }
  say "-- baselines and journal"
  in_rounds reads
  bench "$size" list_after_edit "$RUNS" 1 "$J list -n 20" "printf 'Edited outside the tool.\\n' >> $(q "$jdir/$edit_file")"

  if [ $SKIP_JRNL -eq 0 ]; then
    say "-- jrnl 4.6 (runs: $jrnl_runs, warmup: $jrnl_warmup)"
    if [ "$size" -lt "$LARGE" ]; then   # jrnl reads every generated entry, with its date
      count=$("$JRNL" --short 2>/dev/null | wc -l)
      [ "$count" -eq "$size" ] || warn "$size entries: jrnl parsed $count entries from the generated file"
    fi
    bench "$size" jrnl_list "$jrnl_runs" "$jrnl_warmup" "$JR -n 20"
    bench "$size" jrnl_rare "$jrnl_runs" "$jrnl_warmup" "$JR -contains $(q "$rare")"
    bench "$size" jrnl_common "$jrnl_runs" "$jrnl_warmup" "$JR -contains $(q "$common") -n 20"
    bench "$size" jrnl_tag "$jrnl_runs" "$jrnl_warmup" "$JR @$(q "$tag") -n 20"
    bench "$size" jrnl_range "$jrnl_runs" "$jrnl_warmup" "$JR -from $from -to $to -n 20"
  fi

  say "-- peak memory"
  peak_memory "$size" list "$JOURNAL_BIN" -J "$jdir" list -n 20
  peak_memory "$size" list_tag "$JOURNAL_BIN" -J "$jdir" list --tag "$tag" -n 20
  peak_memory "$size" list_range "$JOURNAL_BIN" -J "$jdir" list --from "$from" --to "$to" -n 20
  peak_memory "$size" today "$JOURNAL_BIN" -J "$jdir" today
  peak_memory "$size" search_common "$JOURNAL_BIN" -J "$jdir" search "$common" -n 20

  say "-- writes"
  mkdir -p "$jdir/bench-git"
  # Each round of a write warms up again: the other's commit just came between (git's commit rewrites the
  # index, which the next `add` then reads and checks whole once, as it would after any git command).
  writes() {   # RUNS (each round warms up, whatever in_rounds asks)
    bench "$size" add "$1" 1 "$J add 'bench entry'"
    bench "$size" git_commit "$1" 1 "git add bench-git && git commit -q -m x" \
      "date +%s%N > bench-git/\$(date +%s%N).txt"
  }
  in_rounds writes
  if [ $SKIP_JRNL -eq 1 ]; then
    :
  elif [ "$size" -ge "$LARGE" ] && [ $SKIP_JRNL_ADD_LARGE -eq 1 ]; then
    skip "$size" jrnl_add "--skip-jrnl-add-large"
  else
    bench "$size" jrnl_add "$jrnl_runs" "$jrnl_warmup" "$JR 'bench entry'"
  fi
  settle "$size"
  cd "$ROOT" || exit 1
done

# ---------------------------------------------------------------------------------------------------
# 4. The tables.
{
  echo "load_end	$(load)"
  echo "nproc	$(nproc)"
  echo "cpu	$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | sed -n 1p)"
  echo "memory	$(free -h | awk '/^Mem:/ {print $2}')"
  echo "kernel	$(uname -r)"
  echo "os	$(. /etc/os-release && echo "$PRETTY_NAME")"
  swift_version=$(swift --version 2>&1)   # read whole: `| grep -m1` would break swift's pipe
  echo "swift	$(grep -i 'swift version' <<<"$swift_version" | sed -n 1p)"
  echo "hyperfine	$(hyperfine --version)"
  echo "ripgrep	$(rg --version | sed -n 1p)"
  echo "git	$(git --version)"
  echo "jrnl	$([ -x "$JRNL" ] && "$JRNL" --version 2>/dev/null | sed -n 1p)"
  echo "journal	$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)$(git -C "$ROOT" diff --quiet HEAD -- Sources 2>/dev/null || echo ' + uncommitted changes')"
  echo "rounds	$ROUNDS"
  echo "elapsed	$(( $(date +%s) - started ))"
} >> "$RUN_DIR/machine.tsv"

report_args=(--run-dir "$RUN_DIR" --runs "$RUNS" --output "$OUT/results-$STAMP.md")
[ $WRITE_BENCHMARKS -eq 1 ] && report_args+=(--benchmarks "$ROOT/BENCHMARKS.md")
python3 "$BENCH/report.py" "${report_args[@]}" || exit 1
say ""
say "Wrote bench/out/results-$STAMP.md (raw: ${RUN_DIR#"$ROOT/"})"
[ $WRITE_BENCHMARKS -eq 1 ] && say "Wrote BENCHMARKS.md"
exit 0
