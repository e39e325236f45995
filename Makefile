# zplan: plan, check and script ZFS storage layouts.
# `make demo` and `make test` install what is missing (Debian, as root),
# build, and run; `make` alone builds ./zplan.

PREFIX ?= /usr/local
DEB_PKGS = libyaml-dev libjansson-dev libcriterion-dev shellcheck pkg-config jq \
	valgrind librsvg2-bin libxml2-utils zlib1g-dev zfs-fuse
PKGS = yaml-0.1 jansson
# what only `make test` needs: a real browser renders zplan report's pages
TEST_PKGS = chromium

CC ?= gcc
BUILD ?= build/release
OPT ?= -O2 -g
SAN ?=
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lyaml -ljansson)
CFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -pthread -Wall -Wextra -Werror \
	-Iinclude $(PKG_CFLAGS) $(OPT) $(SAN) $(CFLAGS)
LDFLAGS_ALL = -pthread $(SAN) $(LDFLAGS)

SRC = $(sort $(wildcard src/*.c) $(wildcard rules/*.c))
LIB_SRC = $(filter-out src/main.c,$(SRC))
OBJ = $(SRC:%.c=$(BUILD)/%.o)
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

ASAN = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

.PHONY: all deps demo docs test test-release test-asan units install clean zplan \
	fuzz fuzz-build fuzz-deps fuzz-seeds bench

all: zplan

zplan: $(BUILD)/zplan
	cp $< $@

# V=1 shows the whole command lines
Q = $(if $(V),,@)

$(BUILD)/zplan: $(OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(OBJ) $(PKG_LIBS)

$(BUILD)/%.o: %.c $(wildcard include/zplan/*.h) rules/rules.def src/props.def
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CFLAGS_ALL) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(LIB_OBJ) $(PKG_LIBS) \
		-lcriterion

units: $(BUILD)/zplan $(UNIT_BIN)

# Installs the Debian packages that are missing (needs root, as on a
# fresh machine or in CI).
deps:
	@missing=""; for p in $(DEB_PKGS); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | \
		grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" -ne 0 ]; then \
			echo "not root: run 'sudo apt-get install$$missing'"; \
			exit 1; fi; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq $$missing >/dev/null; \
		case " $$missing " in *" zfs-fuse "*) \
			echo "stopping the zfs-fuse daemon the package started" \
			    "(tests/t_zfs_real.sh runs its own)"; \
			/etc/init.d/zfs-fuse stop >/dev/null 2>&1 || :;; \
		esac; fi

# a minute of zplan (examples/demo.sh): a located error, the clean
# model's capacity, the start of a script, the diagram and the report
demo: deps
	@$(MAKE) --no-print-directory zplan
	@sh examples/demo.sh ./zplan build/demo

# docs/properties.md is zplan properties' text output under a fixed head
# (tests/t_props.sh checks that the two agree)
docs: zplan
	@{ sed '/^```$$/q' docs/properties.md; $(BUILD)/zplan properties; \
	  echo '```'; } >docs/properties.md.tmp && \
	  mv docs/properties.md.tmp docs/properties.md

test: deps
	@$(MAKE) --no-print-directory deps DEB_PKGS="$(TEST_PKGS)"
	$(MAKE) test-release
	$(MAKE) test-asan
	@tests/summary.sh build/release build/asan

test-release:
	$(MAKE) BUILD=build/release units zplan
	tests/run.sh build/release

test-asan:
	$(MAKE) BUILD=build/asan SAN="$(ASAN)" OPT="-O1 -g" units
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		tests/run.sh build/asan

# Fuzzing: libFuzzer harnesses (clang): the YAML loader and the JSON
# loader with the whole pipeline after them (fuzz_yaml, fuzz_json), `import
# lsblk` with its output loaded back (fuzz_import), `diff` over a model and
# a status document (fuzz_diff) and `diagram` (fuzz_diagram); FUZZ_SECONDS
# each, in sequence (FUZZERS="fuzz_diff" for one; FUZZ_FLAGS="-fork=1
# -ignore_crashes=1" to keep going past a finding). Seeds: the examples, the
# malformed corpus, the rule fixtures, the import and diff fixtures and
# earlier findings (tests/fuzz/regressions/<harness>/, replayed by
# tests/t_fuzz_regress.sh in every test run; fuzz_diff's as NAME.yaml and
# NAME.json, joined by a NUL byte as its input is).
FUZZ_SECONDS ?= 60
FUZZ_FLAGS ?=
FUZZ_PKGS = clang libclang-rt-14-dev
FUZZ_BUILD = build/fuzz
FUZZ_SAN = -fsanitize=fuzzer-no-link,address,undefined
FUZZ_ALL = fuzz_yaml fuzz_json fuzz_import fuzz_diff fuzz_diagram
FUZZERS ?= $(FUZZ_ALL)
FUZZ_LINK = clang -std=c11 -D_POSIX_C_SOURCE=200809L -pthread -Iinclude \
	-O1 -g -fsanitize=fuzzer,address,undefined
FUZZ_LIB = $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o) $(PKG_LIBS)
REGRESS = tests/fuzz/regressions

fuzz-deps:
	@$(MAKE) --no-print-directory deps DEB_PKGS="$(FUZZ_PKGS)"

fuzz-build: fuzz-deps
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=clang SAN="$(FUZZ_SAN)" OPT="-O1 -g" \
		$(filter-out $(FUZZ_BUILD)/src/main.o,$(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o))
	$(FUZZ_LINK) -o $(FUZZ_BUILD)/fuzz_yaml tests/fuzz/fuzz_load.c $(FUZZ_LIB)
	$(FUZZ_LINK) -DFUZZ_JSON -o $(FUZZ_BUILD)/fuzz_json \
		tests/fuzz/fuzz_load.c $(FUZZ_LIB)
	for h in import diff diagram; do \
		$(FUZZ_LINK) -o $(FUZZ_BUILD)/fuzz_$$h tests/fuzz/fuzz_$$h.c \
		$(FUZZ_LIB) || exit 1; done

# fuzz_diff's seeds: each model, a NUL byte, each status fixture
fuzz-seeds:
	@for h in $(FUZZ_ALL); do mkdir -p $(FUZZ_BUILD)/seeds-$$h \
		$(FUZZ_BUILD)/corpus-$$h; \
		cp $(REGRESS)/$$h/* $(FUZZ_BUILD)/seeds-$$h/ 2>/dev/null; \
		done; true
	@cp examples/*.yaml tests/malformed/*.yaml tests/rules/*/*.yaml \
		tests/data/*.yaml \
		$(FUZZ_BUILD)/seeds-fuzz_yaml/ 2>/dev/null || true
	@cp examples/*.yaml tests/data/*.yaml tests/rules/*/pass-*.yaml \
		$(FUZZ_BUILD)/seeds-fuzz_diagram/ 2>/dev/null || true
	@cp tests/malformed/*.json tests/rules/*/*.json tests/data/*.json \
		$(FUZZ_BUILD)/seeds-fuzz_json/ \
		2>/dev/null || true
	@cp tests/data/import/*.json $(FUZZ_BUILD)/seeds-fuzz_import/ \
		2>/dev/null || true
	@for m in tests/data/diff/*.yaml; do for s in tests/data/diff/*.json; do \
		{ cat $$m; printf '\0'; cat $$s; } > \
		$(FUZZ_BUILD)/seeds-fuzz_diff/$$(basename $$m .yaml)-$$(basename $$s); \
		done; done
	@rm -f $(FUZZ_BUILD)/seeds-fuzz_diff/*.yaml
	@for m in $(REGRESS)/fuzz_diff/*.yaml; do [ -f "$$m" ] || continue; \
		{ cat $$m; printf '\0'; cat $${m%.yaml}.json; } > \
		$(FUZZ_BUILD)/seeds-fuzz_diff/regress-$$(basename $$m .yaml); done

fuzz: fuzz-build fuzz-seeds
	for h in $(FUZZERS); do \
		$(FUZZ_BUILD)/$$h -max_total_time=$(FUZZ_SECONDS) \
			-max_len=65536 -timeout=10 -rss_limit_mb=2048 $(FUZZ_FLAGS) \
			-artifact_prefix=$(FUZZ_BUILD)/crash-$$h- \
			$(FUZZ_BUILD)/corpus-$$h $(FUZZ_BUILD)/seeds-$$h \
			|| exit 1; done

# Figures, not tests: zplan against the bare YAML parse on fleet models
# (docs/performance.md). SIZES="10000 100000" RUNS=5 to change.
bench: zplan
	@$(MAKE) --no-print-directory deps DEB_PKGS="python3"
	tests/bench/bench.sh

install: zplan
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 zplan $(DESTDIR)$(PREFIX)/bin/zplan
	install -m 0644 docs/zplan.1 $(DESTDIR)$(PREFIX)/share/man/man1/zplan.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 0644 docs/completion/zplan.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/zplan

clean:
	rm -rf build zplan
