#!/usr/bin/env bash
# What a user runs, first use included: the whole `selfsizing heights` process over the 1,997
# Huckleberry Finn rows of ../shared/data and over one of them (issue 16's cold-start pair: the
# difference is what the rows cost once the process has started), and the same list with
# `--cache` unchanged (issue 15: a second run over the same data measures nothing). Wall-clock
# medians of 15 alternating runs; the CPU time (user + sys, both threads) beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
plist=../shared/data/huckleberry-finn.plist
if [ ! -f "$plist" ]; then
  echo "cold-start: $plist not found; skipped"
  exit 0
fi
python3 - "$plist" <<'PY'
import json, os, plistlib, resource, subprocess, sys, tempfile, time
sentences = plistlib.load(open(sys.argv[1], "rb"))
exe = ".build/release/selfsizing"
common = [exe, "heights", "examples/uyl-text-cell.yaml", "--width", "375"]
with tempfile.TemporaryDirectory() as work:
    one = os.path.join(work, "one.plist")
    plistlib.dump(sentences[1:2], open(one, "wb"))
    cache = os.path.join(work, "heights.cache")
    subprocess.run(common + ["--data", sys.argv[1], "--cache", cache], stdout=subprocess.DEVNULL, check=True)
    runs = {"all": common + ["--data", sys.argv[1]], "one": common + ["--data", one],
            "cached": common + ["--data", sys.argv[1], "--cache", cache]}
    wall = {k: [] for k in runs}
    cpu = {k: [] for k in runs}
    for _ in range(15):
        for name, args in runs.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
            wall[name].append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    med = lambda xs: sorted(xs)[len(xs) // 2] * 1000
    for name, label in (("all", "1,997 rows"), ("one", "1 row"), ("cached", "1,997 rows --cache")):
        print("cold-start heights %-20s whole process median %6.1f ms   cpu %6.1f ms" % (label, med(wall[name]), med(cpu[name])))
    print("cold-start rows cost (1,997 rows - 1 row)  %.1f ms (target <= 30)   cached / cold %.0f%% (target <= 10%%)"
          % (med(wall["all"]) - med(wall["one"]), 100 * med(wall["cached"]) / med(wall["all"])))
PY
