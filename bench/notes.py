#!/usr/bin/env python3
"""Notes for bench/import-notes.sh.

  notes.py generate FOLDER [N]        a deterministic Obsidian-like vault of N notes (default 1000)
  notes.py check SOURCE EXPORT STDERR what the import kept of SOURCE's notes, from `journal export json`
                                      (EXPORT) and the import's standard error (STDERR), as Markdown lines

The vault: 70% daily notes (Daily/YYYY/MM/YYYY-MM-DD.md, no front matter, the day in the name), 20%
project notes with YAML front matter (title, created, a block list of tags), 10% Hugo-like posts with
TOML front matter (title, date with an offset, tags); #nested/tags, ![[embeds]] (some |300) of pictures in
the attachment folder .obsidian/app.json names, relative Markdown images, [[wikilinks]] (some |labelled,
some to notes that are not there) and one missing picture in fifty notes.
"""
import collections
import json
import os
import random
import re
import sys

WORDS = ("the a of and to in is was it for on with as at by from morning evening walk coffee rain "
         "meeting plan draft review garden book train river quiet long short bright window letter "
         "friend city market lunch dinner music page note idea question answer road hill sea light").split()
TAGS = ["work/meeting", "work/review", "home", "reading/novels", "health/run", "travel", "ideas"]


def sentence(rng, n=None):
    words = [rng.choice(WORDS) for _ in range(n or rng.randint(6, 16))]
    return " ".join(words).capitalize() + "."


