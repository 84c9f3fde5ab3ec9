import assert from "node:assert/strict";
import { TestFs } from "../../_helpers/fs.ts";
import { writtenElsewhere } from "../../../core/store/written_elsewhere.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import {
  CountingFs,
  makeTwoCommitRepo,
  repoAt,
  revParse,
  shallowCloneOf,
} from "../../_helpers/git_fixtures.ts";
import { removeAfterTests } from "../../_helpers/temp.ts";

type Remotes = { name: string; url: string }[];

function at(head: string | null, repo_root: string | null, remotes: Remotes = []) {
  return { status: "collected" as const, head, repo_root, remotes };
}

async function twoProjects(): Promise<{ here: string; other: string }> {
  const here = await makeRepo();
  await writeFiles(here, { "a.txt": "a\n" });
  await commitAll(here, "here");
  const other = await makeRepo();
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "other");
  return { here, other };
}

Deno.test("writtenElsewhere: a recorded commit found here is no tie; the place it records must be this one", async () => {
  const { here, other } = await twoProjects();
  const foreign = await revParse(other, "HEAD");
  const repo = await repoAt(here);
  const own = await revParse(here, "HEAD");
  const before = writtenElsewhere(new TestFs(), repo);
  assert.equal(
    await before(at(foreign, repo.workTree)),
    true,
    "absent: elsewhere, whatever the place",
  );
  assert.equal(
    await before(at(own, repo.workTree)),
    false,
    "control: its own commit, its work tree",
  );
  // Anyone who can get a branch fetched makes the other project's commit present.
  await git(here, ["fetch", "-q", other, "main:refs/remotes/origin/stranger"]);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  assert.equal(await elsewhere(at(foreign, other)), true, "fetched, written in another work tree");
  assert.equal(await elsewhere(at(own, "/anywhere")), true, "present, written nowhere tied here");
  assert.equal(await elsewhere(at(foreign, repo.workTree)), false, "written in this work tree");
  assert.equal(
    await elsewhere(at(foreign, other, [{ name: "origin", url: other }])),
    true,
    "a remote of its own that is no remote here",
  );
});

Deno.test("writtenElsewhere: a remote URL this repository names ties a capsule here, however it is spelled", async () => {
  const { here } = await twoProjects();
  await git(here, ["remote", "add", "origin", "https://Example.COM/team/proj.git"]);
  await git(here, ["remote", "add", "mine", "git@example.com:me/proj-fork.git/"]);
  const repo = await repoAt(here);
  const own = await revParse(here, "HEAD");
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const remote = (url: string) => at(own, "/a/teammates/clone", [{ name: "x", url }]);
  for (
    const url of [
      "https://example.com/team/proj.git",
      "https://example.com/team/proj",
      "git@example.com:team/proj",
      "ssh://git@example.com:22/team/proj/",
      "https://user:token@example.com/team/proj.git",
      "http://EXAMPLE.com/me/proj-fork",
    ]
  ) assert.equal(await elsewhere(remote(url)), false, url);
  for (
    const url of [
      "https://example.com/team/other.git",
      "https://example.com/Team/proj.git",
      "https://example.org/team/proj.git",
      "https://example.com/team/proj/sub",
      "",
      "x::https://example.com/team/proj",
    ]
  ) assert.equal(await elsewhere(remote(url)), true, url);
  const bad = { ...at(own, "/a"), remotes: [null, { url: 5 }, "x"] as never };
  assert.equal(await elsewhere(bad), true, "remotes not in their shape tie nothing");
});

Deno.test("writtenElsewhere: a local remote ties a clone to the work tree it was cloned from, both ways", async () => {
  const first = await makeRepo();
  await writeFiles(first, { "a.txt": "a\n" });
  await commitAll(first, "first");
  const second = removeAfterTests(`${first}-second`);
  await git(first, ["clone", "-q", first, second]);
  const head = await revParse(first, "HEAD");
  const inSecond = writtenElsewhere(new TestFs(), await repoAt(second));
  assert.equal(await inSecond(at(head, first)), false, "written where this clone fetches from");
  assert.equal(await inSecond(at(head, `${first}-third`)), true, "control: another work tree");
  const inFirst = writtenElsewhere(new TestFs(), await repoAt(first));
  assert.equal(
    await inFirst(at(head, second, [{ name: "origin", url: first }])),
    false,
    "written in a clone of this work tree",
  );
  const base = first.slice(first.lastIndexOf("/") + 1);
  assert.equal(
    await inFirst(at(head, `${first}-x/y`, [{ name: "origin", url: `../../${base}/.git` }])),
    false,
    "a relative remote resolved against the work tree it was recorded in",
  );
  assert.equal(
    await inFirst(at(head, `${first}-x/y`, [{ name: "origin", url: `../${base}` }])),
    true,
    "control: the same relative remote naming another folder",
  );
});

