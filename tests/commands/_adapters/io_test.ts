// Tests for commands/_adapters/io.ts: the time limit hooks race their work against (deadline()).
// The bounded stdin read is tested end to end in tests/e2e/hook_budget_test.ts.
import assert from "node:assert/strict";
import { deadline } from "../../../commands/_adapters/io.ts";

/** A pending read of a pipe nobody writes to: keeps the process alive, as a hook's work does. */
function keepAlive(): { stop(): Promise<void> } {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "await new Promise(() => setInterval(() => {}, 1000))"],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const drained = new Response(child.stdout).arrayBuffer();
  return {
    stop: async () => {
      child.kill("SIGKILL");
      await child.status;
      await drained;
    },
  };
}

Deno.test("deadline: expires while other work keeps the process alive", async () => {
  const alive = keepAlive();
  try {
    const limit = deadline(5);
    const never = new Promise<"work">(() => {});
    assert.equal(await Promise.race([never, limit.expired]), "timeout");
  } finally {
    await alive.stop();
  }
});

Deno.test("deadline: zero or less is already due", async () => {
  assert.equal(await deadline(0).expired, "timeout");
  assert.equal(await deadline(-3).expired, "timeout");
});

Deno.test("deadline: a cancelled limit never expires; work that finishes first wins", async () => {
  const limit = deadline(60_000);
  const work = Promise.resolve("work" as const);
  assert.equal(await Promise.race([work, limit.expired]), "work");
  limit.cancel();
  // Control: after cancel, expired stays pending (a settled promise would win this race).
  const marker = Symbol("pending");
  const settled = await Promise.race([limit.expired, Promise.resolve(marker)]);
  assert.equal(settled, marker);
});

Deno.test("deadline: costs no setTimeout (the timer machinery stays unloaded)", () => {
  const original = globalThis.setTimeout;
  let calls = 0;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    calls++;
    return original(...args);
  }) as typeof setTimeout;
  try {
    deadline(10).cancel();
  } finally {
    globalThis.setTimeout = original;
  }
  assert.equal(calls, 0);
});
