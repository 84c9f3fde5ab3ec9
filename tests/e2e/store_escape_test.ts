/**
 * Never writing outside `.baton/`: a directory inside it that is a symbolic
 * link, or is swapped for one while writers run, is refused with exit 5 and
 * nothing lands where it leads; `.git/baton` (the listing cache) that is a
 * symbolic link is neither read nor written.
 */
import assert from "node:assert/strict";
import { DenoFs } from "../../commands/_adapters/deno_fs.ts";
import { PathEscapeError } from "../../core/fs.ts";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir as removedTempDir } from "../_helpers/temp.ts";

async function tempDir(prefix: string): Promise<string> {
  return (await removedTempDir(prefix)).path;
}

function entries(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

Deno.test("writeFileAtomic({ within }) refuses a directory that leads outside; a real one is written (control)", async () => {
  const root = await tempDir("baton-within-");
  const outside = await tempDir("baton-outside-");
  try {
    const fs = new DenoFs();
    await Deno.mkdir(`${root}/.baton/capsules`, { recursive: true });
    const within = `${root}/.baton`;
    await fs.writeFileAtomic(`${root}/.baton/capsules/a.md`, new Uint8Array([1]), { within });
    assert.deepEqual(entries(`${root}/.baton/capsules`), ["a.md"]);
    await Deno.symlink(outside, `${root}/.baton/state`);
    await assert.rejects(
      () => fs.writeFileAtomic(`${root}/.baton/state/b.md`, new Uint8Array([1]), { within }),
      PathEscapeError,
    );
    assert.deepEqual(entries(outside), []);
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test({
  name:
    "symlink-swap loop: .baton/capsules swapped for a link outside while writers run; nothing lands outside, no exit 70",
  sanitizeResources: false,
  async fn() {
    const dir = await makeRepo("baton-swap-");
    const outside = await tempDir("baton-outside-");
    try {
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir);
      const first = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
      assert.equal(first.code, 0, first.stderr);
      const caps = `${dir}/.baton/capsules`;
      const aside = `${dir}/.baton/capsules-real`;
      let stop = false;
      let swaps = 0;
      // Puts the real archive back. A writer may have re-made the missing archive directory in
      // the gap (it makes a missing directory): what it wrote there is folded back into the real
      // one first.
      const restore = () => {
        for (;;) {
          try {
            Deno.renameSync(aside, caps);
            return;
          } catch (e) {
            if (Deno.lstatSync(caps).isSymlink) throw e;
            for (const n of Deno.readDirSync(caps)) {
              Deno.renameSync(`${caps}/${n.name}`, `${aside}/${n.name}`);
            }
            Deno.removeSync(caps);
          }
        }
      };
      // The swapper: capsules -> a link to outside, then back, at random short intervals.
      const swapper = (async () => {
        while (!stop) {
          Deno.renameSync(caps, aside);
          try {
            Deno.symlinkSync(outside, caps);
          } catch (e) {
            if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
            restore();
            continue;
          }
          swaps++;
          await new Promise((r) => setTimeout(r, Math.random() * 15));
          Deno.removeSync(caps);
          restore();
          await new Promise((r) => setTimeout(r, Math.random() * 15));
        }
      })();
      const codes: number[] = [];
      const ids: string[] = [];
      for (let round = 0; round < 6; round++) {
        const runs = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            runBaton(["finalize", "--draft", "-", "--json"], {
              cwd: dir,
              stdin: JSON.stringify({ now: `writer ${round}.${i}` }),
            })),
        );
        for (const r of runs) {
          codes.push(r.code);
          assert.ok(r.code === 0 || r.code === 5 || r.code === 4, `exit ${r.code}: ${r.stderr}`);
          if (r.code === 0) ids.push(JSON.parse(r.stdout).id);
        }
      }
      stop = true;
      await swapper;
      assert.ok(swaps > 10, "the swapper ran");
      assert.deepEqual(entries(outside), [], "nothing was written outside .baton");
      assert.ok(codes.includes(5), "some writers were refused");
      // Every capsule that reported success is in the real archive.
      const archived = entries(caps).join(" ");
      for (const id of ids) assert.ok(archived.includes(id.slice(7, 15)), `${id} archived`);
      // With the directory real again, the next writer succeeds and leaves no temp file.
      const last = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
      assert.equal(last.code, 0, last.stderr);
      const temps = [...entries(`${dir}/.baton`), ...entries(caps)].filter((n) =>
        n.endsWith(".tmp")
      );
      assert.deepEqual(temps, []);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(outside, { recursive: true });
    }
  },
});

Deno.test(".git/baton that is a symbolic link is neither read nor written; a real one gets the cache (control)", async () => {
  const dir = await makeRepo("baton-gitbaton-");
  const outside = await tempDir("baton-outside-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.symlink(outside, `${dir}/.git/baton`);
    const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await runBaton(["load"], { cwd: dir })).code, 0);
    assert.deepEqual(entries(outside), []);
    // Control: a real .git/baton receives the listing cache.
    await Deno.remove(`${dir}/.git/baton`);
    const again = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
    assert.equal(again.code, 0, again.stderr);
    assert.ok(entries(`${dir}/.git/baton`).includes("listing-cache.json"));
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("baton evidence makes nothing where a .git/baton that is a symbolic link leads; a real one gets the record (control)", async () => {
  const dir = await makeRepo("baton-gitbaton-ev-");
  const outside = await tempDir("baton-outside-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.symlink(outside, `${dir}/.git/baton`);
    const r = await runBaton(["evidence", "--", "true"], { cwd: dir });
    assert.equal(r.code, 5, r.stderr);
    assert.deepEqual(entries(outside), [], "no folder made through the link");
    // Control: a real .git/baton receives the record.
    await Deno.remove(`${dir}/.git/baton`);
    const again = await runBaton(["evidence", "--", "true"], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.equal(entries(`${dir}/.git/baton/evidence`).length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
});
