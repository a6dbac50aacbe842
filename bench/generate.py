#!/usr/bin/env python3
"""Generates a realistic journal for the benchmark, in two formats, for the same entries.

    bench/generate.py SIZE OUTDIR [--seed N] [--journal-bin PATH]

Writes, under OUTDIR:
  journal/        a journal in our format (DESIGN.md §1): `journal init`, then SIZE entry files
                  under entries/YYYY/MM/, all committed in one commit with the git program (fast-import)
  jrnl/journal.txt  the same entries as one jrnl plain-text journal ([YYYY-MM-DD HH:MM] Title)
  jrnl/config/jrnl/jrnl.yaml  a jrnl 4.x config pointing at it (use XDG_CONFIG_HOME=OUTDIR/jrnl/config)
  params.json     the words, tag and dates the benchmark queries, with how many entries match

Everything is deterministic for a given SIZE and seed (only the commit's timestamps are not).
Entries: ten years of dates (2016-2025), English-like and Korean (Hangul) text from a Zipf-distributed
vocabulary of 80,000 synthetic words, 50-400 words each, a title as the first line, and on some
entries tags (300 of them), a category, a weather block and a location block.
"""

import argparse
import bisect
import datetime as dt
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections import Counter
from zoneinfo import ZoneInfo

GENERATOR_VERSION = 5   # 5: Korean queries of 1, 2 and 3 syllables in params.json (the entries are as in 4)
START = dt.datetime(2016, 1, 1)
END = dt.datetime(2026, 1, 1)          # exclusive: ten years, 2016-01-01 .. 2025-12-31
RANGE_FROM, RANGE_TO = "2021-01-01", "2021-12-31"
CATEGORIES = ["work", "music", "travel", "study", "stuff", "hobby", "shopping"]
CATEGORY_WEIGHTS = [30, 10, 8, 15, 12, 15, 10]
WEATHER = ["clear", "partly-cloudy", "cloudy", "fog", "drizzle", "rain", "snow", "thunderstorm"]
WEATHER_WEIGHTS = [30, 25, 20, 3, 6, 12, 3, 1]
SEOUL_MEAN_C = [-2.4, 0.4, 5.7, 12.5, 17.8, 22.2, 24.9, 25.7, 21.2, 14.8, 7.2, 0.4]
HOME_ZONE = "Asia/Seoul"
# name, latitude, longitude, IANA zone
PLACES_HOME = [
    ("서울", 37.5665, 126.978), ("Seoul", 37.5665, 126.978), ("서울 마포구", 37.5663, 126.9019),
    ("서울 강남구", 37.5172, 127.0473), ("부산", 35.1796, 129.0756), ("Busan", 35.1796, 129.0756),
    ("부산 해운대", 35.1587, 129.1604), ("제주", 33.4996, 126.5312), ("Jeju", 33.4996, 126.5312),
    ("인천", 37.4563, 126.7052), ("대구", 35.8714, 128.6014), ("광주", 35.1595, 126.8526),
    ("대전", 36.3504, 127.3845), ("강릉", 37.7519, 128.8761), ("전주", 35.8242, 127.148),
    ("수원", 37.2636, 127.0286), ("경주", 35.8562, 129.2247), ("속초", 38.207, 128.5918),
    ("Home", 37.5326, 126.9905), ("Office", 37.5013, 127.0396),
]
PLACES_ABROAD = [
    ("Tokyo", 35.6762, 139.6503, "Asia/Tokyo"), ("Osaka", 34.6937, 135.5023, "Asia/Tokyo"),
    ("Taipei", 25.033, 121.5654, "Asia/Taipei"), ("Bangkok", 13.7563, 100.5018, "Asia/Bangkok"),
    ("Hanoi", 21.0278, 105.8342, "Asia/Ho_Chi_Minh"), ("Paris", 48.8566, 2.3522, "Europe/Paris"),
    ("London", 51.5072, -0.1276, "Europe/London"), ("Berlin", 52.52, 13.405, "Europe/Berlin"),
    ("New York", 40.7128, -74.006, "America/New_York"), ("San Francisco", 37.7749, -122.4194, "America/Los_Angeles"),
    ("Sydney", -33.8688, 151.2093, "Australia/Sydney"), ("Honolulu", 21.3099, -157.8581, "Pacific/Honolulu"),
]

