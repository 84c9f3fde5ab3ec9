import assert from "node:assert/strict";
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import {
  CWD_FD,
  denoMs,
  loadStatxReader,
  makedev,
  STATX_OFFSETS,
  type StatxReader,
  statxReader,
} from "../../../commands/_adapters/statx.ts";
import type { FileStat } from "../../../core/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { batonView, gitStatus } from "../../_helpers/worktree_status.ts";
import { catFileReader } from "../../_helpers/worktree_objects.ts";
import { scanWorktree } from "../../../core/facts/worktree/scan.ts";

const linux = Deno.build.os === "linux";
const root = linux && Deno.uid() === 0;

/** One answer per path: the stat, null, or the error's class, message and data. */
type Answer = FileStat | null | { error: string; message: string; data: unknown };

function caught(e: unknown): Answer {
  const err = e as { name?: string; message?: string; data?: unknown };
  return { error: String(err.name), message: String(err.message), data: err.data ?? null };
}

/** Deno's path: DenoFs.lstat, which calls Deno.lstatSync. */
async function viaDeno(base: string, names: readonly string[]): Promise<Answer[]> {
  const fs = new DenoFs();
  const out: Answer[] = [];
  for (const n of names) {
    try {
      out.push(await fs.lstat(`${base}/${n}`));
    } catch (e) {
      out.push(caught(e));
    }
  }
  return out;
}

/** DenoFs.lstatEach one path at a time (an error ends a loop), through statx or not. */
async function viaLstatEach(
  base: string,
  names: readonly string[],
  statx = true,
): Promise<Answer[]> {
  const fs = new DenoFs({ statx });
  const out: Answer[] = [];
  for (const n of names) {
    try {
      await fs.lstatEach([n], base, (_, s) => out.push(s === null ? null : { ...s }));
    } catch (e) {
      out.push(caught(e));
    }
  }
  return out;
}

/** The reader alone: a stat, null for missing, or "ask-deno". */
function viaReader(reader: StatxReader, base: string, names: readonly string[]): unknown[] {
  const fd = reader.openDir(base);
  assert.ok(fd !== null, "the base opens");
  try {
    return names.map((n) => {
      const out = {} as FileStat;
      const got = reader.lstatAt(fd, n, out);
      return got === "stat" ? { ...out } : got === "missing" ? null : got;
    });
  } finally {
    reader.closeDir(fd);
  }
}

/** Real files of every kind lstat meets; returns the names to ask for. */
function makeTree(dir: string): { names: string[]; errors: string[] } {
  const w = (p: string, s: string) => Deno.writeTextFileSync(`${dir}/${p}`, s);
  w("file", "hello\n");
  w("empty", "");
  w("exec", "#!/bin/sh\n");
  Deno.chmodSync(`${dir}/exec`, 0o755);
  Deno.symlinkSync("file", `${dir}/link`);
  Deno.symlinkSync("nowhere", `${dir}/dangling`);
  Deno.mkdirSync(`${dir}/sub`);
  w("sub/inner", "inner");
  const fifo = new Deno.Command("mkfifo", { args: [`${dir}/fifo`] }).outputSync();
  assert.equal(fifo.code, 0, "mkfifo");
  // A name that is not UTF-8: the path string names it lossily, as the index reader would.
  const bad = new Deno.Command("sh", { args: ["-c", `printf x > "${dir}/$(printf 'n\\377')"`] })
    .outputSync();
  assert.equal(bad.code, 0);
  w("\uFFFD", "replacement");
  const long = "l".repeat(255);
  w(long, "long name");
  const deep = Array.from({ length: 12 }, (_, i) => `d${i}${"x".repeat(200)}`).join("/");
  Deno.mkdirSync(`${dir}/${deep}`, { recursive: true });
  w(`${deep}/f`, "deep");
  w("old", "before 1970");
  for (const [name, stamp] of [["old", "@-1.5004"], ["file", "@1700000000.123456789"]]) {
    const t = new Deno.Command("touch", { args: ["-h", "-d", stamp!, `${dir}/${name}`] })
      .outputSync();
    assert.equal(t.code, 0, "touch");
  }
  Deno.symlinkSync("loop", `${dir}/loop`);
  Deno.mkdirSync(`${dir}/closed`);
  w("closed/f", "x");
  const names = [
    "file",
    "empty",
    "exec",
    "link",
    "dangling",
    "sub",
    "sub/inner",
    "fifo",
    "n\uFFFD",
    "\uFFFD",
    "\uD800",
    long,
    `${deep}/f`,
    "old",
    "missing",
    "sub/missing",
    "file/under-a-file",
    "link/under-a-link",
  ];
  const errors = [
    "loop/x",
    "l".repeat(256),
    `${deep}/${deep}/${deep}/f`,
    "with\0nul",
    "caf\u00e9\0nul",
    ...(root ? [] : ["closed/f"]),
  ];
  return { names, errors };
}

