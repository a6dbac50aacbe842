# Shared by bench/run.sh and bench/history.sh (sourced, not run). Expects BENCH, ROOT, OUT, BUILD and
# NAME (the script's name, for messages) to be set.

say() { printf '%s\n' "$*" >&2; }

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
apt_updated=0
# Installs Debian packages (none: nothing to do).
apt_install() {
  [ $# -eq 0 ] && return 0
  say "Installing Debian packages: $*"
  export DEBIAN_FRONTEND=noninteractive
  if [ $apt_updated -eq 0 ]; then $sudo apt-get update -qq || true; apt_updated=1; fi
  $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# What a script that times single runs needs: GNU time and, when missing, the Debian packages of the
# commands named (git, python3…); then journal built (build_journal).
prepare_bench() {
  local missing=() command
  /usr/bin/time -f %M true >/dev/null 2>&1 || missing+=(time)
  for command in "$@"; do command -v "$command" >/dev/null || missing+=("$command"); done
  apt_install "${missing[@]}"
  build_journal
}

# Builds journal in release mode (unless --no-build or JOURNAL_BIN is given) and sets JOURNAL_BIN to a
# copy of it under $OUT/bin, so the whole run uses one binary even if someone rebuilds meanwhile.
build_journal() {
  mkdir -p "$OUT/bin"
  if [ "$BUILD" -eq 1 ] && [ -z "${JOURNAL_BIN:-}" ]; then
    say "Building journal (make build, as make install does)"
    if ! (cd "$ROOT" && make build > "$OUT/build.log" 2>&1); then
      tail -n 20 "$OUT/build.log" >&2
      say "$NAME: the release build failed ($OUT/build.log); --no-build uses the binary as it is"
      exit 1
    fi
  fi
  JOURNAL_BIN="${JOURNAL_BIN:-$ROOT/.build/release/journal}"
  [ -x "$JOURNAL_BIN" ] || { say "$NAME: no journal binary at $JOURNAL_BIN"; exit 1; }
  cp "$JOURNAL_BIN" "$OUT/bin/journal.tmp" && mv -f "$OUT/bin/journal.tmp" "$OUT/bin/journal"
  # journal serve runs the server program beside journal.
  if [ -x "$JOURNAL_BIN-serve" ]; then
    cp "$JOURNAL_BIN-serve" "$OUT/bin/journal-serve.tmp" && mv -f "$OUT/bin/journal-serve.tmp" "$OUT/bin/journal-serve"
  fi
  JOURNAL_BIN="$OUT/bin/journal"
}

# One measurement, for the scripts that time single runs (transfer.sh, encrypt.sh): LABEL COMMAND…
# → "LABEL<TAB>seconds<TAB>peak MiB". Uses the caller's $run folder for /usr/bin/time's output.
measure() {
  local label="$1"; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f %M -o "$run/rss" "$@" >/dev/null 2>"$run/err" </dev/null || { say "$label failed:"; cat "$run/err" >&2; exit 1; }
  end=$(date +%s.%N)
  printf '%s\t%s\t%d\n' "$label" "$(awk "BEGIN { printf \"%.3f\", $end - $start }")" "$(( $(tail -n 1 "$run/rss") / 1024 ))"
}
