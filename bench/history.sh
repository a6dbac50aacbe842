#!/usr/bin/env bash
# The history and sync benchmark (issue 4): `journal log`, `journal log ID` and `journal sync` against
# git on a journal with a long history.
#
#   bench/history.sh [--size N] [--runs N] [--regenerate] [--no-build]
#
# Options:
#   --size N       entries, and commits, in the generated journal (default 100000; 2000 tests the script)
#   --runs N       hyperfine runs per command (default 10; warmup 1). The first, uncached `journal log ID`
#                  gets at most 3 runs and no warmup; each clone is timed once.
#   --regenerate   generate the journal again even when bench/out/history/data/SIZE has it
#   --no-build     use the journal binary as it is (JOURNAL_BIN=… to use another one)
#
# Generates the journal once (bench/history_gen.py: SIZE commits by `git fast-import`, one entry added per
# commit, every 10th commit also edits an older entry, about 3,000 edits of one hot entry at 100,000)
# into bench/out/history/data/SIZE, then times with hyperfine:
#   - `journal log -n 20` and `journal log HOT` (cached, and first run) against `git log`;
#   - `journal clone` and `journal sync` (push only, fetch + merge + push, nothing to do) against
#     `git clone` and `git pull --no-rebase` + `git push`, with a bare repository as the remote, by its
#     path and, for the push, through `git daemon` on 127.0.0.1.
# Writes bench/out/history-results-DATE.md and prints it. A command that fails is reported as
# "n/a (failed: …)" and the run goes on.
set -uo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out/history"

SIZE=100000
RUNS=10
REGENERATE=0
BUILD=1

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --size=*) SIZE="${1#*=}"; shift ;;
    --runs) RUNS="$2"; shift 2 ;;
    --runs=*) RUNS="${1#*=}"; shift ;;
    --regenerate) REGENERATE=1; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "history.sh: unknown option $1" >&2; usage >&2; exit 64 ;;
  esac
done
case "$RUNS" in ''|*[!0-9]*|0) echo "history.sh: --runs needs a positive number" >&2; exit 64 ;; esac
case "$SIZE" in ''|*[!0-9]*|0|1) echo "history.sh: --size needs a number of at least 2" >&2; exit 64 ;; esac

NAME=history.sh
. "$BENCH/common.sh"
q() { printf '%q' "$1"; }
commas() { sed ':a; s/\B[0-9]\{3\}\>/,&/; ta' <<<"$1"; }   # 100000 -> 100,000
started=$(date +%s)

# ---------------------------------------------------------------------------------------------------
# 1. What it needs: hyperfine, git (with git daemon), python3, and the journal binary.
missing=()
for tool in hyperfine git python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
apt_install "${missing[@]}" || { say "history.sh: could not install ${missing[*]}"; exit 1; }

build_journal
J="$(q "$JOURNAL_BIN")"

# A private HOME (no user git config), no editor, no colours, one locale and time zone.
export HOME="$OUT/home" NO_COLOR=1 LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=Asia/Seoul
unset VISUAL EDITOR JOURNAL_DIR GIT_DIR GIT_WORK_TREE
mkdir -p "$HOME"

RUN_DIR="$OUT/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN_DIR/json"
RESULTS="$RUN_DIR/results.tsv"
LOG="$RUN_DIR/hyperfine.log"
: > "$RESULTS"; : > "$LOG"
echo "load_start	$(cut -d' ' -f1-3 /proc/loadavg)" > "$RUN_DIR/machine.tsv"

# ---------------------------------------------------------------------------------------------------
# 2. Timing. bench NAME BASELINE LABEL RUNS WARMUP COMMAND [PREPARE]: times COMMAND with hyperfine -N
# (no shell); PREPARE runs in sh before every run, warmup included. BASELINE is the NAME of the row
# the ratio is taken against ("-" for none). Writes one row of results.tsv:
# NAME BASELINE LABEL STATUS MEDIAN MIN MAX RUNS NOTE (times in ms).
section() { printf '#\t%s\n' "$1" >> "$RESULTS"; say ""; say "-- $1"; }

