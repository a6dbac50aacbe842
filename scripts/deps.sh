#!/usr/bin/env bash
# Installs the Debian packages journal needs to build and test, when they are missing.
set -euo pipefail
# chromium: HtmlExportTests opens the html export in headless Chromium (skipped without it); strace: StartupTests
# sees which files a command opens.
packages=(libgit2-dev libsqlite3-dev pkg-config git util-linux bsdutils openssh-server python3-venv vim less chromium strace)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# jrnl 4.6, which the import tests run to make real jrnl journals: from PyPI, once, into .build/
# (the tests themselves reach nothing beyond this machine; without it they say so and skip).
jrnl_venv="$(cd "$(dirname "$0")/.." && pwd)/.build/jrnl-4.6"
if [ ! -x "$jrnl_venv/bin/jrnl" ]; then
  echo "Installing jrnl 4.6 into $jrnl_venv (for the import tests)"
  { python3 -m venv "$jrnl_venv" && "$jrnl_venv/bin/pip" install -q jrnl==4.6; } \
    || { rm -rf "$jrnl_venv"; echo "jrnl 4.6 could not be installed: the tests that run it will be skipped"; }
fi
