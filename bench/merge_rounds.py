#!/usr/bin/env python3
"""Merges the rounds of one command's timing (bench/run.sh): FOLDER/NAME.1.json, NAME.2.json, … (hyperfine's
--export-json) become FOLDER/NAME.json with every run, and prints its median, mean and standard deviation in ms
and the number of runs, tab-separated.

    bench/merge_rounds.py FOLDER NAME
"""

import glob
import json
import statistics
import sys

folder, name = sys.argv[1], sys.argv[2]
rounds = sorted(glob.glob(f"{glob.escape(folder)}/{glob.escape(name)}.[0-9]*.json"),
                key=lambda path: int(path.rsplit(".", 2)[1]))
merged = json.load(open(rounds[0]))
result = merged["results"][0]
# hyperfine gives each round's user and system time as means over its runs: weighed by the runs.
cpu = {key: result[key] * len(result["times"]) for key in ("user", "system") if key in result}
for path in rounds[1:]:
    more = json.load(open(path))["results"][0]
    for key in cpu:
        cpu[key] += more.get(key, 0) * len(more["times"])
    for key in ("times", "exit_codes"):
        if key in result and key in more:
            result[key] += more[key]
times = result["times"]
for key, total in cpu.items():
    result[key] = total / len(times)
result["median"], result["mean"] = statistics.median(times), statistics.fmean(times)
result["stddev"] = statistics.stdev(times) if len(times) > 1 else None
result["min"], result["max"] = min(times), max(times)
json.dump(merged, open(f"{folder}/{name}.json", "w"))
ms = lambda value: "-" if value is None else f"{value * 1000:.2f}"
print(ms(result["median"]), ms(result["mean"]), ms(result["stddev"]), len(times), sep="\t")