bench() {
  local name="$1" base="$2" label="$3" runs="$4" warmup="$5" cmd="$6" prepare="${7:-}"
  local json="$RUN_DIR/json/$name.json"
  local args=(-N --runs "$runs" --warmup "$warmup" --export-json "$json" --style basic)
  if [ -n "$prepare" ]; then
    printf '%s\n' "$prepare" > "$RUN_DIR/prepare-$name.sh"
    args+=(--prepare "sh $(q "$RUN_DIR/prepare-$name.sh")")
  fi
  printf '  %-22s ' "$name" >&2
  echo "== $name: $cmd${prepare:+ (prepare: $prepare)}" >> "$LOG"
  if hyperfine "${args[@]}" "$cmd" </dev/null >> "$LOG" 2>&1; then
    local stats
    stats=$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(*(f"{r[k] * 1000:.2f}" for k in ("median", "min", "max")), len(r["times"]), sep="\t")' "$json")
    printf '%s\t%s\t%s\tok\t%s\t-\n' "$name" "$base" "$label" "$stats" >> "$RESULTS"
    printf '%10s ms  (runs: %s)\n' "$(cut -f1 <<<"$stats")" "$(cut -f4 <<<"$stats")" >&2
  else
    # Once more by hand, for the first line the prepare step or the command wrote to stderr.
    local err=""
    if [ -n "$prepare" ] && ! sh -c "$prepare" >/dev/null 2>"$RUN_DIR/prepare.err" </dev/null; then
      err="prepare step failed$(first < "$RUN_DIR/prepare.err" | sed 's/^/: /')"
    else
      err=$(sh -c "$cmd" 2>&1 >/dev/null </dev/null | first)
      [ -n "$err" ] || err=$(grep -oE 'exit code: [0-9]+' "$LOG" | tail -n 1)
    fi
    err=$(printf '%s' "$err" | tr '\t' ' ' | cut -c1-160)
    printf '%s\t%s\t%s\tfailed\t-\t-\t-\t0\t%s\n' "$name" "$base" "$label" "$err" >> "$RESULTS"
    printf 'n/a (failed: %s)\n' "$err" >&2
  fi
}

first() { grep -v '^[[:space:]]*$' | sed -n 1p; }   # the first non-empty line
warn() { say "  warning: $*"; printf '%s\n' "$*" >> "$RUN_DIR/warnings.txt"; }

# ---------------------------------------------------------------------------------------------------
# 3. The journal: SIZE commits, generated once.
DATA="$OUT/data/$SIZE"
JDIR="$DATA/journal"
if [ $REGENERATE -eq 1 ] || [ ! -f "$DATA/params.json" ] || [ "$BENCH/history_gen.py" -nt "$DATA/params.json" ]; then
  say "Generating $SIZE entries in $SIZE commits into bench/out/history/data/$SIZE"
  python3 "$BENCH/history_gen.py" --journal-bin "$JOURNAL_BIN" "$SIZE" "$DATA" >/dev/null \
    || { say "history.sh: generating the journal failed"; exit 1; }
