# The two commands of the README: `make install` and `make test`.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
BIN = $(PREFIX)/bin
MAN = $(PREFIX)/share/man
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d

## The commit `journal --version` names (Package.swift reads it): short hash, `-dirty` with uncommitted
## changes; empty outside a git checkout or without git.
export JOURNAL_COMMIT := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null || c=$$c-dirty; echo $$c; })

## The binary `install-files` puts in place, with `$(BUILT)-serve` beside it (the tests install their debug
## build with it).
BUILT ?= .build/release/journal

.PHONY: install install-files uninstall test build deps test-deps bench bench-history clean

## What building and running `journal` needs, said before it is installed.
deps:
	@scripts/deps.sh build

## That, and the tools the tests and the benchmarks run (no service is started or enabled).
test-deps:
	@scripts/deps.sh test

## The Swift runtime and Foundation are linked in (--static-swift-stdlib): fewer shared libraries to
## load and relocate on every run (issue 12; BENCHMARKS.md). So is libstdc++, from the archive set aside
## in .build/static-libstdc++ (Package.swift's `releaseLinking`). Code asks for a generic type's metadata
## by calling its accessor, not by a mangled name that the runtime decodes at its first use, checking the
## type's requirements by a search of every conformance in the binary: 0.1 ms of each command's start.
STATIC_CXX = .build/static-libstdc++
build: deps
	@mkdir -p $(STATIC_CXX); \
	  clang="$$(dirname "$$(realpath "$$(command -v swift)")")/clang"; [ -x "$$clang" ] || clang=clang; \
	  archive=$$("$$clang" -print-file-name=libstdc++.a 2>/dev/null); \
	  if [ -f "$$archive" ]; then ln -sfn "$$archive" $(STATIC_CXX)/libstdc++.a; \
	  else rm -f $(STATIC_CXX)/libstdc++.a; \
	    echo "No libstdc++.a (Debian: libstdc++-12-dev): journal links the shared libstdc++, about 1 ms more at each start"; fi
	swift build -c release --static-swift-stdlib \
	  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

## Installs what is missing, builds, installs `journal`, its manual page (English and Korean) and its
## completions, and opens the default journal.
install: build install-files
	@journal_dir="$${JOURNAL_DIR:-$$HOME/journal}"; \
	  [ -e "$$journal_dir/journal.yml" ] || "$(BIN)/journal" init "$$journal_dir"; \
	  "$(BIN)/journal" list -n 10

## The programs are installed stripped of their symbols and debug sections (a crash's backtrace then names
## no functions): `make install STRIP=` keeps them.
STRIP ?= -s

## The binary, journal(1) in each language, and the completions of bash, zsh and (when it is there) fish.
install-files:
	install -d "$(BIN)" "$(MAN)/man1" "$(MAN)/ko/man1" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)"
	install -m 755 $(STRIP) "$(BUILT)" "$(BIN)/journal"
	install -m 755 $(STRIP) "$(BUILT)-serve" "$(BIN)/journal-serve"
	"$(BIN)/journal" --generate-manual en > "$(MAN)/man1/journal.1"
	"$(BIN)/journal" --generate-manual ko > "$(MAN)/ko/man1/journal.1"
	"$(BIN)/journal" --generate-completion-script bash > "$(BASH_COMPLETIONS)/journal"
	"$(BIN)/journal" --generate-completion-script zsh > "$(ZSH_COMPLETIONS)/_journal"
	@if command -v fish >/dev/null; then \
	  install -d "$(FISH_COMPLETIONS)"; \
	  echo '"$(BIN)/journal" --generate-completion-script fish > "$(FISH_COMPLETIONS)/journal.fish"'; \
	  "$(BIN)/journal" --generate-completion-script fish > "$(FISH_COMPLETIONS)/journal.fish"; \
	fi
	@echo "Installed $(BIN)/journal ($$("$(BIN)/journal" --version)), man journal, completions"
	@case ":$$PATH:" in *":$(BIN):"*) ;; *) echo "Add $(BIN) to your PATH to run journal by name";; esac

## Removes what `make install` put in place; the journal and your settings stay.
uninstall:
	rm -f "$(BIN)/journal" "$(BIN)/journal-serve" "$(MAN)/man1/journal.1" "$(MAN)/ko/man1/journal.1" "$(BASH_COMPLETIONS)/journal" \
	  "$(ZSH_COMPLETIONS)/_journal" "$(FISH_COMPLETIONS)/journal.fish"
	@echo "Removed journal from $(PREFIX). Your journal ($${JOURNAL_DIR:-$$HOME/journal}) and settings" \
	  "($${XDG_CONFIG_HOME:-$$HOME/.config}/journal) are left as they are."

## Installs what is missing and runs the whole test suite, then the date- and time-sensitive suites
## again under other days and zones. Every tool a test needs is installed, so a test skipped for a missing
## one fails the run (`.build/skipped.log` names them).
test: test-deps
	@mkdir -p .build && rm -f .build/skipped.log
	JOURNAL_SKIPPED_LOG="$(CURDIR)/.build/skipped.log" swift test
	@if [ -s .build/skipped.log ]; then echo "Tests were skipped:"; cat .build/skipped.log; exit 1; fi
	scripts/clock-suites.sh

## Times journal against jrnl, rg and git on generated journals (see BENCHMARKS.md).
bench:
	bench/run.sh

## Times journal log, journal log ID and journal sync against git on a 100,000-commit journal.
bench-history:
	bench/history.sh

clean:
	rm -rf .build
