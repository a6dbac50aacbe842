#!/usr/bin/env bash
# Installs the Debian packages `journal` needs, when they are missing, and says what and why before asking
# for sudo.
#   scripts/deps.sh build   what building and running journal needs (make install)
#   scripts/deps.sh test    that, and the tools of the test suite and the benchmarks (make test)
# No system service is started or enabled on the way: an SSH server's binary is what the tests need, not a
# daemon on port 22 (see install_quietly).
set -euo pipefail
cd "$(dirname "$0")/.."

# package|why, one a line.
build_packages="\
git|Swift's package manager fetches the Swift packages journal is built from
pkg-config|finds libgit2 for the build
libgit2-dev|libgit2 and the libraries it uses, linked into journal (all its git work)
libsqlite3-dev|SQLite with full-text search, for the index that makes list and search fast
libcurl4|weather look-ups (loaded only when a command asks for the weather)"

test_packages="\
util-linux|flock, for the tests of two journal processes at once
bsdutils|script, a pseudo-terminal for the tests of prompts, the editor and the pager
vim|the editor the terminal tests type at (vim -u NONE)
less|the pager the terminal tests read
openssh-server|sshd, which the ssh sync tests start on a loopback port of their own (the system's service is not started)
strace|the start-up tests see which files a command opens
chromium|the HTML export and journal serve tests open the pages in headless Chromium
fonts-nanum|Korean letters in the pages' screenshots that the journal serve tests keep to be looked at
curl|the journal serve tests make their HTTP requests with it
python3-venv|jrnl 4.6, which the import tests run, goes into a virtual environment under .build/
man-db|the manual page tests render journal(1) as man does
wrk|load for the benchmarks of journal serve
hyperfine|times whole commands in the benchmarks (bench/)"

mode="${1:-build}"
case "$mode" in
  build) wanted="$build_packages" ;;
  test) wanted="$build_packages"$'\n'"$test_packages" ;;
  *) echo "usage: scripts/deps.sh build|test" >&2; exit 64 ;;
esac

missing=()
reasons=()
while IFS='|' read -r package why; do
  [ -n "$package" ] || continue
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" && continue
  missing+=("$package")
  reasons+=("  $package: $why")
done <<<"$wanted"

# Services the packages' scripts would start are refused while they install (Debian's policy-rc.d: 101 means
# "not allowed"), and any a package enabled for the next boot is disabled again, so the system's services are
# left as they were.
service_links() { find /etc/systemd/system /etc/rc0.d /etc/rc1.d /etc/rc2.d /etc/rc3.d /etc/rc4.d /etc/rc5.d /etc/rc6.d /etc/rcS.d -type l 2>/dev/null | sort; }
install_quietly() {
  local policy=/usr/sbin/policy-rc.d saved=""
  if [ -e "$policy" ]; then
    saved="$policy.journal-saved"
    $sudo mv "$policy" "$saved"
  fi
  # shellcheck disable=SC2064  # expanded now, on purpose
  trap "$sudo rm -f '$policy'; [ -z '$saved' ] || $sudo mv '$saved' '$policy'" EXIT
  printf '#!/bin/sh\n# journal scripts/deps.sh: no service starts while test tools install.\nexit 101\n' \
    | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  local before after
  before="$(service_links)"
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends "$@" </dev/null
  after="$(service_links)"
  local new unit
  new="$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after"))"
  # systemd units: each link a package made in a .wants folder.
  for unit in $({ printf '%s\n' "$new" | grep '^/etc/systemd/system/' || true; } | xargs -r -n1 basename | sort -u); do
    echo "Disabling $unit, which the install enabled"
    if command -v deb-systemd-helper >/dev/null; then $sudo deb-systemd-helper disable "$unit" </dev/null >/dev/null 2>&1 || true; fi
  done
  { printf '%s\n' "$new" | grep '^/etc/systemd/system/' || true; } | xargs -r $sudo rm -f
  # SysV init scripts: their start links (S01name) in /etc/rc?.d.
  for unit in $({ printf '%s\n' "$new" | grep '^/etc/rc.\.d/S' || true; } | xargs -r -n1 basename | sed 's/^S[0-9][0-9]//' | sort -u); do
    echo "Disabling the init script $unit, which the install enabled"
    $sudo update-rc.d "$unit" disable </dev/null >/dev/null 2>&1 || true
  done
  $sudo rm -f "$policy"
  [ -z "$saved" ] || $sudo mv "$saved" "$policy"
  trap - EXIT
}

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "journal needs these Debian packages, which are not installed:"
  printf '%s\n' "${reasons[@]}"
  echo "Installing them with apt-get${sudo:+ (through sudo)}; no service is started or enabled."
  export DEBIAN_FRONTEND=noninteractive
  install_quietly "${missing[@]}"
fi

if [ "$mode" = test ]; then
  # jrnl 4.6, which the import tests run to make real jrnl journals: from PyPI, once, into .build/
  # (the tests themselves reach nothing beyond this machine; without it they say so and skip).
  jrnl_venv="$(pwd)/.build/jrnl-4.6"
  if [ ! -x "$jrnl_venv/bin/jrnl" ]; then
    echo "Installing jrnl 4.6 into $jrnl_venv (for the import tests)"
    { python3 -m venv "$jrnl_venv" && "$jrnl_venv/bin/pip" install -q jrnl==4.6; } \
      || { rm -rf "$jrnl_venv"; echo "jrnl 4.6 could not be installed: the tests that run it will be skipped"; }
  fi
  # axe-core, which the page tests run in Chromium to check accessibility: its axe.min.js, from the
  # axe-playwright-python wheel on PyPI (nothing else of the wheel is used; the pip of jrnl's environment
  # fetches it), once, into .build/axe-core/.
  axe="$(pwd)/.build/axe-core/axe.min.js"
  if [ ! -s "$axe" ]; then
    echo "Fetching axe-core (axe-playwright-python 0.1.8) into $(dirname "$axe") (for the page tests)"
    wheel_dir="$(mktemp -d)"
    { "$jrnl_venv/bin/pip" download -q --no-deps --disable-pip-version-check axe-playwright-python==0.1.8 -d "$wheel_dir" \
      && mkdir -p "$(dirname "$axe")" \
      && python3 -c 'import sys, zipfile, glob; z = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0]); open(sys.argv[2], "wb").write(z.read("axe_playwright_python/axe.min.js"))' "$wheel_dir" "$axe"; } \
      || { rm -f "$axe"; echo "axe-core could not be fetched: the accessibility tests will be skipped"; }
    rm -rf "$wheel_dir"
  fi
fi
