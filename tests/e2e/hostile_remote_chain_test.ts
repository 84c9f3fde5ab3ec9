/**
 * `baton pull` against a remote a stranger controls: the remote's
 * refs/baton/<branch> is rewritten with git's own plumbing (hash-object,
 * mktree, commit-tree, update-ref on a real bare repository) to hold what
 * baton never writes: blobs under capsule names that are not capsules, files
 * outside capsules/, folders, symbolic links and submodules under capsule
 * names, names with control characters, a capsule's blob replaced under its
 * own name, capsules dropped, a ref at a blob. Pull imports only valid
 * capsules and never makes the remote's junk part of this clone's chain
 * (so the next push carries none of it on), reports what it refused by
 * category without echoing names, and imports at most a documented number
 * of capsules and bytes. git is the oracle of what each ref's tree holds.
 * @module
 */
import assert from "node:assert/strict";
import { git } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { type Machine, SHARE_ENV as ENV, withShareWorld } from "../_helpers/share_world.ts";

function baton(m: Machine, args: string[], env: Record<string, string> = {}) {
  return runBaton(args, { cwd: m.dir, env: { ...ENV, BATON_HOME: m.home, ...env } });
}

async function capsule(m: Machine, now: string): Promise<string> {
  const r = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: m.dir,
    env: { ...ENV, BATON_HOME: m.home },
    stdin: JSON.stringify({ now }),
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id as string;
}

