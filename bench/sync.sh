#!/usr/bin/env bash
# Sync and clone against git at 1,000, 10,000 and 100,000 entries (issue 28, section 5).
#
#   bench/sync.sh [--sizes 1000,10000,100000] [--runs N] [--rounds R] [--before BIN] [--no-build] [--regenerate]
#
# Options:
#   --sizes LIST    journal sizes, comma-separated (default 1000,10000,100000)
#   --runs N        runs of each command at each size (default 10)
#   --rounds R      the runs are taken in R rounds (default 5): each round times every command, journal's and
#                   git's alternating, a few runs each, so that a slow phase of the machine falls on both
#   --only LIST     scenarios to time, comma-separated: push, in1, in100, noop, clone (default all)
#   --before BIN    also time another journal binary (the build before a change), interleaved with this one
#   --serve         time journal's commands with `journal serve` running in its clone: a sync asks the server
#                   what changed instead of walking the files (the target of `noop` is then 1.2x git)
#   --regenerate    generate the journals again even when bench/out/data has them
#   --no-build      use the journal binary as it is (JOURNAL_BIN=… to use another one)
#
# The journal of each size is bench/run.sh's (bench/generate.py, in bench/out/data/SIZE). Under
# bench/out/sync/SIZE it makes bare copies of it as remotes (by path: journal's and git's own, and one to
# clone), a `journal clone` (a) and a `git clone` (g) of them, each with one local commit of one new entry,
# and, once, the commits another machine pushes: 100 entries added by `journal add` in a third clone, kept
# in the remotes under refs/bench/. The scenarios, each against git doing the same:
#   push    1 local entry, nothing incoming          `journal sync`  vs  `git pull --no-rebase && git push`
#   in1     1 local entry, 1 incoming (a merge)      `journal sync`  vs  the same
#   in100   1 local entry, 100 incoming (a merge)    `journal sync`  vs  the same
#   noop    nothing to do either way                 `journal sync`  vs  the same
#   clone   the whole journal                        `journal clone` vs  `git clone`
# Before every run (hyperfine's --prepare, not timed) the clone, its remote and their object databases are
# put back as they were (bench/out/sync/SIZE/reset.sh): the branch and the tracking branch reset, the
# objects the last run added deleted, and, for journal, `journal list -n 1` brings its snapshot up to date
# with the files git's reset put back. Writes bench/out/sync-results-DATE.md and prints it.
set -uo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out"

SIZES="1000,10000,100000"
RUNS=10
ROUNDS=5
ONLY="push,in1,in100,noop,clone"
BEFORE=""
REGENERATE=0
SERVE=0
BUILD=1

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES="$2"; shift 2 ;;
    --sizes=*) SIZES="${1#*=}"; shift ;;
    --runs) RUNS="$2"; shift 2 ;;
    --runs=*) RUNS="${1#*=}"; shift ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --rounds=*) ROUNDS="${1#*=}"; shift ;;
    --only) ONLY="$2"; shift 2 ;;
    --only=*) ONLY="${1#*=}"; shift ;;
    --before) BEFORE="$2"; shift 2 ;;
    --before=*) BEFORE="${1#*=}"; shift ;;
    --regenerate) REGENERATE=1; shift ;;
    --serve) SERVE=1; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "sync.sh: unknown option $1" >&2; usage >&2; exit 64 ;;
  esac
done
case "$RUNS" in ''|*[!0-9]*|0*) echo "sync.sh: --runs needs a positive number" >&2; exit 64 ;; esac
case "$ROUNDS" in ''|*[!0-9]*|0*) echo "sync.sh: --rounds needs a positive number" >&2; exit 64 ;; esac
[ "$ROUNDS" -gt "$RUNS" ] && ROUNDS=$RUNS
IFS=',' read -r -a SIZE_LIST <<< "$SIZES"
for size in "${SIZE_LIST[@]}"; do
  case "$size" in ''|*[!0-9]*|0) echo "sync.sh: bad size '$size' in --sizes" >&2; exit 64 ;; esac
