import assert from "node:assert/strict";
import { findBatonLayout } from "../../../core/store/find_layout.ts";
import { collectFacts } from "../../../core/facts/collect.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { makeRepo } from "../../_helpers/git.ts";
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
