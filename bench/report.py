#!/usr/bin/env python3
"""Turns one run of bench/run.sh (bench/out/runs/STAMP/) into Markdown tables.

    bench/report.py --run-dir DIR --output FILE.md [--benchmarks BENCHMARKS.md] [--runs N]
"""

import argparse
import csv
import glob
import json
import os

MB = 1024  # KB per MiB

# name, group, label (RARE, COMMON, TAG, FROM, TO are filled in)
ROWS = [
    ("version", "journal", "`journal --version`"),
    ("list", "journal", "`journal list -n 20`"),
    ("list_tag", "journal", "`journal list --tag TAG -n 20`"),
    ("list_range", "journal", "`journal list --from FROM --to TO -n 20`"),
    ("today", "journal", "`journal today`"),
    ("search_rare", "journal", "`journal search RARE`"),
    ("search_common", "journal", "`journal search COMMON -n 20`"),
    ("search_ko1", "journal", "`journal search KO1 -n 20` (Korean, 1 syllable)"),
    ("search_ko2", "journal", "`journal search KO2` (Korean, 2 syllables)"),
    ("search_ko3", "journal", "`journal search KO3` (Korean, 3 syllables)"),
    ("cold_rebuild", "journal", "cold start: index deleted, then `journal list -n 1`"),
    ("cold_search", "journal", "cold start: index deleted, then `journal search RARE` (the text indexed too)"),
    ("list_after_edit", "journal", "`journal list -n 20` after an entry file was edited outside the tool"),
    ("add", "journal", "`journal add \"bench entry\"`"),
    ("git_version", "git / rg / shell", "`git --version`"),
    ("git_status", "git / rg / shell", "`git status`"),
    ("walk_floor", "git / rg / shell", "the floor walk: readdir + fstatat on folder fds, a thread per core (bench/walkfloor.c)"),
    ("git_commit", "git / rg / shell", "`git add f && git commit -q -m x` (a new small file)"),
    ("rg_rare", "git / rg / shell", "`rg -l RARE entries/`"),
    ("rg_common", "git / rg / shell", "`rg -l COMMON entries/`"),
    ("rg_ko1", "git / rg / shell", "`rg -l KO1 entries/`"),
    ("rg_ko2", "git / rg / shell", "`rg -l KO2 entries/`"),
    ("rg_ko3", "git / rg / shell", "`rg -l KO3 entries/`"),
    ("read_all", "git / rg / shell", "read every entry file once (`find entries -name '*.md' -print0 \\| xargs -0 cat`)"),
    ("jrnl_list", "jrnl 4.6", "`jrnl -n 20`"),
    ("jrnl_tag", "jrnl 4.6", "`jrnl @TAG -n 20`"),
    ("jrnl_range", "jrnl 4.6", "`jrnl -from FROM -to TO -n 20`"),
    ("jrnl_rare", "jrnl 4.6", "`jrnl -contains RARE`"),
    ("jrnl_common", "jrnl 4.6", "`jrnl -contains COMMON -n 20`"),
    ("jrnl_add", "jrnl 4.6", "`jrnl \"bench entry\"`"),
]

