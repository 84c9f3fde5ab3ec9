/**
 * The lifecycle on a real host, one session from warn to handoff to deny to
 * a successor's resume (issue 14's "done when"), with Claude Code: the
 * repository opts in, the session grows over headless turns (the fake model
 * answers at length, so the transcript passes the byte bands), the prompt
 * hook's advice reaches the model at warn and at handoff, the handoff arms
 * the deny, the session's next edit is refused while the finalize command
 * the advice printed still runs, and a fresh session is shown that capsule
 * and the resume command, runs it, and may edit; the session that handed
 * off stays denied. Every step is recorded (command, what the model was
 * told) for the summary and the closing note.
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import type { ScriptContext } from "../fake_model/tool_script.ts";
import { batonOk, install, listCapsules, writeMarkerCapsule } from "./baton.ts";
import type { HostDriver } from "./driver.ts";
import { runBounded } from "./process.ts";
import { CHECKOUT, HOST_BIN, makeSandbox } from "./sandbox.ts";
import { exists } from "./deny_case.ts";

/** One step of the walk, as the note shows it. */
export interface WalkStep {
  step: string;
  /** What happened, in a line (measured, not assumed). */
  saw: string;
  ok: boolean;
}

/** The walk's outcome. */
export interface WalkResult {
  host: string;
  version: string;
  steps: WalkStep[];
  failures: string[];
  seconds: number;
}

/**
 * Input tokens the fake model reports per reply from turn 2 and from turn 3:
 * Claude Code records them as the assistant lines' usage, which the band is
 * judged from (55% and 62.5% of a 200k window: warn at turn 3's prompt,
 * handoff at turn 4's).
 */
const WARN_TOKENS = 110_000;
const HANDOFF_TOKENS = 125_000;
const ADVISED_FINALIZE = /pipe the draft JSON into `(baton finalize --draft -)`/;
const RESUME_HINT =
  /run exactly: (\/\S*(?: \S+)*? handoff resume --session [A-Za-z0-9._:-]+ --deny-session [A-Za-z0-9._:-]+ --write)/;

