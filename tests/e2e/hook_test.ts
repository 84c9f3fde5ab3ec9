/**
 * `baton hook` as hosts run it: a subprocess fed each host's payload (shaped
 * like the hosts' documented samples) in a real repository. See: #4.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { payloadSamples } from "../_helpers/hook_payloads.ts";
import { parseCapsule } from "../../core/capsule/parse.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { tempDir } from "../_helpers/temp.ts";

/** The current capsule, read in-process (strict parse, id checked). */
async function latest(dir: string): Promise<Capsule> {
  return (await parseCapsule(await Deno.readTextFile(`${dir}/.baton/latest.md`))).capsule;
}

async function repoWithCapsule(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "src/a.ts": "export const a = 1;\n" });
  await commitAll(dir, "init");
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "tokenizer half done", next_action: "split the lexer" }),
  });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

async function archived(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(`${dir}/.baton/capsules`)) names.push(e.name);
  } catch {
    return [];
  }
  return names.sort();
}

Deno.test("hook session-start gives every host the briefing in its own injection format, within 10,000 characters", async () => {
  const dir = await repoWithCapsule();
  for (const s of payloadSamples(dir).filter((p) => p.event === "session-start")) {
    const hostArgs = s.host === "opencode" ? ["--host", "opencode"] : [];
    const r = await runBaton(["hook", "session-start", ...hostArgs], {
      cwd: "/",
      stdin: JSON.stringify(s.payload),
    });
    assert.equal(r.code, 0, `${s.host}: ${r.stderr}`);
    assert.equal(r.stderr, "", s.host);
    let text: string;
    if (s.host === "opencode") {
      text = r.stdout;
    } else {
      const out = JSON.parse(r.stdout);
      if (s.host === "cursor") {
        assert.deepEqual(Object.keys(out), ["additional_context"]);
        text = out.additional_context;
      } else {
        const keys = s.host === "copilot"
          ? ["additionalContext", "hookSpecificOutput"]
          : ["hookSpecificOutput"];
        assert.deepEqual(Object.keys(out), keys, s.host);
        if (s.host === "copilot") {
          assert.equal(out.additionalContext, out.hookSpecificOutput.additionalContext);
        }
        assert.equal(out.hookSpecificOutput.hookEventName, "SessionStart");
        text = out.hookSpecificOutput.additionalContext;
      }
    }
    assert.match(text, /^## baton briefing\n/, s.host);
    assert.match(text, /tokenizer half done/, s.host);
    assert.ok(text.length <= 10_000, `${s.host}: ${text.length} characters`);
  }
});

Deno.test("hook pre-compact and session-end write an automatic capsule for every host and print only what the host expects", async () => {
  const dir = await repoWithCapsule();
  // Gemini's automatic PreCompress is a turn hook (rate-limited): its own test below.
  const captures = payloadSamples(dir).filter((p) =>
    (p.event === "pre-compact" && p.host !== "gemini") || p.event === "session-end"
  );
  let n = 0;
  for (const s of captures) {
    // A change on disk each time, so every hook has new facts to record.
    await writeFiles(dir, { [`work/${n++}.txt`]: `step ${n}\n` });
    const payload = { ...s.payload, x_future_field: { nested: [1, "two", null] } };
    const hostArgs = s.host === "opencode" ? ["--host", "opencode"] : [];
    const r = await runBaton(["hook", s.event, ...hostArgs], {
      cwd: "/",
      stdin: JSON.stringify(payload),
    });
    assert.equal(r.code, 0, `${s.host} ${s.event}: ${r.stderr}`);
    assert.equal(r.stderr, "", `${s.host} ${s.event}`);
    assert.equal(r.stdout, "", `${s.host} ${s.event}`);
    const c = await latest(dir);
    assert.equal(c.trigger, s.event === "pre-compact" ? "pre_compact" : "session_end");
    assert.equal(c.origin.host, s.host, `${s.host} ${s.event}: host detected from the payload`);
    assert.equal(c.meaning.now, "tokenizer half done", "the meaning was carried forward");
    assert.notEqual(c.carried_from, null);
    assert.equal(c.facts.untracked_count, n);
  }
  assert.equal((await archived(dir)).length, captures.length + 1);
  const load = await runBaton(["load"], { cwd: dir });
  assert.match(
    load.stdout,
    /Its meaning was carried forward from capsule [0-9a-f]{12} \(written [^)]*less than a day old\)/,
  );
});