fi
param() { python3 -c 'import json, sys; v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."): v = v[k]
print(v)' "$DATA/params.json" "$1"; }
HOT_ID=$(param hot.id); HOT_PATH=$(param hot.path)
cp "$DATA/params.json" "$RUN_DIR/params.json"
say "Building journal's index once (journal list -n 1)"
"$JOURNAL_BIN" -J "$JDIR" list -n 1 >/dev/null </dev/null || warn "\`journal list -n 1\` failed on the generated journal"
JJ="$J -J $(q "$JDIR")"
G="git -C $(q "$JDIR")"

section "Log ($(commas "$SIZE") commits; the hot entry has $(commas "$(param hot.edits)") edits)"
bench git_log - "\`git log -n 20 --oneline\`" "$RUNS" 1 "$G log -n 20 --oneline"
bench log git_log "\`journal log -n 20\`" "$RUNS" 1 "$JJ log -n 20"
bench git_follow - "\`git log --follow --oneline -- FILE\` (the hot entry)" "$RUNS" 1 \
  "$G log --follow --oneline -- $(q "$HOT_PATH")"
"$JOURNAL_BIN" -J "$JDIR" log "$HOT_ID" >/dev/null </dev/null   # fills .git/journal/history
bench log_id git_follow "\`journal log ID\` (the hot entry), cached" "$RUNS" 1 "$JJ log $HOT_ID"
bench log_id_first git_follow "\`journal log ID\`, first run (\`.git/journal/history\` deleted)" \
  "$(( RUNS < 3 ? RUNS : 3 ))" 0 "$JJ log $HOT_ID" "rm -rf $(q "$JDIR/.git/journal/history")"

# ---------------------------------------------------------------------------------------------------
# 4. Sync: two bare copies of the journal as remotes (one for journal, one for git), two journal clones
# (a, b) and two git clones (g1, g2) of them. Each run adds one entry first (prepare).
SYNC="$OUT/sync/$SIZE"
rm -rf "$SYNC"; mkdir -p "$SYNC/remotes"
for remote in journal git; do
  git clone -q --bare "$JDIR" "$SYNC/remotes/$remote.git" || { say "history.sh: git clone --bare failed"; exit 1; }
done
A="$SYNC/a"; B="$SYNC/b"; G1="$SYNC/g1"; G2="$SYNC/g2"
JA="$J -J $(q "$A")"; JB="$J -J $(q "$B")"
# git-add.sh CLONE: commits one new entry file, as `journal add` would.
cat > "$SYNC/git-add.sh" <<'EOF'
set -e
cd "$1"
id=$(python3 -c 'import uuid; print(uuid.uuid4())')
path="entries/$(date +%Y/%m/%Y-%m-%d)-$(echo "$id" | cut -c1-8).md"
mkdir -p "$(dirname "$path")"
printf -- '---\nid: %s\ncreated_at: %s\n---\nbench entry\n' "$id" "$(date +%Y-%m-%dT%H:%M:%S%:z)" > "$path"
git add "$path"
git commit -q -m "Add \"bench entry\" (${id%%-*})"
EOF
# git-sync.sh CLONE [REMOTE]: what `journal sync` does, with the git program.
cat > "$SYNC/git-sync.sh" <<'EOF'
set -e
cd "$1"
git pull -q --no-rebase --no-edit "${2:-origin}" main
git push -q "${2:-origin}" HEAD:main
EOF
GADD="sh $(q "$SYNC/git-add.sh")"
GSYNC="sh $(q "$SYNC/git-sync.sh")"

section "Clone and sync ($(commas "$SIZE") entries, remote: a bare repository by its path)"
bench git_clone1 - "\`git clone\` (first)" 1 0 "git clone -q $(q "$SYNC/remotes/git.git") $(q "$G1")"
bench git_clone2 - "\`git clone\` (second)" 1 0 "git clone -q $(q "$SYNC/remotes/git.git") $(q "$G2")"
for g in "$G1" "$G2"; do git -C "$g" config user.name Bench; git -C "$g" config user.email bench@example.invalid; done
bench clone1 git_clone1 "\`journal clone\` (first)" 1 0 "$J clone $(q "$SYNC/remotes/journal.git") $(q "$A")"
bench clone2 git_clone2 "\`journal clone\` (second)" 1 0 "$J clone $(q "$SYNC/remotes/journal.git") $(q "$B")"

bench git_push - "\`git pull --no-rebase\` + \`git push\`, one new commit to push" "$RUNS" 1 "$GSYNC $(q "$G1")" \
  "$GADD $(q "$G1")"
bench sync_push git_push "\`journal sync\`, one new entry to push" "$RUNS" 1 "$JA sync" "$JA add 'bench entry'"
bench git_merge - "\`git pull --no-rebase\` + \`git push\`, one commit in, a merge and one out" "$RUNS" 1 \
  "$GSYNC $(q "$G1")" "$GADD $(q "$G2") && $GSYNC $(q "$G2") && $GADD $(q "$G1")"
bench sync_merge git_merge "\`journal sync\`, one entry in, a merge and one out" "$RUNS" 1 "$JA sync" \
  "$JB add 'bench entry b' && $JB sync && $JA add 'bench entry a'"
bench git_noop - "\`git pull --no-rebase\` + \`git push\`, nothing to do" "$RUNS" 1 "$GSYNC $(q "$G1")"
bench sync_noop git_noop "\`journal sync\`, nothing to do" "$RUNS" 1 "$JA sync"
[ "$(git -C "$A" rev-parse HEAD 2>/dev/null)" = "$(git -C "$SYNC/remotes/journal.git" rev-parse main 2>/dev/null)" ] \
  || warn "after \`journal sync\`, clone a and the remote differ"

# The push again, through git daemon on 127.0.0.1 (the same bare repositories, as a second remote).
section "Sync over git:// (\`git daemon\` on 127.0.0.1)"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$(git --exec-path)/git-daemon" --listen=127.0.0.1 --port="$PORT" --reuseaddr --export-all --enable=receive-pack \
  --base-path="$SYNC/remotes" "$SYNC/remotes" > "$SYNC/daemon.log" 2>&1 &
DAEMON=$!
stop_daemon() { kill "$DAEMON" 2>/dev/null && wait "$DAEMON" 2>/dev/null; }
trap stop_daemon EXIT; trap 'exit 130' INT TERM
URL="git://127.0.0.1:$PORT"
for _ in $(seq 50); do git ls-remote "$URL/git.git" >/dev/null 2>&1 && break; sleep 0.1; done
git -C "$G1" remote add daemon "$URL/git.git"
"$JOURNAL_BIN" -J "$A" remote add daemon "$URL/journal.git" >/dev/null || warn "\`journal remote add daemon\` failed"
bench git_push_daemon - "\`git pull --no-rebase\` + \`git push\` over git://, one new commit to push" "$RUNS" 1 \
  "$GSYNC $(q "$G1") daemon" "$GADD $(q "$G1")"
bench sync_push_daemon git_push_daemon "\`journal sync\` over git://, one new entry to push" "$RUNS" 1 \
  "$JA sync daemon" "$JA add 'bench entry'"
stop_daemon; trap - EXIT INT TERM

# ---------------------------------------------------------------------------------------------------
# 5. The results file.
{
  echo "load_end	$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "nproc	$(nproc)"
  echo "cpu	$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | sed -n 1p)"
  echo "memory	$(free -h | awk '/^Mem:/ {print $2}')"
  echo "os	$(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
  echo "tools	$(hyperfine --version), $(git --version)"
  echo "journal	$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)$(git -C "$ROOT" diff --quiet HEAD -- Sources 2>/dev/null || echo ' + uncommitted changes')"
  echo "elapsed	$(( $(date +%s) - started ))"
} >> "$RUN_DIR/machine.tsv"

REPORT="$BENCH/out/history-results-$(date +%Y-%m-%d).md"
python3 - "$RUN_DIR" "$RUNS" "$REPORT" "${RUN_DIR#"$ROOT/"}" <<'EOF' || exit 1
import csv, json, os, sys
run_dir, runs, report, shown_dir = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
machine = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(run_dir, "machine.tsv")))
params = json.load(open(os.path.join(run_dir, "params.json")))
rows = list(csv.reader(open(os.path.join(run_dir, "results.tsv")), delimiter="\t", quoting=csv.QUOTE_NONE))
by_name = {r[0]: r for r in rows if r[0] != "#"}

