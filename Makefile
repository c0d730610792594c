# The README's two commands come first: `make demo` and `make test`. Both run the set-up script.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin
# The command-line tool users run: the Swift runtime and Foundation linked in, so that a process
# does not spend a quarter of its start (5 of 19 ms CPU for a one-row `heights`) resolving symbols
# of the Swift shared libraries. Tests use the debug build.
CLI_RELEASE = $(SWIFT) build -c release --product selfsizing --static-swift-stdlib

.PHONY: demo test bench bench-quick bench-misses oracle docs setup build clean fuzz solver-programs sanitize asan tsan leaks

demo: setup
	$(CLI_RELEASE)
	./.build/release/selfsizing demo

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The benchmarks depend on the root package by path. SwiftPM keeps its plan of that dependency's
# files in Benchmarks/.build; dropping the plan (not the build) makes it see files and
# dependencies added to the root since.
BENCH_PLAN = Benchmarks/.build/release/description.json Benchmarks/.build/release.yaml Benchmarks/.build/build.db

bench: setup
	rm -f $(BENCH_PLAN)
	$(SWIFT) package --package-path Benchmarks resolve
	$(SWIFT) build -c release --package-path Benchmarks
	./Benchmarks/.build/release/selfsizing-bench --scaling
	./Benchmarks/.build/release/selfsizing-bench --only list-million
	$(CLI_RELEASE)
	bash scripts/bench-measure.sh
	bash scripts/bench-stream.sh
	bash scripts/bench-coldstart.sh

bench-quick: setup
	rm -f $(BENCH_PLAN)
	$(SWIFT) package --package-path Benchmarks resolve
	$(SWIFT) build -c release --package-path Benchmarks
	./Benchmarks/.build/release/selfsizing-bench --quick

# Instructions and simulated cache misses per resize of the chain workloads (installs valgrind
# first): counts that do not move with the host's other tenants, as wall-clock time does.
bench-misses:
	@bash scripts/setup.sh --misses
	rm -f $(BENCH_PLAN)
	$(SWIFT) package --package-path Benchmarks resolve
	$(SWIFT) build -c release --package-path Benchmarks
	bash scripts/bench-misses.sh

# Line counts against headless Chromium on a multilingual corpus (installs Chromium first).
oracle:
	@bash scripts/setup.sh --oracle
	$(CLI_RELEASE)
	python3 scripts/oracle.py

# DocC documentation of the public modules, into .build/plugins/Swift-DocC/outputs/<Module>.doccarchive
# (a broken symbol link or an undocumented parameter fails the build).
DOC_TARGETS = Cassowary AutoLayout CellSpecs TextLayout SelfSizing Rendering
docs: setup
	@for t in $(DOC_TARGETS); do \
	  $(SWIFT) package generate-documentation --target $$t --warnings-as-errors || exit 1; \
	done

# Reliability runs, none of them part of `make test`. `make fuzz` builds the libFuzzer targets of
# Fuzz/ (with AddressSanitizer) and runs each for FUZZ_SECONDS over a corpus seeded from examples/
# and the fixtures; a crash, leak or hang fails it and leaves the reproducer under .build/fuzz/.
# `make sanitize` runs the test suite under AddressSanitizer (asan), the concurrent suites under
# ThreadSanitizer (tsan: background precaching, concurrent layout, workers) and a 1,000,000-row
# `heights` run under LeakSanitizer (leaks).
FUZZ_SECONDS ?= 60
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh

# The solver's random programs with its exactness checks, one seed per process (FROM, TO).
FROM ?= 1
TO ?= 12000
solver-programs: setup
	bash scripts/solver-programs.sh $(FROM) $(TO)

sanitize: asan tsan leaks

asan: setup
	bash scripts/sanitize.sh asan

tsan: setup
	bash scripts/sanitize.sh tsan

leaks: setup
	bash scripts/sanitize.sh leaks

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build