Deno.test("a capture hook stamps the payload's session id into the signed capsule only in a session id's shape", async () => {
  const dir = await repoWithCapsule();
  try {
    const end = async (sessionId: string) => {
      await writeFiles(dir, { [`work/${crypto.randomUUID()}.txt`]: "x\n" });
      const r = await runBaton(["hook", "session-end", "--host", "claude-code"], {
        cwd: dir,
        stdin: JSON.stringify({
          hook_event_name: "SessionEnd",
          session_id: sessionId,
          cwd: dir,
          transcript_path: null,
        }),
      });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stderr.includes(sessionId), "the payload is never echoed");
      return (await latest(dir)).origin;
    };
    // A payload's words: a bidi override, a bracketed label, a bell, a line break.
    const odd = await end("x\u202e [verified] y\u0007\nz");
    assert.deepEqual([odd.host, odd.session], ["claude-code", null]);
    // Control: a host's session id (a UUID) is stamped.
    const id = "0b6c1a52-6f0e-4f7c-9a55-1f3c2d4e5a6b";
    assert.equal((await end(id)).session, id);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook stop answers {} to every JSON host (nothing to OpenCode's plugin), writes a capsule after a manual one, and at most one per 5 minutes", async () => {
  const dir = await repoWithCapsule();
  await writeFiles(dir, { "work/1.txt": "x\n" });
  const stops = payloadSamples(dir).filter((p) => p.event === "stop");
  const first = await runBaton(["hook", "stop"], {
    cwd: "/",
    stdin: JSON.stringify(stops[0]!.payload),
  });
  assert.deepEqual([first.code, first.stdout, first.stderr], [0, "{}\n", ""]);
  const c = await latest(dir);
  assert.deepEqual([c.trigger, c.origin.host, c.meaning.now], [
    "turn_end",
    stops[0]!.host,
    "tokenizer half done",
  ]);
  await writeFiles(dir, { "work/2.txt": "y\n" });
  for (const s of stops) {
    const hostArgs = s.host === "opencode" ? ["--host", "opencode"] : [];
    const r = await runBaton(["hook", "stop", "--json", ...hostArgs], {
      cwd: "/",
      stdin: JSON.stringify(s.payload),
    });
    const report = JSON.parse(r.stdout);
    assert.equal(report.action, "recent", `${s.host}: a stop soon after an automatic capsule`);
    assert.equal(report.output, s.host === "opencode" ? "" : "{}\n", s.host);
  }
  assert.equal((await archived(dir)).length, 2);
});

Deno.test("hook: Gemini's automatic PreCompress (fired before every model request) writes a rate-limited turn_end capsule, /compress a pre_compact one, and the session end is never lost", async () => {
  const dir = await repoWithCapsule();
  const sample = payloadSamples(dir).find((p) => p.host === "gemini" && p.event === "pre-compact")!;
  const hook = async (event: string, payload: Record<string, unknown>) => {
    const r = await runBaton(["hook", event, "--host", "gemini", "--json"], {
      cwd: dir,
      stdin: JSON.stringify(payload),
    });
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  await writeFiles(dir, { "work/1.txt": "x\n" });
  assert.equal((await hook("pre-compact", sample.payload)).action, "written");
  assert.equal((await latest(dir)).trigger, "turn_end", "not pre_compact: no compaction is known");
  const again = await hook("pre-compact", sample.payload);
  assert.equal(again.action, "recent", "the next turn within 5 minutes adds nothing");
  assert.equal(again.capsule_id, null, "decided from the header, without the capsule parse");
  const endPayload = { ...sample.payload, hook_event_name: "SessionEnd" };
  const end = await hook("session-end", endPayload);
  assert.equal(end.action, "written", "same facts as the turn capsule, still the session's end");
  assert.equal((await latest(dir)).trigger, "session_end");
  const endAgain = await hook("session-end", endPayload);
  assert.equal(
    endAgain.action,
    "unchanged",
    "control: a second end with the same facts adds nothing",
  );
  await writeFiles(dir, { "work/2.txt": "y\n" });
  const manual = await hook("pre-compact", { ...sample.payload, trigger: "manual" });
  assert.equal(manual.action, "written", "/compress is a compaction: never rate-limited");
  assert.equal((await latest(dir)).trigger, "pre_compact");
  await writeFiles(dir, { "work/3.txt": "z\n" });
  assert.equal((await hook("pre-compact", sample.payload)).action, "recent");
});

Deno.test("hook capture writes nothing new when nothing changed since the latest capsule", async () => {
  const dir = await repoWithCapsule();
  const payload = JSON.stringify(payloadSamples(dir)[1]!.payload);
  await writeFiles(dir, { "new.txt": "x\n" });
  const first = await runBaton(["hook", "pre-compact", "--json"], { cwd: dir, stdin: payload });
  assert.equal(JSON.parse(first.stdout).action, "written", "positive control: new facts");
  const again = await runBaton(["hook", "session-end", "--json"], { cwd: dir, stdin: payload });
  assert.equal(JSON.parse(again.stdout).action, "unchanged");
  assert.equal((await archived(dir)).length, 2);
});

Deno.test("hook ignores unknown events, unknown hosts and malformed or truncated payloads: exit 0, empty stdout, one stderr line, payload never echoed", async () => {
  const dir = await makeRepo();
  const secret = "sk-live-Zq9SECRETvalue";
  const good = JSON.stringify({ session_id: secret, cwd: dir, hook_event_name: "PreCompact" });
  const cases: { args: string[]; stdin: string }[] = [
    { args: ["hook", "pre-compact"], stdin: good.slice(0, -8) },
    { args: ["hook", "pre-compact"], stdin: `[${JSON.stringify(secret)}]` },
    { args: ["hook", "pre-compact"], stdin: `{"session_id":"${secret}",,}` },
    { args: ["hook", "frobnicate"], stdin: good },
    { args: ["hook", "PreToolUse"], stdin: good },
    { args: ["hook"], stdin: good },
    { args: ["hook", "pre-compact", "--host", "vim"], stdin: good },
    { args: ["hook", "session-start"], stdin: "" },
  ];
  for (const c of cases) {
    const r = await runBaton(c.args, { cwd: dir, stdin: c.stdin });
    const label = `${c.args.join(" ")} <<< ${c.stdin.length} bytes`;
    assert.equal(r.code, 0, label);
    assert.equal(r.stdout, "", label);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, `${label}: ${r.stderr}`);
    assert.match(r.stderr, /^baton: hook /, label);
    assert.ok(!r.stderr.includes("SECRET"), `${label}: the payload is never echoed`);
  }
  assert.deepEqual(await archived(dir), [], "nothing was written");
  const ok = await runBaton(["hook", "pre-compact"], { cwd: dir, stdin: good });
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal((await archived(dir)).length, 1, "positive control: the complete payload writes");
});

Deno.test("hook notes a payload naming another event but runs the command line's event", async () => {
  const dir = await repoWithCapsule();
  await writeFiles(dir, { "new.txt": "x\n" });
  const r = await runBaton(["hook", "session-end", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreCompact" }),
  });
  assert.equal(r.code, 0);
  assert.match(r.stderr, /the payload names the pre-compact event; running session-end/);
  assert.equal(JSON.parse(r.stdout).action, "written");
});

Deno.test("hook capture outside a git repository leaves no .baton behind, unless a capsule already lives there", async () => {
  const dir = (await tempDir("baton-norepo-")).path;
  const payload = JSON.stringify({
    session_id: "s",
    transcript_path: "/t",
    cwd: dir,
    hook_event_name: "PreCompact",
  });
  const r = await runBaton(["hook", "pre-compact", "--json"], { cwd: "/", stdin: payload });
  assert.equal(JSON.parse(r.stdout).action, "not_a_repo");
  await assert.rejects(() => Deno.lstat(`${dir}/.baton`), Deno.errors.NotFound);
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"notes"}' });
  assert.equal(fin.code, 0, fin.stderr);
  const again = await runBaton(["hook", "pre-compact", "--json"], { cwd: "/", stdin: payload });
  assert.equal(
    JSON.parse(again.stdout).action,
    "unchanged",
    "positive control: it reads that capsule",
  );
});

Deno.test("hook session-start keeps a large briefing within each host's cap", async () => {
  const dir = await makeRepo();
  const long = (i: number) => `item ${i} ${"detail ".repeat(40)}`;
  const draft = {
    now: "x".repeat(3000),
    completed: Array.from({ length: 150 }, (_, i) => long(i)),
    next_steps: Array.from({ length: 150 }, (_, i) => long(i)),
  };
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify(draft),
  });
  assert.equal(fin.code, 0, fin.stderr);
  for (const [host, cap] of [["claude-code", 10_000], ["codex", 9_000]] as const) {
    const r = await runBaton(["hook", "session-start", "--host", host], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s",
        transcript_path: "/t",
        cwd: dir,
        hook_event_name: "SessionStart",
      }),
    });
    const text: string = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    assert.ok(text.length <= cap && text.length > cap * 0.8, `${host}: ${text.length} characters`);
    assert.match(text, /Left out to fit the budget/);
  }
});