# label, ours, theirs, kind, threshold. "at_most": ours / theirs <= threshold;
# "faster": theirs / ours >= threshold (ours is that many times faster); "ms": ours takes at most threshold ms
# (theirs: None). A threshold may be a dict by size (issue 12's targets differ by size; sizes not in it: no target).
LIST_GOALS = {1000: 3.0, 10000: 1.0, 100000: 0.7}
TARGETS = [
    # Issue 12's goals, which differ by size, replace the flat ones of the first benchmark for list, search, add
    # and the cold rebuild.
    ("list -n 20 vs `git status`", "list", "git_status", "at_most", LIST_GOALS),
    ("list --tag vs `git status`", "list_tag", "git_status", "at_most", LIST_GOALS),
    ("list --from/--to vs `git status`", "list_range", "git_status", "at_most", LIST_GOALS),
    ("today vs `git status`", "today", "git_status", "at_most", LIST_GOALS),
    ("list -n 20 (start-up, walk, query) vs the floor walk", "list", "walk_floor", "at_most", {100000: 1.3}),
    ("list -n 20 vs `jrnl -n 20`", "list", "jrnl_list", "faster", 30),
    ("list --tag vs `jrnl @tag`", "list_tag", "jrnl_tag", "faster", 30),
    ("list --from/--to vs `jrnl -from -to`", "list_range", "jrnl_range", "faster", 30),
    ("search rare vs `rg -l`", "search_rare", "rg_rare", "at_most", {1000: 1.5, 10000: 0.7, 100000: 0.35}),
    ("search common top-20 vs `rg -l`", "search_common", "rg_common", "at_most", {1000: 1.5, 10000: 0.8, 100000: 0.5}),
    ("search Korean 1 syllable top-20 vs `rg -l`", "search_ko1", "rg_ko1", "at_most", 0.7),
    ("search Korean 2 syllables vs `rg -l`", "search_ko2", "rg_ko2", "at_most", 0.5),
    ("search Korean 3 syllables vs `rg -l`", "search_ko3", "rg_ko3", "at_most", 0.5),
    ("search rare vs `jrnl -contains`", "search_rare", "jrnl_rare", "faster", 40),
    ("search common top-20 vs `jrnl -contains … -n 20`", "search_common", "jrnl_common", "faster", 40),
    ("add vs `git add && git commit`", "add", "git_commit", "at_most", {1000: 2.0, 10000: 1.0, 100000: 0.7}),
    ("add vs `jrnl \"…\"`", "add", "jrnl_add", "faster", 1000),
    ("cold rebuild vs read every file", "cold_rebuild", "read_all", "at_most", {1000: 6.0, 10000: 6.0, 100000: 4.0}),
    ("`journal --version`", "version", None, "ms", 8.0),
]
MEMORY_TARGET_KB = 64 * MB


def ms(value):
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def load(run_dir):
    results, memory, machine, params = {}, {}, {}, {}
    with open(os.path.join(run_dir, "results.tsv"), encoding="utf-8") as f:
        for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) < 8:
                continue
            size, name, status, median, mean, stddev, runs, note = row[:8]
            results[(int(size), name)] = {
                "status": status, "median": float(median) if median not in ("", "-") else None,
                "stddev": float(stddev) if stddev not in ("", "-") else None,
                "runs": int(runs), "note": "" if note == "-" else note}
    path = os.path.join(run_dir, "memory.tsv")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
                if len(row) >= 4:
                    memory[(int(row[0]), row[1])] = {"status": row[2], "kb": int(row[3]) if row[3] else None,
                                                     "note": row[4] if len(row) > 4 else ""}
    path = os.path.join(run_dir, "machine.tsv")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("\t")
                machine[key] = value
    for path in glob.glob(os.path.join(run_dir, "params-*.json")):
        with open(path, encoding="utf-8") as f:
            p = json.load(f)
        params[p["size"]] = p
    return results, memory, machine, params


def cell(result, runs_asked):
    if result is None:
        return "—"
    if result["status"] == "failed":
        return f"n/a (failed: {result['note'] or 'non-zero exit'})".replace("|", "\\|")
    if result["status"] == "skipped":
        return f"skipped ({result['note']})"
    text = ms(result["median"])
    if result["runs"] < runs_asked:
        text += f" ({result['runs']} run{'s' if result['runs'] != 1 else ''})"
    return text


