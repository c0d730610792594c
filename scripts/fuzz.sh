#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (with AddressSanitizer) and runs each for FUZZ_SECONDS.
#
#   bash scripts/fuzz.sh [Target ...]      (default: every target)
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh FuzzSpec
#
# Each target's corpus grows in .build/fuzz/corpus/<Target> across runs, seeded (each run) from
# examples/, the test fixtures and the tests' format strings into .build/fuzz/seeds/<Target>.
# A crash, a leak (see detect_leaks below), a timeout (FUZZ_TIMEOUT seconds for one input) or
# running out of memory fails the target and leaves its reproducer in
# .build/fuzz/artifacts/<Target>/; the script goes on with the other targets and exits non-zero
# at the end. Executions and exec/s of every run are
# appended to .build/fuzz/stats.tsv (date, target, seconds, executions, exec/s, result);
# `bash scripts/fuzz.sh --totals` sums them per target.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

SWIFT=${SWIFT:-swift}
# A trap's message is enough, and libFuzzer keeps the input: Swift's backtracer, started on a
# trap in an AddressSanitizer build, was left waiting after the run ended.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
ALL_TARGETS=(FuzzVFL FuzzEquation FuzzSpec FuzzInterfaceBuilder FuzzDataFile FuzzSolver)
OUT=.build/fuzz
STATS=$OUT/stats.tsv

totals() {
    [ -f "$STATS" ] || { echo "no runs recorded in $STATS"; return 0; }
    awk -F'\t' '{ s[$2] += $3; n[$2] += $4; if ($6 != "ok") bad[$2]++ }
        END { printf "%-22s %10s %14s %10s %s\n", "target", "seconds", "executions", "exec/s", "failed runs";
              for (t in n) printf "%-22s %10d %14d %10d %d\n", t, s[t], n[t], (s[t] ? n[t] / s[t] : 0), bad[t] }' "$STATS"
}
if [ "${1:-}" = "--totals" ]; then totals; exit 0; fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

# Longest input per target: strings are short; documents need room for the fixtures.
max_len() {
    case $1 in
        FuzzVFL|FuzzEquation) echo 512 ;;
        FuzzInterfaceBuilder) echo 32768 ;;
        FuzzSolver) echo 2048 ;;
        *) echo 8192 ;;
    esac
}
# Whether libFuzzer checks each input for leaks (FUZZ_LEAKS=1 forces it for every target). Off
# for the XML and property-list readers: Foundation's XMLParser and PropertyListSerialization
# leak an error object on every malformed input (suppressed in Fuzz/lsan.supp), and libFuzzer
# runs each input that leaks anything again with a whole-heap scan, which takes those targets
# from hundreds of inputs a second to tens. `make leaks` checks the library's own leaks at scale.
detect_leaks() {
    if [ "${FUZZ_LEAKS:-}" = 1 ]; then echo 1; return; fi
    case $1 in
        FuzzInterfaceBuilder|FuzzDataFile) echo 0 ;;
        *) echo 1 ;;
    esac
}
dict() {
    case $1 in
        FuzzVFL) echo Fuzz/Dictionaries/vfl.dict ;;
        FuzzEquation) echo Fuzz/Dictionaries/equation.dict ;;
        FuzzSpec) echo Fuzz/Dictionaries/spec.dict ;;
        FuzzInterfaceBuilder) echo Fuzz/Dictionaries/xib.dict ;;
        FuzzDataFile) echo Fuzz/Dictionaries/data.dict ;;
        # FuzzSolver's input is a byte code: no tokens to suggest.
    esac
}

# 1. Build. When the root package's sources or manifest changed since the last build, its plan is
# dropped (not its build), as `make bench` does, so that SwiftPM sees files added to the root.
plan=Fuzz/.build/release.yaml
if [ ! -f "$plan" ] || [ -n "$(find Sources Package.swift Fuzz/Package.swift -newer "$plan" -print -quit)" ]; then
    rm -f Fuzz/.build/release/description.json "$plan" Fuzz/.build/build.db
fi
"$SWIFT" build -c release -j 1 --package-path Fuzz \
    -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v "Cannot export local symbol '__asan_extra_spill_area'"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1

# 2. Seeds: one file per string or document.
seed() { # target name < content
    mkdir -p "$OUT/seeds/$1"
    cat > "$OUT/seeds/$1/$2"
}
rm -rf "$OUT/seeds"
sources=(examples Tests/AutoLayoutTests Tests/CellSpecsTests Tests/SelfSizingTests)
i=0
grep -rhoE '"(H:|V:|\||\[)[^"]*"' "${sources[@]}" 2>/dev/null | grep -F '[' | sed -E 's/^"//; s/\\?"$//' | sort -u |
    while IFS= read -r line; do i=$((i + 1)); printf '%s' "$line" | seed FuzzVFL "vfl-$i"; done
grep -rhoE '"[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z]+ *(==|<=|>=)[^"]*"' "${sources[@]}" 2>/dev/null | sed -E 's/^"//; s/\\?"$//' | sort -u |
    while IFS= read -r line; do i=$((i + 1)); printf '%s' "$line" | seed FuzzEquation "eq-$i"; done
