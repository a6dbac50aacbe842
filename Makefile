# The two commands of the README: `make install` and `make test`.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
BIN = $(PREFIX)/bin

.PHONY: install test build deps bench bench-history clean

deps:
	@scripts/deps.sh

## The Swift runtime and Foundation are linked in (--static-swift-stdlib): fewer shared libraries to
## load and relocate on every run (issue 12; BENCHMARKS.md).
build: deps
	swift build -c release --static-swift-stdlib

## Installs what is missing, builds, installs `journal` and its completions, and opens the default journal.
install: build
	install -d "$(BIN)"
	install -m 755 .build/release/journal "$(BIN)/journal"
	install -d "$(PREFIX)/share/bash-completion/completions" "$(PREFIX)/share/zsh/site-functions"
	"$(BIN)/journal" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/journal"
	"$(BIN)/journal" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_journal"
	@echo "Installed $(BIN)/journal"
	@journal_dir="$${JOURNAL_DIR:-$$HOME/journal}"; \
	  [ -e "$$journal_dir/journal.yml" ] || "$(BIN)/journal" init "$$journal_dir"; \
	  "$(BIN)/journal" list -n 10

## Installs what is missing and runs the whole test suite, then the date- and time-sensitive suites
## again under other days and zones.
test: deps
	swift test
	scripts/clock-suites.sh

## Times journal against jrnl, rg and git on generated journals (see BENCHMARKS.md).
bench:
	bench/run.sh

## Times journal log, journal log ID and journal sync against git on a 100,000-commit journal.
bench-history:
	bench/history.sh

clean:
	rm -rf .build