function archive(m: Machine): string[] {
  try {
    return [...Deno.readDirSync(`${m.dir}/.baton/capsules`)].map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/** `git --git-dir GITDIR ARGS`, its stdout trimmed. */
async function inGit(gitdir: string, args: string[], stdin?: string): Promise<string> {
  const r = await git(gitdir, ["--git-dir", gitdir, ...args], stdin === undefined ? {} : { stdin });
  return r.stdout.trim();
}

/** One tree entry as `git mktree -z` reads it. */
interface Entry {
  mode: string;
  type: "blob" | "tree" | "commit";
  oid: string;
  name: string;
}

async function blob(gitdir: string, text: string): Promise<string> {
  return await inGit(gitdir, ["hash-object", "-w", "--stdin"], text);
}

async function tree(gitdir: string, entries: Entry[]): Promise<string> {
  const input = entries.map((e) => `${e.mode} ${e.type} ${e.oid}\t${e.name}\0`).join("");
  return await inGit(gitdir, ["mktree", "-z", "--missing"], input);
}

/** The capsules/ entries of the tree at `rev` (as git lists them). */
async function capsuleEntries(gitdir: string, rev: string): Promise<Entry[]> {
  const out = await inGit(gitdir, ["ls-tree", "-z", `${rev}:capsules`]);
  return out.split("\0").filter((l) => l !== "").map((l) => {
    const [meta, name] = l.split("\t") as [string, string];
    const [mode, type, oid] = meta.split(" ") as [string, Entry["type"], string];
    return { mode, type, oid, name };
  });
}

/**
 * Points the remote's refs/baton/main at a new commit (child of its tip, or
 * of `parent`) whose tree is `capsules` under capsules/ plus `root` entries.
 */
async function forge(
  remote: string,
  capsules: Entry[],
  root: Entry[] = [],
  parent: string | null = "refs/baton/main",
): Promise<string> {
  const sub = await tree(remote, capsules);
  const top = await tree(remote, [
    { mode: "040000", type: "tree", oid: sub, name: "capsules" },
    ...root,
  ]);
  const parents = parent === null ? [] : ["-p", await inGit(remote, ["rev-parse", parent])];
  const commit = await git(
    remote,
    ["--git-dir", remote, "commit-tree", top, ...parents, "-m", "x"],
    {
      env: ENV,
    },
  );
  const oid = commit.stdout.trim();
  await inGit(remote, ["update-ref", "refs/baton/main", oid]);
  return oid;
}

/** Every path in the tree at `rev`, recursively, as git lists it. */
async function paths(gitdir: string, rev: string): Promise<string[]> {
  const out = await inGit(gitdir, ["ls-tree", "-r", "-z", "--name-only", rev]);
  return out.split("\0").filter((l) => l !== "").sort();
}

async function isAncestor(gitdir: string, a: string, b: string): Promise<boolean> {
  return (await git(gitdir, ["--git-dir", gitdir, "merge-base", "--is-ancestor", a, b], {
    allowFail: true,
  })).code === 0;
}

/** Junk a stranger adds next to real capsules, of every kind pull must refuse. */
async function junk(remote: string): Promise<{ capsules: Entry[]; root: Entry[] }> {
  const text = await blob(remote, "not a capsule\n");
  const forged = await blob(
    remote,
    '# forged\n\n```json baton-capsule\n{"id":"sha256:' + "ab".repeat(32) + '"}\n```\n',
  );
  const folder = await tree(remote, [{ mode: "100644", type: "blob", oid: text, name: "x" }]);
  return {
    capsules: [
      { mode: "100644", type: "blob", oid: text, name: "20260101T000000.000Z-00000001.md" },
      { mode: "100644", type: "blob", oid: forged, name: "20260101T000000.000Z-abababab.md" },
      { mode: "100644", type: "blob", oid: text, name: "notes.txt" },
      // A name listed twice (git mktree writes it; fetch does not check): neither is taken.
      { mode: "100644", type: "blob", oid: forged, name: "20260101T000000.000Z-00000005.md" },
      { mode: "100644", type: "blob", oid: text, name: "20260101T000000.000Z-00000005.md" },
      { mode: "100644", type: "blob", oid: text, name: "evil\u001b]0;PWN\u0007.md" },
      { mode: "040000", type: "tree", oid: folder, name: "20260101T000000.000Z-00000002.md" },
      { mode: "120000", type: "blob", oid: text, name: "20260101T000000.000Z-00000003.md" },
      {
        mode: "160000",
        type: "commit",
        oid: "1".repeat(40),
        name: "20260101T000000.000Z-00000004.md",
      },
    ],
    root: [{ mode: "100755", type: "blob", oid: text, name: "evil.sh" }],
  };
}

Deno.test("pull: a remote chain ahead with junk beside valid capsules is not fast-forwarded onto; the new tip holds only the valid capsules, the next push carries none of the junk", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "the real capsule");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const real = await capsuleEntries(w.remote, "refs/baton/main");
    const j = await junk(w.remote);
    const theirs = await forge(w.remote, [...real, ...j.capsules], j.root);

    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.equal(r.merged.imported, 1);
    assert.equal(r.merged.ref_update, "merge");
    assert.deepEqual(r.merged.refused_by, {
      not_capsule: 2,
      duplicate: 2,
      bad_name: 2,
      not_a_file: 3,
      outside: 1,
    });
    assert.equal(r.merged.refused, 10);
    assert.ok(!pull.stdout.includes("PWN"), "no stranger's name is echoed");
    const gitdirB = `${w.b.dir}/.git`;
    // git as the oracle: the local tip holds the valid capsule only, and the remote's commit
    // stays reachable from it (a later push is a fast-forward for the remote).
    assert.deepEqual(await paths(gitdirB, "refs/baton/main"), [`capsules/${real[0]!.name}`]);
    assert.ok(await isAncestor(gitdirB, theirs, "refs/baton/main"));
    assert.equal(r.capsules, 1);

    // B continues and pushes to another remote: it carries the valid capsules only.
    await capsule(w.b, "B continues");
    const other = `${w.root}/other.git`;
    await git(w.root, ["init", "-q", "--bare", "-b", "main", other]);
    const push = await baton(w.b, ["push", other, "--json"]);
    assert.equal(push.code, 0, push.stderr);
    const published = await paths(other, "refs/baton/main");
    assert.deepEqual(published, archive(w.b).map((n) => `capsules/${n}`));
    assert.equal(published.length, 2);
    // And back to the first remote: a fast-forward there, its tip now holding no junk.
    const back = await baton(w.b, ["push", "--json"]);
    assert.equal(back.code, 0, back.stderr);
    assert.equal(JSON.parse(back.stdout).pushed, "pushed");
    assert.deepEqual(await paths(w.remote, "refs/baton/main"), published);

    // The text output counts the refused entries by kind, naming none of them.
    const again = await forge(w.remote, [...real, ...j.capsules], j.root);
    const text = await baton(w.b, ["pull"]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      /10 refused \(2 not capsules, 2 not capsule names, 3 not regular files, 2 duplicate names, 1 outside capsules\/\)/,
    );
    assert.ok(!text.stdout.includes("\u001b") && !text.stdout.includes("PWN"));
    assert.ok(await isAncestor(gitdirB, again, "refs/baton/main"));
  });
});

