#!/bin/sh
# Installs the baton binary for this machine from a release, verified against the release's
# SHA256SUMS before anything is written to the destination.
#
#   curl -fsSL <release>/install.sh | sh
#
# Environment:
#   BATON_INSTALL_BASE_URL  where baton-<target> and SHA256SUMS are downloaded from
#                           (default: the latest release of BATON_REPO)
#   BATON_REPO              owner/name of the release repository (default: baton-dev/baton)
#   BATON_INSTALL_DIR       the directory the baton command goes into (default: ~/.local/bin)
#
# Exit status: 0 installed; 1 download or checksum failure (nothing installed); 2 this machine
# or the arguments are not supported.
set -eu

say() { printf 'baton install: %s\n' "$*" >&2; }
fail() { say "$1"; exit "${2:-1}"; }

case "${1:-}" in
  -h | --help)
    sed -n '2,14p' "$0" 2>/dev/null | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "") ;;
  *) fail "unknown argument (see --help): install.sh takes no arguments; use the environment" 2 ;;
esac

os=$(uname -s)
arch=$(uname -m)
case "$arch" in
  x86_64 | amd64) arch=x86_64 ;;
  arm64 | aarch64) arch=aarch64 ;;
  *) fail "no baton release for this processor ($arch): build from a checkout (see the README)" 2 ;;
esac
case "$os" in
  Linux) target="$arch-unknown-linux-gnu" ;;
  Darwin) target="$arch-apple-darwin" ;;
  MINGW* | MSYS* | CYGWIN*) fail "on Windows, run install.ps1 in PowerShell instead" 2 ;;
  *) fail "no baton release for this system ($os): build from a checkout (see the README)" 2 ;;
esac

repo="${BATON_REPO:-baton-dev/baton}"
base="${BATON_INSTALL_BASE_URL:-https://github.com/$repo/releases/latest/download}"
base="${base%/}"
dest="${BATON_INSTALL_DIR:-${HOME:?HOME is not set}/.local/bin}"
artifact="baton-$target"

# An https base stays https through every redirect; a plain http base (a local mirror, the tests'
# loopback server) is allowed but said. Downloads are capped at 512 MiB.
case "$base" in
  https://*) secure=1 ;;
  http://*) secure=0; say "warning: $base is plain http: only the checksum file guards the download" ;;
  *) fail "BATON_INSTALL_BASE_URL must start with https:// (or http:// for a local mirror)" 2 ;;
esac

fetch() { # fetch URL FILE
  if command -v curl >/dev/null 2>&1; then
    if [ "$secure" = 1 ]; then
      curl --fail --silent --show-error --location --proto '=https' --proto-redir '=https' \
        --max-filesize 536870912 --output "$2" "$1"
    else
      curl --fail --silent --show-error --location --proto '=http,https' \
        --max-filesize 536870912 --output "$2" "$1"
    fi
  elif command -v wget >/dev/null 2>&1; then
    if [ "$secure" = 1 ]; then
      wget --quiet --https-only --output-document="$2" "$1"
    else
      wget --quiet --output-document="$2" "$1"
    fi
  else
    fail "neither curl nor wget is installed: install one and run this again" 2
  fi
}

sha256_of() { # sha256_of FILE -> hex digest
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/^.*= *//'
  else
    fail "no SHA-256 tool (sha256sum, shasum or openssl) found: cannot verify the download" 2
  fi
}

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t baton-install)
trap 'rm -rf "$tmp"' EXIT INT TERM HUP

say "downloading $artifact and SHA256SUMS from $base"
fetch "$base/$artifact" "$tmp/$artifact" || fail "could not download $artifact: nothing was installed"
fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || fail "could not download SHA256SUMS: nothing was installed"

# SHA256SUMS lines are "<64 hex>  <name>" (or "<64 hex> *<name>" in binary mode).
expected=$(awk -v name="$artifact" '
  NF == 2 && ($2 == name || $2 == "*" name) && $1 ~ /^[0-9a-fA-F]+$/ && length($1) == 64 { print tolower($1); exit }
' "$tmp/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS lists no checksum for $artifact: nothing was installed"
actual=$(sha256_of "$tmp/$artifact" | tr 'A-F' 'a-f')
if [ "$actual" != "$expected" ]; then
  fail "checksum mismatch for $artifact (the download is damaged or was tampered with): nothing was installed"
fi

mkdir -p "$dest" || fail "cannot create $dest: nothing was installed"
# Copy beside the destination, then rename over it: the old baton stays whole until the new one is
# complete, and a symbolic link at the destination is replaced, never written through.
staged="$dest/.baton-install.$$"
cp "$tmp/$artifact" "$staged" || fail "cannot write into $dest: nothing was installed"
chmod 755 "$staged"
mv -f "$staged" "$dest/baton" || { rm -f "$staged"; fail "cannot install into $dest"; }

version=$("$dest/baton" --version 2>/dev/null || true)
say "installed ${version:-baton} as $dest/baton (sha256 $actual)"
case ":${PATH:-}:" in
  *":$dest:"*) ;;
  *) say "add $dest to your PATH, for example: export PATH=\"$dest:\$PATH\"" ;;
esac
say "next: cd into a git repository and run: baton install claude-code (or codex, gemini, cursor, opencode, copilot)"