def ms(v):
    v = float(v)
    return f"{v:,.0f}" if v >= 1000 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"

def ratio(name):
    r = by_name.get(name)
    b = by_name.get(r[1]) if r else None
    if not r or not b or r[3] != "ok" or b[3] != "ok":
        return None
    return float(r[4]) / float(b[4])

elapsed = int(machine["elapsed"])
out = [f"# History and sync benchmark, {params['size']:,} entries",
       "",
       f"- machine: {machine['cpu']}, {machine['nproc']} cores (nproc), {machine['memory']} RAM; {machine['os']}",
       f"- journal: {machine['journal']}; {machine['tools']}",
       f"- journal generated by bench/history_gen.py: {params['size']:,} entries in {params['commits']:,} commits "
       f"({params['first_date']} .. {params['last_date']}), {params['edits']:,} edits, {params['hot']['edits']:,} of them "
       f"to the hot entry {params['hot']['id'][:8]} ({params['hot']['path']})",
       f"- load average (1, 5, 15 min): {machine['load_start']} at the start, {machine['load_end']} at the end",
       f"- whole run: {elapsed // 60} min {elapsed % 60} s; runs per command: {runs} (hyperfine -N, warmup 1), "
       "unless the table says otherwise"]
for r in rows:
    if r[0] == "#":
        out += ["", f"## {r[1]}", "", "| command | median ms | min … max ms | runs | ratio to baseline |",
                "|---|---:|---:|---:|---:|"]
        continue
    name, base, label, status, median, lo, hi, count, note = r
    label = label.replace("|", "\\|")
    if base == "-":
        label = f"baseline: {label}"
    if status != "ok":
        out.append(f"| {label} | n/a (failed: {note.replace('|', '/')}) | | | |")
        continue
    x = ratio(name)
    out.append(f"| {label} | {ms(median)} | {ms(lo)} … {ms(hi)} | {count} | {f'{x:.2f}×' if x else ''} |")