Deno.test("pull: control: a remote chain ahead holding only valid capsules is fast-forwarded onto, the tip the remote's own commit", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "first");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    await capsule(w.a, "second");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.deepEqual([r.merged.imported, r.merged.refused, r.merged.ref_update], [
      1,
      0,
      "fast_forward",
    ]);
    assert.deepEqual(r.merged.refused_by, {});
    const tip = await inGit(w.remote, ["rev-parse", "refs/baton/main"]);
    assert.equal(await inGit(`${w.b.dir}/.git`, ["rev-parse", "refs/baton/main"]), tip);
  });
});

Deno.test("pull: the merge of a diverged remote chain keeps only valid capsules", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "A's capsule");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const real = await capsuleEntries(w.remote, "refs/baton/main");
    const j = await junk(w.remote);
    await forge(w.remote, [...real, ...j.capsules], j.root);
    await capsule(w.b, "B's own capsule");
    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.equal(r.merged.ref_update, "merge");
    const tip = await paths(`${w.b.dir}/.git`, "refs/baton/main");
    assert.deepEqual(tip, archive(w.b).map((n) => `capsules/${n}`));
    assert.equal(tip.length, 2);
    assert.equal(r.merged.refused, 10);
  });
});

Deno.test("pull: a remote that replaces a capsule's blob under its own name, or drops one, changes nothing this clone's chain holds", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "one");
    await capsule(w.a, "two");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    const gitdirB = `${w.b.dir}/.git`;
    const before = await capsuleEntries(gitdirB, "refs/baton/main");
    assert.equal(before.length, 2);
    const text = await blob(w.remote, "not a capsule\n");
    // The first capsule's blob replaced with junk under its own name; the second dropped.
    await forge(w.remote, [{ ...before[0]!, oid: text }]);
    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.deepEqual(await capsuleEntries(gitdirB, "refs/baton/main"), before);
    assert.equal(r.capsules, 2);
    assert.equal(r.merged.refused_by.conflict, 1);
  });
});

Deno.test("pull: a remote ref naming a blob instead of a commit imports nothing and moves nothing (it was an internal error)", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.b, "B's own");
    const text = await blob(w.remote, "not a commit\n");
    await inGit(w.remote, ["update-ref", "refs/baton/main", text]);
    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.deepEqual([r.merged.imported, r.merged.ref_update], [0, "unchanged"]);
    assert.deepEqual(r.merged.refused_by, { not_a_chain: 1 });
    const gitdirB = `${w.b.dir}/.git`;
    assert.equal((await paths(gitdirB, "refs/baton/main")).length, 1);
    assert.equal(await inGit(gitdirB, ["cat-file", "-t", "refs/baton/main"]), "commit");
  });
});

/** Bytes of the capsule blobs on the remote's chain, as git lists them. */
async function remoteBytes(remote: string): Promise<number> {
  const out = await inGit(remote, ["ls-tree", "-l", "refs/baton/main:capsules"]);
  return out.split("\n").reduce((a, l) => a + Number(l.split(/\s+/)[3]), 0);
}

Deno.test("pull: a remote offering more capsules or bytes than the limits is not pulled at all (exit 1, said so); within them it is", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    for (const now of ["one", "two", "three"]) await capsule(w.a, now);
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const bytes = await remoteBytes(w.remote);
    const gitdirB = `${w.b.dir}/.git`;
    const noRef = async () =>
      (await git(gitdirB, ["--git-dir", gitdirB, "rev-parse", "--verify", "refs/baton/main"], {
        allowFail: true,
      })).code !== 0;

    const count = await baton(w.b, ["pull", "--max-capsules", "2", "--json"]);
    assert.equal(count.code, 1, count.stderr);
    assert.deepEqual(JSON.parse(count.stdout).merged, {
      imported: 0,
      refused: 0,
      refused_by: {},
      ref_update: "unchanged",
      over_limit: { capsules: 3, bytes, max_capsules: 2, max_bytes: 268435456 },
    });
    assert.deepEqual(archive(w.b), []);
    assert.ok(await noRef(), "the local chain is unchanged");

    const size = await baton(w.b, ["pull", "--max-bytes", String(bytes - 1)]);
    assert.equal(size.code, 1, size.stderr);
    assert.match(
      size.stdout,
      /^not pulled: origin's refs\/baton\/main offers 3 new capsules, [\d.]+ KiB; the limit is 20000 capsules and [\d.]+ KiB per pull: nothing was imported and the local chain is unchanged \(raise --max-capsules or --max-bytes to pull it\)\n$/,
    );
    assert.deepEqual(archive(w.b), []);
    assert.ok(await noRef());

    // Control: exactly at both limits, all three come.
    const ok = await baton(w.b, [
      "pull",
      "--max-capsules",
      "3",
      "--max-bytes",
      String(bytes),
      "--json",
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).merged.imported, 3);
    assert.deepEqual(archive(w.b), archive(w.a));
  });
});

