#!/usr/bin/env bash
# Runs the solver's random programs with the exactness checks (FUZZ_SOLVER_EXACT=1), one seed
# per process, outside libFuzzer and without sanitizers: the measure of how many programs the
# solver does not meet yet (README, known limits).
#
#   bash scripts/solver-programs.sh FROM TO [MAXLEN]     (seeds FROM...TO; MAXLEN 1500 bytes)
#   make solver-programs FROM=1 TO=12000
#
# Each seed's program (8 to MAXLEN bytes, SolverProgramRunner's SplitMix64) traps at its first
# finding; the script counts those, writes each one's program to
# .build/solver-programs/findings/seed-N (replay: FUZZ_SOLVER_EXACT=1
# .build/solver-programs/release/SolverProgramRunner FILE; with FUZZ_TRACE=1 a value-API program
# writes its operations to standard error in the format of Tests/CassowaryTests/Programs) and its
# message beside it, and exits non-zero when any stopped. 12,000 seeds take about 3 minutes on
# one core.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
SWIFT=${SWIFT:-swift}
export SWIFT_BACKTRACE=enable=no FUZZ_SOLVER_EXACT=1

usage() { echo "usage: bash scripts/solver-programs.sh FROM TO [MAXLEN]  (seeds FROM <= TO, MAXLEN >= 8)" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
FROM=$1 TO=$2 MAXLEN=${3:-1500}
for n in "$FROM" "$TO" "$MAXLEN"; do [[ "$n" =~ ^[0-9]+$ ]] || usage; done
[ "$FROM" -le "$TO" ] && [ "$MAXLEN" -ge 8 ] || usage

# 1. Build the runner in its own scratch directory: `make fuzz` builds the same package with
#    sanitizers, and the two must not share a build.
#    When the root package's sources or manifest changed since the last build, its plan is
#    dropped (not its build), as `make bench` and scripts/fuzz.sh do, so that SwiftPM sees files
#    added to the root (without it, a new file's symbols were "not in scope").
OUT=.build/solver-programs
plan=$OUT/release.yaml
if [ ! -f "$plan" ] || [ -n "$(find Sources Package.swift Fuzz/Package.swift -newer "$plan" -print -quit)" ]; then
    rm -f "$OUT/release/description.json" "$plan" "$OUT/build.db"
fi
"$SWIFT" build -c release --package-path Fuzz --scratch-path "$OUT" --product SolverProgramRunner 2>&1 | tail -1
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
RUNNER=$OUT/release/SolverProgramRunner

# 2. One process per seed.
mkdir -p "$OUT/findings"
stopped=()
start=$SECONDS
for ((seed = FROM; seed <= TO; seed++)); do
    message=$(timeout 60 "$RUNNER" --random 1 "$seed" "$MAXLEN" 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -ne 0 ]; then
        stopped+=("$seed")
        "$RUNNER" --write "$seed" "$MAXLEN" "$OUT/findings/seed-$seed"
        if [ "$rc" -eq 124 ]; then message="timed out after 60 s"; fi
        { printf '%s\n' "$message" | grep -m1 "Fatal error" || printf 'exit %s: %s\n' "$rc" "$message"; } > "$OUT/findings/seed-$seed.txt"
        echo "seed $seed: $(cut -c1-200 "$OUT/findings/seed-$seed.txt")"
    fi
done
echo "seeds $FROM-$TO, programs of up to $MAXLEN bytes: ${#stopped[@]} of $((TO - FROM + 1)) stopped${stopped:+ (${stopped[*]})}, $((SECONDS - start)) s"
[ "${#stopped[@]}" -eq 0 ]