Deno.test("writtenElsewhere: a capsule with no commit is this repository's only when its place is tied here", async () => {
  const here = await makeRepo();
  const repo = await repoAt(here);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const none = { status: "collected" as const, head: null };
  assert.equal(await elsewhere({ ...none, repo_root: repo.workTree }), false, "control");
  assert.equal(await elsewhere({ ...none, repo_root: `${repo.workTree}-other` }), true);
  assert.equal(await elsewhere({ ...none, repo_root: null }), true);
  assert.equal(
    await elsewhere({ status: "not_a_repo", head: null, repo_root: null }),
    true,
    "written outside git",
  );
  assert.equal(
    await elsewhere({ status: "not_a_repo", head: null, repo_root: repo.workTree }),
    true,
    "written outside git, whatever it says",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: null }),
    true,
    "facts never collected and no work tree recorded: nothing ties it here",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: repo.workTree }),
    false,
    "a paste ingested in this work tree",
  );
  assert.equal(
    await elsewhere({ status: "unavailable", head: null, repo_root: `${repo.workTree}-other` }),
    true,
    "a paste ingested in another work tree",
  );
  await git(here, ["remote", "add", "origin", "https://example.com/team/proj"]);
  const withRemote = writtenElsewhere(new TestFs(), repo);
  const cloned = at(null, "/first/clone", [{ name: "origin", url: "git@example.com:team/proj" }]);
  assert.equal(await withRemote(cloned), false, "a first session in another clone of the project");
});

Deno.test("writtenElsewhere: every work tree of the repository ties a capsule here", async () => {
  const main = await makeRepo();
  await writeFiles(main, { "a.txt": "a\n" });
  await commitAll(main, "first");
  const linked = removeAfterTests(`${main}-linked`);
  const second = removeAfterTests(`${main}-second`);
  await git(main, ["worktree", "add", "-q", linked]);
  await git(main, ["worktree", "add", "-q", "-b", "two", second]);
  const head = await revParse(main, "HEAD");
  const mainRepo = await repoAt(main);
  const repo = await repoAt(linked);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const none = { status: "collected" as const, head: null };
  assert.equal(await elsewhere({ ...none, repo_root: mainRepo.workTree }), false);
  assert.equal(await elsewhere({ ...none, repo_root: repo.workTree }), false);
  assert.equal(await elsewhere({ ...none, repo_root: `${mainRepo.workTree}-x` }), true);
  assert.equal(await elsewhere(at(head, second)), false, "a sibling linked work tree");
  const fromMain = writtenElsewhere(new TestFs(), mainRepo);
  assert.equal(await fromMain(at(head, linked)), false, "a linked work tree, from the main one");
  assert.equal(await fromMain(at(head, `${linked}-gone`)), true, "control: no such work tree");
});

Deno.test("writtenElsewhere: a capsule written in this work tree needs no read of config or work-tree list", async () => {
  const { here } = await twoProjects();
  const repo = await repoAt(here);
  const fs = new CountingFs();
  const elsewhere = writtenElsewhere(fs, repo);
  assert.equal(await elsewhere(at(await revParse(here, "HEAD"), repo.workTree)), false);
  assert.equal(fs.total((p) => p.endsWith("/config")), 0);
  // Control: a place not tied by the work tree reads the config once, for every capsule.
  assert.equal(await elsewhere(at(await revParse(here, "HEAD"), "/x")), true);
  const once = fs.total((p) => p.endsWith("/config"));
  assert.ok(once > 0);
  assert.equal(await elsewhere(at(await revParse(here, "HEAD"), "/y")), true);
  assert.equal(fs.total((p) => p.endsWith("/config")), once);
});

Deno.test("writtenElsewhere: in a shallow clone a commit not found leaves the place to decide", async () => {
  const origin = await makeTwoCommitRepo();
  const older = await revParse(origin, "HEAD~1");
  const other = await makeRepo();
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "other");
  const shallow = await shallowCloneOf(origin);
  const repo = await repoAt(shallow);
  const elsewhere = writtenElsewhere(new TestFs(), repo);
  const foreign = await revParse(other, "HEAD");
  assert.equal(await elsewhere(at(foreign, other)), true, "another work tree: not tied here");
  assert.equal(await elsewhere(at(older, "/another/clone")), true, "beyond the boundary, untied");
  assert.equal(
    await elsewhere(at(older, "/another/clone", [{ name: "origin", url: origin }])),
    false,
    "beyond the boundary, a clone of the same origin",
  );
  assert.equal(await elsewhere(at(older, origin)), false, "written in the origin cloned from");
  assert.equal(await elsewhere(at(older, repo.workTree)), false, "written in this work tree");
  assert.equal(await elsewhere(at(foreign, repo.workTree)), false, "written in this work tree");
  const head = await revParse(shallow, "HEAD");
  assert.equal(await elsewhere(at(head, repo.workTree)), false, "control: a commit found here");
  // Control: in the full repository the foreign commit is definitely absent.
  const full = writtenElsewhere(new TestFs(), await repoAt(origin));
  assert.equal(await full(at(foreign, origin)), true, "control: absent from the full history");
  assert.equal(await full(at(older, origin)), false, "control: present in the full history");
  for (const dir of [origin, other, shallow]) await Deno.remove(dir, { recursive: true });
});

Deno.test("writtenElsewhere: outside a repository nothing was written elsewhere", async () => {
  const elsewhere = writtenElsewhere(new TestFs(), null);
  assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), false);
});