Deno.test("pull: a remote tree longer than the listing bound (the limit, room for refused entries) is not listed whole and not pulled", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "one");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const real = await capsuleEntries(w.remote, "refs/baton/main");
    const text = await blob(w.remote, "junk\n");
    // --max-capsules 1 lists at most 1 + 1024 entries: 1100 junk names beside the capsule.
    const many = Array.from({ length: 1100 }, (_, i): Entry => ({
      mode: "100644",
      type: "blob",
      oid: text,
      name: `junk-${i}`,
    }));
    await forge(w.remote, [...real, ...many]);
    const r = await baton(w.b, ["pull", "--max-capsules", "1", "--json"]);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).merged.over_limit, {
      capsules: 1025,
      bytes: null,
      max_capsules: 1,
      max_bytes: 268435456,
    });
    assert.deepEqual(archive(w.b), []);
    const t = await baton(w.b, ["pull", "--max-capsules", "1"]);
    assert.match(
      t.stdout,
      /offers more than 1025 entries; the limit is 1 capsule and 256 MiB per pull: nothing was imported/,
    );
    // Control: with room for them, the junk is refused and the capsule comes.
    const ok = await baton(w.b, ["pull", "--max-capsules", "100", "--json"]);
    assert.equal(ok.code, 0, ok.stderr);
    const m = JSON.parse(ok.stdout).merged;
    assert.deepEqual([m.imported, m.refused_by], [1, { bad_name: 1100 }]);
  });
});

/** The real git program on PATH. */
function realGit(): string {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/git`).isFile) return `${dir}/git`;
    } catch {
      continue;
    }
  }
  throw new Error("no git on PATH");
}

Deno.test("pull: the git processes a pull starts do not grow with the number of capsules it imports (one per capsule before)", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    // A git on PATH that logs each run (its first argument) and hands over to the real one.
    const bin = `${w.root}/bin`;
    const log = `${w.root}/git.log`;
    await Deno.mkdir(bin);
    await Deno.writeTextFile(
      `${bin}/git`,
      `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit()}' "$@"\n`,
    );
    await Deno.chmod(`${bin}/git`, 0o755);
    const path = `${bin}:${Deno.env.get("PATH") ?? ""}`;
    const runs = async (): Promise<string[]> => {
      await Deno.writeTextFile(log, "");
      const r = await baton(w.b, ["pull", "--json"], { PATH: path });
      assert.equal(r.code, 0, r.stderr);
      return (await Deno.readTextFile(log)).split("\n").filter((l) => l !== "");
    };
    // Both counted pulls fast-forward a chain B already has: the same path, 1 and 4 capsules.
    await capsule(w.a, "start");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    await capsule(w.a, "one");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const one = await runs();
    for (const now of ["two", "three", "four", "five"]) await capsule(w.a, now);
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const four = await runs();
    assert.equal(archive(w.b).length, 6, "positive control: all six imported");
    assert.ok(one.some((l) => l.includes("fetch")), "control: the shim saw baton's git");
    assert.equal(four.length, one.length, `${one.join(" | ")}\n${four.join(" | ")}`);
  });
});

Deno.test("revive: a fetched remote ref naming a blob restores nothing and says so (it was an internal error); a fetched chain is restored from", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    const fetch = (m: Machine) =>
      git(m.dir, ["fetch", "-q", "origin", "+refs/baton/main:refs/baton-remotes/origin/main"]);
    const text = await blob(w.remote, "not a commit\n");
    await inGit(w.remote, ["update-ref", "refs/baton/main", text]);
    await fetch(w.b);
    const r = await baton(w.b, ["revive", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual([JSON.parse(r.stdout).action, JSON.parse(r.stdout).imported], ["nothing", 0]);
    // Control: a real chain fetched the same way (never merged) is restored from.
    const id = await capsule(w.a, "the real one");
    await inGit(w.remote, ["update-ref", "-d", "refs/baton/main"]);
    assert.equal((await baton(w.a, ["push"])).code, 0);
    await fetch(w.b);
    const ok = JSON.parse((await baton(w.b, ["revive", "--json"])).stdout);
    assert.deepEqual([ok.action, ok.id, ok.imported], ["shared_ref", id, 1]);
  });
});

