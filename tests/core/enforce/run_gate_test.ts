/**
 * runGate's escape hatch (core/enforce/run_gate.ts) with a real file system and no store: an
 * ordinary shell call never loads the words baton answers to (the launcher lookup), while a call
 * shaped like the printed resume does, and passes. Its budgets, handed in: a call not judged in
 * time is judged again as a change over a real store. The whole gate is driven through the real CLI
 * in tests/e2e/enforce_lifecycle_test.ts.
 */
import assert from "node:assert/strict";
import { type GateEnv, runGate } from "../../../core/enforce/run_gate.ts";
import { runBaton } from "../../_helpers/cli.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";

function gateFor(cwd: string, command: string) {
  const out: string[] = [];
  let wordLookups = 0;
  const payload = JSON.stringify({
    session_id: "s-one",
    tool_name: "Bash",
    tool_input: { command },
    cwd,
  });
  const env: GateEnv = {
    fs: new TestFs(),
    now: () => new Date(0),
    lock: () => ({ token: "t", pid: 1, host: "h", now: () => 0, sleep: () => Promise.resolve() }),
    manifestKey: () => Promise.resolve(null),
    env: () => undefined,
    cwd: () => cwd,
    readPayload: () =>
      Promise.resolve({ bytes: new TextEncoder().encode(payload), timedOut: false }),
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    acceptedBatonWords: () => {
      wordLookups++;
      return Promise.resolve(["baton"]);
    },
    printableBatonWords: () => Promise.resolve(["baton"]),
    afterHandoff: () => Promise.resolve({}),
    host: "claude-code",
    budget: () => ({ expired: new Promise<"timeout">(() => {}), cancel: () => {} }),
  };
  return { env, out, lookups: () => wordLookups };
}

Deno.test("an ordinary shell call never looks up baton's words; a resume-shaped one does and passes", async () => {
  await using dir = await tempDir("baton-gate-words-");
  {
    const plain = gateFor(dir.path, "ls -la");
    await runGate(plain.env);
    assert.equal(plain.lookups(), 0, "no launcher lookup for a call the hatch cannot match");
    assert.deepEqual(plain.out, [], "no store: allowed, silently");

    const resume = gateFor(
      dir.path,
      "baton handoff resume --session s-one --deny-session s-two --write",
    );
    await runGate(resume.env);
    assert.equal(resume.lookups(), 1, "control: the printed resume is checked against the words");
    assert.deepEqual(resume.out, []);
  }
});

/**
 * The gate over a real repository whose store holds this machine's opt-in and session A's open
 * deny (written by the real CLI), with the budgets handed in: each call to `budget` takes the
 * next of `budgets`, "due" one already run out, "never" one that never does. No clock is read.
 */
async function gateOverDeny(
  dir: string,
  call: { tool: string; input: unknown },
  budgets: ("due" | "never")[],
  tooLarge = false,
) {
  const out: string[] = [];
  const err: string[] = [];
  const payload = JSON.stringify({
    session_id: "A",
    cwd: dir,
    tool_name: call.tool,
    tool_input: call.input,
  });
  let next = 0;
  const left: Promise<unknown>[] = [];
  const env: GateEnv = {
    fs: new TestFs(),
    now: () => new Date(),
    lock: () => ({ token: "t", pid: 1, host: "h", now: () => 0, sleep: () => Promise.resolve() }),
    manifestKey: () => Promise.resolve(null),
    env: () => undefined,
    cwd: () => dir,
    readPayload: () =>
      Promise.resolve(
        tooLarge ? "too_large" : { bytes: new TextEncoder().encode(payload), timedOut: false },
      ),
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    acceptedBatonWords: () => Promise.resolve(["baton"]),
    printableBatonWords: () => Promise.resolve(["baton"]),
    afterHandoff: () => Promise.resolve({}),
    host: "claude-code",
    budget: () => ({
      expired: budgets[next++] === "due"
        ? Promise.resolve("timeout" as const)
        : new Promise<"timeout">(() => {}),
      cancel: () => {},
    }),
    abandoned: (work) => left.push(work),
  };
  await runGate(env);
  // A judgement the budget left behind still runs (it may write into the store): it ends
  // before the test goes on or removes the repository.
  await Promise.all(left);
  return { out: out.join(""), err: err.join("") };
}

