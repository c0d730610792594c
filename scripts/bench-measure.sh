#!/usr/bin/env bash
# Times `selfsizing measure` on 100,000 sentences (the Huckleberry Finn sentences of ../shared/data,
# repeated with a running number) at 3 widths with lines, and at 12 widths with --no-lines; medians of 3 runs.
set -euo pipefail
cd "$(dirname "$0")/.."
plist=../shared/data/huckleberry-finn.plist
if [ ! -f "$plist" ]; then
  echo "measure-cli: $plist not found; skipped"
  exit 0
fi
python3 - "$plist" <<'PY'
import json, os, plistlib, subprocess, sys, tempfile, time
s = plistlib.load(open(sys.argv[1], "rb"))
items = [s[i % len(s)] + ("" if i < len(s) else " (%d)" % (i // len(s))) for i in range(100000)]
with tempfile.TemporaryDirectory() as work:
    path = os.path.join(work, "100k.json")
    json.dump(items, open(path, "w"))
    common = [".build/release/selfsizing", "measure", "--font", "DejaVu Sans", "--size", "17", "--line-height", "22"]
    def best(args):
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            with open(os.path.join(work, "out.json"), "w") as out:
                subprocess.run(common + args + [path], stdout=out, check=True)
            times.append(time.perf_counter() - t0)
        return sorted(times)[1]
    three = best(["--width", "343", "--width", "260", "--width", "180"])
    widths = ["343", "260", "180", "100", "120", "140", "160", "200", "220", "240", "300", "320"]
    twelve = best(["--no-lines"] + [a for w in widths for a in ("--width", w)])
    print("measure-cli N=100000  3 widths %.2f s   12 widths --no-lines %.2f s (%.2fx)   median of 3" % (three, twelve, twelve / three))
PY
