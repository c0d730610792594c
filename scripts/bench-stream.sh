#!/usr/bin/env bash
# Streams 1,000,000 rows (the Huckleberry Finn sentences of ../shared/data, repeated with a running
# number, so that few texts repeat; generated sentences without it) through
# `selfsizing heights examples/uyl-text-cell.yaml --data - --format jsonl --width 375` as a whole
# process, input from a file made beforehand, output to /dev/null: rows/s and peak resident memory.
# ROWS=N overrides the count.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - "${ROWS:-1000000}" <<'PY'
import json, os, plistlib, subprocess, sys, tempfile, time
rows = int(sys.argv[1])
plist = "../shared/data/huckleberry-finn.plist"
if os.path.exists(plist):
    s = plistlib.load(open(plist, "rb"))
else:
    words = "river raft Jim the widow Tom fog island night a canoe Huck".split()
    s = [" ".join(words[(j * 31 + i) % len(words)] for j in range(1 + i * 7919 % 40)) + "." for i in range(2000)]
with tempfile.TemporaryDirectory() as work:
    path = os.path.join(work, "rows.jsonl")
    with open(path, "w") as f:
        for i in range(rows):
            text = s[i % len(s)] + ("" if i < len(s) else " (%d)" % (i // len(s)))
            f.write(json.dumps({"id": i, "text": text}) + "\n")
    args = [".build/release/selfsizing", "heights", "examples/uyl-text-cell.yaml", "--data", "-",
            "--format", "jsonl", "--width", "375"]
    t0 = time.perf_counter()
    with open(path) as inp, open(os.devnull, "w") as out:
        p = subprocess.Popen(args, stdin=inp, stdout=out)
        _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - t0
    if status != 0:
        sys.exit("heights-stream: the run failed (status %d)" % status)
    print("heights-stream N=%d  %.1f s  %.0f rows/s  peak RSS %.1f MiB  (%d cores)"
          % (rows, seconds, rows / seconds, usage.ru_maxrss / 1024, os.cpu_count()))
PY