def render(results, memory, machine, params, runs_asked):
    sizes = sorted({size for size, _ in results} | set(params))
    header = "| | " + " | ".join(f"{s:,} entries" for s in sizes) + " |"
    rule = "|---|" + "---:|" * len(sizes)
    lines = []

    first = params.get(sizes[0]) if sizes else None

    def fill(label):
        return label.replace("FROM", first["from"] if first else "FROM").replace("TO", first["to"] if first else "TO")

    lines.append("### Median wall time, ms (whole processes, hyperfine)")
    lines.append("")
    lines.append(header)
    lines.append(rule)
    group = None
    for name, grp, label in ROWS:
        if not any((s, name) in results for s in sizes):
            continue
        if grp != group:
            lines.append(f"| **{grp}** |" + " |" * len(sizes))
            group = grp
        lines.append(f"| {fill(label)} | " + " | ".join(cell(results.get((s, name)), runs_asked) for s in sizes)
                     + " |")
    lines.append("")

    lines.append("### Peak memory (max RSS)")
    lines.append("")
    lines.append(header)
    lines.append(rule)
    for name, label in [("list", "`journal list -n 20`"), ("list_tag", "`journal list --tag TAG -n 20`"),
                        ("list_range", "`journal list --from FROM --to TO -n 20`"), ("today", "`journal today`"),
                        ("search_common", "`journal search COMMON -n 20`")]:
        cells = []
        for s in sizes:
            m = memory.get((s, name))
            if m is None:
                cells.append("—")
            elif m["status"] != "ok":
                cells.append(f"n/a (failed: {m['note'] or 'non-zero exit'})".replace("|", "\\|"))
            else:
                verdict = "met" if m["kb"] < MEMORY_TARGET_KB else "missed"
                cells.append(f"{m['kb'] / MB:.1f} MiB (< 64: {verdict})")
        lines.append(f"| {fill(label)} | " + " | ".join(cells) + " |")
    lines.append("")

    lines.append("### Targets")
    lines.append("")
    lines.append("| target | goal | " + " | ".join(f"{s:,}" for s in sizes) + " |")
    lines.append("|---|---|" + "---:|" * len(sizes))
    tally = {"met": 0, "missed": 0, "n/a": 0}
    for label, ours, theirs, kind, thresholds in TARGETS:
        def goal_of(threshold):
            if kind == "ms":
                return f"≤ {threshold:g} ms"
            return f"≤ {threshold:g}×" if kind == "at_most" else f"≥ {threshold:g}× faster"
        if isinstance(thresholds, dict):
            goal = ", ".join(f"{goal_of(t)} at {n:,}" for n, t in sorted(thresholds.items()))
        else:
            goal = goal_of(thresholds)
        cells = []
        for s in sizes:
            threshold = thresholds.get(s) if isinstance(thresholds, dict) else thresholds
            if threshold is None:
                cells.append("—")
                continue
            a = results.get((s, ours))
            if kind == "ms":
                if not a or a["median"] is None:
                    cells.append("n/a")
                    tally["n/a"] += 1
                    continue
                ok = a["median"] <= threshold
                tally["met" if ok else "missed"] += 1
                cells.append(f"{ms(a['median'])} ms **{'met' if ok else 'missed'}**")
                continue
            b = results.get((s, theirs))
            if not a or not b or a["median"] is None or b["median"] is None or a["median"] <= 0:
                why = []
                for r, n in ((a, ours), (b, theirs)):
                    if r is None:
                        why.append(f"{n} not run")
                    elif r["status"] != "ok":
                        why.append(f"{n} {r['status']}")
                cells.append("n/a" + (f" ({', '.join(why)})" if why else ""))
                tally["n/a"] += 1
                continue
            if kind == "at_most":
                ratio = a["median"] / b["median"]
                ok = ratio <= threshold
                text = f"{ratio:.2f}×" if ok or f"{ratio:.2f}" != f"{threshold:.2f}" else f"{ratio:.3f}×"
            else:
                ratio = b["median"] / a["median"]
                ok = ratio >= threshold
                text = f"{ratio:,.1f}× faster"
            tally["met" if ok else "missed"] += 1
            cells.append(f"{text} **{'met' if ok else 'missed'}**")
        lines.append(f"| {label} | {goal} | " + " | ".join(cells) + " |")
    for name, label in [("list", "peak memory, list -n 20"), ("search_common", "peak memory, search common")]:
        cells = []
        for s in sizes:
            m = memory.get((s, name))
            if not m or m["status"] != "ok":
                cells.append("n/a")
                tally["n/a"] += 1
            else:
                ok = m["kb"] < MEMORY_TARGET_KB
                tally["met" if ok else "missed"] += 1
                cells.append(f"{m['kb'] / MB:.1f} MiB **{'met' if ok else 'missed'}**")
        lines.append(f"| {label} | < 64 MiB | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(f"Targets: {tally['met']} met, {tally['missed']} missed, {tally['n/a']} not measurable yet.")
    if 100_000 not in sizes:
        lines.append("")
        lines.append("This run covered " + " and ".join(f"{s:,}" for s in sizes) + " entries only; "
                     "`bench/run.sh` with no `--sizes` adds 100,000.")
    lines.append("")

    lines.append("### What was asked, per size")
    lines.append("")
    lines.append("| entries | bytes of entry files | RARE (entries) | COMMON (entries with the word; files `rg` finds) "
                 "| TAG (entries) | FROM..TO (entries) |")
    lines.append("|---:|---:|---|---|---|---|")
    for s in sizes:
        p = params.get(s)
        if not p:
            continue
        lines.append(f"| {s:,} | {p['bytes'] / 1e6:.1f} MB | `{p['rare']['word']}` ({p['rare']['entries']}) "
                     f"| `{p['common']['word']}` ({p['common']['entries']:,}; {p['common']['files']:,}) "
                     f"| `{p['tag']['name']}` ({p['tag']['entries']:,}) "
                     f"| {p['from']}..{p['to']} ({p['range_entries']:,}) |")
    lines.append("")
    return "\n".join(lines), tally


def machine_text(machine):
    rows = [("CPU", f"{machine.get('cpu', '?')}, {machine.get('nproc', '?')} cores (nproc)"),
            ("memory", machine.get("memory", "?")),
            ("OS, kernel", f"{machine.get('os', '?')}, Linux {machine.get('kernel', '?')}"),
            ("Swift", machine.get("swift", "?")),
            ("journal", machine.get("journal", "?")),
            ("tools", ", ".join(machine.get(k, "") for k in ("hyperfine", "ripgrep", "git", "jrnl") if machine.get(k))),
            ("load average (1, 5, 15 min)", f"{machine.get('load_start', '?')} at the start, "
                                            f"{machine.get('load_end', '?')} at the end"),
            ("whole run", f"{int(machine.get('elapsed', '0')) // 60} min {int(machine.get('elapsed', '0')) % 60} s")]
    return "\n".join(f"- {k}: {v}" for k, v in rows)


NOTES = """Notes:
- Times are medians of whole-process runs (hyperfine, one warmup run, output discarded, files in the
  page cache). The warm commands with their baselines, and then the writes, take their N runs in rounds
  (`--rounds`, 5 by default), every command a few runs a round, so that a slow phase of the machine
  falls on a few runs of many commands rather than on every run of one. jrnl gets fewer runs where it
  is slow (5 from 10,000 entries on, 1 and no warmup at 100,000), and so does the cold start at 100,000
  (3, no warmup); a cell says how many runs it had when that was fewer than N.
- The load average is the machine's: other work running at the same time shows up there and in the
  numbers.
- Every size uses the same entries for every tool: `bench/generate.py` writes them once as our entry
  files and once as a jrnl text file. The writes (`add`, the git commit, `jrnl` add) run last and each
  run adds one entry or file.
- "cold start" deletes `.git/journal/index.sqlite*` before each run; a rebuild leaves the entries' text
  to the first search (or `--contains`), so the cold `list` pays for no text and the cold `search` for
  both. "After an outside edit" appends a line to one entry file before each run (the tool then re-reads
  and commits that file).
- A command that exits non-zero is shown as `n/a (failed: first line of its stderr)`."""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--run-dir", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--benchmarks")
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    results, memory, machine, params = load(args.run_dir)
    tables, tally = render(results, memory, machine, params, args.runs)
    stamp = os.path.basename(os.path.normpath(args.run_dir))
    warnings = ""
    path = os.path.join(args.run_dir, "warnings.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            warnings = "".join(f"- warning: {line}" for line in f if line.strip())
    rounds = f" in {machine['rounds']} rounds" if machine.get("rounds", "1") != "1" else ""
    text = (f"## Benchmark run {stamp}\n\n{machine_text(machine)}\n- runs per command: {args.runs}{rounds}\n"
            f"{warnings}\n{tables}\n{NOTES}\n")
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    if args.benchmarks:
        with open(args.benchmarks, "w", encoding="utf-8") as f:
            f.write(BENCHMARKS_HEAD + "\n" + text)


BENCHMARKS_HEAD = """# Benchmarks

How fast `journal` answers, next to what a user would otherwise run on the same entries: `git status`,
`rg -l`, reading every file, `git add && git commit`, and jrnl 4.6. Generated by `bench/run.sh`; run it
yourself with:

```sh
bench/run.sh                                  # 1,000, 10,000 and 100,000 entries, 10 runs each (~20 min)
bench/run.sh --sizes 1000,10000 --runs 5      # quicker
bench/run.sh --skip-jrnl-add-large            # skip jrnl's add at 100,000 entries (minutes per run)
bench/run.sh --rounds 10                      # one run of each command a round (5 rounds by default)
bench/run.sh --write-benchmarks               # rewrite this file with the new numbers
```

It installs what it needs (hyperfine, ripgrep, GNU time; jrnl 4.6 into `bench/.venv`), builds
`journal` in release mode, generates the journals with `bench/generate.py` (deterministic: ten years of
entries, English-like and Korean text from an 80,000-word Zipf vocabulary, titles, tags, categories,
weather and location on some), and writes `bench/out/results-DATE.md`.
"""


if __name__ == "__main__":
    main()