def generate(folder, count):
    rng = random.Random(35)
    os.makedirs(folder + "/.obsidian", exist_ok=True)
    with open(folder + "/.obsidian/app.json", "w") as f:
        f.write('{"attachmentFolderPath": "Attachments"}\n')
    os.makedirs(folder + "/Attachments", exist_ok=True)
    pictures = max(10, count // 10)
    for k in range(pictures):
        with open(f"{folder}/Attachments/img-{k}.png", "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + rng.randbytes(rng.randint(2000, 20000)))
    daily, projects = count * 7 // 10, count * 2 // 10
    posts = count - daily - projects
    days = []
    year, month, day = 2022, 1, 1
    for _ in range(daily):
        days.append(f"{year:04d}-{month:02d}-{day:02d}")
        day += 1
        if day > 28:
            day, month = 1, month + 1
            if month > 12:
                month, year = 1, year + 1
    for i, name in enumerate(days):
        lines = [sentence(rng) for _ in range(rng.randint(2, 6))]
        if rng.random() < 0.5:
            size = "|300" if rng.random() < 0.3 else ""
            lines.insert(1, f"![[img-{rng.randrange(pictures)}.png{size}]]")
        if rng.random() < 0.4:
            k = rng.randrange(projects)
            label = "|the project" if rng.random() < 0.5 else ""
            lines.append(f"About [[Project {k}{label}]] and [[Nobody {i}]].")
        if i % 50 == 0:
            lines.append("![[gone.png]]")
        lines.append(" ".join("#" + t for t in rng.sample(TAGS, rng.randint(0, 2))))
        path = f"{folder}/Daily/{name[:4]}/{name[5:7]}/{name}.md"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("\n\n".join(lines) + "\n")
    os.makedirs(folder + "/Projects", exist_ok=True)
    for k in range(projects):
        tags = "".join(f"\n  - {t}" for t in rng.sample(TAGS, 2))
        body = [f"# Project {k}", sentence(rng, 20),
                f"![diagram](../Attachments/img-{rng.randrange(pictures)}.png)",
                f"Started on [[{rng.choice(days)}]]; see [the day](../Daily/{days[k][:4]}/{days[k][5:7]}/{days[k]}.md)."]
        with open(f"{folder}/Projects/Project {k}.md", "w") as f:
            f.write(f"---\ntitle: \"Project {k}: {sentence(rng, 4)[:-1]}\"\ncreated: {rng.choice(days)}T09:30\n"
                    f"tags:{tags}\naliases: [p{k}]\n---\n" + "\n\n".join(body) + "\n")
    os.makedirs(folder + "/Posts", exist_ok=True)
    for k in range(posts):
        day = rng.choice(days)
        with open(f"{folder}/Posts/post-{k}.md", "w") as f:
            f.write(f"+++\ntitle = \"Post {k}, {sentence(rng, 3)[:-1]}\"\ndate = {day}T08:00:00-05:00\n"
                    f"tags = [\"blog\", \"{rng.choice(TAGS)}\"]\n+++\n{{{{< figure src=\"/img.png\" >}}}}\n\n"
                    f"{sentence(rng)} [A project](../Projects/Project%20{k % projects}.md)\n")


FRONT = re.compile(r"\A(---|\+\+\+)[ \t]*\n(.*?\n)\1[ \t]*(\n|\Z)", re.S)
DAY = re.compile(r"(\d{4})[-_](\d{2})[-_](\d{2})")


def front_value(front, toml, key):
    pattern = rf"^{key}\s*=\s*(.+)$" if toml else rf"^{key}:[ \t]*(.+)$"
    m = re.search(pattern, front, re.M)
    if not m:
        return None
    value = m.group(1).strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
        if m.group(1).strip()[0] == '"':
            value = value.replace('\\"', '"').replace("\\\\", "\\")
        else:
            value = value.replace("''", "'")
    return value or None


FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.M | re.S)
SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
LOCAL = r"(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|//|\{|\.\./\.\./\.\./)"


def prose(text):
    """The text less its code: fenced blocks and code spans."""
    return SPAN.sub("", FENCE.sub("", text))


def count_links(text):
    counts = collections.Counter()
    counts["embeds"] = len(re.findall(r"!\[\[[^\]]+\]\]", text)) + len(re.findall(r"!\[[^\]]*\]\(" + LOCAL + r"[^)]+\)", text))
    counts["wikilinks"] = len(re.findall(r"(?<!!)\[\[[^\]]+\]\]", text))
    counts["local"] = len(re.findall(r"(?<![!\]])\[[^\]]*\]\(" + LOCAL + r"[^)]+\)", text)) \
        + len(re.findall(r"^ {0,3}\[[^\]^][^\]]*\]:[ \t]*<?" + LOCAL + r"\S", text, re.M))
    counts["entries"] = len(re.findall(r"(?:\]\(|\]:[ \t]*)\.\./\.\./\.\./entries/", text))
    counts["attachments"] = len(re.findall(r"(?:\]\(|\]:[ \t]*)\.\./\.\./\.\./attachments/", text))
    return counts


def check(source, export, stderr):
    notes = []
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.lower().endswith((".md", ".markdown")) and not name.startswith("."):
                notes.append(os.path.join(folder, name))
    titles, days = collections.Counter(), collections.Counter()
    source = collections.Counter()
    for path in notes:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read().lstrip("\ufeff")
        m = FRONT.match(text)
        body = text[m.end():] if m else text
        if m:
            toml = m.group(1) == "+++"
            title = front_value(m.group(2), toml, "title")
            if title:
                titles[title] += 1
            for key in ("date", "created", "created_at", "publishDate"):
                value = front_value(m.group(2), toml, key)
                if value and DAY.match(value):
                    days[value[:10]] += 1
                    break
            else:
                m = None
        if not m:
            d = DAY.search(os.path.basename(path))
            if d:
                days["-".join(d.groups())] += 1
        counted = count_links(prose(body))
        for key in counted:
            source[key] += counted[key]
    with open(export) as f:
        entries = json.load(f)
    shown = collections.Counter(e["title"] for e in entries)
    dated = collections.Counter(e["created_at"][:10] for e in entries)
    attachments = sum(len(e["attachments"]) for e in entries)
    kept = collections.Counter()
    for e in entries:
        kept.update(count_links(prose(e["text"])))
    with open(stderr) as f:
        warnings = [line for line in f if "warning" in line]
    same = sum((titles & shown).values())
    total = sum(titles.values())
    print(f"- notes: {len(notes)}; entries: {len(entries)}")
    print(f"- titles equal to the note's own: {same} of the {total} notes that give one"
          + ("" if same == total else f" (differing: {sorted((titles - shown).elements())[:5]})"))
    print(f"- dates as the source gives them (front matter, else a day in the file name): "
          f"{sum((days & dated).values())} of {sum(days.values())}")
    print(f"- in the source: {source['embeds']} embedded pictures and files, {source['wikilinks']} [[wikilinks]], "
          f"{source['local']} Markdown links to pages and files of the folder (inline or by reference)")
    print(f"- after the import: {attachments} files copied into attachments/, {kept['attachments']} links to them, "
          f"{kept['entries']} links to entries; {kept['embeds']} embeds and {kept['wikilinks']} wikilinks kept as written "
          f"(not in the vault, or to notes not imported)")
    print(f"- warnings (a picture not in the vault): {len(warnings)}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1000)
    elif len(sys.argv) == 5 and sys.argv[1] == "check":
        check(*sys.argv[2:])
    else:
        sys.exit(__doc__)
