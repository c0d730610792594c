#!/usr/bin/env bash
# The sanitizer runs of `make sanitize`, one per argument (default: all three):
#
#   asan   the whole test suite under AddressSanitizer (debug build in .build/asan)
#   tsan   the concurrent suites and tests (names matching TSAN_FILTER: concurrent measuring,
#          precaching, workers, threads, the batch text measurer) under ThreadSanitizer
#          (debug build in .build/tsan)
#   leaks  LeakSanitizer over a LEAK_ROWS-row (default 1,000,000) `selfsizing heights` run, both
#          the table path (a JSON array) and the streaming path (JSON Lines on stdin), with a
#          release build under AddressSanitizer (in .build/leaks): a debug build would take many
#          minutes for a million rows, and valgrind slows a run by well over an order of magnitude.
#
# Each fails (non-zero exit) on a sanitizer report or a failing test; the builds use one job.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
SWIFT=${SWIFT:-swift}
LEAK_ROWS=${LEAK_ROWS:-1000000}
TSAN_FILTER=${TSAN_FILTER:-[Cc]oncurren|[Pp]recach|[Ww]orkers|[Tt]hreads|TextBatchMeasurerTests}

asan() {
    echo "== asan: the test suite under AddressSanitizer"
    "$SWIFT" build -j 1 --build-tests --sanitize=address --scratch-path .build/asan
    # Leaks are the `leaks` run's business: the test process ends with suites' caches live.
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1} \
        "$SWIFT" test --skip-build --sanitize=address --scratch-path .build/asan
}

tsan() {
    echo "== tsan: the concurrent suites ($TSAN_FILTER) under ThreadSanitizer"
    # SANITIZER_VISIBLE_LOCKS: TextLayout's locks become pthread mutexes, which the sanitizer sees
    # (Synchronization.Mutex waits in a futex it cannot see: Sources/TextLayout/Support/SanitizerVisibleMutex.swift).
    "$SWIFT" build -j 1 --build-tests --sanitize=thread -Xswiftc -DSANITIZER_VISIBLE_LOCKS --scratch-path .build/tsan
    TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1} \
        "$SWIFT" test --skip-build --sanitize=thread -Xswiftc -DSANITIZER_VISIBLE_LOCKS --scratch-path .build/tsan --filter "$TSAN_FILTER"
}

leaks() {
    echo "== leaks: $LEAK_ROWS rows of 'selfsizing heights' under LeakSanitizer"
    "$SWIFT" build -j 1 -c release --sanitize=address --product selfsizing --scratch-path .build/leaks
    local bin work
    bin=$("$SWIFT" build -c release --sanitize=address --scratch-path .build/leaks --show-bin-path)/selfsizing
    work=$(mktemp -d)
    trap 'rm -rf "$work"' RETURN
    python3 - "$LEAK_ROWS" "$work" <<'PY'
import json, sys
rows, work = int(sys.argv[1]), sys.argv[2]
words = "river raft Jim the widow Tom fog island night a canoe Huck".split()
texts = [" ".join(words[(j * 31 + i) % len(words)] for j in range(1 + i * 7919 % 40)) + "." for i in range(2000)]
with open(work + "/rows.jsonl", "w") as lines, open(work + "/rows.json", "w") as array:
    array.write("[")
    for i in range(rows):
        row = json.dumps({"id": i, "text": texts[i % len(texts)] + " (%d)" % (i // len(texts))})
        lines.write(row + "\n")
        array.write(("," if i else "") + row + "\n")
    array.write("]\n")
PY
    local options="detect_leaks=1:halt_on_error=1:exitcode=23"
    export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}
    echo "-- table path: heights --data rows.json --format csv"
    /usr/bin/time -f "   %e s, peak RSS %M KiB" env ASAN_OPTIONS="$options" \
        "$bin" heights examples/uyl-text-cell.yaml --data "$work/rows.json" --width 375 --format csv > /dev/null
    echo "-- streaming path: heights --data - --format jsonl"
    /usr/bin/time -f "   %e s, peak RSS %M KiB" env ASAN_OPTIONS="$options" \
        "$bin" heights examples/uyl-text-cell.yaml --data - --width 375 --format jsonl < "$work/rows.jsonl" > /dev/null
    echo "   no leaks"
}

runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(asan tsan leaks)
for r in "${runs[@]}"; do
    case $r in
        asan|tsan|leaks) "$r" ;;
        *) echo "unknown run '$r' (asan, tsan, leaks)" >&2; exit 2 ;;
    esac
done
