#!/usr/bin/env bash
# Installs the Debian packages journal needs to build and test, when they are missing.
set -euo pipefail
# chromium: HtmlExportTests opens the html export in headless Chromium (skipped without it).
packages=(libgit2-dev libsqlite3-dev pkg-config git util-linux bsdutils openssh-server vim less chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