Deno.test("revive: a fetched chain offering more than pull's default limits copies nothing and says so, never 'none on the shared ref'", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    // 20,001 capsule names (the default limit is 20,000), one small blob behind them all.
    const text = await blob(w.remote, "junk\n");
    const many = Array.from({ length: 20_001 }, (_, i): Entry => ({
      mode: "100644",
      type: "blob",
      oid: text,
      name: `20260101T000000Z-${i.toString(16).padStart(8, "0")}.md`,
    }));
    await forge(w.remote, many, [], null);
    await git(w.b.dir, [
      "fetch",
      "-q",
      "origin",
      "+refs/baton/main:refs/baton-remotes/origin/main",
    ]);
    const r = await baton(w.b, ["revive", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepEqual([j.action, j.imported], ["nothing", 0]);
    assert.deepEqual(j.over_limit, {
      capsules: 20_001,
      bytes: 20_001 * 5,
      max_capsules: 20_000,
      max_bytes: 268435456,
    });
    assert.deepEqual(archive(w.b), []);
    const t = await baton(w.b, ["revive"]);
    assert.equal(
      t.stdout,
      "no capsule to restore from the archive, and none copied from the shared ref\nnote: the shared ref offers 20001 new capsules, 98 KiB; the limit is 20000 capsules and 256 MiB per pull: nothing was copied from it (baton pull --max-capsules N --max-bytes N copies it)\n",
    );
  });
});

Deno.test("push: onto a remote ref naming a blob it stops and says why (exit 6; it was an internal error); onto a remote rewound to an older chain commit it goes on", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "one");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const first = await inGit(w.remote, ["rev-parse", "refs/baton/main"]);
    await capsule(w.a, "two");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    const gitdirB = `${w.b.dir}/.git`;
    const tipB = await inGit(gitdirB, ["rev-parse", "refs/baton/main"]);

    // Rewound: pull takes nothing and moves nothing; push brings the remote forward again.
    await inGit(w.remote, ["update-ref", "refs/baton/main", first]);
    const pull = JSON.parse((await baton(w.b, ["pull", "--json"])).stdout);
    assert.deepEqual([pull.merged.imported, pull.merged.ref_update, pull.capsules], [
      0,
      "unchanged",
      2,
    ]);
    assert.equal(await inGit(gitdirB, ["rev-parse", "refs/baton/main"]), tipB);
    const push = await baton(w.b, ["push", "--json"]);
    assert.equal(push.code, 0, push.stderr);
    assert.equal(await inGit(w.remote, ["rev-parse", "refs/baton/main"]), tipB);

    // A blob where the chain should be: the push stops, naming the ref, not the blob.
    await capsule(w.b, "three");
    const text = await blob(w.remote, "\u001b]0;PWN\u0007 not a commit\n");
    await inGit(w.remote, ["update-ref", "refs/baton/main", text]);
    const stopped = await baton(w.b, ["push"]);
    assert.equal(stopped.code, 6, stopped.stderr);
    assert.equal(
      stopped.stderr,
      "baton: Cannot push the shared chain: the remote's refs/baton/main names no commit (not a baton chain); nothing was pushed\n",
    );
    assert.equal(await inGit(w.remote, ["rev-parse", "refs/baton/main"]), text);
  });
});

Deno.test("push: a link, folder, submodule or executable under a capsule name on this clone's own chain (an older baton fast-forwarded onto it) is not carried on as a capsule", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "A's capsule");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const real = await capsuleEntries(w.remote, "refs/baton/main");
    const j = await junk(w.remote);
    const odd = j.capsules.filter((e) => e.mode !== "100644");
    const exec = { ...real[0]!, mode: "100755", name: "20260101T000000.000Z-00000006.md" };
    await forge(w.remote, [...real, ...odd, exec], j.root);
    // What an older baton's pull did: the remote's commit made this clone's own tip.
    await git(w.b.dir, ["fetch", "-q", "origin", "+refs/baton/main:refs/baton/main"]);
    await capsule(w.b, "B continues");
    const other = `${w.root}/other.git`;
    await git(w.root, ["init", "-q", "--bare", "-b", "main", other]);
    const push = await baton(w.b, ["push", other]);
    assert.equal(push.code, 0, push.stderr);
    assert.deepEqual(
      await paths(other, "refs/baton/main"),
      [real[0]!.name, ...archive(w.b)].map((n) => `capsules/${n}`).sort(),
    );
  });
});

