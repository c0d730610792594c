#!/usr/bin/env bash
# Instructions and cache misses per resize of the chain workloads, counted by cachegrind on a
# simulated cache of this machine's sizes (32 KiB L1 data, 1 MiB L2 per core), at 1,000 and
# 10,000 views. Unlike wall-clock time, the counts do not move with the other tenants of the
# host: a 10,000-view resize misses L2 about 100,000 times, and how long those misses take
# depends on who else uses the shared L3 (the same binary measured 1.1-2.6 ms within an hour).
# Each figure is the difference of two runs (CYCLES_HIGH and CYCLES_LOW resize cycles) divided by
# the resizes between them, so the build is not counted.
#
# Usage: bash scripts/bench-misses.sh [WORKLOAD...]   (make bench-misses; needs valgrind, which
# `scripts/setup.sh --misses` installs)
set -euo pipefail
cd "$(dirname "$0")/.."

BENCH=./Benchmarks/.build/release/selfsizing-bench
[ -x "$BENCH" ] || { echo "bench-misses: build the benchmarks first (make bench-misses does)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "bench-misses: valgrind is missing; run scripts/setup.sh --misses" >&2; exit 1; }

WORKLOADS=("$@")
[ ${#WORKLOADS[@]} -gt 0 ] || WORKLOADS=(chain-plain chain-intr row-flex)
for w in "${WORKLOADS[@]}"; do
    case "$w" in
        chain-plain|chain-intr|row-flex|chain-plain-values|chain-intr-values|row-flex-values) ;;
        *) echo "bench-misses: no chain workload '$w' (chain-plain, chain-intr, row-flex, or one of them with -values)" >&2; exit 2 ;;
    esac
done
CYCLES_LOW=2
CYCLES_HIGH=6

# Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes: count a copy without it.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/bench" "$BENCH"

# Prints "instructions L1-misses L2-misses" (data misses, reads and writes) of one run.
count() {
    valgrind --tool=cachegrind --cache-sim=yes --D1=32768,8,64 --LL=1048576,16,64 \
        --cachegrind-out-file=/dev/null "$work/bench" --cycles "$1" "$2" "$3" 2>&1 >/dev/null |
        awk '/I *refs:/ {gsub(",", "", $4); i = $4}
             /D1  misses:/ {gsub(",", "", $4); d = $4}
             /LLd misses:/ {gsub(",", "", $4); l = $4}
             END {if (i == "" || d == "" || l == "") exit 1; print i, d, l}'
}

printf '%-18s %6s %14s %15s %15s\n' workload views "instr/resize" "L1 miss/resize" "L2 miss/resize"
for w in "${WORKLOADS[@]}"; do
    case "$w" in row-flex*) per=2 ;; *) per=4 ;; esac
    for n in 1000 10000; do
        low=$(count "$w" "$n" "$CYCLES_LOW") || { echo "bench-misses: cachegrind failed on $w at $n views" >&2; exit 1; }
        high=$(count "$w" "$n" "$CYCLES_HIGH") || { echo "bench-misses: cachegrind failed on $w at $n views" >&2; exit 1; }
        read -r i0 d0 l0 <<< "$low"
        read -r i1 d1 l1 <<< "$high"
        resizes=$(( (CYCLES_HIGH - CYCLES_LOW) * per ))
        printf '%-18s %6d %14d %15d %15d\n' "$w" "$n" $(( (i1 - i0) / resizes )) $(( (d1 - d0) / resizes )) $(( (l1 - l0) / resizes ))
    done
done
