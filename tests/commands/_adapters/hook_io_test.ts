import assert from "node:assert/strict";
import { logHookTiming } from "../../../commands/_adapters/hook_io.ts";

Deno.test("logHookTiming() appends one JSON line per call, and does nothing without a path", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-test-" }));
  try {
    const path = `${dir}/hook_times.jsonl`;
    logHookTiming(undefined, { event: "x", host: null, action: "a" });
    logHookTiming("", { event: "x", host: null, action: "a" });
    // Never created: only a log the harness made is appended to.
    logHookTiming(path, { event: "x", host: null, action: "a" });
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    Deno.writeTextFileSync(path, "");
    logHookTiming(path, { event: "session-start", host: "codex", action: "inject" });
    logHookTiming(path, { event: null, host: null, action: "skip" });
    const lines = Deno.readTextFileSync(path).trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => [l.event, l.host, l.action]), [
      ["session-start", "codex", "inject"],
      [null, null, "skip"],
    ]);
    assert.ok(lines.every((l) => Number.isInteger(l.ms)));
    // A path that cannot be written is ignored (instrumentation only).
    logHookTiming(`${dir}/missing/dir/hook_times.jsonl`, { event: null, host: null, action: "a" });
    // Only a file of the log's own name, and never through a symbolic link: the variable can
    // come from a repository's committed host settings (control: the real log grew above).
    const profile = `${dir}/.gitconfig`;
    Deno.writeTextFileSync(profile, "[user]\n");
    logHookTiming(profile, { event: "x", host: null, action: "a" });
    assert.equal(Deno.readTextFileSync(profile), "[user]\n");
    Deno.mkdirSync(`${dir}/l`);
    Deno.symlinkSync(profile, `${dir}/l/hook_times.jsonl`);
    logHookTiming(`${dir}/l/hook_times.jsonl`, { event: "x", host: null, action: "a" });
    assert.equal(Deno.readTextFileSync(profile), "[user]\n");
    // A linked folder on the way is a link too: the log is named by its real path only.
    Deno.mkdirSync(`${dir}/real`);
    Deno.writeTextFileSync(`${dir}/real/hook_times.jsonl`, "");
    Deno.symlinkSync(`${dir}/real`, `${dir}/via`);
    logHookTiming(`${dir}/via/hook_times.jsonl`, { event: "x", host: null, action: "a" });
    assert.equal(Deno.readTextFileSync(`${dir}/real/hook_times.jsonl`), "");
    logHookTiming(`${dir}/real/hook_times.jsonl`, { event: "x", host: null, action: "a" });
    assert.notEqual(Deno.readTextFileSync(`${dir}/real/hook_times.jsonl`), "", "control");
    // A hard link is another name of a file that is not the harness's log (an unpacked
    // archive can carry one): never appended to.
    Deno.mkdirSync(`${dir}/hard`);
    Deno.linkSync(profile, `${dir}/hard/hook_times.jsonl`);
    logHookTiming(`${dir}/hard/hook_times.jsonl`, { event: "x", host: null, action: "a" });
    assert.equal(Deno.readTextFileSync(profile), "[user]\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