done
for scenario in ${ONLY//,/ }; do
  case "$scenario" in push|in1|in100|noop|clone) ;; *) echo "sync.sh: unknown scenario '$scenario' in --only" >&2; exit 64 ;; esac
done
wants() { [[ ",$ONLY," == *",$1,"* ]]; }
if [ -n "$BEFORE" ]; then
  [ -x "$BEFORE" ] || { echo "sync.sh: --before: no program at $BEFORE" >&2; exit 64; }
  BEFORE="$(cd "$(dirname "$BEFORE")" && pwd)/$(basename "$BEFORE")"
fi

NAME=sync.sh
. "$BENCH/common.sh"
q() { printf '%q' "$1"; }
started=$(date +%s)

missing=()
for tool in hyperfine git python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
apt_install "${missing[@]}" || { say "sync.sh: could not install ${missing[*]}"; exit 1; }
build_journal
if [ -n "$BEFORE" ]; then
  cp "$BEFORE" "$OUT/bin/journal-before.tmp" && mv -f "$OUT/bin/journal-before.tmp" "$OUT/bin/journal-before"
  BEFORE="$OUT/bin/journal-before"
fi

# A private HOME (no user git config), no editor, no colours, one locale and time zone; no `git gc --auto`
# in the middle of a run.
export HOME="$OUT/sync-home" NO_COLOR=1 LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=Asia/Seoul GIT_CONFIG_NOSYSTEM=1
unset VISUAL EDITOR JOURNAL_DIR GIT_DIR GIT_WORK_TREE XDG_CONFIG_HOME
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.invalid
git config --global gc.auto 0
git config --global init.defaultBranch main

STAMP="$(date +%Y-%m-%d)"
RUN_DIR="$OUT/runs/sync-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN_DIR"
RESULTS="$RUN_DIR/results.tsv"
LOG="$RUN_DIR/hyperfine.log"
: > "$RESULTS"; : > "$LOG"
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "load_start	$(load)" > "$RUN_DIR/machine.tsv"
warn() { say "  warning: $*"; printf '%s\n' "$*" >> "$RUN_DIR/warnings.txt"; }

