/**
 * A remote can serve an older chain than it did (its newest capsules left
 * out: a replay, a force-push back). baton pull never loses what this clone
 * holds, but it said nothing: a fresh clone made the older head current as
 * if it were the newest, and a later pull of a rewound chain looked like
 * any other. Now a first pull says there is no earlier head to compare
 * (what baton can know then), and a pull whose remote chain no longer
 * continues the one fetched before warns. Controls: a pull of the same
 * chain and of one that continues it say neither. Two clones, two homes,
 * one bare remote, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { type Machine, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[], stdin = "") {
  const r = await runBaton(args, { cwd: m.dir, env: { BATON_HOME: m.home }, stdin });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

async function chainTip(m: Machine): Promise<string> {
  return (await git(m.dir, ["rev-parse", "refs/baton/main"])).stdout.trim();
}

const FIRST = /first pull from origin into this clone: no earlier head to compare/;
const REWOUND =
  /warning: origin's refs\/baton\/main no longer continues the chain fetched from it before/;

Deno.test("pull says a first pull has nothing to compare, and warns when the remote's chain was rewound", async () => {
  await withShareWorld("baton-pull-replay-", async ({ a: writer, b: me }) => {
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "FIRST" }));
    await baton(writer, ["push"]);
    const older = await chainTip(writer);
    const second = JSON.parse(
      await baton(
        writer,
        ["finalize", "--draft", "-", "--json"],
        JSON.stringify({ now: "SECOND" }),
      ),
    ).id as string;
    await baton(writer, ["push"]);
    const newer = await chainTip(writer);
    assert.notEqual(older, newer);

    // The writer is a teammate whose key I trust: a pulled head of theirs is made current.
    const key = (await baton(writer, ["trust", "show-key"])).trim();
    await baton(me, ["trust", "add", key, "--name", "mate"]);
    // The remote serves the older chain (its newest capsule left out) to a fresh clone.
    await git(writer.dir, ["push", "-q", "-f", "origin", `${older}:refs/baton/main`]);
    const first = await baton(me, ["pull"]);
    assert.match(first, FIRST);
    // The older head is made current: all a first pull can add is that nothing was compared.
    assert.match(first, /latest\.md was missing: [0-9a-f]{12} is now current/);
    assert.doesNotMatch(first, REWOUND);

    // Control: the same chain again, then one that continues it: neither line.
    const same = JSON.parse(await baton(me, ["pull", "--json"]));
    assert.equal(same.history, "unchanged");
    await git(writer.dir, ["push", "-q", "-f", "origin", `${newer}:refs/baton/main`]);
    const on = await baton(me, ["pull"]);
    assert.doesNotMatch(on, FIRST);
    assert.doesNotMatch(on, REWOUND);
    assert.match(on, /1 new capsule\(s\)/);

    // Rewound: the remote goes back to the older chain.
    await git(writer.dir, ["push", "-q", "-f", "origin", `${older}:refs/baton/main`]);
    const back = await baton(me, ["pull"]);
    assert.match(back, REWOUND);
    assert.equal(JSON.parse(await baton(me, ["pull", "--json"])).history, "unchanged");
    // What was pulled before stays.
    const list = await baton(me, ["list", "--json"]);
    assert.ok(list.includes(second.slice(7, 19)), list);
  });
});

Deno.test("a pull that fails after fetching a rewound chain leaves the rewind for the next pull to say", async () => {
  await withShareWorld("baton-pull-rewind-fail-", async ({ a: writer, b: me }) => {
    const key = (await baton(writer, ["trust", "show-key"])).trim();
    await baton(me, ["trust", "add", key, "--name", "mate"]);
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "FIRST" }));
    await baton(writer, ["push"]);
    const older = await chainTip(writer);
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "SECOND" }));
    await baton(writer, ["push"]);
    await baton(me, ["pull"]);
    // The remote is rewound to the older chain and goes on from there (a commit on top of it):
    // it no longer continues what I fetched, so my pull must merge and move my chain ref.
    const replay =
      (await git(writer.dir, ["commit-tree", `${older}^{tree}`, "-p", older, "-m", "r"]))
        .stdout.trim();
    await git(writer.dir, ["push", "-q", "-f", "origin", `${replay}:refs/baton/main`]);
    // My chain ref cannot move (a folder where its loose file goes; git reads it packed): the
    // pull fails after its fetch.
    await git(me.dir, ["pack-refs", "--all"]);
    const blocker = `${me.dir}/.git/refs/baton/main`;
    await Deno.mkdir(blocker, { recursive: true });
    const failed = await runBaton(["pull"], { cwd: me.dir, env: { BATON_HOME: me.home } });
    assert.notEqual(failed.code, 0, failed.stdout);
    assert.doesNotMatch(failed.stdout, REWOUND);
    await Deno.remove(blocker);
    // The next pull still says the rewind (before: 'unchanged', the fetch had moved the ref).
    const next = await baton(me, ["pull"]);
    assert.match(next, REWOUND);
    // Control: the pull after that compares with what it fetched, and says nothing.
    assert.equal(JSON.parse(await baton(me, ["pull", "--json"])).history, "unchanged");
  });
});

Deno.test("a rewound chain over the pull's limits is warned of, and the next pull within them says it again", async () => {
  await withShareWorld("baton-pull-rewind-over-", async ({ a: writer, b: me }) => {
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "FIRST" }));
    await baton(writer, ["push"]);
    const older = await chainTip(writer);
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "SECOND" }));
    await baton(writer, ["push"]);
    await baton(me, ["pull"]);
    const newer = await chainTip(writer);
    const names = async (oid: string) =>
      (await git(writer.dir, ["ls-tree", "-r", "--name-only", oid])).stdout.trim().split("\n");
    const before = await names(older);
    const second = (await names(newer)).filter((n) => !before.includes(n));
    // The remote is rewound past SECOND and goes on with a THIRD capsule, new to me.
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "THIRD" }));
    await baton(writer, ["push"]);
    const index = { GIT_INDEX_FILE: `${writer.dir}/.git/review-replay-index` };
    await git(writer.dir, ["read-tree", `${await chainTip(writer)}^{tree}`], { env: index });
    await git(writer.dir, ["rm", "-q", "--cached", ...second], { env: index });
    const tree = (await git(writer.dir, ["write-tree"], { env: index })).stdout.trim();
    const replay = (await git(writer.dir, ["commit-tree", tree, "-p", older, "-m", "r"])).stdout
      .trim();
    await git(writer.dir, ["push", "-q", "-f", "origin", `${replay}:refs/baton/main`]);
    // Over the limits: nothing is read, but the rewind is said.
    const over = await runBaton(["pull", "--max-bytes", "1"], {
      cwd: me.dir,
      env: { BATON_HOME: me.home },
    });
    assert.equal(over.code, 1, over.stderr);
    assert.match(over.stdout, /not pulled: /);
    assert.match(over.stdout, REWOUND);
    // The pull within the limits still compares with what was fetched before.
    assert.match(await baton(me, ["pull"]), REWOUND);
    // Control: the pull after that compares with what it fetched.
    assert.equal(JSON.parse(await baton(me, ["pull", "--json"])).history, "unchanged");
  });
});

Deno.test("a push turned away by a rewound remote chain says so; one turned away by a chain that continues does not (control)", async () => {
  await withShareWorld("baton-push-rewound-", async ({ a: writer, b: me }) => {
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "FIRST" }));
    await baton(writer, ["push"]);
    const older = await chainTip(writer);
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "SECOND" }));
    await baton(writer, ["push"]);
    await baton(me, ["pull"]);
    const PUSH_REWOUND = /warning: origin's refs\/baton\/main no longer continued the chain/;
    // Control: the remote moves on (a capsule on top); my push is turned away, merges, goes.
    await baton(writer, ["finalize", "--draft", "-"], JSON.stringify({ now: "THIRD" }));
    await baton(writer, ["push"]);
    await baton(me, ["finalize", "--draft", "-"], JSON.stringify({ now: "MINE 1" }));
    const on = await baton(me, ["push"]);
    assert.match(on, /merged the remote chain first/);
    assert.doesNotMatch(on, PUSH_REWOUND);
    // The remote is put back to the older chain with a commit of its own on top.
    const replay =
      (await git(writer.dir, ["commit-tree", `${older}^{tree}`, "-p", older, "-m", "r"]))
        .stdout.trim();
    await git(writer.dir, ["push", "-q", "-f", "origin", `${replay}:refs/baton/main`]);
    await baton(me, ["finalize", "--draft", "-"], JSON.stringify({ now: "MINE 2" }));
    const back = await baton(me, ["push"]);
    assert.match(back, /merged the remote chain first/);
    assert.match(back, PUSH_REWOUND);
    // The next pull compares with what the push fetched: my merge on top of it continues it.
    assert.equal(JSON.parse(await baton(me, ["pull", "--json"])).history, "continues");
  });
});
