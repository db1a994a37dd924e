# Loupe — `make demo` to see it work, `make test` to check it.
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=

.PHONY: all deps rules build release test sanitize bench demo fuzz screenshots clean help

all: build

help:
	@echo "make deps     install missing system packages (apt-get; sudo when not root)"
	@echo "make build    debug build of the loupe binary"
	@echo "make test     deps + build + unit tests + end-to-end checks"
	@echo "make sanitize the unit tests under ThreadSanitizer, then AddressSanitizer (about an hour)"
	@echo "make bench    release build, then every benchmark in one table"
	@echo "make screenshots  the web inspector's browser checks, renewing docs/screenshots/"
	@echo "make demo     the most useful thing Loupe does so far"
	@echo "make fuzz     build the libFuzzer targets (Fuzz/) and run each FUZZ_SECONDS (default 60);"
	@echo "              FUZZ_TARGETS=\"FuzzSSEParser ...\" picks some, FUZZ_MERGE=1 grows the seed corpus"
	@echo "make rules    re-embed rules/*.toml into the binary after editing them"
	@echo "make clean    remove build products"

deps:
	@scripts/deps.sh

rules:
	python3 scripts/embed-rules.py

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS)

test: build
	SWIFT=$(SWIFT) scripts/unit-tests.sh $(SWIFT_BUILD_FLAGS)
	scripts/e2e.sh "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/loupe"

sanitize: deps
	SWIFT=$(SWIFT) scripts/sanitize.sh -- $(SWIFT_BUILD_FLAGS)

bench: release
	"$$($(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --show-bin-path)/loupe-bench"

screenshots: build
	LOUPE_SCREENSHOTS="$$PWD/docs/screenshots" scripts/e2e/inspector.sh "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/loupe"

demo: build
	scripts/demo.sh "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/loupe"

fuzz: deps
	scripts/fuzz.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan
