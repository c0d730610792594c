#!/usr/bin/env bash
# Times `selfsizing measure` on 100,000 texts, medians of 3 runs, at 3 widths with lines and at 1
# and 12 widths with --no-lines (12 widths should cost at most 1.5x one): the Huckleberry Finn
# sentences of ../shared/data repeated with a running number (left out when ../shared is not beside
# the project), and 100,000 mixed feed sentences that scripts/make-sentences.py writes (English and
# Indonesian with paths, URLs and long numbers, Chinese mixed with Latin; objects with id and lang).
# Prints wall-clock and CPU (user + system) seconds: on a loaded machine CPU time is the steadier.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/make-sentences.py --mixed 100000 "$work/mixed.json" >/dev/null
plist=../shared/data/huckleberry-finn.plist
if [ -f "$plist" ]; then
  python3 - "$plist" "$work/huck.json" <<'PY'
import json, plistlib, sys
s = plistlib.load(open(sys.argv[1], "rb"))
items = [s[i % len(s)] + ("" if i < len(s) else " (%d)" % (i // len(s))) for i in range(100000)]
json.dump(items, open(sys.argv[2], "w"))
PY
else
  echo "measure-cli: $plist not found; the Huckleberry Finn corpus is left out"
fi
python3 - "$work" "${SELFSIZING:-.build/release/selfsizing}" <<'PY'
import os, resource, subprocess, sys, time
work, binary = sys.argv[1], sys.argv[2]
common = [binary, "measure", "--font", "DejaVu Sans", "--size", "17", "--line-height", "22"]
widths = ["343", "260", "180", "100", "120", "140", "160", "200", "220", "240", "300", "320"]
def run(args, path):
    walls, cpus = [], []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(os.path.join(work, "out.json"), "w") as out:
            subprocess.run(common + args + [path], stdout=out, check=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return sorted(walls)[1], sorted(cpus)[1]
for name in ("huck", "mixed"):
    path = os.path.join(work, name + ".json")
    if not os.path.exists(path):
        continue
    three = run(["--width", "343", "--width", "260", "--width", "180"], path)
    one = run(["--no-lines", "--width", "343"], path)
    twelve = run(["--no-lines"] + [a for w in widths for a in ("--width", w)], path)
    print("measure-cli %-5s N=100000  3 widths %.2f s (cpu %.2f)   1 width --no-lines %.2f s (cpu %.2f)   "
          "12 widths --no-lines %.2f s (cpu %.2f, %.2fx one width; cpu %.2fx)   median of 3"
          % (name, three[0], three[1], one[0], one[1], twelve[0], twelve[1], twelve[0] / one[0], twelve[1] / one[1]))
PY