# bench SIZE NAME RUNS WARMUP COMMAND [PREPARE]: times COMMAND (no shell) with hyperfine; PREPARE runs in sh
# before every run. Called again for the same SIZE and NAME (the next round), its runs add to the earlier ones.
bench() {
  local size="$1" name="$2" runs="$3" warmup="$4" cmd="$5" prepare="${6:-}"
  local dir="$RUN_DIR/json/$size"
  mkdir -p "$dir"
  grep -qxF "$name" "$dir/order" 2>/dev/null || echo "$name" >> "$dir/order"
  [ -f "$dir/$name.failed" ] && return 1
  local round=1
  while [ -f "$dir/$name.$round.json" ]; do round=$((round + 1)); done
  local json="$dir/$name.$round.json"
  local args=(-N --runs "$runs" --warmup "$warmup" --export-json "$json" --style basic)
  if [ -n "$prepare" ]; then
    printf '%s\n' "$prepare" > "$RUN_DIR/prepare-$size-$name.sh"
    args+=(--prepare "sh $(q "$RUN_DIR/prepare-$size-$name.sh")")
  fi
  printf '  %-14s ' "$name" >&2
  echo "== $size $name (round $round): $cmd${prepare:+ (prepare: $prepare)}" >> "$LOG"
  if hyperfine "${args[@]}" "$cmd" </dev/null >> "$LOG" 2>&1; then
    printf '%10s ms  (runs: %s%s)\n' "$(python3 -c 'import json, statistics, sys
print("%.1f" % (statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"]) * 1000))' "$json")" \
      "$runs" "$([ "$round" -gt 1 ] && echo ", round $round")" >&2
  else
    rm -f "$json"
    local err
    if [ -n "$prepare" ] && ! sh -c "$prepare" >/dev/null 2>"$RUN_DIR/prepare.err" </dev/null; then
      err="prepare step failed: $(grep -v '^[[:space:]]*$' "$RUN_DIR/prepare.err" | sed -n 1p)"
    else
      err=$(sh -c "$cmd" 2>&1 >/dev/null </dev/null | grep -v '^[[:space:]]*$' | sed -n 1p)
    fi
    err=$(printf '%s' "$err" | tr '\t' ' ' | cut -c1-160)
    printf '%s\n' "$err" > "$dir/$name.failed"
    printf 'n/a (failed: %s)\n' "$err" >&2
    return 1
  fi
}

# settle SIZE: one row of results.tsv for every command timed at SIZE (all its rounds' runs together).
settle() {
  local size="$1" dir="$RUN_DIR/json/$1" name
  while read -r name; do
    if [ -f "$dir/$name.failed" ]; then
      printf '%s\t%s\tfailed\t%s\n' "$size" "$name" "$(cat "$dir/$name.failed")" >> "$RESULTS"
    elif python3 "$BENCH/merge_rounds.py" "$dir" "$name" >/dev/null; then
      printf '%s\t%s\tok\t-\n' "$size" "$name" >> "$RESULTS"
    else
      printf '%s\t%s\tfailed\tits rounds could not be merged\n' "$size" "$name" >> "$RESULTS"
    fi
  done < "$dir/order"
}

# The reset before each run. reset.sh CLONE LOCAL TRACKED REMOTE TIP [JOURNAL]: the remote's main back to TIP,
# the clone's branch to LOCAL (`git reset --hard`) and origin/main to TRACKED, each object database back to
# the files it held when the set-up was done (listed in its bench-objects); then JOURNAL, when given,
# brings the clone's snapshot up to date (`list -n 1`), as the command after any reset would.
write_reset() {
  cat > "$1" <<'EOF'
set -e
clone=$1 local=$2 tracked=$3 remote=$4 tip=$5 journal=${6:-}
prune() {   # GITDIR: deletes what its objects folder holds beyond GITDIR/bench-objects
  (cd "$1" && find objects -type f | sort | comm -13 bench-objects - | xargs -r rm -f)
}
git -C "$remote" update-ref refs/heads/main "$tip"
prune "$remote"
if [ "$(git -C "$clone" rev-parse HEAD)" != "$local" ]; then git -C "$clone" reset -q --hard "$local"; fi
git -C "$clone" update-ref refs/remotes/origin/main "$tracked"
prune "$clone/.git"
if [ -n "$journal" ]; then "$journal" -J "$clone" list -n 1 >/dev/null; fi
EOF
}
# in-sync.sh CLONE REMOTE SYNC…: runs SYNC (untimed) when the clone's HEAD is not the remote's main, so that
# the runs of "nothing to do" have nothing to do.
write_in_sync() {
  cat > "$1" <<'EOF'
set -e
clone=$1 remote=$2; shift 2
[ "$(git -C "$clone" rev-parse HEAD)" = "$(git -C "$remote" rev-parse main)" ] || "$@" >/dev/null
EOF
}
# git-add.sh CLONE TEXT: commits one new entry file, as `journal add` would.
write_git_add() {
  cat > "$1" <<'EOF'
set -e
cd "$1"
id=$(python3 -c 'import uuid; print(uuid.uuid4())')
path="entries/$(date +%Y/%m/%Y-%m-%d)-$(echo "$id" | cut -c1-8).md"
mkdir -p "$(dirname "$path")"
printf -- '---\nid: %s\ncreated_at: %s\n---\n%s\n' "$id" "$(date +%Y-%m-%dT%H:%M:%S%:z)" "$2" > "$path"
git add "$path"
git commit -q -m "Add \"$2\" (${id%%-*})"
EOF
}
# git-sync.sh CLONE: what `journal sync` does, with the git program.
write_git_sync() {
  cat > "$1" <<'EOF'
set -e
cd "$1"
git pull -q --no-rebase --no-edit origin main
git push -q origin HEAD:main
EOF
}

# in_rounds FUNCTION: calls `FUNCTION RUNS WARMUP` once a round, $RUNS runs in all, the warmup in the first.
in_rounds() {
  local round per left=$RUNS
  for round in $(seq 1 "$ROUNDS"); do
    per=$(( left / (ROUNDS - round + 1) ))
    left=$(( left - per ))
    say "   round $round of $ROUNDS ($(load))"
    "$1" "$per" "$([ "$round" -eq 1 ] && echo 1 || echo 0)"
  done
}

for size in "${SIZE_LIST[@]}"; do
  data="$OUT/data/$size"
  if [ $REGENERATE -eq 1 ] || [ ! -f "$data/params.json" ] || [ "$BENCH/generate.py" -nt "$data/params.json" ]; then
    say "Generating $size entries into bench/out/data/$size"
    python3 "$BENCH/generate.py" --journal-bin "$JOURNAL_BIN" "$size" "$data" >/dev/null \
      || { say "sync.sh: generating $size entries failed"; exit 1; }
  fi
  W="$OUT/sync/$size"
  say ""
  say "== $size entries: setting up bench/out/sync/$size"
  rm -rf "$W"; mkdir -p "$W"
  for remote in journal git clone; do
    git clone -q --bare "$data/journal" "$W/$remote.git" || { say "sync.sh: git clone --bare failed"; exit 1; }
  done
  write_reset "$W/reset.sh"; write_in_sync "$W/in-sync.sh"; write_git_add "$W/git-add.sh"; write_git_sync "$W/git-sync.sh"
  # Another machine's 100 entries, one commit each, made once and kept in both remotes.
  "$JOURNAL_BIN" clone "$W/journal.git" "$W/feed" >/dev/null || { say "sync.sh: journal clone failed"; exit 1; }
  base=$(git -C "$W/feed" rev-parse HEAD)
  for i in $(seq 1 100); do
    "$JOURNAL_BIN" -J "$W/feed" add "Incoming entry $i from the other machine" >/dev/null || { say "sync.sh: journal add failed"; exit 1; }
    [ "$i" -eq 1 ] && in1=$(git -C "$W/feed" rev-parse HEAD)
  done
  in100=$(git -C "$W/feed" rev-parse HEAD)
  for remote in journal git; do
    git -C "$W/feed" push -q "$W/$remote.git" "$in1:refs/bench/in1" "$in100:refs/bench/in100"
  done
  # The clones, each with its one local entry.
  "$JOURNAL_BIN" clone "$W/journal.git" "$W/a" >/dev/null || { say "sync.sh: journal clone failed"; exit 1; }
  "$JOURNAL_BIN" -J "$W/a" add "A local entry" >/dev/null
  local_a=$(git -C "$W/a" rev-parse HEAD)
  git clone -q "$W/git.git" "$W/g"
  sh "$W/git-add.sh" "$W/g" "A local entry"
  local_g=$(git -C "$W/g" rev-parse HEAD)
  for repo in "$W/journal.git" "$W/git.git" "$W/a/.git" "$W/g/.git"; do
    (cd "$repo" && find objects -type f | sort > bench-objects)
  done
  "$JOURNAL_BIN" -J "$W/a" list -n 1 >/dev/null
  if [ $SERVE -eq 1 ]; then
    "$JOURNAL_BIN" -J "$W/a" serve --detach >/dev/null || { say "sync.sh: journal serve failed"; exit 1; }
    trap '"$JOURNAL_BIN" -J "$W/a" serve --stop >/dev/null 2>&1' EXIT
  fi

  J="$(q "$JOURNAL_BIN")"
  RESET="sh $(q "$W/reset.sh")"
  A="$(q "$W/a")"; G="$(q "$W/g")"
  jreset() {   # TIP [JOURNAL]: the prepare step of journal's runs
    echo "$RESET $A $local_a $base $(q "$W/journal.git") $1 ${2:-$J}"
  }
  greset() { echo "$RESET $G $local_g $base $(q "$W/git.git") $1"; }
  GSYNC="sh $(q "$W/git-sync.sh") $G"
  # After a sync scenario's runs: the clone and its remote agree, and hold the local and incoming commits.
  check() {   # NAME CLONE REMOTE COMMITS…
    local name="$1" clone="$2" remote="$3"; shift 3
    local head; head=$(git -C "$clone" rev-parse HEAD)
    [ "$head" = "$(git -C "$remote" rev-parse main)" ] || warn "$size $name: the clone and its remote differ after the runs"
    for commit in "$@"; do
      git -C "$clone" merge-base --is-ancestor "$commit" "$head" || warn "$size $name: $commit is not in the clone's history"
    done
    [ -z "$(git -C "$clone" status --porcelain)" ] || warn "$size $name: the clone's work tree is not clean after the runs"
  }
  scenario() {   # NAME TIP RUNS WARMUP: journal's sync (and the one before), then git's
    local name="$1" tip="$2" n="$3" w="$4"
    bench "$size" "$name" "$n" "$w" "$J -J $A sync" "$(jreset "$tip")" && check "$name" "$W/a" "$W/journal.git" "$local_a" "$tip"
    if [ -n "$BEFORE" ]; then
      bench "$size" "${name}_before" "$n" "$w" "$(q "$BEFORE") -J $A sync" "$(jreset "$tip" "$(q "$BEFORE")")" \
        && check "${name}_before" "$W/a" "$W/journal.git" "$local_a" "$tip"
    fi
    bench "$size" "git_$name" "$n" "$w" "$GSYNC" "$(greset "$tip")" && check "git_$name" "$W/g" "$W/git.git" "$local_g" "$tip"
  }
  rounds() {   # RUNS WARMUP
    local n="$1" w="$2"
    wants push && scenario push "$base" "$n" "$w"
    wants in1 && scenario in1 "$in1" "$n" "$w"
    wants in100 && scenario in100 "$in100" "$n" "$w"
    if wants noop; then
      bench "$size" noop "$n" "$w" "$J -J $A sync" "sh $(q "$W/in-sync.sh") $A $(q "$W/journal.git") $J -J $A sync"
      [ -n "$BEFORE" ] && bench "$size" noop_before "$n" "$w" "$(q "$BEFORE") -J $A sync" \
        "sh $(q "$W/in-sync.sh") $A $(q "$W/journal.git") $J -J $A sync"
      bench "$size" git_noop "$n" "$w" "$GSYNC" "sh $(q "$W/in-sync.sh") $G $(q "$W/git.git") $GSYNC"
    fi
    if wants clone; then
      bench "$size" clone "$n" "$w" "$J clone $(q "$W/clone.git") $(q "$W/cj")" "rm -rf $(q "$W/cj")"
      [ -n "$BEFORE" ] && bench "$size" clone_before "$n" "$w" "$(q "$BEFORE") clone $(q "$W/clone.git") $(q "$W/cj")" \
        "rm -rf $(q "$W/cj")"
      bench "$size" git_clone "$n" "$w" "git clone -q $(q "$W/clone.git") $(q "$W/cg")" "rm -rf $(q "$W/cg")"
    fi
    return 0
  }
  say "-- timing ($RUNS runs in $ROUNDS rounds, journal's and git's alternating)"
  in_rounds rounds
  rm -rf "$W/cj" "$W/cg"
  if [ $SERVE -eq 1 ]; then "$JOURNAL_BIN" -J "$W/a" serve --stop >/dev/null; trap - EXIT; fi
  settle "$size"
done

{
  echo "load_end	$(load)"
  echo "nproc	$(nproc)"
  echo "cpu	$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | sed -n 1p)"
  echo "memory	$(free -h | awk '/^Mem:/ {print $2}')"
  echo "os	$(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
  echo "tools	$(hyperfine --version), $(git --version)"
  echo "journal	$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)$(git -C "$ROOT" diff --quiet HEAD -- Sources 2>/dev/null || echo ' + uncommitted changes')$([ $SERVE -eq 1 ] && echo ', with journal serve running in its clone')"
  echo "before	${BEFORE:+$(basename "$BEFORE")}"
  echo "runs	$RUNS"
  echo "rounds	$ROUNDS"
  echo "elapsed	$(( $(date +%s) - started ))"
} >> "$RUN_DIR/machine.tsv"

REPORT="$OUT/sync-results-$STAMP.md"
python3 - "$RUN_DIR" "$REPORT" <<'EOF' || exit 1
import csv, json, os, statistics, sys
run_dir, report = sys.argv[1], sys.argv[2]
machine = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(run_dir, "machine.tsv")))
rows = [r for r in csv.reader(open(os.path.join(run_dir, "results.tsv")), delimiter="\t", quoting=csv.QUOTE_NONE)]
status = {(int(r[0]), r[1]): (r[2], r[3]) for r in rows}
sizes = sorted({size for size, _ in status})

