/**
 * lightDiscovery() with configBatonDir(): the hooks' lstat-only `.baton`
 * search stops where git's search stops, on a real repository with git as
 * the oracle for the ceiling, and at a mount point (a file system that
 * reports another device under it) unless GIT_DISCOVERY_ACROSS_FILESYSTEM.
 */
import assert from "node:assert/strict";
import { lightDiscovery } from "../../../core/store/discovery.ts";
import { configBatonDir } from "../../../core/config/config_dir.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { git, makeRepo } from "../../_helpers/git.ts";

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

Deno.test("lightDiscovery(): a ceiling that stops git below the repository leaves the folder's own .baton; one that does not, the repository's", async () => {
  const dir = await Deno.realPath(await makeRepo());
  await Deno.mkdir(`${dir}/a/b`, { recursive: true });
  const fs = new TestFs();
  const at = async (ceiling: string) => {
    const env = { GIT_CEILING_DIRECTORIES: ceiling };
    const top = await git(`${dir}/a/b`, ["rev-parse", "--show-toplevel"], { allowFail: true, env });
    const found = await configBatonDir(fs, `${dir}/a/b`, lightDiscovery(fs, env));
    return { git: top.code === 0 ? top.stdout.trim() : null, found };
  };
  assert.deepEqual(await at(dir), { git: null, found: `${dir}/a/b/.baton` });
  assert.deepEqual(await at(`${dir}/a`), { git: null, found: `${dir}/a/b/.baton` });
  // Controls: a ceiling above the repository, or a relative one (git ignores it), stops nothing.
  const parent = dir.slice(0, dir.lastIndexOf("/")) || "/";
  assert.deepEqual(await at(parent), { git: dir, found: `${dir}/.baton` });
  assert.deepEqual(await at("a"), { git: dir, found: `${dir}/.baton` });
  // With GIT_DIR named, git searches for no repository: no ceiling applies.
  const named = lightDiscovery(fs, { GIT_CEILING_DIRECTORIES: dir, GIT_DIR: `${dir}/.git` });
  assert.equal(named.ceilingStops, undefined);
  // The folder itself holding .git is always found (git examines it first).
  assert.equal(
    await configBatonDir(fs, dir, lightDiscovery(fs, { GIT_CEILING_DIRECTORIES: dir })),
    `${dir}/.baton`,
  );
});

Deno.test("lightDiscovery(): a file-system boundary stops the search unless GIT_DISCOVERY_ACROSS_FILESYSTEM lets git cross it", async () => {
  const dir = await Deno.realPath(await makeRepo());
  await Deno.mkdir(`${dir}/mnt/sub`, { recursive: true });
  const mounted = new MountedFs(`${dir}/mnt`);
  // Control: with no boundary the repository's .baton is found from the same folder.
  assert.equal(
    await configBatonDir(new TestFs(), `${dir}/mnt/sub`, lightDiscovery(new TestFs(), {})),
    `${dir}/.baton`,
  );
  assert.equal(
    await configBatonDir(mounted, `${dir}/mnt/sub`, lightDiscovery(mounted, {})),
    `${dir}/mnt/sub/.baton`,
  );
  const across = (v: string) =>
    configBatonDir(
      mounted,
      `${dir}/mnt/sub`,
      lightDiscovery(mounted, { GIT_DISCOVERY_ACROSS_FILESYSTEM: v }),
    );
  assert.equal(await across("1"), `${dir}/.baton`);
  assert.equal(await across("false"), `${dir}/mnt/sub/.baton`, "a false value: git stops");
});