async function withDeny(deny: boolean, body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeRepo("baton-gate-late-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
    const f = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"work"}' });
    assert.equal(f.code, 0, f.stderr);
    if (deny) {
      const w = await runBaton(["handoff", "write", "--session", "A", "--write"], { cwd: dir });
      assert.equal(w.code, 0, w.stderr);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const TOUCH = { tool: "Bash", input: { command: "touch x" } };

Deno.test("a call the gate does not judge in time is judged as a change, and denied under an open deny", async () => {
  await withDeny(true, async (dir) => {
    // Control: judged in time, the denier's change is denied (the store is set up).
    const judged = await gateOverDeny(dir, TOUCH, ["never"]);
    assert.match(judged.out, /"permissionDecision":"deny"/);
    // The budget runs out (a command built to cost the classifier seconds; a loaded machine):
    // it was allowed, so an open deny fell open.
    const late = await gateOverDeny(dir, TOUCH, ["due", "never"]);
    assert.match(late.out, /"permissionDecision":"deny"/, late.err);
    assert.match(late.err, /did not finish in time; judged as a change, and denied/);
    // So is an edit.
    const edit = await gateOverDeny(
      dir,
      { tool: "Write", input: { file_path: `${dir}/b.txt`, content: "b" } },
      ["due", "never"],
    );
    assert.match(edit.out, /"permissionDecision":"deny"/);
    // A read passes a deny anyway, late or not.
    const read = await gateOverDeny(dir, { tool: "Read", input: { file_path: `${dir}/a.txt` } }, [
      "due",
      "never",
    ]);
    assert.equal(read.out, "");
    // When the second judgement runs out of time too, nothing is left to decide with: allowed.
    const twice = await gateOverDeny(dir, TOUCH, ["due", "due"]);
    assert.equal(twice.out, "");
    assert.match(twice.err, /did not finish in time; allowed/);
  });
});

Deno.test("a call not judged in time where no deny is on record is allowed", async () => {
  await withDeny(false, async (dir) => {
    const late = await gateOverDeny(dir, TOUCH, ["due", "never"]);
    assert.equal(late.out, "");
    assert.match(late.err, /did not finish in time; allowed/);
  });
});

Deno.test("a payload too large to read is refused while a resumed deny still blocks its denier", async () => {
  await withDeny(true, async (dir) => {
    const open = await gateOverDeny(dir, TOUCH, ["never"], true);
    assert.match(open.out, /larger than the gate reads/, "control: an open deny refuses it");
    const r = await runBaton(
      ["handoff", "resume", "--session", "B", "--deny-session", "A", "--write"],
      { cwd: dir },
    );
    assert.equal(r.code, 0, r.stderr);
    // Control: the denier's own call is still denied (D2) once it is read.
    assert.match((await gateOverDeny(dir, TOUCH, ["never"])).out, /may not change files/);
    // Its call too large to read cannot be told from another's: refused, not allowed.
    const big = await gateOverDeny(dir, TOUCH, ["never"], true);
    assert.match(big.out, /larger than the gate reads/, big.err);
  });
  await withDeny(false, async (dir) => {
    const big = await gateOverDeny(dir, TOUCH, ["never"], true);
    assert.equal(big.out, "", "no deny on record: allowed");
    assert.match(big.err, /too large; allowed/);
  });
});

Deno.test("the escape hatch is a shell call's: an edit carrying the printed resume as a command field is still denied", async () => {
  await withDeny(true, async (dir) => {
    const resume = "baton handoff resume --session A --deny-session Z --write";
    // Control: the printed resume, as a shell command, passes the open deny.
    const shell = await gateOverDeny(dir, { tool: "Bash", input: { command: resume } }, ["never"]);
    assert.equal(shell.out, "", shell.err);
    const write = { file_path: `${dir}/a.txt`, content: "changed\n" };
    assert.match((await gateOverDeny(dir, { tool: "Write", input: write }, ["never"])).out, /deny/);
    // The same edit with the resume beside it: it was let through as the resume.
    const smuggled = await gateOverDeny(dir, {
      tool: "Write",
      input: { ...write, command: resume },
    }, ["never"]);
    assert.match(smuggled.out, /"permissionDecision":"deny"/);
    // And a shell-input tool types its `input`, not the `command` beside it.
    const typed = await gateOverDeny(dir, {
      tool: "write_bash",
      input: { input: "touch x", command: resume },
    }, ["never"]);
    assert.match(typed.out, /"permissionDecision":"deny"/);
  });
});

/**
 * The budgets the gate asks for, over a real repository with no store, under
 * BATON_HOOK_TIME_SCALE=`value`: the payload's wait and the judgement's.
 */
async function budgetsAsked(dir: string, cwd: string, value: string) {
  const asked: { payload: number[]; budget: number[] } = { payload: [], budget: [] };
  const err: string[] = [];
  const payload = JSON.stringify({
    session_id: "A",
    cwd,
    tool_name: "Bash",
    tool_input: { command: "touch x" },
  });
  const env: GateEnv = {
    fs: new TestFs(),
    now: () => new Date(0),
    lock: () => ({ token: "t", pid: 1, host: "h", now: () => 0, sleep: () => Promise.resolve() }),
    manifestKey: () => Promise.resolve(null),
    env: (n) => n === "BATON_HOOK_TIME_SCALE" ? value : undefined,
    cwd: () => dir,
    readPayload: (_max, timeoutMs) => {
      asked.payload.push(timeoutMs);
      return Promise.resolve({ bytes: new TextEncoder().encode(payload), timedOut: false });
    },
    stdout: () => {},
    stderr: (text) => err.push(text),
    acceptedBatonWords: () => Promise.resolve(["baton"]),
    printableBatonWords: () => Promise.resolve(["baton"]),
    afterHandoff: () => Promise.resolve({}),
    host: "claude-code",
    budget: (ms) => {
      asked.budget.push(ms);
      return { expired: new Promise<"timeout">(() => {}), cancel: () => {} };
    },
  };
  await runGate(env);
  return { ...asked, err: err.join("") };
}

Deno.test("BATON_HOOK_TIME_SCALE a repository's host file names is read as unset by the gate: the host would kill it before it judges a slow call", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-gate-scale-"));
  try {
    await Deno.mkdir(`${dir}/sub`);
    // Control: the person's own scale stretches both budgets (nothing names it).
    const mine = await budgetsAsked(dir, dir, "30");
    assert.deepEqual([mine.payload, mine.budget], [[15000], [45000]]);
    assert.equal(mine.err, "");
    // A committed .claude/settings.json sets it (Claude Code hands it to the hook): the gate
    // keeps the budgets it documents (1.5 s, within the 5 s install gives the host), and says why.
    await writeFiles(dir, {
      ".claude/settings.json": JSON.stringify({ env: { BATON_HOOK_TIME_SCALE: "30" } }),
    });
    const theirs = await budgetsAsked(dir, dir, "30");
    assert.deepEqual([theirs.payload, theirs.budget], [[500], [1500]]);
    assert.match(theirs.err, /BATON_HOOK_TIME_SCALE ignored: \.claude\/settings\.json/);
    assert.ok(!theirs.err.includes("30"), "the value is never echoed");
    // The process started elsewhere, the call's folder in the repository: the payload's wait was
    // the person's to stretch, the judgement is not.
    await using outside = await tempDir("baton-gate-scale-out-");
    const moved = await budgetsAsked(outside.path, `${dir}/sub`, "30");
    assert.deepEqual([moved.payload, moved.budget], [[15000], [1500]]);
    // A .env in the folder the host starts in (Gemini CLI, Qwen Code, a Bun-built host) too.
    await Deno.remove(`${dir}/.claude`, { recursive: true });
    await writeFiles(dir, { "sub/.env": "BATON_HOOK_TIME_SCALE=30\n" });
    const dotenv = await budgetsAsked(dir, `${dir}/sub`, "30");
    assert.deepEqual(dotenv.budget, [1500]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
