/**
 * Disk full and permission errors, for real: `finalize` exits 5 (never 70)
 * with a JSON error, leaves no lock and no temp file, keeps the previous
 * capsule as latest, and works again once the cause is gone.
 *
 * Disk full is a small tmpfs filled to the last byte, mounted when this
 * process may mount (root on Linux); a read-only directory is `chmod 0555`
 * for an ordinary user and, for root (whom permission bits do not stop), a
 * read-only bind mount. A test that cannot set its condition up says so on
 * one line and passes without checking anything.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const IS_ROOT = Deno.uid() === 0;

async function sh(cmd: string, args: string[]): Promise<boolean> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "null", stderr: "null" }).output();
    return out.success;
  } catch {
    return false;
  }
}

/** What must hold after a refused write. */
async function assertCleanRefusal(
  dir: string,
  r: { code: number; stdout: string; stderr: string },
  latestBefore: string | null,
): Promise<void> {
  assert.equal(r.code, 5, `exit ${r.code}: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /Internal error/);
  assert.match(JSON.parse(r.stdout).error.code, /^(io_failed|path_escape)$/);
  const names = [...Deno.readDirSync(`${dir}/.baton`)].map((e) => e.name);
  assert.deepEqual(names.filter((n) => n.startsWith("lock")), [], "no lock left behind");
  const temps = names.concat(
    [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name),
  ).filter((n) => n.endsWith(".tmp"));
  assert.deepEqual(temps, [], "no temp file left behind");
  const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`).catch(() => null);
  assert.equal(latest, latestBefore, "the previous capsule is still latest");
}

function finalize(dir: string, now: string) {
  return runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now }),
  });
}

Deno.test({
  name:
    "disk full (a filled tmpfs): finalize exits 5, no lock or temp file left, latest kept; works once space is back",
  sanitizeResources: false,
  async fn() {
    const mnt = (await tempDir("baton-enospc-")).path;
    if (
      Deno.build.os !== "linux" ||
      !(await sh("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt]))
    ) {
      console.log(
        "skipped: cannot mount a small tmpfs here (needs root on Linux); disk full not tested",
      );
      await Deno.remove(mnt, { recursive: true });
      return;
    }
    try {
      const dir = `${mnt}/repo`;
      await Deno.mkdir(dir);
      await git(dir, ["init", "-q", "-b", "main"]);
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir);
      const ok = await finalize(dir, "before the disk filled");
      assert.equal(ok.code, 0, ok.stderr);
      const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
      // Fill the file system to the last byte.
      const filler = await Deno.open(`${mnt}/filler`, { write: true, create: true });
      const chunk = new Uint8Array(64 * 1024);
      try {
        while (true) await filler.write(chunk);
      } catch (e) {
        assert.equal((e as { code?: string }).code, "ENOSPC");
      }
      try {
        while (true) await filler.write(chunk.subarray(0, 1));
      } catch { /* full */ }
      filler.close();
      const r = await finalize(dir, "on a full disk");
      await assertCleanRefusal(dir, r, latest);
      assert.match(r.stderr, /no space left/);
      await Deno.remove(`${mnt}/filler`);
      const again = await finalize(dir, "space is back");
      assert.equal(again.code, 0, again.stderr);
      assert.equal(JSON.parse(again.stdout).previous, JSON.parse(ok.stdout).id);
    } finally {
      await sh("umount", [mnt]);
      await Deno.remove(mnt, { recursive: true });
    }
  },
});

/** Makes `path` read-only for this process; returns how to undo it, or null when it cannot. */
async function makeReadOnly(path: string): Promise<(() => Promise<void>) | null> {
  if (!IS_ROOT) {
    await Deno.chmod(path, 0o555);
    return async () => await Deno.chmod(path, 0o755);
  }
  // Root ignores permission bits: a read-only bind mount stops it.
  if (Deno.build.os !== "linux" || !(await sh("mount", ["--bind", path, path]))) return null;
  if (!(await sh("mount", ["-o", "remount,bind,ro", path]))) {
    await sh("umount", [path]);
    return null;
  }
  return async () => {
    await sh("umount", [path]);
  };
}

for (const target of [".baton/capsules", ".baton"]) {
  Deno.test({
    name:
      `a read-only ${target}: finalize exits 5, no lock or temp file left, latest kept; works once writable`,
    sanitizeResources: false,
    async fn() {
      const dir = await makeRepo("baton-readonly-");
      try {
        await writeFiles(dir, { "a.txt": "a\n" });
        await commitAll(dir);
        const ok = await finalize(dir, "before");
        assert.equal(ok.code, 0, ok.stderr);
        const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
        const undo = await makeReadOnly(`${dir}/${target}`);
        if (undo === null) {
          console.log(`skipped: running as root without mount, ${target} cannot be made read-only`);
          return;
        }
        let r;
        try {
          r = await finalize(dir, "read-only");
        } finally {
          await undo();
        }
        await assertCleanRefusal(dir, r, latest);
        assert.match(r.stderr, /permission denied|read-only|not writable/);
        const again = await finalize(dir, "writable again");
        assert.equal(again.code, 0, again.stderr);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}