def times(size, name):
    if status.get((size, name), ("",))[0] != "ok":
        return None
    return json.load(open(os.path.join(run_dir, "json", str(size), name + ".json")))["results"][0]["times"]

def ms(v):
    v *= 1000
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"

def cell(size, name):
    t = times(size, name)
    if t is None:
        why = status.get((size, name), ("", "not timed"))[1]
        return "n/a" if why == "-" else f"n/a ({why.replace('|', '/')})"
    q = statistics.quantiles(t, n=4) if len(t) > 1 else [t[0]] * 3
    return f"{ms(statistics.median(t))} ({ms(min(t))}–{ms(max(t))}; IQR {ms(q[0])}–{ms(q[2])})"

SCENARIOS = [("push", "sync: 1 local entry, nothing incoming", "`git pull --no-rebase && git push`"),
             ("in1", "sync: 1 local, 1 incoming (a merge)", "the same"),
             ("in100", "sync: 1 local, 100 incoming (a merge)", "the same"),
             ("noop", "sync: nothing to do", "the same"),
             ("clone", "clone", "`git clone`")]
before = bool(machine.get("before"))
out = ["# Sync and clone against git (bench/sync.sh)", "",
       f"- machine: {machine['cpu']}, {machine['nproc']} cores (nproc), {machine['memory']} RAM; {machine['os']}",
       f"- journal: {machine['journal']}" + (f"; before: {machine['before']}" if before else "") + f"; {machine['tools']}",
       f"- load average (1, 5, 15 min): {machine['load_start']} at the start, {machine['load_end']} at the end",
       f"- {machine['runs']} runs of each command in {machine['rounds']} rounds (journal's and git's alternating); "
       f"whole run {int(machine['elapsed']) // 60} min {int(machine['elapsed']) % 60} s",
       "- remote: a bare repository by its path; times in ms: median (min–max; interquartile range)", ""]
