import assert from "node:assert/strict";
import { readLatestDigest } from "../../../core/store/latest_digest.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { TestFs } from "../../_helpers/fs.ts";

const fs = new TestFs();

async function withBaton(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "baton-latest-digest-" });
  try {
    await Deno.mkdir(`${dir}/.baton`);
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** sha256 of bytes worked out here, the oracle. */
async function digestOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256:${[...d].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

Deno.test("readLatestDigest() digests latest.md's whole bytes: one byte changed anywhere changes it", async () => {
  await withBaton(async (dir) => {
    const layout = batonLayout(dir);
    const text = `# baton capsule 0123456789ab\n${"x".repeat(5000)}\nend\n`;
    await Deno.writeTextFile(layout.latest, text);
    const a = await readLatestDigest(fs, layout);
    assert.equal(a, await digestOf(new TextEncoder().encode(text)));
    await Deno.writeTextFile(layout.latest, text.replace("end", "End"));
    const b = await readLatestDigest(fs, layout);
    assert.notEqual(b, a);
    assert.equal(b, await digestOf(await Deno.readFile(layout.latest)));
  });
});

Deno.test("readLatestDigest() gives no digest for a missing file, a link, a FIFO or a folder", async () => {
  await withBaton(async (dir) => {
    const layout = batonLayout(dir);
    assert.equal(await readLatestDigest(fs, layout), null);
    await Deno.writeTextFile(`${dir}/real.md`, "# baton capsule 0123456789ab\n");
    await Deno.symlink(`${dir}/real.md`, layout.latest);
    assert.equal(await readLatestDigest(fs, layout), null);
    await Deno.remove(layout.latest);
    await new Deno.Command("mkfifo", { args: [layout.latest] }).output();
    assert.equal(await readLatestDigest(fs, layout), null, "never opened: the read would block");
    await Deno.remove(layout.latest);
    await Deno.mkdir(layout.latest);
    assert.equal(await readLatestDigest(fs, layout), null);
    // Control: a regular file at the same path has one.
    await Deno.remove(layout.latest);
    await Deno.writeTextFile(layout.latest, "x");
    assert.notEqual(await readLatestDigest(fs, layout), null);
  });
});

Deno.test("readLatestDigest() gives no digest for a file that grew while it was read", async () => {
  await withBaton(async (dir) => {
    const layout = batonLayout(dir);
    await Deno.writeTextFile(layout.latest, "abc");
    const growing = Object.create(fs) as TestFs;
    growing.readRange = async (path: string, offset: number, length: number) => {
      await Deno.writeTextFile(path, "abcd");
      return await fs.readRange(path, offset, length);
    };
    assert.equal(await readLatestDigest(growing, layout), null);
    // Control: the same file read unchanged has one.
    assert.equal(
      await readLatestDigest(fs, layout),
      await digestOf(await Deno.readFile(layout.latest)),
    );
  });
});
