#!/usr/bin/env python3
"""Generates a journal with a long history for the history and sync benchmark (bench/history.sh).

    bench/history_gen.py SIZE OUTDIR [--seed N] [--journal-bin PATH]

Writes, under OUTDIR:
  journal/      a journal of SIZE entries made by SIZE commits, all written by one `git fast-import`:
                commit 1 adds journal.yml (from `journal init`) and the first entry; every commit adds
                one entry, and every 10th one also edits an older entry. Three edits in ten go to one
                "hot" entry (about 3,000 edits at 100,000 commits, spread through the history), the
                others to an older entry picked at random. Author dates spread evenly, with jitter,
                over 2016-01-01 .. 2026-10-31 (Asia/Seoul); then `git gc`, as a journal kept for years.
  params.json   the size, the number of commits and edits, and the hot entry (id, path, edits)

Everything is deterministic for a given SIZE and seed.
"""

import argparse
import datetime as dt
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import uuid

GENERATOR_VERSION = 1
START = int(dt.datetime(2016, 1, 1, tzinfo=dt.timezone.utc).timestamp())
END = int(dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc).timestamp())
SEOUL = dt.timezone(dt.timedelta(hours=9))
EDIT_EVERY = 10          # every 10th commit also edits an older entry
HOT_SHARE = (3, 10)      # 3 edits in 10 go to the hot entry
MAX_PARAGRAPHS = 12      # an edit appends a paragraph up to this many, then rewrites one
WHO = "Bench <bench@example.invalid>"
WORDS = ("the and i to a of was in it we my that for with on had is but at so this went day me all today "
         "after then were some just about time from out there when walk rain coffee friend work train "
         "dinner book music river market morning evening late early quiet long short city park sea "
         "mountain letter call plan tired happy cold warm bright old new small big slow fast home").split()
TAGS = ["busan", "food", "work", "family", "travel", "reading", "running", "seoul", "music", "health"]


def sentence(rng):
    words = rng.choices(WORDS, k=rng.randint(5, 14))
    return " ".join(words).capitalize() + rng.choice([".", ".", ".", "!", "?"])


def paragraph(rng):
    return " ".join(sentence(rng) for _ in range(rng.randint(2, 5)))


class Entry:
    def __init__(self, rng, when):
        self.id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        local = dt.datetime.fromtimestamp(when, SEOUL)
        self.path = f"entries/{local:%Y/%m/%Y-%m-%d}-{self.id[:8]}.md"
        tags = sorted(rng.sample(TAGS, rng.choice([0, 0, 1, 1, 2, 3])))
        self.header = (f"---\nid: {self.id}\ncreated_at: {local.isoformat()}\n"
                       + (f"tags: [{', '.join(tags)}]\n" if tags else "") + "---\n")
        self.title = " ".join(rng.choices(WORDS, k=rng.randint(2, 6))).capitalize()
        self.paragraphs = [paragraph(rng) for _ in range(rng.randint(1, 4))]
        self.edits = 0

    def edit(self, rng):
        self.edits += 1
        if len(self.paragraphs) < MAX_PARAGRAPHS:
            self.paragraphs.append(paragraph(rng))
        else:
            self.paragraphs[rng.randrange(len(self.paragraphs))] = paragraph(rng)

    def text(self):
        return (self.header + self.title + "\n\n" + "\n\n".join(self.paragraphs) + "\n").encode("utf-8")

    def label(self):
        return f'"{self.title[:40]}" ({self.id[:8]})'


def settings_file(journal_bin):
    """journal.yml as `journal init` writes it."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([journal_bin, "init", os.path.join(folder, "j")], check=True,
                       stdout=subprocess.DEVNULL, env=dict(os.environ, HOME=folder))
        with open(os.path.join(folder, "j", "journal.yml"), "rb") as f:
            return f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("size", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--journal-bin", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "..", ".build", "release", "journal"))
    args = parser.parse_args()
    if args.size < 2:
        sys.exit("history_gen.py: SIZE must be at least 2")
    outdir = os.path.abspath(args.outdir)
    if os.path.exists(outdir):
        if os.listdir(outdir) and not os.path.exists(os.path.join(outdir, "params.json")):
            sys.exit(f"history_gen.py: {outdir} is not empty and not an earlier output; not touching it")
        shutil.rmtree(outdir)
    journal_dir = os.path.join(outdir, "journal")
    os.makedirs(journal_dir)
    settings = settings_file(args.journal_bin)

    git = ["git", "-C", journal_dir]
    subprocess.run(git + ["init", "-q", "-b", "main"], check=True)
    for key, value in [("user.name", "Bench"), ("user.email", "bench@example.invalid"), ("gc.auto", "0")]:
        subprocess.run(git + ["config", key, value], check=True)

    rng = random.Random(args.seed ^ args.size)
    n = args.size
    hot_index = min(50, n // 100)        # an entry of the first weeks, edited until the end
    step = (END - START) / n
    entries, edits = [], 0
    importer = subprocess.Popen(git + ["fast-import", "--quiet"], stdin=subprocess.PIPE)
    out = importer.stdin
    for i in range(n):
        when = START + int(i * step + rng.random() * step * 0.9)
        entry = Entry(rng, when)
        entries.append(entry)
        changed, lines = [entry], [f"Add {entry.label()}"]
        if i % EDIT_EVERY == 0 and i > hot_index:
            hot = edits * HOT_SHARE[0] // HOT_SHARE[1] != (edits + 1) * HOT_SHARE[0] // HOT_SHARE[1]
            older = entries[hot_index] if hot else entries[rng.randrange(i)]
            older.edit(rng)
            changed.append(older)
            lines.append(f"Edit {older.label()}")
            edits += 1
        message = "; ".join(lines).encode("utf-8")
        stamp = f"{WHO} {when} +0900"
        out.write(f"commit refs/heads/main\nauthor {stamp}\ncommitter {stamp}\ndata {len(message)}\n".encode()
                  + message + b"\n")
        if i == 0:
            out.write(f"M 100644 inline journal.yml\ndata {len(settings)}\n".encode() + settings + b"\n")
        for e in changed:
            data = e.text()
            out.write(f"M 100644 inline {e.path}\ndata {len(data)}\n".encode() + data + b"\n")
        out.write(b"\n")
    out.close()
    if importer.wait() != 0:
        sys.exit("history_gen.py: git fast-import failed")
    subprocess.run(git + ["reset", "-q", "--hard"], check=True)
    subprocess.run(git + ["gc", "-q"], check=True)

    hot = entries[hot_index]
    params = {
        "generator_version": GENERATOR_VERSION,
        "size": n,
        "seed": args.seed,
        "commits": n,
        "edits": edits,
        "journal_dir": journal_dir,
        "hot": {"id": hot.id, "path": hot.path, "edits": hot.edits},
        "first_date": dt.datetime.fromtimestamp(START, SEOUL).strftime("%Y-%m-%d"),
        "last_date": dt.datetime.fromtimestamp(when, SEOUL).strftime("%Y-%m-%d"),
    }
    with open(os.path.join(outdir, "params.json"), "w", encoding="utf-8") as f:
        json.dump(params, f, indent=2)
        f.write("\n")
    print(json.dumps(params))


if __name__ == "__main__":
    main()