EN_TOP = ("the and i to a of was in it we my that for with on had is but at so this went "
          "day me all today after then were some just about time from out there when").split()
KO_TOP = "오늘 그리고 나는 정말 너무 우리 했다 있었다 같다 그냥 다시 많이 하루 조금 먼저 친구 아침 저녁 생각 시간".split()
PARTICLES = ["에서", "를", "을", "은", "는", "이", "가", "에", "의", "와", "과", "도", "로", "으로", "까지", "부터", "하고", "에게"]
EN_ONSETS = ["", "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y", "z",
             "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sh", "sl", "sm", "sn",
             "sp", "st", "str", "th", "tr", "wh"]
EN_VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ai", "ea", "ee", "oo", "ou", "io"]
EN_CODAS = ["", "", "", "n", "r", "s", "t", "l", "m", "nd", "st", "ng", "ck", "rt", "sh", "x", "ld", "mp"]
YAML_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def english_word(rng, syllables):
    return "".join(rng.choice(EN_ONSETS) + rng.choice(EN_VOWELS) + rng.choice(EN_CODAS) for _ in range(syllables))


# Keys typed for a syllable's parts on the two-set Korean keyboard (compound vowels and finals take two).
KO_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
KO_VOWELS = ["ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ", "ㅜㅓ", "ㅜㅔ", "ㅜㅣ",
             "ㅠ", "ㅡ", "ㅡㅣ", "ㅣ"]