def verdict(ok):
    return "n/a" if ok is None else "met" if ok else "**MISSED**"
log, log_id = by_name.get("log"), ratio("log_id")
log_ms = float(log[4]) if log and log[3] == "ok" else None
out += ["", "## Targets (issue 4)", "", "| target | goal | measured | |", "|---|---|---:|---|",
        f"| `journal log -n 20`, whole process | ≤ 50 ms | {ms(log_ms) + ' ms' if log_ms else 'n/a'} | "
        f"{verdict(None if log_ms is None else log_ms <= 50)} |",
        f"| `journal log ID` (cached) vs `git log --follow -- FILE` | ≤ 1.0× | {f'{log_id:.2f}×' if log_id else 'n/a'} | "
        f"{verdict(None if log_id is None else log_id <= 1.0)} |"]
warnings = os.path.join(run_dir, "warnings.txt")
if os.path.exists(warnings):
    out += ["", "Warnings:"] + [f"- {w.strip()}" for w in open(warnings) if w.strip()]
out += ["", "Notes:",
        "- Times are whole processes, output discarded, files in the page cache. Each sync run starts from fresh "
        "state made by hyperfine's `--prepare` (not timed): `journal add` (or a new file and `git commit`) in the "
        "clone that syncs; for the merge, the other clone first adds and pushes one entry.",
        "- The git side of a sync is `sh` running `git pull --no-rebase --no-edit` and `git push` (two or more "
        "git processes); journal's is one process. Each clone is timed once.",
        "- The first `journal log ID` deletes `.git/journal/history` before each run; the cached one has it, "
        "filled by an earlier run.",
        f"- Raw hyperfine JSON: {shown_dir}/json"]
with open(report, "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
EOF
say ""
cat "$REPORT"
say ""
say "Wrote ${REPORT#"$ROOT/"} (raw: ${RUN_DIR#"$ROOT/"})"
exit 0
