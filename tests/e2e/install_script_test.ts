/**
 * install.sh end to end against a fake release served on the loopback
 * interface: it picks this machine's artifact, verifies it against
 * SHA256SUMS before writing anything, installs atomically over a symbolic
 * link without writing through it, and refuses a tampered or missing
 * artifact with nothing installed.
 */
import assert from "node:assert/strict";
import { tempDir } from "../_helpers/temp.ts";
import { lexists } from "../_helpers/temp_fs.ts";

const SCRIPT = new URL("../../install.sh", import.meta.url).pathname;
const ARCH = Deno.build.arch === "aarch64" ? "aarch64" : "x86_64";
const TARGET = Deno.build.os === "darwin" ? `${ARCH}-apple-darwin` : `${ARCH}-unknown-linux-gnu`;
const ARTIFACT = `baton-${TARGET}`;
const FAKE_BINARY = "#!/bin/sh\necho 'baton 9.9.9'\n";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Serves `files` under /rel/ on 127.0.0.1 for the duration of `body`. */
async function withRelease(
  files: Record<string, string>,
  body: (baseUrl: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const name = new URL(req.url).pathname.replace(/^\/rel\//, "");
    const text = files[name];
    return text === undefined
      ? new Response("not found", { status: 404 })
      : new Response(text, { headers: { "content-type": "application/octet-stream" } });
  });
  try {
    await body(`http://127.0.0.1:${server.addr.port}/rel`);
  } finally {
    await server.shutdown();
  }
}

async function runInstall(env: Record<string, string>) {
  const out = await new Deno.Command("sh", {
    args: [SCRIPT],
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("install.sh installs this machine's artifact after checking its SHA-256, and says what to run next", async () => {
  await using dir = await tempDir();
  const sums = `${await sha256("other")}  baton-x86_64-pc-windows-msvc.exe\n${await sha256(
    FAKE_BINARY,
  )}  ${ARTIFACT}\n`;
  await withRelease({ [ARTIFACT]: FAKE_BINARY, SHA256SUMS: sums }, async (base) => {
    const r = await runInstall({
      BATON_INSTALL_BASE_URL: base,
      BATON_INSTALL_DIR: `${dir.path}/bin`,
      HOME: `${dir.path}/home`,
    });
    assert.equal(r.code, 0, r.stderr);
    const installed = `${dir.path}/bin/baton`;
    assert.equal(await Deno.readTextFile(installed), FAKE_BINARY);
    assert.equal((await Deno.stat(installed)).mode! & 0o777, 0o755);
    assert.match(r.stderr, /installed baton 9\.9\.9 as .*\/bin\/baton/);
    assert.match(r.stderr, /add .*\/bin to your PATH/);
    assert.match(r.stderr, /next: .*baton install claude-code/);
    assert.match(r.stderr, /warning: .* is plain http: only the checksum file guards the download/);
    assert.deepEqual(
      [...Deno.readDirSync(`${dir.path}/bin`)].map((e) => e.name),
      ["baton"],
      "no staging file left behind",
    );
  });
});

Deno.test("install.sh refuses a tampered artifact, a missing checksum and a missing artifact, installing nothing", async () => {
  await using dir = await tempDir();
  const good = `${await sha256(FAKE_BINARY)}  ${ARTIFACT}\n`;
  const cases: { files: Record<string, string>; message: RegExp }[] = [
    {
      files: { [ARTIFACT]: FAKE_BINARY.replace("9.9.9", "6.6.6"), SHA256SUMS: good },
      message: /checksum mismatch for baton-.*nothing was installed/,
    },
    {
      files: { [ARTIFACT]: FAKE_BINARY, SHA256SUMS: `${await sha256(FAKE_BINARY)}  baton-x\n` },
      message: /SHA256SUMS lists no checksum for baton-.*nothing was installed/,
    },
    { files: { SHA256SUMS: good }, message: /could not download baton-.*nothing was installed/ },
  ];
  for (const [i, c] of cases.entries()) {
    await withRelease(c.files, async (base) => {
      const bin = `${dir.path}/bin${i}`;
      const r = await runInstall({
        BATON_INSTALL_BASE_URL: base,
        BATON_INSTALL_DIR: bin,
        HOME: `${dir.path}/home`,
      });
      assert.equal(r.code, 1, `case ${i}: ${r.stderr}`);
      assert.match(r.stderr, c.message, `case ${i}`);
      assert.equal(await lexists(bin), false, `case ${i}: nothing written`);
    });
  }
});

Deno.test("install.sh replaces a symbolic link at the destination instead of writing through it", async () => {
  await using dir = await tempDir();
  const outside = `${dir.path}/outside-target`;
  await Deno.writeTextFile(outside, "do not touch\n");
  await Deno.mkdir(`${dir.path}/bin`);
  await Deno.symlink(outside, `${dir.path}/bin/baton`);
  const sums = `${await sha256(FAKE_BINARY)}  ${ARTIFACT}\n`;
  await withRelease({ [ARTIFACT]: FAKE_BINARY, SHA256SUMS: sums }, async (base) => {
    const r = await runInstall({
      BATON_INSTALL_BASE_URL: base,
      BATON_INSTALL_DIR: `${dir.path}/bin`,
      HOME: `${dir.path}/home`,
      PATH: `${dir.path}/bin:/usr/local/bin:/usr/bin:/bin`,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await Deno.readTextFile(outside), "do not touch\n");
    assert.equal((await Deno.lstat(`${dir.path}/bin/baton`)).isSymlink, false);
    assert.doesNotMatch(r.stderr, /to your PATH/, "the directory is on PATH already");
  });
});

Deno.test("install.sh --help prints its usage and an unknown argument is refused with exit 2", async () => {
  const help = await new Deno.Command("sh", { args: [SCRIPT, "--help"], stdout: "piped" }).output();
  assert.equal(help.code, 0);
  assert.match(new TextDecoder().decode(help.stdout), /BATON_INSTALL_BASE_URL/);
  const bad = await new Deno.Command("sh", { args: [SCRIPT, "--frobnicate"], stderr: "piped" })
    .output();
  assert.equal(bad.code, 2);
  const scheme = await runInstall({
    BATON_INSTALL_BASE_URL: "ftp://127.0.0.1/rel",
    HOME: "/nonexistent",
  });
  assert.equal(scheme.code, 2, "only https (or http for a local mirror) is fetched from");
  assert.match(scheme.stderr, /must start with https:\/\//);
});
