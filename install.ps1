# Installs the baton binary for Windows from a release, verified against the release's SHA256SUMS
# before anything is written to the destination.
#
#   irm <release>/install.ps1 | iex
#
# Environment:
#   BATON_INSTALL_BASE_URL  where baton-<target>.exe and SHA256SUMS are downloaded from
#                           (default: the latest release of BATON_REPO)
#   BATON_REPO              owner/name of the release repository (default: baton-dev/baton)
#   BATON_INSTALL_DIR       the directory baton.exe goes into (default: %LOCALAPPDATA%\baton\bin)
#
# Exit status: 0 installed; 1 download or checksum failure (nothing installed); 2 this machine is
# not supported.
$ErrorActionPreference = 'Stop'

function Fail([string]$Message, [int]$Code = 1) {
  [Console]::Error.WriteLine("baton install: $Message")
  exit $Code
}

$arch = $env:PROCESSOR_ARCHITECTURE
if ($arch -ne 'AMD64') { Fail "no baton release for this processor ($arch): build from a checkout (see the README)" 2 }
$target = 'x86_64-pc-windows-msvc'
$artifact = "baton-$target.exe"

$repo = if ($env:BATON_REPO) { $env:BATON_REPO } else { 'baton-dev/baton' }
$base = if ($env:BATON_INSTALL_BASE_URL) { $env:BATON_INSTALL_BASE_URL } else { "https://github.com/$repo/releases/latest/download" }
$base = $base.TrimEnd('/')
$dest = if ($env:BATON_INSTALL_DIR) { $env:BATON_INSTALL_DIR } else { Join-Path $env:LOCALAPPDATA 'baton\bin' }

$tmp = Join-Path ([System.IO.Path]::GetTempPath()) ("baton-install-" + [System.Guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
  [Console]::Error.WriteLine("baton install: downloading $artifact and SHA256SUMS from $base")
  try {
    Invoke-WebRequest -UseBasicParsing -Uri "$base/$artifact" -OutFile (Join-Path $tmp $artifact)
  } catch { Fail "could not download ${artifact}: nothing was installed" }
  try {
    Invoke-WebRequest -UseBasicParsing -Uri "$base/SHA256SUMS" -OutFile (Join-Path $tmp 'SHA256SUMS')
  } catch { Fail 'could not download SHA256SUMS: nothing was installed' }

  # SHA256SUMS lines are "<64 hex>  <name>" (or "<64 hex> *<name>" in binary mode).
  $expected = $null
  foreach ($line in Get-Content (Join-Path $tmp 'SHA256SUMS')) {
    $parts = $line -split '\s+'
    if ($parts.Count -eq 2 -and ($parts[1] -eq $artifact -or $parts[1] -eq "*$artifact") -and $parts[0] -match '^[0-9a-fA-F]{64}$') {
      $expected = $parts[0].ToLowerInvariant()
      break
    }
  }
  if (-not $expected) { Fail "SHA256SUMS lists no checksum for ${artifact}: nothing was installed" }
  $actual = (Get-FileHash -Algorithm SHA256 (Join-Path $tmp $artifact)).Hash.ToLowerInvariant()
  if ($actual -ne $expected) {
    Fail "checksum mismatch for $artifact (the download is damaged or was tampered with): nothing was installed"
  }

  New-Item -ItemType Directory -Force -Path $dest | Out-Null
  # Copy beside the destination, then move over it: the old baton stays whole until the new one is
  # complete.
  $staged = Join-Path $dest ".baton-install-$PID.exe"
  Copy-Item (Join-Path $tmp $artifact) $staged
  Move-Item -Force $staged (Join-Path $dest 'baton.exe')

  $exe = Join-Path $dest 'baton.exe'
  $version = try { & $exe --version 2>$null } catch { 'baton' }
  [Console]::Error.WriteLine("baton install: installed $version as $exe (sha256 $actual)")
  $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
  if (-not (($userPath -split ';') -contains $dest)) {
    [Console]::Error.WriteLine("baton install: add $dest to your PATH, for example: [Environment]::SetEnvironmentVariable('Path', `"$dest;`$env:Path`", 'User')")
  }
  [Console]::Error.WriteLine('baton install: next: cd into a git repository and run: baton install claude-code (or codex, gemini, cursor, opencode, copilot)')
} finally {
  Remove-Item -Recurse -Force $tmp -ErrorAction SilentlyContinue
}
