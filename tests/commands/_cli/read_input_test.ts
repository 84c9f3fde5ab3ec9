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

Deno.test("readInput() reads a named FIFO once, within the bound, and refuses one past it", async () => {
  await withDir(async (dir) => {
    const io = fakeIo({ cwd: dir });
    // A FIFO's size is 0 to stat, as a device's (/dev/zero, a committed link to one) is: the
    // size check alone let either be read whole, without end.
    const feed = async (name: string, text: string) => {
      const path = `${dir}/${name}`;
      await new Deno.Command("mkfifo", { args: [path] }).output();
      // Another process writes: the read opens the FIFO synchronously, so no writer in this
      // process could run meanwhile.
      const tee = new Deno.Command("tee", {
        args: [path],
        stdin: "piped",
        stdout: "null",
        stderr: "null",
      }).spawn();
      const w = tee.stdin.getWriter();
      await w.write(new TextEncoder().encode(text));
      await w.close();
      const writer = tee.status;
      return { path, writer };
    };
    const small = await feed("ok.pipe", "{}");
    assert.equal(new TextDecoder().decode(await readInput(io, small.path, OPTS)), "{}");
    await small.writer;
    const big = await feed("big.pipe", "x".repeat(40));
    await assert.rejects(
      readInput(io, big.path, OPTS),
      (e: unknown) => e instanceof UsageError && /more than 10 bytes/.test(e.message),
    );
    await big.writer;
  });
});

Deno.test("readInput() never reads past the bound when stat said less (a file that grew, a device)", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/grew.json`, "x".repeat(40));
    await Deno.writeTextFile(`${dir}/fits.json`, "{}");
    const base = fakeIo({ cwd: dir });
    // stat as it was before the file grew (or as a device reports it: 0 bytes).
    const fs = Object.create(base.fs);
    fs.stat = async (p: string) => ({ ...(await base.fs.stat(p))!, size: 0 });
    const io = { ...base, fs };
    await assert.rejects(
      readInput(io, "grew.json", OPTS),
      (e: unknown) => e instanceof UsageError && /more than 10 bytes/.test(e.message),
    );
    assert.equal(new TextDecoder().decode(await readInput(io, "fits.json", OPTS)), "{}");
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