Deno.test({
  name:
    "statx answers lstat exactly as Deno's lstat does, file by file, and an error as Deno raises it",
  ignore: !linux,
  fn: async () => {
    const reader = loadStatxReader();
    assert.ok(reader !== null, "statx is usable under --allow-ffi on Linux");
    // Loaded for the process: DenoFs then uses it for calls of any size.
    assert.ok(statxReader() !== null);
    await using dir = await tempDir("baton-statx-");
    {
      const { names, errors } = makeTree(dir.path);
      Deno.chmodSync(`${dir.path}/closed`, 0o000);
      try {
        const deno = await viaDeno(dir.path, names);
        assert.deepEqual(viaReader(reader, dir.path, names), deno, "the reader alone");
        assert.deepEqual(await viaLstatEach(dir.path, names), deno, "DenoFs.lstatEach");
        assert.deepEqual(await viaLstatEach(dir.path, names, false), deno, "its Deno loop");
        // Controls: the kinds are really there.
        const kinds = (deno as (FileStat | null)[]).map((s) =>
          s === null
            ? "none"
            : s.isFile
            ? "file"
            : s.isDirectory
            ? "dir"
            : s.isSymlink
            ? "link"
            : "other"
        );
        assert.deepEqual(kinds, [
          "file",
          "file",
          "file",
          "link",
          "link",
          "dir",
          "file",
          "other",
          "none",
          "file",
          "file",
          "file",
          "file",
          "file",
          "none",
          "none",
          "none",
          "none",
        ]);
        assert.equal((deno[0] as FileStat).mtimeMs, 1_700_000_000_123);
        assert.equal((deno[13] as FileStat).mtimeMs, denoMs(-2, 499_600_000));
        // Errors other than a missing path are Deno's own, raised the same way.
        const denoErrors = await viaDeno(dir.path, errors);
        assert.deepEqual(await viaLstatEach(dir.path, errors), denoErrors);
        assert.deepEqual(await viaLstatEach(dir.path, errors, false), denoErrors);
        for (const e of denoErrors) assert.ok(e !== null && "error" in e, "each one is an error");
        assert.ok(
          viaReader(reader, dir.path, errors).every((a) => a === "ask-deno"),
          "statx left them to Deno",
        );
      } finally {
        Deno.chmodSync(`${dir.path}/closed`, 0o755);
      }
    }
  },
});

Deno.test({
  name: "statx read at a wrong offset is caught by the same comparison (the control)",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-statx-");
    {
      makeTree(dir.path);
      for (
        const wrong of [{ size: STATX_OFFSETS.size + 8 }, { mtimeNsec: 124 }, {
          ino: STATX_OFFSETS.size,
        }, { mode: 30 }]
      ) {
        const reader = loadStatxReader({ ...STATX_OFFSETS, ...wrong });
        assert.ok(reader !== null);
        assert.notDeepEqual(
          viaReader(reader, dir.path, ["file", "sub"]),
          await viaDeno(dir.path, ["file", "sub"]),
          JSON.stringify(wrong),
        );
      }
    }
  },
});

Deno.test({
  name: "an offset off its word is refused when the reader is made (the struct is read in words)",
  ignore: !linux,
  fn: () => {
    for (const wrong of [{ size: STATX_OFFSETS.size + 1 }, { uid: 22 }, { mode: 29 }]) {
      assert.equal(loadStatxReader({ ...STATX_OFFSETS, ...wrong }), null, JSON.stringify(wrong));
    }
    // Control: the layout's own offsets, and a 16-bit field on its half word.
    assert.ok(loadStatxReader(STATX_OFFSETS) !== null);
    assert.ok(loadStatxReader({ ...STATX_OFFSETS, mode: 30 }) !== null);
  },
});

Deno.test("makedev() and denoMs() give Deno's st_dev and millisecond values", () => {
  assert.equal(makedev(8, 1), 0x801);
  assert.equal(makedev(0, 0x12345), 0x12300045);
  assert.equal(makedev(0x1234, 0), 0x1000_0000_0000 + 0x23400);
  assert.equal(denoMs(1, 999_999_999), 1999);
  assert.equal(denoMs(0, 0), 0);
  assert.equal(denoMs(-1, 0), -1000);
  assert.equal(denoMs(-1, 500_000_000), -500);
  assert.equal(denoMs(-1, 500_500_000), -499);
});

