import assert from "node:assert/strict";
import {
  createRecheckAccess,
  MAX_EXTRA_EVIDENCE_FILES,
} from "../../../core/briefing/recheck_access.ts";
import { findRepo } from "../../../core/facts/git/find_repo.ts";
import { sha256Id } from "../../../core/hash.ts";
import { commitAll, git, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";

const fs = new TestFs();

Deno.test("createRecheckAccess() reads object types and file digests from the repository now", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    const head = await commitAll(dir);
    const repo = (await findRepo(fs, dir))!;
    const access = createRecheckAccess(fs, repo);
    assert.equal(await access.objectType(head), "commit");
    const blob = (await git(dir, ["rev-parse", "HEAD:a.txt"])).stdout.trim();
    assert.equal(await access.objectType(blob), "blob");
    assert.equal(await access.objectType("0".repeat(40)), null);
    assert.equal(await access.fileDigest("a.txt"), await sha256Id(new TextEncoder().encode("a\n")));
    assert.equal(await access.fileDigest("gone.txt"), null);
  });
});

Deno.test("createRecheckAccess() never re-hashes a path that is not a clean repository-relative one", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const access = createRecheckAccess(fs, (await findRepo(fs, dir))!);
    for (const p of ["../outside", "/etc/passwd", "./a.txt", "sub/../a.txt"]) {
      assert.equal(await access.fileDigest(p), "unknown", p);
    }
    const none = createRecheckAccess(fs, null);
    assert.equal(await none.fileDigest("a.txt"), "unknown");
    assert.equal(await none.objectType("0".repeat(40)), "unknown");
  });
});

Deno.test("createRecheckAccess() reuses known digests and hashes at most a bounded number of others", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const known = new Map([["a.txt", "sha256:known"]]);
    const access = createRecheckAccess(fs, (await findRepo(fs, dir))!, { known });
    assert.equal(await access.fileDigest("a.txt"), "sha256:known");
    for (let i = 0; i < MAX_EXTRA_EVIDENCE_FILES; i++) {
      assert.equal(await access.fileDigest(`missing${i}.txt`), null);
    }
    assert.equal(await access.fileDigest("one-more.txt"), "unknown");
  });
});
