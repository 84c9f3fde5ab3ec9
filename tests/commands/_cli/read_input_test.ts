import assert from "node:assert/strict";
import { readInput } from "../../../commands/_cli/read_input.ts";
import { NotFoundError, UsageError } from "../../../core/errors.ts";
import { fakeIo } from "../../_helpers/io.ts";

const OPTS = { maxBytes: 10, what: "draft", missingCode: "draft_missing" };

async function withDir(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "baton-test-" });
  try {
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("readInput() reads a file relative to the working directory or absolute", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/d.json`, "{}");
    const io = fakeIo({ cwd: dir });
    assert.equal(new TextDecoder().decode(await readInput(io, "d.json", OPTS)), "{}");
    assert.equal((await readInput(io, `${dir}/d.json`, OPTS)).length, 2);
  });
});

Deno.test("readInput() names a missing file by the given code and refuses one over the limit", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/big.json`, "x".repeat(11));
    const io = fakeIo({ cwd: dir });
    await assert.rejects(
      readInput(io, "none.json", OPTS),
      (e: unknown) => e instanceof NotFoundError && e.code === "draft_missing",
    );
    await assert.rejects(
      readInput(io, "big.json", OPTS),
      (e: unknown) => e instanceof UsageError && /11 bytes, more than 10/.test(e.message),
    );
  });
});

Deno.test("readInput('-') reads stdin and turns an over-long stdin into a usage error", async () => {
  const base = fakeIo({ cwd: "/" });
  const ok = { ...base, readStdin: () => Promise.resolve(new Uint8Array([1, 2])) };
  assert.deepEqual(await readInput(ok, "-", OPTS), new Uint8Array([1, 2]));
  const tooLong = { ...base, readStdin: () => Promise.reject(new Error("over")) };
  await assert.rejects(
    readInput(tooLong, "-", OPTS),
    (e: unknown) => e instanceof UsageError && /from stdin: it exceeds 10 bytes/.test(e.message),
  );
});
