import assert from "node:assert/strict";
import { hashFiles } from "../../../core/facts/hash_files.ts";
import { sha256Id } from "../../../core/hash.ts";
import { TestFs } from "../../_helpers/fs.ts";

const fs = new TestFs();
const enc = new TextEncoder();

async function withDir(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "baton-test-" });
  try {
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("hashFiles() hashes files and symlink targets, in input order, and names what it could not hash", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/a.txt`, "a\n");
    await Deno.writeTextFile(`${dir}/big.bin`, "x".repeat(100));
    await Deno.symlink("a.txt", `${dir}/link`);
    await Deno.mkdir(`${dir}/d`);
    const got = await hashFiles(fs, dir, ["a.txt", "gone", "link", "d", "big.bin"], {
      maxBytes: 10,
    });
    assert.deepEqual(got[0], {
      kind: "file",
      sha256: await sha256Id(enc.encode("a\n")),
      size: 2,
      executable: false,
    });
    assert.deepEqual(got[1], { kind: "absent" });
    assert.deepEqual(got[2], {
      kind: "symlink",
      sha256: await sha256Id("a.txt"),
      size: 5,
      executable: null,
    });
    assert.deepEqual(got[3], { kind: "skipped", reason: "not_regular", size: null, mtimeMs: null });
    assert.equal(got[4]!.kind, "skipped");
    assert.deepEqual(got[4]!.kind === "skipped" ? [got[4]!.reason, got[4]!.size] : [], [
      "too_large",
      100,
    ]);
  });
});

Deno.test("hashFiles() past its deadline hashes nothing more and says so", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/a.txt`, "a\n");
    let calls = 0;
    const got = await hashFiles(fs, dir, ["a.txt", "a.txt", "a.txt"], {
      concurrency: 1,
      expired: () => ++calls > 1,
    });
    assert.equal(got[0]!.kind, "file");
    assert.deepEqual(got.slice(1).map((h) => h.kind === "skipped" && h.reason), [
      "over_time",
      "over_time",
    ]);
  });
});

Deno.test("hashFiles() reads nothing through a directory that became a symbolic link (git: deleted)", async () => {
  await withDir(async (dir) => {
    const outside = await Deno.makeTempDir({ prefix: "baton-outside-" });
    try {
      await Deno.writeTextFile(`${outside}/file`, "outside secret\n");
      await Deno.mkdir(`${outside}/sub`);
      await Deno.writeTextFile(`${outside}/sub/file`, "outside secret\n");
      await Deno.mkdir(`${dir}/real/deeper`, { recursive: true });
      await Deno.writeTextFile(`${dir}/real/file`, "inside\n");
      await Deno.writeTextFile(`${dir}/real/deeper/file`, "inside\n");
      await Deno.symlink(outside, `${dir}/out`);
      await Deno.symlink(outside, `${dir}/real/out`);
      await Deno.symlink("real", `${dir}/in`);
      await Deno.writeTextFile(`${dir}/plain`, "a file, not a directory\n");
      const got = await hashFiles(fs, dir, [
        "real/file",
        "real/deeper/file",
        "out/file",
        "out/sub/file",
        "real/out/file",
        "in/file",
        "plain/file",
        "out",
      ]);
      // Control: the same depth below real directories is hashed.
      assert.deepEqual(got.slice(0, 2).map((h) => h.kind), ["file", "file"]);
      assert.equal(
        got[0]!.kind === "file" && got[0]!.sha256,
        await sha256Id(enc.encode("inside\n")),
      );
      // Below a link (out of the tree or inside it, at any depth) or a file: absent, as git says.
      assert.deepEqual(got.slice(2, 7), Array(5).fill({ kind: "absent" }));
      // The link itself is hashed as a link (its text), never followed.
      assert.deepEqual(got[7], {
        kind: "symlink",
        sha256: await sha256Id(outside),
        size: outside.length,
        executable: null,
      });
    } finally {
      await Deno.remove(outside, { recursive: true });
    }
  });
});

Deno.test("hashFiles() never opens a path with a '..', '.', empty or .git component", async () => {
  await withDir(async (outer) => {
    const dir = `${outer}/repo`;
    await Deno.mkdir(`${dir}/sub`, { recursive: true });
    await Deno.writeTextFile(`${outer}/outside.txt`, "outside\n");
    await Deno.writeTextFile(`${dir}/inside.txt`, "inside\n");
    const got = await hashFiles(fs, dir, ["sub/../../outside.txt", "./inside.txt", "inside.txt"]);
    const unread = { kind: "skipped", reason: "unreadable", size: null, mtimeMs: null };
    assert.deepEqual(got[0], unread);
    assert.deepEqual(got[1], unread);
    // Control: the same file by its own path is hashed.
    assert.deepEqual(got[2], {
      kind: "file",
      sha256: await sha256Id(enc.encode("inside\n")),
      size: 7,
      executable: false,
    });
  });
});
