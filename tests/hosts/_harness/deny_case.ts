/**
 * One host, the mutation gate end to end: the repository opts in
 * (`baton enforce on --yes`), an earlier session hands its work off
 * (`baton handoff write`), and a new headless session of the real host
 * runs what a model following baton's messages would run: a read-only
 * `git status` (must pass), `touch` (must be refused, and the refusal must
 * come back to the model as the tool result), the recovery command copied
 * verbatim from that refusal (must pass the gate, run in the host's shell,
 * and consume the deny), and
 * `touch` again (must now run). First, as the control that shows the
 * checks can fail, the same host with `BATON_ENFORCE=off` in its
 * environment (the person's off switch) runs `touch` unrefused. The fake
 * model plays the model; the host, its hook runner and baton are real.
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import type { ScriptContext, ToolScript } from "../fake_model/tool_script.ts";
import { batonOk, install, writeMarkerCapsule } from "./baton.ts";
import type { Cell } from "./case.ts";
import type { HostDriver } from "./driver.ts";
import { killSandboxProcesses, runBounded } from "./process.ts";
import { HOST_BIN, makeSandbox } from "./sandbox.ts";

/** One host's row of the gate summary. */
export interface DenyResult {
  host: string;
  version: string;
  /** With BATON_ENFORCE=off in the host's environment the mutating call ran. */
  offSwitch: Cell;
  /** The read-only call ran (was not refused). */
  readOnlyPassed: Cell;
  /** The mutating call was refused and the model got baton's reason. */
  refusalReachedModel: Cell;
  /** The printed recovery command, run verbatim through the host, consumed the deny. */
  recoveryCleared: Cell;
  /** After recovery the same mutating call ran. */
  allowedAfter: Cell;
  failures: string[];
  notes: string[];
  seconds: number;
}

/** The file the scripted `touch` makes. */
const TOUCHED = "mutated.txt";
/** The file the control turn makes. */
const CONTROL = "control.txt";
/**
 * The recovery in a refusal. No `baton` is on the sandbox's PATH, so the
 * printed command starts with the invocation that runs this baton (here the
 * Deno runtime and main.ts), and must run as it stands.
 */
const RESUME_IN_REFUSAL =
  /Run exactly: (\/\S*(?: \S+)*? handoff resume --session [A-Za-z0-9._:-]+ --deny-session [A-Za-z0-9._:-]+ --write)/;

/** What the fake model runs, one shell call per tool result received. */
export const GATE_SCRIPT: ToolScript = (
  { results }: ScriptContext,
): string | null => {
  switch (results.length) {
    case 0:
      return "git status --short";
    case 1:
      return `touch ${TOUCHED}`;
    case 2:
      return RESUME_IN_REFUSAL.exec(results[1] ?? "")?.[1] ?? null;
    case 3:
      return `touch ${TOUCHED}`;
    default:
      return null;
  }
};

/** Whether `path` exists (a link counts). */
export async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

