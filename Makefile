# pawnkit: chess game-record filters.  `make check` sets up, builds and tests.

.SUFFIXES:

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
FISHFUNCDIR = $(PREFIX)/share/fish/vendor_functions.d

CC ?= cc
OPT ?= -O2
CFLAGS ?= $(OPT) -g
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -MMD -MP
PCRE2_CFLAGS := $(shell pkg-config --cflags libpcre2-8 2>/dev/null)
PCRE2_LIBS := $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# The decompressors of libparse/decompress.c; bzip2 has no pkg-config file.
ZIP_CFLAGS := $(shell pkg-config --cflags zlib libzstd liblzma 2>/dev/null)
ZIP_LIBS := $(shell pkg-config --libs zlib libzstd liblzma 2>/dev/null || echo -lz -lzstd -llzma) -lbz2
LDLIBS = $(PCRE2_LIBS) $(ZIP_LIBS) -lpthread

B = build
# Every cmd/NAME.c is a command, linked with the run layer and the
# libraries.  In link order: each library uses only those after it.
COMMANDS = $(patsubst cmd/%.c,%,$(wildcard cmd/*.c))
LIBS = $(B)/libstats.a $(B)/libformats.a $(B)/librules.a $(B)/libparse.a
CMD_LIBS = $(B)/librun.a $(LIBS)

PARSE_SRC = $(wildcard libparse/*.c)
RULES_SRC = $(wildcard librules/*.c librules/variants/*.c)
FORMATS_SRC = $(wildcard formats/*.c)
STATS_SRC = $(wildcard stats/*.c)
RUN_SRC = $(wildcard run/*.c)
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
BINS = $(COMMANDS:%=$(B)/bin/%)

all: $(BINS)

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PCRE2_CFLAGS) $(ZIP_CFLAGS) -c -o $@ $<

obj = $(patsubst %.c,$(B)/obj/%.o,$(1))

$(B)/libparse.a: $(call obj,$(PARSE_SRC))
	@rm -f $@
	$(AR) rcs $@ $^
$(B)/librules.a: $(call obj,$(RULES_SRC))
	@rm -f $@
	$(AR) rcs $@ $^
$(B)/libformats.a: $(call obj,$(FORMATS_SRC))
	@rm -f $@
	$(AR) rcs $@ $^
$(B)/libstats.a: $(call obj,$(STATS_SRC))
	@rm -f $@
	$(AR) rcs $@ $^
$(B)/librun.a: $(call obj,$(RUN_SRC))
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/bin/%: $(B)/obj/cmd/%.o $(CMD_LIBS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(CMD_LIBS) $(LDLIBS)

# Every unit test links the shared helpers (tests/unit/support.c, not a
# test itself: UNIT_SRC takes only test_*.c).
$(B)/tests/%: $(B)/obj/tests/unit/%.o $(B)/obj/tests/unit/support.o $(LIBS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(B)/obj/tests/unit/support.o $(LIBS) $(CMOCKA_LIBS) $(LDLIBS)

.PRECIOUS: $(B)/obj/%.o $(B)/obj/cmd/%.o $(B)/obj/tests/unit/%.o

# ------------------------------------------------------------- set-up, tests

deps:
	@sh scripts/deps.sh

build-tests: $(UNIT_BIN)

check: deps
	@$(MAKE) --no-print-directory all build-tests
	@$(MAKE) --no-print-directory warnings
	@$(MAKE) --no-print-directory check-symbols
	@sh tests/run-unit.sh $(UNIT_BIN)
	@sh tests/e2e/run.sh $(B)/bin
	@sh tests/e2e/check-docs.sh $(B)/bin
	@python3 tests/e2e/man-examples.py $(B)/bin
	@sh tests/e2e/shared-data.sh $(B)/bin
	@sh tests/render/run.sh $(B)/bin
	@sh tests/e2e/stats-corpus.sh $(B)/bin
	@sh tests/e2e/convert-roundtrip.sh $(B)/bin
	@sh tests/e2e/uci-vs-pgn-extract.sh ../shared/data/lichess/kdave-pgn-toys_lichess-2021-10_999games.pgn $(B)/bin
	@sh tests/perft/reference.sh $(B)/bin
	@sh tests/perft/chess960.sh $(B)/bin
	@$(MAKE) --no-print-directory hostile
	@$(MAKE) --no-print-directory fuzz-smoke
	@$(MAKE) --no-print-directory check-sanitize
	@RUNS=1 sh bench/run.sh $(B)/bin quick

# Warning-free with both compilers: every source, -Werror, own build trees.
warnings:
	@for cc in gcc clang; do \
	  command -v $$cc >/dev/null || { echo "warnings: $$cc not installed, skipped"; continue; }; \
	  $(MAKE) --no-print-directory -s CC=$$cc B=$(B)/werror-$$cc \
	    CFLAGS="-O1 -Werror" all build-tests >/dev/null || exit 1; \
	  echo "warnings: $$cc clean"; \
	done

# Every global symbol of a library declared in its public headers or
# named with its private prefix (lr_, lp_, fmt_...): tests/check-symbols.sh,
# its table, and tests/symbols-pending.txt for those still to be renamed.
check-symbols: $(CMD_LIBS)
	@sh tests/check-symbols.sh $(B)/lib*.a

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh $(B)/bin

# ------------------------------------------------------------------ install

MANPAGES = $(wildcard man/*.[1-9])

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 \
	  $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) \
	  $(DESTDIR)$(FISHFUNCDIR)
	for c in $(COMMANDS); do cp $(B)/bin/$$c $(DESTDIR)$(BINDIR)/; done
	for m in $(MANPAGES); do s=$${m##*.}; cp $$m $(DESTDIR)$(MANDIR)/man$$s/; done
	for c in $(COMMANDS); do \
	  [ -f completions/bash/$$c ] && cp completions/bash/$$c $(DESTDIR)$(BASHCOMPDIR)/; \
	  [ -f completions/zsh/_$$c ] && cp completions/zsh/_$$c $(DESTDIR)$(ZSHCOMPDIR)/; \
	  [ -f completions/fish/$$c.fish ] && cp completions/fish/$$c.fish $(DESTDIR)$(FISHCOMPDIR)/; \
	done; true
	# The variant list the completions share.
	cp completions/zsh/_pawnkit_variants $(DESTDIR)$(ZSHCOMPDIR)/
	cp completions/fish/functions/__pawnkit_*.fish $(DESTDIR)$(FISHFUNCDIR)/

uninstall:
	for c in $(COMMANDS); do rm -f $(DESTDIR)$(BINDIR)/$$c \
	  $(DESTDIR)$(BASHCOMPDIR)/$$c $(DESTDIR)$(ZSHCOMPDIR)/_$$c \
	  $(DESTDIR)$(FISHCOMPDIR)/$$c.fish; done
	rm -f $(DESTDIR)$(ZSHCOMPDIR)/_pawnkit_variants \
	  $(DESTDIR)$(FISHFUNCDIR)/__pawnkit_variants.fish \
	  $(DESTDIR)$(FISHFUNCDIR)/__pawnkit_warning_codes.fish
	for m in $(MANPAGES); do s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; done

clean:
	rm -rf $(B)

.PHONY: all deps check demo install uninstall clean build-tests warnings \
	check-symbols

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- benchmark

# bench: against pgn-extract, stockfish and the pgn-reader peer (built once
# with cargo into $TMPDIR/pawnkit-bench/pgn-reader; PGN_READER=DIR takes
# its programs from DIR).  bench-quick: no cargo, fails on a quadratic path.
bench: deps
	@$(MAKE) --no-print-directory all $(B)/bench/rtime
	@sh bench/run.sh $(B)/bin full

bench-quick: all $(B)/bench/rtime
	@RUNS=1 sh bench/run.sh $(B)/bin quick

# The timer of bench/run.sh: time(1)'s figures to the microsecond.
$(B)/bench/rtime: bench/rtime.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

.PHONY: bench bench-quick

# ----------------------------------------------------------------- diagrams

# fen-render: one board per variant and feature, to check by eye.
gallery: all
	@sh scripts/gallery.sh $(B)/bin $(B)/gallery

# fen-render's expected outputs, SVG validity and pixel tests.
check-render: all
	@sh tests/render/run.sh $(B)/bin

.PHONY: gallery check-render

# ------------------------------------------------ fuzzing, sanitizers, I/O

# libFuzzer targets (tests/fuzz/fuzz_*.c) built with clang into build/fuzz;
# `make fuzz` runs each for FUZZ_SECONDS, keeping its corpus in
# build/fuzz/work; `make fuzz-smoke` replays the regression inputs and runs
# each target briefly from the seeds.  The writer targets are built once
# pgn-convert's writers exist.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_B = build/fuzz
SAN_B = build/sanitize
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_NEEDS_fuzz_pgn_write = formats/pgn_write.c
FUZZ_NEEDS_fuzz_json_write = formats/json_write.c
FUZZ_NEEDS_fuzz_json_read = libparse/json_read.c
# Objects beyond the libraries a target links: fuzz_match runs --match
# as the commands do.
FUZZ_LINK_fuzz_match = $(B)/librun.a
FUZZ_ALL = $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES = $(foreach t,$(FUZZ_ALL),$(if $(FUZZ_NEEDS_$(t)),$(if $(wildcard $(FUZZ_NEEDS_$(t))),$(t)),$(t)))
FUZZ_BINS = $(FUZZ_NAMES:%=$(B)/targets/%)

$(B)/targets/%: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(LIBS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PCRE2_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $< \
	  $(FUZZ_LINK_$(*F)) $(LIBS) $(LDLIBS)
$(B)/targets/fuzz_match: $(FUZZ_LINK_fuzz_match)

fuzz-targets: $(FUZZ_BINS)

fuzz-build:
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=clang \
	  CFLAGS="-O1 -g -fsanitize=fuzzer-no-link $(SANITIZE)" fuzz-targets
	@sh tests/fuzz/corpus.sh $(FUZZ_B)/corpus $(B)/bin

fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_B) $(FUZZ_SMOKE_SECONDS) smoke

# Hostile inputs (limits, truncations, garbage, I/O faults), the
# -o + --reject property over mutated real files, and a short run of the
# mutation campaign.
hostile: all $(B)/tests/mutate
	@sh tests/hostile/run.sh $(B)/bin
	@sh tests/hostile/property.sh $(B)/bin
	@sh tests/hostile/campaign.sh -n 30 $(B)/bin $(B)/tests/mutate

# The mutation campaign (tests/hostile/campaign.sh; its mutator
# tests/hostile/mutate.c): CAMPAIGN_FILES mutated real files through
# every command, each format and notation, with one job and two, under a
# time limit each.  Long, so not part of make check.  CAMPAIGN_SEED picks
# the mutants, CAMPAIGN_PARALLEL (1 or 2) runs that many at once,
# CAMPAIGN_SANITIZE=1 runs the ASan + UBSan build of check-sanitize.
CAMPAIGN_FILES ?= 2000
CAMPAIGN_SEED ?= 1
CAMPAIGN_PARALLEL ?= 1
CAMPAIGN_ARGS = -n $(CAMPAIGN_FILES) -s $(CAMPAIGN_SEED) -p $(CAMPAIGN_PARALLEL)

$(B)/tests/mutate: tests/hostile/mutate.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

hostile-campaign: all $(B)/tests/mutate
ifeq ($(CAMPAIGN_SANITIZE),1)
	@$(MAKE) --no-print-directory B=$(SAN_B) CC=clang \
	  CFLAGS="-O1 -g $(SANITIZE)" all
	@$(SAN_ENV) sh tests/hostile/campaign.sh $(CAMPAIGN_ARGS) \
	  $(SAN_B)/bin $(B)/tests/mutate
else
	@sh tests/hostile/campaign.sh $(CAMPAIGN_ARGS) $(B)/bin $(B)/tests/mutate
endif

# Every suite against a clang ASan + UBSan build (its own tree).
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=86 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
check-sanitize:
	@$(MAKE) --no-print-directory B=$(SAN_B) CC=clang \
	  CFLAGS="-O1 -g $(SANITIZE)" all build-tests
	@$(SAN_ENV) sh tests/run-unit.sh $(UNIT_SRC:tests/unit/%.c=$(SAN_B)/tests/%)
	@$(SAN_ENV) sh tests/e2e/run.sh $(SAN_B)/bin
	@$(SAN_ENV) sh tests/hostile/run.sh $(SAN_B)/bin
	@$(SAN_ENV) PROPERTY_CASES=60 sh tests/hostile/property.sh $(SAN_B)/bin
	@$(SAN_ENV) sh tests/render/run.sh $(SAN_B)/bin

# Valgrind memcheck over the end-to-end tests.
check-valgrind: all
	@sh scripts/valgrind-e2e.sh $(B)/bin

.PHONY: fuzz fuzz-build fuzz-targets fuzz-smoke hostile hostile-campaign \
	check-sanitize check-valgrind

# ------------------------------------------------ perft reference (Python)

# tests/perft/*.epd against an independent Python reference written from
# the rules text (tests/perft/ref) and against fen-moves --perft; skipped
# without python3.  PERFT_REF_MAX_NODES bounds the entries checked.
check-perft-reference: all
	@sh tests/perft/reference.sh $(B)/bin

.PHONY: check-perft-reference