for f in examples/*.yaml; do seed FuzzSpec "$(basename "$f")" < "$f"; done
seed FuzzSpec json-spec.json <<'JSON'
{"views": [{"id": "title", "type": "label", "text": "{title}", "numberOfLines": 0, "font": {"size": 17, "weight": "semibold"}},
           {"id": "icon", "type": "image", "size": [24, 24]},
           {"id": "stack", "type": "stack", "axis": "vertical", "spacing": 4}],
 "metrics": {"pad": 12},
 "contentView": {"layoutMargins": [8, 16, 8, 16]},
 "constraints": ["H:|-[icon]-[title]-|", "V:|-[title]-|", "icon.centerY == title.centerY",
                 {"first": "icon.top", "relation": ">=", "second": "contentView.topMargin", "priority": 750}]}
JSON
for f in examples/*.storyboard Tests/CellSpecsTests/Fixtures/InterfaceBuilder/*.xib Tests/CellSpecsTests/Fixtures/InterfaceBuilder/*.storyboard; do
    seed FuzzInterfaceBuilder "$(basename "$f")" < "$f"
done
for f in examples/*.json; do head -c 4000 "$f" | seed FuzzDataFile "$(basename "$f")"; done
seed FuzzDataFile rows.csv <<'CSV'
title,text,imageWidth,imageHeight,hidden
"Hello, ""world""",first line,80,60,false
Second,"multi
line",,,true
CSV
seed FuzzDataFile rows.jsonl <<'JSONL'
{"title": "one", "imageWidth": 40, "imageHeight": 30, "hidden": false}
"a string row"
{"title": null, "photo": {"width": 80, "height": 20}}
JSONL
seed FuzzDataFile rows.plist <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><array>
<dict><key>title</key><string>plist row</string><key>imageWidth</key><real>12.5</real><key>hidden</key><true/></dict>
<string>a string row</string>
</array></plist>
PLIST
printf '{"title": "one item", "imageWidth": 10}' | seed FuzzDataFile item.json
# Solver programs (see Fuzz/Sources/FuzzSolver), over 8 variables: x0 == 0, x1 == x0 + 64,
# x2 >= x1 + 8, x2 == 128 @250; check; x2 an edit variable, suggested 256; check; the second
# constraint's constant moved; check; the third removed; check. The same with hostile numbers
# (first byte odd), and both through the value API (bit 3 of the first byte; there the edit
# operations set constants instead).
solver_program='\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x01\xf8\x00\x02\x00\x01\x02\x00\x01\x01\xff\x00\x00\x03\x00\x02\x00\xf0\x07\x05\x02\x00\x06\x20\x00\x07\x04\xf0\x01\x07\x03\x02\x07'
printf "$solver_program" | seed FuzzSolver program-mild
printf "\x03${solver_program#\\x02}" | seed FuzzSolver program-hostile
printf "\x0a${solver_program#\\x02}" | seed FuzzSolver program-values
printf "\x0b${solver_program#\\x02}" | seed FuzzSolver program-values-hostile
# And the programs FUZZ_SOLVER_EXACT=1 stopped on (Fuzz/Findings/FuzzSolver); in that mode, only
# the fixed ones: an open finding (exact-*) would stop the run before it fuzzes anything. An
# open finding of any mode (open-*) is left out in every mode, for the same reason.
for f in Fuzz/Findings/FuzzSolver/*; do
    [[ "$(basename "$f")" == open-* ]] && continue
    [ "${FUZZ_SOLVER_EXACT:-}" = 1 ] && [[ "$(basename "$f")" == exact-* ]] && continue
    seed FuzzSolver "finding-$(basename "$f")" < "$f"
done

# 3. Run each target.
mkdir -p "$OUT"
status=0
for t in "${targets[@]}"; do
    corpus=$OUT/corpus/$t; artifacts=$OUT/artifacts/$t/; log=$OUT/$t.log; dict=$(dict "$t")
    mkdir -p "$corpus" "$artifacts"
    echo "== $t: ${FUZZ_SECONDS}s (log $log)"
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=Fuzz/lsan.supp:print_suppressions=0} \
    "Fuzz/.build/release/$t" "$corpus" "$OUT/seeds/$t" \
        -max_total_time="$FUZZ_SECONDS" -max_len="$(max_len "$t")" -timeout="$FUZZ_TIMEOUT" \
        -rss_limit_mb="$FUZZ_RSS_MB" ${dict:+-dict="$dict"} -artifact_prefix="$artifacts" \
        -detect_leaks="$(detect_leaks "$t")" -print_final_stats=1 > "$log" 2>&1
    rc=$?
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    secs=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    result=ok
    if [ $rc -ne 0 ]; then
        result=failed; status=1
        echo "   FAILED (exit $rc); reproducer(s):"; ls -1 "$artifacts" | sed "s|^|   $artifacts|"
        grep -E 'ERROR|Fatal error|SUMMARY|deadly signal|timeout' "$log" | head -5 | sed 's/^/   /'
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$FUZZ_SECONDS" "${runs:-0}" "${secs:-0}" "$result" >> "$STATS"
    echo "   $result: ${runs:-0} executions, ${secs:-0} exec/s"
done
totals
exit $status