Deno.test("pull: a remote capsule whose name this clone's archive holds with other bytes is not put on the chain (the chain would name a capsule the archive lacks); control: the same bytes are", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "first");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    const before = archive(w.b);
    await capsule(w.a, "second");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    const name = archive(w.a).find((n) => !before.includes(n))!;
    // A file under that name, not a capsule (so not on b's chain), was already in b's archive.
    const path = `${w.b.dir}/.baton/capsules/${name}`;
    await Deno.writeTextFile(path, "not a capsule\n");
    const pull = await baton(w.b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    const r = JSON.parse(pull.stdout);
    assert.equal(await Deno.readTextFile(path), "not a capsule\n", "the local file is kept");
    // The chain holds only what the archive holds: the name is refused, not recorded.
    const gitdir = `${w.b.dir}/.git`;
    assert.ok(!(await paths(gitdir, "refs/baton/main")).includes(`capsules/${name}`));
    assert.deepEqual([r.merged.imported, r.merged.refused_by], [0, { conflict: 1 }]);
    assert.equal(r.capsules, before.length);
    // Control: with the capsule's own bytes there, the name goes on the chain.
    await Deno.copyFile(`${w.a.dir}/.baton/capsules/${name}`, path);
    const again = JSON.parse((await baton(w.b, ["pull", "--json"])).stdout);
    assert.ok((await paths(gitdir, "refs/baton/main")).includes(`capsules/${name}`));
    assert.equal(again.capsules, before.length + 1);
  });
});

Deno.test("push: this clone's own tip, left holding a stranger's files by an older baton's fast-forward, is re-checked: with nothing new to record, only its capsules go on, and a capsule's swapped blob is the archive's again (it all went on as it was)", async () => {
  await withShareWorld("baton-hostile-remote-", async (w) => {
    await capsule(w.a, "A's capsule");
    assert.equal((await baton(w.a, ["push"])).code, 0);
    assert.equal((await baton(w.b, ["pull"])).code, 0);
    const real = await capsuleEntries(w.remote, "refs/baton/main");
    const j = await junk(w.remote);
    // A capsule's own name holding another blob: the swap an older fast-forward took in.
    const swapped = { ...real[0]!, oid: j.capsules[0]!.oid };
    const clean = await forge(w.remote, real);
    const other = `${w.root}/other.git`;
    await git(w.root, ["init", "-q", "--bare", "-b", "main", other]);
    // Control: a clean tip (everything a capsule the archive holds) is pushed as the same commit.
    await git(w.b.dir, ["fetch", "-q", "origin", "+refs/baton/main:refs/baton/main"]);
    const first = await baton(w.b, ["push", other]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(await inGit(other, ["rev-parse", "refs/baton/main"]), clean);
    // What an older baton's pull did: the stranger's commit made this clone's own tip. (A
    // regular file under a capsule's name the archive does not hold still goes on: see
    // core/share/own_tip.ts.)
    const strange = j.capsules.filter((e) => e.mode !== "100644" || !/^\d{8}T/.test(e.name));
    await forge(w.remote, [...strange, ...real], j.root);
    await git(w.b.dir, ["fetch", "-q", "origin", "+refs/baton/main:refs/baton/main"]);
    const push = await baton(w.b, ["push", other]);
    assert.equal(push.code, 0, push.stderr);
    assert.deepEqual(await paths(other, "refs/baton/main"), [`capsules/${real[0]!.name}`]);
    assert.deepEqual(await capsuleEntries(other, "refs/baton/main"), real);
    // A capsule's blob swapped under its own name: the archive's bytes are not the blob's, and
    // the blob is no capsule; the archive's capsule goes on under its name instead.
    await forge(w.remote, [swapped]);
    await git(w.b.dir, ["fetch", "-q", "origin", "+refs/baton/main:refs/baton/main"]);
    const fresh = `${w.root}/fresh.git`;
    await git(w.root, ["init", "-q", "--bare", "-b", "main", fresh]);
    const again = await baton(w.b, ["push", fresh]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(await capsuleEntries(fresh, "refs/baton/main"), real);
  });
});
