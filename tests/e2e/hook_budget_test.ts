/**
 * The capture hook's hard 2-second budget: with fact collection made to
 * block for good (the read of the git index never returns:
 * BATON_TEST_STALL_READ), `baton hook pre-compact` can only return because its budget ran out:
 * it exits 0, warns once, leaves the previous capsule intact with nothing
 * half-written beside it, and nothing of it keeps running or writing
 * afterwards. No assertion reads the clock: the stalled read, not the
 * machine's speed, decides the outcome. See: #4.
 */
import assert from "node:assert/strict";
import {
  BATON_PERMISSIONS,
  BATON_RUNTIME_FLAGS,
  HOOK_TIME_SCALE,
  MAIN,
  runBaton,
  testBatonHome,
} from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

/** The budgets as documented (the suite's other runs scale them up: tests/_helpers/cli.ts). */
const UNSCALED = { BATON_HOOK_TIME_SCALE: "1" };

async function snapshot(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(`${dir}/${rel}`)) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else {
        const st = await Deno.stat(`${dir}/${p}`);
        out.push(`${p} ${st.size} ${st.mtime?.getTime()}`);
      }
    }
  }
  await walk(".baton");
  return out.sort();
}

/** Processes (other than ours) whose working directory is `dir`. */
async function processesIn(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name) || Number(e.name) === Deno.pid) continue;
    try {
      if ((await Deno.readLink(`/proc/${e.name}/cwd`)) === dir) pids.push(Number(e.name));
    } catch {
      // gone, or not ours to inspect
    }
  }
  return pids;
}

/**
 * The environment of a hook whose reads of the git index never return (a controlled slow
 * input, not the machine's speed): commands/_adapters/stalled_fs.ts. A FIFO was that input
 * until every file a repository names had to be a regular file to be read.
 */
const STALLED_INDEX = { ...UNSCALED, BATON_TEST_STALL_READ: "/.git/index" };

Deno.test("hook pre-compact whose fact collection blocks for good ends on its budget, warns once, and leaves no half-written file and no live process", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"before"}' });
  assert.equal(fin.code, 0, fin.stderr);
  await writeFiles(dir, { "b.txt": "changed\n" });
  const before = await snapshot(dir);
  const latestBefore = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const payload = JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreCompact" });
  // Slow fact collection: the read of the git index never returns.
  const r = await runBaton(["hook", "pre-compact", "--host", "claude-code"], {
    cwd: dir,
    stdin: payload,
    env: STALLED_INDEX,
  });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
  assert.match(r.stderr, /the 2-second budget ran out; compaction goes ahead/);

  assert.deepEqual(await processesIn(dir), [], "nothing of the hook is still running");
  assert.deepEqual(await snapshot(dir), before, "nothing was written, half or whole");
  // Nothing of the hook runs any more (checked above), so nothing can be written later.
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), latestBefore);
  const v = await runBaton(["validate", ".baton/latest.md"], { cwd: dir });
  assert.equal(v.code, 0, "the previous capsule is intact");

  // Positive controls: with the index readable the same hook writes a capsule, and
  // the process scan does see a process working in the directory.
  const ok = await runBaton(["hook", "pre-compact", "--host", "claude-code", "--json"], {
    cwd: dir,
    stdin: payload,
  });
  assert.equal(JSON.parse(ok.stdout).action, "written");
  assert.notDeepEqual(await snapshot(dir), before);
  const sleeper = new Deno.Command("sleep", { args: ["5"], cwd: dir }).spawn();
  try {
    assert.deepEqual(await processesIn(dir), [sleeper.pid]);
  } finally {
    sleeper.kill("SIGKILL");
    await sleeper.status;
  }
});

Deno.test("hook reads a payload from a host that never closes stdin, after a short wait", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...BATON_RUNTIME_FLAGS,
      ...BATON_PERMISSIONS,
      MAIN,
      "hook",
      "pre-compact",
      "--host",
      "codex",
      "--json",
    ],
    cwd: dir,
    // Under the suite's scale, as every capture not testing its budget: the capture after the
    // stdin wait then has 40 s, not the 8 s scale 4 gave it on a loaded machine.
    env: { BATON_HOME: testBatonHome(), BATON_HOOK_TIME_SCALE: HOOK_TIME_SCALE },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify({ session_id: "s", cwd: dir })));
  // stdin stays open until the process exits: the hook ends its wait by itself.
  const out = await child.output();
  assert.equal(out.code, 0);
  assert.equal(JSON.parse(new TextDecoder().decode(out.stdout)).action, "written");
  await w.close().catch(() => {});
});

Deno.test("hook session-start whose briefing job blocks for good still tells the model a capsule is on record and how to read it, and records no injection", async () => {
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"NOWMARK parser half done"}',
    });
    assert.equal(fin.code, 0, fin.stderr);
    const payload = JSON.stringify({
      session_id: "s",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    // The job reads the git index for its re-checks: that read never returns.
    const r = await runBaton(["hook", "session-start", "--host", "claude-code"], {
      cwd: dir,
      stdin: payload,
      env: STALLED_INDEX,
    });
    assert.equal(r.code, 0);
    assert.match(r.stderr, /briefing not injected: it was not ready within 5 seconds/);
    const told = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(told, /a handoff capsule is on record for this project/);
    assert.match(told, /not ready within 5 seconds/);
    assert.match(told, / load` before you continue/);
    assert.doesNotMatch(told, /NOWMARK/, "nothing of the unread capsule is shown");

    // Control: with the index readable the next session start injects the briefing itself
    // (the fallback recorded no injection, so it is not taken as already shown).
    const ok = await runBaton(["hook", "session-start", "--host", "claude-code"], {
      cwd: dir,
      stdin: payload,
    });
    assert.equal(ok.code, 0, ok.stderr);
    const briefing = JSON.parse(ok.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(briefing, /NOWMARK parser half done/);
    assert.doesNotMatch(briefing, /is not shown here/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