Deno.test({
  name:
    "without --allow-ffi the reader is null and DenoFs.lstatEach answers through Deno's lstat; a small call loads nothing",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-statx-noffi-");
    {
      Deno.writeTextFileSync(`${dir.path}/f`, "12345");
      const script = `${dir.path}/probe.ts`;
      const adapters = new URL("../../../commands/_adapters/", import.meta.url).href;
      Deno.writeTextFileSync(
        script,
        `import { statxDecided, statxReader } from "${adapters}statx.ts";
import { DenoFs } from "${adapters}deno_fs.ts";
const base = ${JSON.stringify(dir.path)};
const sizes = [];
await new DenoFs().lstatEach(["f", "none"], base, (_, s) => sizes.push(s?.size ?? null));
const small = statxDecided();
let found = 0;
await new DenoFs().lstatEach(Array(1024).fill("f"), base, (_, s) => found += s === null ? 0 : 1);
const big = statxDecided();
console.log(JSON.stringify({ small, big, found, reader: statxReader() !== null, sizes }));`,
      );
      const run = (ffi: boolean) => {
        const out = new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--quiet",
            "--no-prompt",
            "--allow-read",
            ...(ffi ? ["--allow-ffi"] : []),
            script,
          ],
          stdout: "piped",
          stderr: "piped",
        }).outputSync();
        assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
        return JSON.parse(new TextDecoder().decode(out.stdout));
      };
      // Two paths are not worth loading statx for; 1,024 are.
      const answers = { small: false, big: true, found: 1024, sizes: [5, null] };
      assert.deepEqual(run(false), { ...answers, reader: false });
      assert.deepEqual(run(true), { ...answers, reader: true }, "control: with the flag");
    }
  },
});

Deno.test({
  name: "statxReader() is decided once per process and takes paths against the working directory",
  ignore: !linux,
  fn: () => {
    const reader = statxReader();
    assert.ok(reader !== null);
    assert.equal(statxReader(), reader, "cached");
    const out = {} as FileStat;
    assert.equal(reader.lstatAt(CWD_FD, "deno.json", out), "stat");
    assert.equal(out.isFile, true);
    assert.equal(reader.lstatAt(CWD_FD, "no-such-file", out), "missing");
  },
});

/** Sets a file's mtime to `stamp` ("@seconds.nanoseconds"). */
function touch(path: string, stamp: string): void {
  const t = new Deno.Command("touch", { args: ["-d", stamp, path] }).outputSync();
  assert.equal(t.code, 0, "touch");
}

Deno.test({
  name:
    "a change git cannot see below the millisecond stays unseen through statx's nanoseconds, as git (compared with git status)",
  ignore: !linux,
  fn: async () => {
    assert.ok(statxReader() !== null, "the scan below goes through statx");
    const dir = await makeRepo("baton-statx-ns-");
    // ctime is left out (core.trustctime=false) so mtime alone decides.
    await git(dir, ["config", "core.trustctime", "false"]);
    await writeFiles(dir, { "same-ms": "x", "other-second": "x", "kept": "x" });
    for (const f of ["same-ms", "other-second", "kept"]) {
      touch(`${dir}/${f}`, "@1700000000.100000000");
    }
    await commitAll(dir, "base");
    // Same size, other bytes: git compares whole seconds (no USE_NSEC), so
    // only the file whose mtime moved by a second is modified to git.
    await writeFiles(dir, { "same-ms": "y", "other-second": "y" });
    touch(`${dir}/same-ms`, "@1700000000.100000500");
    touch(`${dir}/other-second`, "@1700000001.100000000");
    const objects = catFileReader(dir);
    try {
      const headTreeOid = (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim();
      const status = await scanWorktree(
        new DenoFs(),
        { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
        { headTreeOid, objects, trustCtime: false },
      );
      const view = batonView(status);
      assert.deepEqual(view, await gitStatus(dir));
      // Control: the comparison sees a change git sees.
      assert.deepEqual(view.entries.map((e) => e.path), ["other-second"]);
    } finally {
      await objects.close();
    }
  },
});

Deno.test({
  name:
    "DenoFs.lstatEach through statx resolves every name below its base as Deno does: an absolute or empty name never reaches the root",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-statx-");
    await using outside = await tempDir("baton-statx-");
    makeTree(dir.path);
    Deno.writeTextFileSync(`${outside.path}/secret`, "outside\n");
    // An index can name "/..." or "": `${base}/${name}` keeps both below the base.
    const names = [
      `${outside.path}/secret`,
      "/etc",
      "",
      "./file",
      "sub/../file",
      "file/",
      "sub/",
      "link/",
      "file",
    ];
    const deno = await viaDeno(dir.path, names);
    // controls: the outside file is there, and below the base it is not
    assert.ok((await viaDeno("", [`${outside.path}/secret`]))[0] !== null);
    assert.equal(deno[0], null);
    assert.ok(deno[2] !== null && (deno[2] as FileStat).isDirectory, "the base itself");
    assert.deepEqual(await viaLstatEach(dir.path, names), deno, "DenoFs.lstatEach");
    assert.deepEqual(await viaLstatEach(dir.path, names, false), deno, "its Deno loop");
    // the same names in one call of 1,024 paths or more
    const many = Array.from({ length: 1100 }, (_, i) => names[i % names.length]!);
    const got: Answer[] = [];
    await new DenoFs().lstatEach(
      many,
      dir.path,
      (_, st) => got.push(st === null ? null : { ...st }),
    );
    assert.deepEqual(got, many.map((_, i) => deno[i % names.length]));
  },
});
