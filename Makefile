# The README's two commands come first: `make demo` and `make test`. Both run the set-up script.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: demo test bench bench-quick oracle docs setup build clean tsan

demo: setup
	$(SWIFT) build -c release --product selfsizing
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
	$(SWIFT) build -c release --product selfsizing
	bash scripts/bench-measure.sh
	bash scripts/bench-stream.sh

bench-quick: setup
	rm -f $(BENCH_PLAN)
	$(SWIFT) package --package-path Benchmarks resolve
	$(SWIFT) build -c release --package-path Benchmarks
	./Benchmarks/.build/release/selfsizing-bench --quick

# Line counts against headless Chromium on a multilingual corpus (installs Chromium first).
oracle:
	@bash scripts/setup.sh --oracle
	$(SWIFT) build -c release --product selfsizing
	python3 scripts/oracle.py

# DocC documentation of the public modules, into .build/plugins/Swift-DocC/outputs/<Module>.doccarchive
# (a broken symbol link or an undocumented parameter fails the build).
DOC_TARGETS = Cassowary AutoLayout CellSpecs TextLayout SelfSizing Rendering
docs: setup
	@for t in $(DOC_TARGETS); do \
	  $(SWIFT) package generate-documentation --target $$t --warnings-as-errors || exit 1; \
	done

# ThreadSanitizer over the suites that measure on several threads (background precaching, concurrent
# layout), in a build of its own so that the plain one stays as it is. Not part of `make test`.
tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter 'Precache|Concurrent'

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

clean:
	rm -rf .build Benchmarks/.build