/** Runs the gate case for one host with a pre-tool event. */
export async function runDenyCase(
  driver: HostDriver,
  version: string,
): Promise<DenyResult> {
  const started = performance.now();
  const result: DenyResult = {
    host: driver.host,
    version,
    offSwitch: "no",
    readOnlyPassed: "no",
    refusalReachedModel: "no",
    recoveryCleared: "no",
    allowedAfter: "no",
    failures: [],
    notes: [],
    seconds: 0,
  };
  const fail = (m: string): void => {
    result.failures.push(m);
  };
  const toolTurn = driver.toolTurnArgs;
  if (toolTurn === undefined) {
    throw new Error(`${driver.host} has no tool-running turn`);
  }
  const model = startFakeModel({ lifetimeMs: 8 * 60_000 });
  const sb = await makeSandbox(driver.host);
  try {
    await writeMarkerCapsule(sb);
    await driver.prepare(sb, model);
    await install(sb, driver.host);
    await batonOk(sb, ["enforce", "on", "--yes"]);
    const predecessor = `e2e-predecessor-${crypto.randomUUID().slice(0, 8)}`;
    await batonOk(sb, [
      "handoff",
      "write",
      "--session",
      predecessor,
      "--host",
      driver.host,
      "--write",
    ]);
    const turn = async (prompt: string, extraEnv: Record<string, string>) => {
      const answered = model.textAnswers();
      const run = await runBounded(
        `${HOST_BIN}/${driver.bin}`,
        toolTurn(sb, prompt),
        {
          cwd: sb.repo,
          env: { ...sb.env, ...driver.env(sb, model), ...extraEnv },
          timeoutMs: driver.turnTimeoutMs,
          graceMs: 5000,
        },
      );
      if (run.code !== 0 || run.timedOut) {
        fail(
          `a turn exited ${run.code}${run.timedOut ? " (timed out)" : ""}: ${
            run.stderr.slice(-400)
          }`,
        );
      }
      // A host whose worker outlives its process: wait (at most a minute) for the
      // model's closing answer before reading what it was told.
      for (let i = 0; driver.turnOutlivesProcess === true && i < 300; i++) {
        if (model.textAnswers() > answered) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Nothing of this turn may serve the next one: Cline's hub daemon, started by
      // the control turn with BATON_ENFORCE=off, ran the gate turn's tools with it.
      await killSandboxProcesses(sb.home);
    };
    // The control: the off switch lets the same kind of call through.
    model.setScript(({ results }) => results.length === 0 ? `touch ${CONTROL}` : null);
    await turn("Create control.txt.", { BATON_ENFORCE: "off" });
    const controlResult = model.resultsSeen.at(-1)?.[0] ?? "";
    result.offSwitch = model.calls.length === 1 && await exists(`${sb.repo}/${CONTROL}`) &&
        !/handed this work off/.test(controlResult)
      ? "yes"
      : "no";
    if (result.offSwitch !== "yes") {
      fail(
        `with BATON_ENFORCE=off the host did not run touch: ${
          JSON.stringify(controlResult.slice(0, 200))
        }`,
      );
    }
    const controlCalls = model.calls.length;
    const controlSeen = model.resultsSeen.length;
    model.setScript(GATE_SCRIPT);
    await turn("Check the tree, then create mutated.txt.", {});
    const calls = model.calls.slice(controlCalls);
    result.notes.push(
      `${calls.length} scripted call(s) via ${calls[0]?.tool ?? "no shell tool"}: ${
        calls.map((c) => c.command.split(" ").slice(0, 3).join(" ")).join(" | ")
      }`,
    );
    // The fullest tool-result list any request carried: what the model was told, in order.
    const finalResults = model.fullestResults(controlSeen);
    const statusResult = finalResults[0] ?? "";
    const refusal = finalResults[1] ?? "";
    result.readOnlyPassed = calls.length >= 2 && !/handed (this|its) work off/.test(statusResult)
      ? "yes"
      : "no";
    if (result.readOnlyPassed !== "yes") {
      fail(
        `git status did not run cleanly: ${JSON.stringify(statusResult.slice(0, 200))}`,
      );
    }
    result.refusalReachedModel = /handed this work off/.test(refusal) &&
        RESUME_IN_REFUSAL.test(refusal)
      ? "yes"
      : "no";
    if (refusal !== "") {
      result.notes.push(
        `the model was told: ${JSON.stringify(refusal.slice(0, 240))}`,
      );
    }
    if (result.refusalReachedModel !== "yes") {
      fail(
        `the model never got baton's refusal of touch: ${JSON.stringify(refusal.slice(0, 300))}`,
      );
    }
    const status = JSON.parse(
      await batonOk(sb, ["handoff", "status", "--json"]),
    ) as {
      denies: { session: string; status: string; consumed_by: string | null }[];
    };
    const record = status.denies.find((d) => d.session === predecessor);
    result.recoveryCleared = calls.length >= 3 && record !== undefined &&
        record.status === "consumed" && record.consumed_by !== null
      ? "yes"
      : "no";
    if (result.recoveryCleared !== "yes") {
      fail(
        `the predecessor's deny was not consumed (${
          record?.status ?? "no record"
        }); the recovery's result: ${JSON.stringify((finalResults[2] ?? "").slice(0, 400))}`,
      );
    } else {result.notes.push(
        `deny consumed by host session ${record!.consumed_by}`,
      );}
    result.allowedAfter = calls.length >= 4 && await exists(`${sb.repo}/${TOUCHED}`) ? "yes" : "no";
    if (result.allowedAfter !== "yes") {
      fail(`${TOUCHED} was not created after recovery`);
    }
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}
