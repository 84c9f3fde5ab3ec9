/**
 * One host, what baton costs per tool call, counted and not timed: hooks are
 * installed through a launcher script (BATON_LAUNCHER, as `deno task
 * install` writes one) that appends one line per baton start to a log before
 * it starts baton, so every start counts, whatever it did or how it ended.
 * In a repository that never opted in to the gate, a headless session with no
 * tool call and one with {@linkcode TOOL_CALLS} shell calls are run; the
 * difference in starts, divided by the calls, is baton's processes per tool
 * call, all of them counted; the gate and the band must start none (no
 * pre-tool or post-tool start at all). Then the
 * repository opts in (`baton enforce on`, which updates the registration) and
 * the same session runs again: the gate now starts once per shell call (the
 * deny case shows it refusing). On Claude Code a last session runs in
 * `dontAsk` permission mode, which refuses every call no rule allows: the
 * model runs `baton load` through the launcher (allowed by the entries
 * install wrote, so the briefing comes back) and `baton doctor` through the
 * same launcher (the control: no entry names it, so it is refused).
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import { HOST_RECORDS } from "../../../core/hosts/records.ts";
import { batonOk, install, writeMarkerCapsule } from "./baton.ts";
import type { Cell } from "./case.ts";
import type { HostDriver } from "./driver.ts";
import { runBounded } from "./process.ts";
import { CHECKOUT, HOST_BIN, makeSandbox, type Sandbox } from "./sandbox.ts";

/** Input tokens the fake model reports for the replies of the last session (the band reads them back). */
const FAKE_INPUT_TOKENS = 20_000;
/** Hosts whose transcript records their token accounting (core/transcript/context_signals.ts). */
const TOKEN_HOSTS = new Set(["claude-code", "codex", "gemini", "copilot"]);
/** Where each host writes its transcript in the sandbox (a glob under HOME). */
const TRANSCRIPTS: Readonly<Record<string, string>> = {
  "claude-code": ".claude/projects/*/*.jsonl",
  codex: ".codex/sessions/*/*/*/rollout-*.jsonl",
  gemini: ".gemini/tmp/*/chats/*.jsonl",
  copilot: ".copilot/session-state/*/events.jsonl",
};

/** `baton bands --transcript` on the newest transcript the host wrote: its pct reading. */
async function tokenReading(
  sb: Sandbox,
  host: string,
): Promise<{ pct: number; source: string } | null> {
  const glob = TRANSCRIPTS[host];
  if (glob === undefined) return null;
  const found = await runBounded("sh", [
    "-c",
    `ls -t ${sb.home}/${glob} 2>/dev/null | head -1`,
  ], {
    cwd: sb.repo,
    env: sb.env,
    timeoutMs: 10_000,
  });
  const path = found.stdout.trim();
  if (path === "") return null;
  const out = JSON.parse(
    await batonOk(sb, [
      "bands",
      "--transcript",
      path,
      "--host",
      host,
      "--json",
    ]),
  ) as { readings: { signal: string; value: number; source: string }[] };
  const pct = out.readings.find((r) => r.signal === "pct");
  return pct === undefined ? null : { pct: pct.value, source: pct.source };
}

/** The shell calls of the counted session (none mutates anything baton watches). */
const TOOL_CALLS = ["git status --short", "touch cost1.txt", "ls"];

/** One host's row of the cost summary. */
export interface CostResult {
  host: string;
  version: string;
  /** Tool calls the model made in the counted session (not opted in). */
  toolCalls: number;
  /** baton starts in a session with no tool call, and in one with the tool calls. */
  startsNoTools: number;
  startsWithTools: number;
  /** (startsWithTools - startsNoTools) / toolCalls, not opted in. */
  perToolCall: number | null;
  /** Starts of a pre-tool or post-tool hook in the not-opted-in session. */
  perToolHookStarts: number;
  /** The same with the repository opted in: starts per tool call, and pre-tool starts. */
  optedIn: {
    toolCalls: number;
    perToolCall: number | null;
    preToolStarts: number;
  };
  /**
   * The band's context fill read from the transcript the real program wrote (after a reply whose
   * usage the fake model reported), or null when the host's transcript gives none.
   */
  tokenReading: { pct: number; source: string } | null;
  /** Claude Code only: `baton load` ran without a prompt in dontAsk mode; touch was refused. */
  allowedWithoutPrompt: Cell;
  failures: string[];
  notes: string[];
  seconds: number;
}