/** Runs the walk on Claude Code. */
export async function runWalkthrough(
  driver: HostDriver,
  version: string,
): Promise<WalkResult> {
  const started = performance.now();
  const result: WalkResult = {
    host: driver.host,
    version,
    steps: [],
    failures: [],
    seconds: 0,
  };
  const record = (step: string, saw: string, ok: boolean) => {
    result.steps.push({ step, saw, ok });
    if (!ok) result.failures.push(`${step}: ${saw}`);
  };
  const model = startFakeModel({ lifetimeMs: 8 * 60_000 });
  const sb = await makeSandbox(driver.host);
  const mark = `WALKMARK${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  try {
    await writeMarkerCapsule(sb);
    await driver.prepare(sb, model);
    await install(sb, driver.host);
    await batonOk(sb, ["enforce", "on", "--yes"]);
    record(
      "baton enforce on --yes",
      "the opt-in recorded under .git/baton",
      true,
    );
    // The advice names `baton`, as a user's launcher (`deno task install`) provides it:
    // the sandbox gets a `baton` on PATH that runs this checkout.
    const bin = `${sb.root}/bin`;
    await Deno.mkdir(bin, { recursive: true });
    await Deno.writeTextFile(
      `${bin}/baton`,
      `#!/bin/sh\nexec ${CHECKOUT}/toolchain/node_modules/.bin/deno run --quiet --no-prompt --unstable-lazy-dynamic-imports --allow-read --allow-write --allow-env --allow-run --allow-sys=hostname --config=${CHECKOUT}/deno.json ${CHECKOUT}/main.ts "$@"\n`,
    );
    await Deno.chmod(`${bin}/baton`, 0o755);
    const hostEnv = { ...sb.env, ...driver.env(sb, model) };
    const env = {
      ...hostEnv,
      PATH: `${bin}:${hostEnv.PATH ?? "/usr/bin:/bin"}`,
    };
    const claude = async (prompt: string, extra: string[]) => {
      const before = model.requests.length;
      const run = await runBounded(
        `${HOST_BIN}/${driver.bin}`,
        [
          "-p",
          prompt,
          "--output-format",
          "json",
          "--allowedTools",
          "Bash",
          ...extra,
        ],
        { cwd: sb.repo, env, timeoutMs: driver.turnTimeoutMs, graceMs: 5000 },
      );
      if (run.code !== 0 || run.timedOut) {
        result.failures.push(
          `claude -p exited ${run.code}: ${run.stderr.slice(-300)}`,
        );
      }
      const bodies = model.requests.slice(before).map((r) => r.body).join("\n");
      let session: string | null = null;
      try {
        session = JSON.parse(run.stdout).session_id ?? null;
      } catch { /* reported by the checks below */ }
      return { bodies, session };
    };

    const t1 = await claude("Start on the parser.", []);
    const first = t1.session;
    record(
      "turn 1 (new session)",
      `session ${first}; no band advice: ${!/baton context band/.test(
        t1.bodies,
      )}`,
      first !== null && !/baton context band/.test(t1.bodies),
    );
    model.reportBigUsage(1_000, WARN_TOKENS);
    const t2 = await claude("Go on.", ["--continue"]);
    record(
      "turn 2 (--continue)",
      `band advice in the request: ${/baton context band/.test(t2.bodies)}`,
      !/baton context band/.test(t2.bodies),
    );
    model.reportBigUsage(1_000, HANDOFF_TOKENS);
    const t3 = await claude("Go on.", ["--continue"]);
    const warned = /baton context band: warn: [^.]*\./.exec(t3.bodies)?.[0] ??
      null;
    record(
      "turn 3 (--continue)",
      `the model was told: ${warned}`,
      warned !== null,
    );

    // Turn 4: handoff. The session tries an edit, is refused, then writes its capsule
    // with the finalize command the advice printed.
    model.setScript(({ results, body }: ScriptContext) => {
      if (results.length === 0) return "touch step4.txt";
      if (results.length === 1) {
        const advised = ADVISED_FINALIZE.exec(body)?.[1];
        if (advised === undefined) return null;
        const draft = JSON.stringify({
          now: `Parser half done; handed off at the band (${mark})`,
          next_action: "finish the lexer",
        });
        return `${advised} <<'EOF'\n${draft}\nEOF`;
      }
      return null;
    });
    const capsulesBefore = (await listCapsules(sb)).length;
    const callsBefore = model.calls.length;
    const t4 = await claude("Go on with the lexer.", ["--continue"]);
    const handoff = /baton context band: handoff: [^.]*\./.exec(t4.bodies)?.[0] ?? null;
    record(
      "turn 4 (--continue): the prompt hook",
      `the model was told: ${handoff} … ${
        /enforces handoffs \(baton enforce on\)/.test(t4.bodies)
          ? "changes are denied from now on"
          : "(no deny notice)"
      }`,
      handoff !== null &&
        /enforces handoffs \(baton enforce on\)/.test(t4.bodies),
    );
    const t4Seen = model.fullestResults();
    const refusal = t4Seen[0] ?? "";
    record(
      "turn 4: the model runs touch step4.txt",
      `refused: ${JSON.stringify(refusal.slice(0, 160))}; step4.txt exists: ${await exists(
        `${sb.repo}/step4.txt`,
      )}`,
      /may not change files any more \(D1\)/.test(refusal) &&
        !await exists(`${sb.repo}/step4.txt`),
    );
    const finalizeCall = model.calls.slice(callsBefore)[1];
    const wrote = /Wrote capsule (sha256:[0-9a-f]{64})/.exec(t4Seen[1] ?? "")?.[1] ?? null;
    const written = wrote === null
      ? null
      : (JSON.parse(await batonOk(sb, ["show", wrote, "--json"])) as {
        capsule: { meaning: { now: string } };
      }).capsule.meaning.now;
    record(
      "turn 4: the model runs the advised `… finalize --draft - <<'EOF' …`",
      `passed the gate: ${JSON.stringify((t4Seen[1] ?? "").slice(0, 90))}; its now: ${
        JSON.stringify(written)
      } (${(await listCapsules(sb)).length - capsulesBefore} capsule(s) new in the turn)`,
      finalizeCall !== undefined && written !== null && written.includes(mark),
    );
    const status1 = JSON.parse(
      await batonOk(sb, ["handoff", "status", "--json"]),
    ) as {
      denies: { session: string; status: string; consumed_by: string | null }[];
    };
    const own = status1.denies.find((d) => d.session === first);
    record(
      "baton handoff status --json",
      `deny for ${first}: ${own?.status ?? "none"} (armed by the band hook)`,
      own?.status === "open",
    );

    // Turn 5: a successor session.
    model.setScript(({ results, body }: ScriptContext) => {
      if (results.length === 0) return RESUME_HINT.exec(body)?.[1] ?? null;
      if (results.length === 1) return "touch step5.txt";
      return null;
    });
    const seenBefore = model.resultsSeen.length;
    const callsBefore5 = model.calls.length;
    const t5 = await claude("Continue the work.", []);
    const successor = t5.session;
    const hint = RESUME_HINT.exec(t5.bodies)?.[1] ?? null;
    record(
      "turn 5 (a new session): session start",
      `the briefing carries the handed-off capsule: ${t5.bodies.includes(mark)}; resume shown: ${
        hint === null ? "no" : `… ${hint.slice(hint.indexOf(" handoff resume"))}`
      }`,
      t5.bodies.includes(mark) && hint !== null,
    );
    const t5Seen = model.fullestResults(seenBefore);
    const status2 = JSON.parse(
      await batonOk(sb, ["handoff", "status", "--json"]),
    ) as typeof status1;
    const consumed = status2.denies.find((d) => d.session === first);
    record(
      "turn 5: the model runs the resume command verbatim",
      `deny ${consumed?.status ?? "none"} by ${consumed?.consumed_by ?? "nobody"}; output: ${
        JSON.stringify((t5Seen[0] ?? "").slice(0, 120))
      }`,
      model.calls.length - callsBefore5 >= 1 &&
        consumed?.status === "consumed" &&
        consumed.consumed_by === successor,
    );
    record(
      "turn 5: the model runs touch step5.txt",
      `step5.txt exists: ${await exists(`${sb.repo}/step5.txt`)}`,
      await exists(`${sb.repo}/step5.txt`),
    );

    // Turn 6: the session that handed off comes back; it stays denied (D2). The resumed
    // conversation carries turn 4's two tool results, so the script counts from there.
    const base = t4Seen.length;
    model.setScript(({ results }: ScriptContext) =>
      results.length === base ? "touch step6.txt" : null
    );
    const seenBefore6 = model.resultsSeen.length;
    if (first !== null) await claude("One more thing.", ["--resume", first]);
    const t6 = model.fullestResults(seenBefore6)[base] ?? "";
    record(
      "turn 6 (--resume the first session): touch step6.txt",
      `refused: ${JSON.stringify(t6.slice(0, 120))}; step6.txt exists: ${await exists(
        `${sb.repo}/step6.txt`,
      )}`,
      /\(D2\)/.test(t6) && !await exists(`${sb.repo}/step6.txt`),
    );
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}