KO_FINALS = ["", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ", "ㄹㅍ", "ㄹㅎ",
             "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]


def hangul_keys(index):
    return KO_INITIALS[index // 588] + KO_VOWELS[index % 588 // 28] + KO_FINALS[index % 28]


def korean_query_pattern(query):
    """What `journal search QUERY` finds for Korean: the text anywhere, its last syllable as typed so far
    (any syllable whose keys begin with its keys: 나 stands for 났, 난, 날)."""
    last = ord(query[-1]) - 0xAC00
    typed = hangul_keys(last)
    first = last // 588 * 588
    continuations = "".join(chr(0xAC00 + i) for i in range(first, first + 588) if hangul_keys(i).startswith(typed))
    return re.compile(re.escape(query[:-1]) + "[" + continuations + "]")


def hangul_word(rng, syllables):
    chars = []
    for _ in range(syllables):
        initial, medial = rng.randrange(19), rng.randrange(21)
        final = 0 if rng.random() < 0.6 else rng.randrange(1, 28)
        chars.append(chr(0xAC00 + (initial * 21 + medial) * 28 + final))
    return "".join(chars)


def make_vocabulary(rng, top, count, make, lengths, taken):
    """`count` distinct words: the real `top` ones first, then synthetic ones, shorter ones ranked first."""
    words = list(top)
    taken.update(words)
    synthetic = []
    while len(synthetic) < count - len(words):
        word = make(rng, rng.choice(lengths))
        if word not in taken and len(word) > 1:
            taken.add(word)
            synthetic.append(word)
    synthetic.sort(key=lambda w: (len(w) + rng.random() * 4))   # roughly: short words are frequent
    return words + synthetic


def zipf_cumulative(n, s):
    total, cumulative = 0.0, []
    for rank in range(1, n + 1):
        total += rank ** -s
        cumulative.append(total)
    return cumulative


def yaml_number(value):
    if value == round(value):
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


class Generator:
    def __init__(self, size, seed):
        self.size = size
        self.rng = random.Random(seed)
        rng = self.rng
        taken = set()
        self.english = make_vocabulary(rng, EN_TOP, 40_000, english_word, [1, 1, 2, 2, 2, 3, 3, 4], taken)
        self.korean = make_vocabulary(rng, KO_TOP, 40_000, hangul_word, [1, 2, 2, 2, 3, 3, 4], taken)
        self.english_cw = zipf_cumulative(len(self.english), 1.05)
        self.korean_cw = zipf_cumulative(len(self.korean), 1.05)
        self.taken = taken
        self.title_english = (self.english[:3000], self.english_cw[:3000])   # titles use common words
        self.title_korean = (self.korean[:3000], self.korean_cw[:3000])
        tags_en = [w for w in self.english[60:4000] if w.isalpha() and w not in YAML_RESERVED and len(w) >= 3]
        tags_ko = [w for w in self.korean[20:2000] if len(w) >= 2]
        self.tags = rng.sample(tags_en, 240) + rng.sample(tags_ko, 60)
        rng.shuffle(self.tags)
        self.tags_cw = zipf_cumulative(len(self.tags), 0.9)

    def one_off(self):
        """A word no other entry uses (a name, a jargon word): the natural hapaxes of a diary."""
        while True:
            word = english_word(self.rng, self.rng.choice([3, 3, 4])) + self.rng.choice(["ia", "ov", "ek", "ux"])
            if word not in self.taken:
                self.taken.add(word)
                return word

    def sentence(self, korean, words):
        rng = self.rng
        n = rng.randint(5, 16)
        if korean:
            picked = rng.choices(self.korean, cum_weights=self.korean_cw, k=n)
            out = []
            for w in picked:
                words.append(w)
                out.append(w + rng.choice(PARTICLES) if rng.random() < 0.45 else w)
            return " ".join(out) + rng.choice([".", ".", ".", "다.", "요."]), n
        picked = rng.choices(self.english, cum_weights=self.english_cw, k=n)
        words.extend(picked)
        if rng.random() < 0.3:
            picked[rng.randrange(1, n) - 1] += ","
        text = " ".join(picked)
        return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "!", "?"]), n

    def entry(self, index, when):
        rng = self.rng
        kind = rng.random()   # 35% English, 35% Korean, 30% both
        korean_share = 0.0 if kind < 0.35 else 1.0 if kind < 0.70 else 0.5
        words = []
        title_korean = rng.random() < korean_share
        vocab, cw = self.title_korean if title_korean else self.title_english
        title_words = rng.choices(vocab, cum_weights=cw, k=rng.randint(2, 6))
        words.extend(title_words)
        title = " ".join(title_words)
        title = title[0].upper() + title[1:]
        target = int(rng.triangular(50, 400, 120))
        paragraphs, paragraph, count = [], [], 0
        hapax = self.one_off() if rng.random() < 0.15 else None
        while count < target:
            text, n = self.sentence(rng.random() < korean_share, words)
            if hapax and rng.random() < 0.5:
                text = text[:-1] + " " + hapax + text[-1]
                words.append(hapax)
                hapax = None
            paragraph.append(text)
            count += n
            if len(paragraph) >= rng.randint(2, 6):
                paragraphs.append(" ".join(paragraph))
                paragraph = []
        if paragraph:
            paragraphs.append(" ".join(paragraph))
        if hapax:
            paragraphs[-1] = paragraphs[-1][:-1] + " " + hapax + paragraphs[-1][-1]
            words.append(hapax)

        abroad = rng.random() < 0.06
        place = rng.choice(PLACES_ABROAD) if abroad else None
        zone = place[3] if place else HOME_ZONE
        local = when.replace(tzinfo=ZoneInfo(zone))
        offset = local.utcoffset()
        category = "travel" if abroad and rng.random() < 0.8 else (
            rng.choices(CATEGORIES, weights=CATEGORY_WEIGHTS)[0] if rng.random() < 0.55 else None)
        tags = []
        if rng.random() < 0.5:
            for _ in range(rng.choice([1, 1, 2, 2, 3])):
                tag = rng.choices(self.tags, cum_weights=self.tags_cw)[0]
                if tag not in tags:
                    tags.append(tag)
        weather = None
        if rng.random() < 0.4:
            temp = round(SEOUL_MEAN_C[when.month - 1] + rng.gauss(0, 4), 1)
            weather = (rng.choices(WEATHER, weights=WEATHER_WEIGHTS)[0], temp)
        location = None
        if place:
            location = place[:3]
        elif rng.random() < 0.2:
            name, lat, lon = rng.choice(PLACES_HOME)
            location = (name, round(lat + rng.uniform(-0.02, 0.02), 4), round(lon + rng.uniform(-0.02, 0.02), 4))

        entry_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        seconds = int(offset.total_seconds())
        sign = "-" if seconds < 0 else "+"
        created = when.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign}{abs(seconds) // 3600:02d}:{abs(seconds) % 3600 // 60:02d}"
        header = ["---", f"id: {entry_id}", f"created_at: {created}", f"time_zone: {zone}"]
        if category:
            header.append(f"category: {category}")
        if tags:
            header.append(f"tags: [{', '.join(tags)}]")
        if weather:
            header += ["weather:", f"  condition: {weather[0]}", f"  temperature_c: {yaml_number(weather[1])}",
                       "  provider: open-meteo"]
        if location:
            header += ["location:", f"  name: {location[0]}", f"  latitude: {yaml_number(location[1])}",
                       f"  longitude: {yaml_number(location[2])}"]
        header.append("---")
        body = "\n\n".join(paragraphs)
        ours = "\n".join(header) + "\n" + title + "\n\n" + body + "\n"
        path = f"entries/{when:%Y}/{when:%m}/{when:%Y-%m-%d}-{entry_id[:8]}.md"
        jrnl_body = body + ("\n\n" + " ".join("@" + t for t in tags) if tags else "")
        jrnl = f"[{when:%Y-%m-%d %H:%M}] {title}\n{jrnl_body}\n"
        return path, ours, jrnl, words, tags


def dates(rng, size):
    span = int((END - START).total_seconds() // 60)
    hours = list(range(24))
    hour_weights = [1, 1, 0.5, 0.3, 0.3, 0.5, 2, 4, 5, 3, 2, 3, 4, 3, 2, 2, 3, 4, 5, 6, 8, 9, 8, 4]
    out = []
    for _ in range(size):
        day = START + dt.timedelta(minutes=rng.randrange(span))
        out.append(day.replace(hour=rng.choices(hours, weights=hour_weights)[0],
                               minute=rng.randrange(60), second=rng.randrange(60)))
    out.sort()
    return out


class Corpus:
    """Finds which texts hold a word as a substring (what `rg -l` finds)."""

    def __init__(self, texts):
        self.joined = "\x00".join(texts)
        self.starts, position = [], 0
        for t in texts:
            self.starts.append(position)
            position += len(t) + 1

    def containing(self, word):
        found, at = set(), self.joined.find(word)
        while at >= 0:
            found.add(bisect.bisect_right(self.starts, at) - 1)
            at = self.joined.find(word, at + 1)
        return found

    def matching(self, pattern):
        found = set()
        for match in pattern.finditer(self.joined):
            found.add(bisect.bisect_right(self.starts, match.start()) - 1)
        return found


def korean_queries(gen, searchable, n):
    """A Korean query of each length (1, 2 and 3 syllables) for the search benchmark: the one of a few
    candidates from the vocabulary whose share of entries is nearest a target (1: about 10%, 2: about 1%,
    3: rare), with the entries `journal search` finds for it, counted on titles, bodies and tags."""
    corpus = Corpus(searchable)
    places = " ".join(p[0] for p in PLACES_HOME)
    pieces = {1: [], 2: [], 3: []}   # in vocabulary order: commoner words first
    # Common words alone and with a particle (`친구를`), then rarer long words.
    words = gen.korean[:1500] + [w + p for w in gen.korean[:20] for p in PARTICLES if len(w + p) == 3] \
        + [w for w in gen.korean[1500:40_000] if len(w) == 3]
    for word in words:
        for length in (1, 2, 3):
            for start in range(len(word) - length + 1):
                piece = word[start:start + length]
                if piece not in pieces[length] and all(0xAC00 <= ord(c) <= 0xD7A3 for c in piece):
                    pieces[length].append(piece)
    targets = {1: 0.10, 2: 0.01, 3: 0.0005}
    queries = {}
    for length, target in targets.items():
        best = None
        for piece in pieces[length][::max(1, len(pieces[length]) // 40)][:40]:
            if korean_query_pattern(piece).search(places):
                continue
            found = len(corpus.matching(korean_query_pattern(piece)))
            score = abs(found / n - target) + (1 if found == 0 else 0)
            if best is None or score < best[0]:
                best = (score, piece, found)
        queries[f"ko{length}"] = {"word": best[1], "entries": best[2]}
    return queries


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("size", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--journal-bin", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "..", ".build", "release", "journal"))
    args = parser.parse_args()
    outdir = os.path.abspath(args.outdir)
    if os.path.exists(outdir):
        if os.listdir(outdir) and not os.path.exists(os.path.join(outdir, "params.json")):
            sys.exit(f"generate.py: {outdir} is not empty and not an earlier output of generate.py; not touching it")
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    journal_dir = os.path.join(outdir, "journal")
    jrnl_dir = os.path.join(outdir, "jrnl")

    gen = Generator(args.size, args.seed ^ args.size)
    subprocess.run([args.journal_bin, "init", journal_dir], check=True, stdout=subprocess.DEVNULL)
    for key, value in [("user.name", "Bench"), ("user.email", "bench@example.invalid"), ("gc.auto", "0")]:
        subprocess.run(["git", "-C", journal_dir, "config", key, value], check=True)

    ours_texts, jrnl_parts, paths, searchable = [], [], [], []
    document_frequency, tag_frequency = Counter(), Counter()
    in_range = 0
    made = set()
    when_list = dates(gen.rng, args.size)
    for index, when in enumerate(when_list):
        path, ours, jrnl, words, tags = gen.entry(index, when)
        directory = os.path.join(journal_dir, os.path.dirname(path))
        if directory not in made:
            os.makedirs(directory, exist_ok=True)
            made.add(directory)
        with open(os.path.join(journal_dir, path), "w", encoding="utf-8", newline="\n") as f:
            f.write(ours)
        ours_texts.append(ours)
        searchable.append(ours.split("\n---\n", 1)[-1] + "\n" + " ".join(tags))
        jrnl_parts.append(jrnl)
        paths.append(path)
        document_frequency.update(set(words))
        tag_frequency.update(tags)
        if RANGE_FROM <= f"{when:%Y-%m-%d}" <= RANGE_TO:
            in_range += 1

    os.makedirs(os.path.join(jrnl_dir, "config", "jrnl"))
    os.makedirs(os.path.join(jrnl_dir, "home"))
    jrnl_file = os.path.join(jrnl_dir, "journal.txt")
    with open(jrnl_file, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(jrnl_parts))
    write_jrnl_config(os.path.join(jrnl_dir, "config", "jrnl", "jrnl.yaml"), jrnl_file)

    # The words the benchmark asks for.
    n = args.size
    ours_corpus, jrnl_corpus = Corpus(ours_texts), Corpus(jrnl_parts)
    rare = None
    for word in sorted((w for w, c in document_frequency.items() if 1 <= c <= 3 and w.isascii() and len(w) >= 7),
                       key=lambda w: (len(w), w)):
        hits = ours_corpus.containing(word)
        if len(hits) == document_frequency[word] and jrnl_corpus.containing(word) == hits:
            rare = (word, len(hits))
            break
    # The common word: one in about 30% of the entries, as a word and as a substring (what rg sees).
    candidates = sorted((w for w in document_frequency if w.isascii() and w.isalpha() and len(w) >= 4),
                        key=lambda w: abs(document_frequency[w] / n - 0.3))[:40]
    best = None
    for word in candidates:
        files = len(ours_corpus.containing(word))
        score = abs(files / n - 0.3) + abs(document_frequency[word] / n - 0.3)
        if best is None or score < best[0]:
            best = (score, word, files)
    ascii_tags = [t for t in tag_frequency if t.isascii()]
    tag = min(ascii_tags, key=lambda t: (abs(tag_frequency[t] / n - 0.03), t))
    middle = paths[len(paths) // 2]

    print(f"wrote {n} entries: {journal_dir} and {jrnl_file}", file=sys.stderr)
    commit_all(journal_dir, paths, ours_texts, f"Import {n} generated entries")

    vocabulary_used = sum(1 for w in document_frequency if w in gen.taken)
    params = {
        "generator_version": GENERATOR_VERSION,
        "size": n,
        "seed": args.seed,
        "journal_dir": journal_dir,
        "jrnl_file": jrnl_file,
        "rare": {"word": rare[0] if rare else None, "entries": rare[1] if rare else 0},
        "common": {"word": best[1], "entries": document_frequency[best[1]], "files": best[2]},
        "tag": {"name": tag, "entries": tag_frequency[tag]},
        "from": RANGE_FROM, "to": RANGE_TO, "range_entries": in_range,
        "edit_file": middle,
        "first_date": f"{when_list[0]:%Y-%m-%d}", "last_date": f"{when_list[-1]:%Y-%m-%d}",
        "vocabulary": {"words": len(gen.english) + len(gen.korean), "used": vocabulary_used,
                       "tags": len(gen.tags), "tags_used": len(tag_frequency)},
        "bytes": sum(len(t.encode("utf-8")) for t in ours_texts),
    }
    params.update(korean_queries(gen, searchable, n))
    with open(os.path.join(outdir, "params.json"), "w", encoding="utf-8") as f:
        json.dump(params, f, ensure_ascii=False, indent=2)
        f.write("\n")
    print(json.dumps({k: params[k] for k in ("size", "rare", "common", "tag", "from", "to", "range_entries",
                                             "ko1", "ko2", "ko3")},
                     ensure_ascii=False))


def commit_all(journal_dir, paths, texts, message):
    """One commit on top of `journal init`'s, with every entry file, made by `git fast-import`: the
    objects go straight into one pack, as in a journal kept for years (and far faster than `git add`
    of 100,000 loose objects and a gc). `git reset` then brings the index up to date with the files."""
    git = ["git", "-C", journal_dir]
    branch = subprocess.run(git + ["symbolic-ref", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    parent = subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    who = f"Bench <bench@example.invalid> {int(time.time())} +0000"
    importer = subprocess.Popen(git + ["fast-import", "--quiet"], stdin=subprocess.PIPE)
    out = importer.stdin
    msg = message.encode()
    out.write(f"commit {branch}\nauthor {who}\ncommitter {who}\ndata {len(msg)}\n".encode() + msg
              + f"\nfrom {parent}\n".encode())
    for path, text in zip(paths, texts):
        data = text.encode("utf-8")
        out.write(f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")
    out.write(b"\n")
    out.close()
    if importer.wait() != 0:
        sys.exit("generate.py: git fast-import failed")
    subprocess.run(git + ["reset", "-q"], check=True)


def write_jrnl_config(path, journal_file):
    """A jrnl 4.x config: no editor, no encryption, no colours, our time format."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"""colors:
  body: none
  date: none
  tags: none
  title: none
default_hour: 9
default_minute: 0
editor: ''
encrypt: false
highlight: false
indent_character: '|'
journals:
  default:
    journal: {json.dumps(journal_file)}
linewrap: 79
tagsymbols: '@'
template: false
timeformat: '%Y-%m-%d %H:%M'
version: "4.6"
""")


if __name__ == "__main__":
    main()