/** Writes the counting launcher and names it in the sandbox's BATON_LAUNCHER. */
async function countingLauncher(
  sb: Sandbox,
): Promise<{ path: string; log: string }> {
  const path = `${sb.root}/bin/baton`;
  const log = `${sb.root}/baton_starts.log`;
  await Deno.mkdir(`${sb.root}/bin`, { recursive: true });
  const q = (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`;
  await Deno.writeTextFile(
    path,
    [
      "#!/bin/sh",
      `printf '%s\\n' "$*" >> ${q(log)}`,
      `exec ${q(`${CHECKOUT}/toolchain/node_modules/.bin/deno`)} run --quiet --no-prompt ` +
      "--unstable-lazy-dynamic-imports --allow-read --allow-write --allow-env --allow-run " +
      `--allow-sys=hostname ${q(`--config=${CHECKOUT}/deno.json`)} ${
        q(`${CHECKOUT}/main.ts`)
      } "$@"`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  sb.env.BATON_LAUNCHER = path;
  return { path, log };
}

async function startLines(log: string): Promise<string[]> {
  const text = await Deno.readTextFile(log).catch(() => "");
  return text.split("\n").filter((l) => l !== "");
}

const PER_TOOL_EVENT =
  /^hook (pre-tool|post-tool|pre-tool-use|PreToolUse|PostToolUse|BeforeTool|AfterTool|preToolUse|postToolUse|beforeShellExecution)\b/;

/** Runs the cost case for one host with a pre-tool event. */
export async function runCostCase(
  driver: HostDriver,
  version: string,
): Promise<CostResult> {
  const started = performance.now();
  const result: CostResult = {
    host: driver.host,
    version,
    toolCalls: 0,
    startsNoTools: 0,
    startsWithTools: 0,
    perToolCall: null,
    perToolHookStarts: 0,
    optedIn: { toolCalls: 0, perToolCall: null, preToolStarts: 0 },
    allowedWithoutPrompt: "n/a: Claude Code only",
    tokenReading: null,
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
  const model = startFakeModel({ lifetimeMs: 10 * 60_000 });
  const sb = await makeSandbox(driver.host);
  try {
    const launcher = await countingLauncher(sb);
    await writeMarkerCapsule(sb);
    await driver.prepare(sb, model);
    await install(sb, driver.host);
    const turn = async (
      prompt: string,
      args: string[] = toolTurn(sb, prompt),
    ) => {
      const run = await runBounded(`${HOST_BIN}/${driver.bin}`, args, {
        cwd: sb.repo,
        env: { ...sb.env, ...driver.env(sb, model) },
        timeoutMs: driver.turnTimeoutMs,
        graceMs: 5000,
      });
      if (run.code !== 0 || run.timedOut) {
        fail(
          `a turn exited ${run.code}${run.timedOut ? " (timed out)" : ""}: ${
            run.stderr.slice(-300)
          }`,
        );
      }
    };
    /** Runs one session with `script` and returns the starts it made and its tool calls. */
    const counted = async (script: string[] | null, prompt: string) => {
      model.setScript(
        script === null ? () => null : ({ results }) => script[results.length] ?? null,
      );
      const before = (await startLines(launcher.log)).length;
      const callsBefore = model.calls.length;
      await turn(prompt);
      const lines = (await startLines(launcher.log)).slice(before);
      return { lines, calls: model.calls.length - callsBefore };
    };
    const perCall = (withTools: number, without: number, calls: number) =>
      calls === 0 ? null : Math.round(((withTools - without) / calls) * 100) / 100;

    const none = await counted(null, "Say OK.");
    const some = await counted(
      TOOL_CALLS,
      "Look at the tree and make cost1.txt.",
    );
    result.startsNoTools = none.lines.length;
    result.startsWithTools = some.lines.length;
    result.toolCalls = some.calls;
    result.perToolCall = perCall(
      some.lines.length,
      none.lines.length,
      some.calls,
    );
    result.perToolHookStarts = some.lines.filter((l) => PER_TOOL_EVENT.test(l)).length;
    result.notes.push(
      `not opted in: ${none.lines.length} start(s) with no tool call [${summarize(none.lines)}], ` +
        `${some.lines.length} with ${some.calls} [${summarize(some.lines)}]`,
    );
    if (some.calls !== TOOL_CALLS.length) {
      fail(`the model made ${some.calls} tool calls, not ${TOOL_CALLS.length}`);
    }
    if (none.lines.length === 0) {
      fail(
        "no baton start was counted at all: the launcher is not what the hooks run",
      );
    }
    // The gate and the band must start nothing per tool call; any other start per call (Gemini CLI
    // fires PreCompress before every model request) is counted and shown, not hidden.
    if (result.perToolHookStarts !== 0) {
      fail(
        `without opt-in a tool call started a gate or band hook: ${summarize(some.lines)}`,
      );
    }

    if (driver.host === "claude-code") {
      // The control is the same launcher with a command that has no allow entry (doctor).
      const script = [`${launcher.path} load`, `${launcher.path} doctor`];
      model.setScript(({ results }) => script[results.length] ?? null);
      const seen = model.resultsSeen.length;
      const prompt = "Load the briefing, then run the doctor.";
      await turn(prompt, [
        "-p",
        prompt,
        "--output-format",
        "json",
        "--permission-mode",
        "dontAsk",
      ]);
      const results = model.fullestResults(seen);
      const loaded = (results[0] ?? "").includes(sb.marker);
      const refused = /denied|permission/i.test(results[1] ?? "") &&
        !/repository|store|verdict/i.test(results[1] ?? "");
      result.allowedWithoutPrompt = loaded && refused ? "yes" : "no";
      result.notes.push(
        `dontAsk: baton load ${loaded ? "returned the briefing" : "did not run"}; baton doctor ${
          refused ? "was refused" : "was not refused"
        }: ${JSON.stringify((results[1] ?? "").slice(0, 120))}`,
      );
      if (!loaded) {
        fail(
          `in dontAsk mode baton load did not run: ${
            JSON.stringify((results[0] ?? "").slice(0, 300))
          }`,
        );
      }
      if (!refused) {
        fail(
          "in dontAsk mode baton doctor (no allow entry) was not refused: the check shows nothing",
        );
      }
    }
    // Opted in: the registration now carries the gate, which starts once per matched call.
    await batonOk(sb, ["enforce", "on", "--yes"]);
    const gated = await counted(
      TOOL_CALLS,
      "Look at the tree and make cost1.txt again.",
    );
    result.optedIn = {
      toolCalls: gated.calls,
      perToolCall: perCall(gated.lines.length, none.lines.length, gated.calls),
      preToolStarts: gated.lines.filter((l) => PER_TOOL_EVENT.test(l)).length,
    };
    result.notes.push(
      `opted in: ${gated.lines.length} start(s) with ${gated.calls} [${summarize(gated.lines)}]`,
    );
    // A plugin (OpenCode's, Kilo's, Cline's) asks the gate only where deny records exist (none
    // here): no start is right there, and any start is a cost the plugin should not pay.
    const plugin = HOST_RECORDS.find((r) => r.id === driver.host)?.install.support === "plugin";
    if (plugin && result.optedIn.preToolStarts !== 0) {
      fail("with opt-in and no deny records the plugin still started the gate");
    } else if (!plugin && result.optedIn.preToolStarts === 0) {
      fail("with opt-in the gate never started: it is not registered");
    }
    // Last (a host may compact on the reported usage: Codex's driver sets a tiny limit): the fill
    // the band reads back from the transcript the real program wrote.
    model.reportBigUsage(3, FAKE_INPUT_TOKENS);
    await counted(null, "Say OK once more.");
    result.tokenReading = await tokenReading(sb, driver.host);
    result.notes.push(
      result.tokenReading === null
        ? "no context fill read from the host's transcript"
        : `fill ${result.tokenReading.pct.toFixed(1)}% (${result.tokenReading.source})`,
    );
    if (result.tokenReading === null && TOKEN_HOSTS.has(driver.host)) {
      fail("the band read no token count from the transcript the host wrote");
    }
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}

/** `hook session-start x2, hook stop x1` from the launcher's lines (first three words). */
function summarize(lines: readonly string[]): string {
  const by = new Map<string, number>();
  for (const l of lines) {
    const key = l.split(" ").slice(0, 2).join(" ");
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by].map(([k, n]) => `${k} x${n}`).join(", ");
}