head = "| size | scenario | journal | git | ratio |" + (" journal before | ratio before |" if before else "")
out += [head, "|" + "---|" * (head.count("|") - 1)]
verdicts = []
for size in sizes:
    for name, label, _ in SCENARIOS:
        if (size, name) not in status and (size, "git_" + name) not in status:
            continue
        ours, git, old = times(size, name), times(size, "git_" + name), times(size, name + "_before")
        ratio = statistics.median(ours) / statistics.median(git) if ours and git else None
        line = f"| {size:,} | {label} | {cell(size, name)} | {cell(size, 'git_' + name)} | " \
               + (f"{ratio:.2f}×" if ratio else "n/a") + (" **!**" if ratio and ratio > 1.5 else "") + " |"
        if before:
            r = statistics.median(old) / statistics.median(git) if old and git else None
            line += f" {cell(size, name + '_before')} | " + (f"{r:.2f}×" if r else "n/a") + " |"
        out.append(line)
        verdicts.append(ratio is not None and ratio <= 1.5)
out += ["", f"Issue 28's target, each ≤ 1.5× git: {sum(verdicts)} of {len(verdicts)} met (**!** a miss).",
        "The git side of a sync is `sh` running `git pull -q --no-rebase --no-edit origin main` and "
        "`git push -q origin HEAD:main`; journal's is one `journal sync`."]
warnings = os.path.join(run_dir, "warnings.txt")
if os.path.exists(warnings):
    out += ["", "Warnings:"] + [f"- {w.strip()}" for w in open(warnings) if w.strip()]
out += ["", f"Raw hyperfine JSON: {os.path.relpath(run_dir)}/json"]
open(report, "w", encoding="utf-8").write("\n".join(out) + "\n")
EOF
say ""
cat "$REPORT"
say ""
say "Wrote ${REPORT#"$ROOT/"} (raw: ${RUN_DIR#"$ROOT/"})"
exit 0
