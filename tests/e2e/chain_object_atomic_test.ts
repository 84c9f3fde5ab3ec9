/**
 * `baton push` cut off in the middle of writing a chain object. isomorphic-git writes a loose
 * object in place, so a push killed mid-write (a crash, a full disk, here a file-size limit:
 * the kernel stops the process with SIGXFSZ at the limit, as it would be stopped by anything)
 * left a cut-off object under its id: git's fsck failed on it, and the next push had to find and
 * repair it. Now each chain object is written as git writes one: to a `tmp_obj_` file beside it,
 * then renamed, so an object under its id is whole or absent. Control: the same push without the
 * limit completes, and the remote holds the capsule's exact bytes (git as the oracle). Real git,
 * the real CLI, a real process limit.
 * @module
 */
import assert from "node:assert/strict";
import { git } from "../_helpers/git.ts";
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN, runBaton } from "../_helpers/cli.ts";
import { type Machine, SHARE_ENV as ENV, withShareWorld } from "../_helpers/share_world.ts";

/** The file-size limit, in 512-byte blocks: 1 KiB, less than the capsule blob deflated. */
const LIMIT_BLOCKS = 2;

/** Words a model might write, in an order a simple generator picks: compresses about as text. */
function longNote(chars: number): string {
  const words = ["parser", "index", "branch", "retry", "budget", "capsule", "render", "window"];
  let x = 12345;
  const out: string[] = [];
  let n = 0;
  while (n < chars) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = `${words[x % words.length]}${x % 997}`;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(" ");
}

/** `baton push` under the file-size limit; its exit status. */
async function limitedPush(m: Machine): Promise<Deno.CommandStatus> {
  return await new Deno.Command("sh", {
    args: [
      "-c",
      `ulimit -f ${LIMIT_BLOCKS} && exec "$@"`,
      "sh",
      Deno.execPath(),
      "run",
      "--quiet",
      "--no-prompt",
      // Deno's own code cache is a file far past the limit: its write would stop the run first.
      "--no-code-cache",
      ...BATON_RUNTIME_FLAGS,
      ...BATON_PERMISSIONS,
      MAIN,
      "push",
    ],
    cwd: m.dir,
    env: { ...ENV, NO_COLOR: "1", BATON_HOME: m.home },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn().status;
}

Deno.test("chain objects: a push killed while writing a capsule's blob leaves no cut-off object under its id; the next push completes", async () => {
  await withShareWorld("baton-object-atomic-", async ({ a, remote, root }) => {
    // A first push with no limit: the modules a push loads are in Deno's caches (a cache write
    // past the limit would stop the limited run before it reached the chain).
    const warm = await runBaton(["finalize", "--draft", "-"], {
      cwd: a.dir,
      env: { ...ENV, BATON_HOME: a.home },
      stdin: '{"now":"a first capsule"}',
    });
    assert.equal(warm.code, 0, warm.stderr);
    const first = await runBaton(["push"], { cwd: a.dir, env: { ...ENV, BATON_HOME: a.home } });
    assert.equal(first.code, 0, first.stderr);
    const r = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: a.dir,
      env: { ...ENV, BATON_HOME: a.home },
      stdin: JSON.stringify({ now: longNote(50_000) }),
    });
    assert.equal(r.code, 0, r.stderr);
    const archive: string = JSON.parse(r.stdout).archive;
    const name = archive.slice(archive.lastIndexOf("/") + 1);
    const oid = (await git(a.dir, ["hash-object", archive])).stdout.trim();
    const dir = `${a.dir}/.git/objects/${oid.slice(0, 2)}`;

    const killed = await limitedPush(a);
    assert.equal(killed.success, false, "the push was not cut off");
    // The kill came while the blob was written: its bytes are on disk, whole or not.
    const there = [...Deno.readDirSync(dir)].map((e) => e.name);
    assert.ok(
      there.includes(oid.slice(2)) || there.some((n) => n.startsWith("tmp_obj_")),
      "the push stopped before it wrote the capsule's blob",
    );
    const fsck = await git(a.dir, ["fsck", "--no-dangling", "--no-progress"], { allowFail: true });
    assert.equal(fsck.code, 0, `a cut-off object is under its id: ${fsck.stderr}`);
    if (there.includes(oid.slice(2))) {
      assert.equal((await git(a.dir, ["cat-file", "-t", oid], { allowFail: true })).code, 0);
    }

    // Control: without the limit the push completes; git reads the capsule from the remote.
    const pushed = await runBaton(["push", "--json"], {
      cwd: a.dir,
      env: { ...ENV, BATON_HOME: a.home },
    });
    assert.equal(pushed.code, 0, pushed.stderr);
    const shown = await git(root, [
      "--git-dir",
      remote,
      "show",
      `refs/baton/main:capsules/${name}`,
    ]);
    assert.equal(shown.stdout, await Deno.readTextFile(archive));
  });
});
