import assert from "node:assert/strict";
import { findBatonLayout } from "../../../core/store/find_layout.ts";
import { collectFacts } from "../../../core/facts/collect.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { git, makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("findBatonLayout() puts .baton at the repository root, found from a subdirectory", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/a/b`, { recursive: true });
  const { repo, layout } = await findBatonLayout(new TestFs(), `${dir}/a/b`);
  assert.equal(repo?.workTree, dir);
  assert.equal(layout.latest, `${dir}/.baton/latest.md`);
});

Deno.test("findBatonLayout() uses the directory itself outside git", async () => {
  const dir = (await tempDir()).path;
  const { repo, layout } = await findBatonLayout(new TestFs(), dir);
  assert.equal(repo, null);
  assert.equal(layout.dir, `${dir}/.baton`);
});

/** A file system on which everything under `mount` reports another device (a mount point). */
class MountedFs extends TestFs {
  constructor(private readonly mount: string) {
    super();
  }
  override async stat(path: string) {
    const st = await super.stat(path);
    if (st === null || !(path === this.mount || path.startsWith(`${this.mount}/`))) return st;
    return { ...st, dev: (st.dev ?? 0) + 1 };
  }
}

Deno.test("findBatonLayout() stops at a file-system boundary as git does; the facts then say unknown when GIT_DISCOVERY_ACROSS_FILESYSTEM would let git past it", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/mnt/sub`, { recursive: true });
  const fs = new MountedFs(`${dir}/mnt`);
  // Control: without the boundary the repository is found from the same directory.
  assert.equal((await findBatonLayout(new TestFs(), `${dir}/mnt/sub`)).repo?.workTree, dir);
  const found = await findBatonLayout(fs, `${dir}/mnt/sub`);
  assert.equal(found.repo, null, "git stops at the mount point without the variable");
  assert.equal(found.layout.dir, `${dir}/mnt/sub/.baton`);
  const facts = (env: Record<string, string>) =>
    collectFacts(fs, `${dir}/mnt/sub`, {
      now: () => new Date(0),
      repo: found.repo,
      gitEnvironment: env,
      systemConfigPath: null,
      homeDir: null,
    });
  const plain = await facts({});
  assert.equal(plain.status, "not_a_repo", "git finds no repository: neither does baton");
  const across = await facts({ GIT_DISCOVERY_ACROSS_FILESYSTEM: "1" });
  assert.equal(across.head, null);
  assert.match(
    across.unavailable?.find((u) => u.part === "repository")?.reason ?? "",
    /GIT_DISCOVERY_ACROSS_FILESYSTEM/,
    "git would find the repository past the boundary: unknown, not 'not a repository'",
  );
});

Deno.test("findBatonLayout() stops where GIT_CEILING_DIRECTORIES stops git (git rev-parse as the oracle): the folder itself is the root, never the outer repository's store", async () => {
  const dir = await Deno.realPath(await makeRepo());
  const links = await Deno.makeTempDir({ prefix: "baton-ceiling-links-" });
  try {
    await Deno.mkdir(`${dir}/sub/deeper`, { recursive: true });
    await Deno.symlink(dir, `${links}/to-repo`);
    const fs = new TestFs();
    const cases: [string, string][] = [
      [`${dir}/sub`, dir], // a ceiling at the work tree: git stops below it
      [`${dir}/sub/deeper`, dir],
      [`${dir}/sub/deeper`, `${dir}/sub`], // a ceiling between
      [`${dir}/sub`, `${links}/to-repo`], // named through a symbolic link: git resolves it
      [`${dir}/sub`, `/nowhere:${dir}`],
      // Controls: git finds the repository.
      [`${dir}/sub`, `${dir}/sub`], // the start itself is a ceiling: examined anyway, then climbed
      [dir, dir], // started at the work tree
      [`${dir}/sub`, parent(dir)], // a ceiling above the work tree
      [`${dir}/sub`, `:${links}/to-repo`], // after an empty entry, taken as written (no match)
      [`${dir}/sub`, "relative/ignored"],
    ];
    let stopped = 0;
    for (const [cwd, ceiling] of cases) {
      const env = { GIT_CEILING_DIRECTORIES: ceiling };
      const oracle = await git(cwd, ["rev-parse", "--show-toplevel"], { env, allowFail: true });
      const found = await findBatonLayout(fs, cwd, { gitEnvironment: env });
      const label = `${cwd.slice(dir.length) || "/"} under ${ceiling}`;
      if (oracle.code === 0) {
        assert.equal(found.repo?.workTree, oracle.stdout.trim(), label);
        assert.equal(found.layout.dir, `${dir}/.baton`, label);
      } else {
        stopped++;
        assert.equal(found.repo, null, label);
        assert.equal(
          found.layout.dir,
          `${cwd}/.baton`,
          `${label}: the folder itself, as outside git`,
        );
      }
    }
    assert.equal(stopped, 5, "git stopped in the first five cases, and only there");
    // Without the variable the repository is found from everywhere (the ceiling made the difference).
    assert.equal((await findBatonLayout(fs, `${dir}/sub/deeper`)).repo?.workTree, dir);
    // A repository GIT_DIR names is not searched for: no ceiling applies.
    const named = { GIT_CEILING_DIRECTORIES: dir, GIT_DIR: `${dir}/.git` };
    const direct = await git(`${dir}/sub`, ["rev-parse", "--git-dir"], { env: named });
    assert.equal(direct.code, 0, "control: git reads the repository GIT_DIR names");
    assert.equal(
      (await findBatonLayout(fs, `${dir}/sub`, { gitEnvironment: named })).repo?.workTree,
      dir,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(links, { recursive: true });
  }
});

Deno.test("findBatonLayout() crosses a file-system boundary where GIT_DISCOVERY_ACROSS_FILESYSTEM lets git", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/mnt/sub`, { recursive: true });
  const fs = new MountedFs(`${dir}/mnt`);
  const at = (v: string) =>
    findBatonLayout(fs, `${dir}/mnt/sub`, {
      gitEnvironment: { GIT_DISCOVERY_ACROSS_FILESYSTEM: v },
    });
  assert.equal((await at("1")).repo?.workTree, dir);
  assert.equal((await at("true")).repo?.workTree, dir);
  assert.equal((await at("0")).repo, null, "a false value: git stops at the boundary");
  assert.equal((await findBatonLayout(fs, `${dir}/mnt/sub`)).repo, null, "control: unset");
});

function parent(path: string): string {
  return path.replace(/\/[^/]+$/, "") || "/";
}
