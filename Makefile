# purgetrace — two commands for a newcomer: `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
DEMO_SAMPLE ?= samples/lost-purge-log-show.log

# Homebrew keeps libarchive, sqlite and openssl@3 out of the default pkg-config path.
ifeq ($(shell uname -s),Darwin)
BREW := $(shell brew --prefix 2>/dev/null)
export PKG_CONFIG_PATH := $(BREW)/opt/libarchive/lib/pkgconfig:$(BREW)/opt/sqlite/lib/pkgconfig:$(BREW)/opt/openssl@3/lib/pkgconfig:$(PKG_CONFIG_PATH)
endif

.PHONY: all deps build release demo test test-asan test-tsan bench fuzz install clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

demo: release
	@echo "==> purgetrace analyze $(DEMO_SAMPLE)"
	@.build/release/purgetrace analyze $(DEMO_SAMPLE)

test: deps
	$(SWIFT) test

# Sanitized builds live in their own scratch folders, so they neither rebuild nor
# invalidate the normal .build/debug. The tests that run the binary find the sanitized
# purgetrace next to the sanitized test bundle (TestPaths.binary). LeakSanitizer is off:
# Swift keeps enum tags in pointers' spare bits, which it cannot see through, so it
# reports reachable objects as leaks (docs/reliability.md). A small quarantine keeps the
# memory-bound tests meaningful (ASan's default holds 256 MB of freed blocks per process).
test-asan: deps
	ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=16:thread_local_quarantine_size_kb=256 \
	  $(SWIFT) test --scratch-path .build/asan --sanitize=address

test-tsan: deps
	$(SWIFT) test --scratch-path .build/tsan --sanitize=thread

# make fuzz                       every target for FUZZ_SECONDS (default 60) each
# make fuzz FUZZ_TARGET=rules FUZZ_SECONDS=900
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= formats rules archive pipeline
fuzz: deps
	@for t in $(FUZZ_TARGET); do echo "==> fuzz/run.sh $$t $(FUZZ_SECONDS)"; ./fuzz/run.sh $$t $(FUZZ_SECONDS) || exit 1; done

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/purgetrace/rules
	install -m 755 .build/release/purgetrace $(DESTDIR)$(PREFIX)/bin/purgetrace
	install -m 644 rules/*.yml $(DESTDIR)$(PREFIX)/share/purgetrace/rules/

clean:
	rm -rf .build

bench: release
	python3 bench/bench.py
