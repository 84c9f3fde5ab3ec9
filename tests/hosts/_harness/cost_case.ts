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
 * deny case shows it refusing). On a host whose install writes permission
 * entries a session then runs where every call no rule allows is refused
 * (Claude Code's `dontAsk` mode, Gemini CLI's headless default): the model
 * runs `baton load` through the launcher (allowed by the entries install
 * wrote, so the briefing comes back), the same behind a compound command
 * (`;`, `&&`, a command substitution: each would create a file, and none
 * may exist afterwards), and `baton doctor` through the same launcher (the
 * control: no entry names it, so it is refused). The
 * session with no tool call also gives the starts per user prompt (every
 * start but the session's start and end): at most one besides a turn-end
 * capture (stop, idle), which is counted apart. A host whose
 * pre-compact hook fires on every request (a record with `compression`:
 * Gemini CLI) last runs two prompts in one process (its ACP mode): the
 * first reply reports a fill, the user's settings put the compression
 * threshold just above it, and the second prompt's hook must write a
 * pre_compact capsule, with no pre-compact start in the session (and the
 * control: under the default threshold the same session writes none).
 * @module
 */
import { startFakeModel } from "../fake_model/server.ts";
import { HOST_RECORDS } from "../../../core/hosts/records.ts";
import type { CompressionRecord, HostRecord } from "../../../core/hosts/record.ts";
import { batonOk, install, listCapsules, writeMarkerCapsule } from "./baton.ts";
import { startAcpAgent } from "./acp.ts";
import type { Cell } from "./case.ts";
import type { HostDriver } from "./driver.ts";
import { runBounded } from "./process.ts";
import { batonTaskFlags } from "../../_helpers/task_flags.ts";
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
  /**
   * Starts in the one-prompt session with no tool call, its start and end (and a plugin's
   * once-per-load `baton bands`) not counted.
   */
  perPrompt: number;
  /** Of those, the starts of a capture hook that fires after every turn (stop, idle). */
  perPromptTurnCapture: number;
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
  /**
   * A host with `compression`: the second prompt near the threshold wrote a pre_compact capsule
   * from its prompt hook, with no pre-compact start (else n/a).
   */
  capturedNearCompression: Cell;
  /**
   * A host with permission entries: `baton load` ran without a prompt where unlisted calls are
   * refused; `baton doctor` and every compound command behind `baton load` were refused.
   */
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
      // The flags of the baton task, as a launcher install writes them.
      `exec ${q(`${CHECKOUT}/toolchain/node_modules/.bin/deno`)} run ${
        batonTaskFlags(`${CHECKOUT}/deno.json`)!.map(q).join(" ")
      } ${q(`--config=${CHECKOUT}/deno.json`)} ${q(`${CHECKOUT}/main.ts`)} "$@"`,
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

const SESSION_EVENT =
  /^(hook (session-start|session-end|SessionStart|SessionEnd|sessionStart|sessionEnd)|bands)\b/;
/** A capture after every turn (a stop or idle hook), counted per prompt but apart from the band. */
const TURN_CAPTURE_EVENT = /^hook (stop|Stop|AfterAgent|idle)\b/;

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
    perPrompt: 0,
    perPromptTurnCapture: 0,
    perToolHookStarts: 0,
    optedIn: { toolCalls: 0, perToolCall: null, preToolStarts: 0 },
    allowedWithoutPrompt: "n/a: no permission entries",
    capturedNearCompression: "n/a: its pre-compact hook fires only on compaction",
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
    result.perPrompt = none.lines.filter((l) => !SESSION_EVENT.test(l)).length;
    result.perPromptTurnCapture = none.lines.filter((l) => TURN_CAPTURE_EVENT.test(l)).length;
    // The band and every other per-prompt hook: at most one start; a turn-end capture (a host
    // whose capture hook is stop or idle) is shown apart, not hidden.
    if (result.perPrompt - result.perPromptTurnCapture > 1) {
      fail(
        `one prompt below warn started baton ${result.perPrompt} times: ${summarize(none.lines)}`,
      );
    }
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

    if (driver.refusingTurnArgs !== undefined) {
      await allowEntries(sb, result, {
        launcher: launcher.path,
        log: launcher.log,
        model,
        run: (prompt) => turn(prompt, driver.refusingTurnArgs!(sb, prompt)),
        fail,
      });
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
    const plugin = HOST_RECORDS.find((r) => r.id === driver.host)?.install.support ===
      "plugin";
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
    const compression = (HOST_RECORDS as readonly HostRecord[]).find((r) => r.id === driver.host)
      ?.compression;
    if (compression !== undefined) {
      if (driver.acpArgs === undefined) {
        throw new Error(`${driver.host} has no ACP mode`);
      }
      const acpArgs = driver.acpArgs;
      await nearCompression(sb, result, compression, {
        session: async (prompts) => {
          const before = (await startLines(launcher.log)).length;
          model.setScript(() => null);
          model.reportBigUsage(10, FAKE_INPUT_TOKENS);
          const agent = await startAcpAgent(driver.bin, acpArgs, {
            cwd: sb.repo,
            env: { ...sb.env, ...driver.env(sb, model) },
            timeoutMs: driver.turnTimeoutMs,
          });
          try {
            for (const p of prompts) await agent.prompt(p);
          } finally {
            await agent.close();
          }
          return (await startLines(launcher.log)).slice(before);
        },
        fail,
      });
    }
  } finally {
    await model.close();
    await sb.remove();
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return result;
}

/**
 * The capture before an automatic compression, in one process with two prompts: the user's
 * settings put the compression threshold where the first reply's fill ({@linkcode
 * FAKE_INPUT_TOKENS} of Gemini's 1,048,576) is 90% of it, so the second prompt is near and the
 * host itself does not compress yet; a manual capsule first makes sure no recent automatic one
 * holds the capture back. The prompt hook must have written a pre_compact capsule, and no
 * pre-compact hook may have started.
 */
async function nearCompression(
  sb: Sandbox,
  result: CostResult,
  compression: CompressionRecord,
  run: {
    session: (prompts: string[]) => Promise<string[]>;
    fail: (m: string) => void;
  },
): Promise<void> {
  // The control: the same two prompts under the host's default threshold capture nothing.
  await writeMarkerCapsule(sb);
  const controlBefore = (await listCapsules(sb)).length;
  const controlLines = await run.session(["Say OK.", "Say OK again."]);
  const controlAdded = (await listCapsules(sb)).slice(controlBefore);
  result.notes.push(
    `control, default threshold: [${summarize(controlLines)}], capsules added: ${
      controlAdded.map((c) => c.trigger).join(", ") || "none"
    }`,
  );
  if (controlAdded.some((c) => c.trigger === "pre_compact")) {
    run.fail(
      "far below the default compression threshold a pre_compact capsule was written",
    );
  }
  const threshold = Math.round((FAKE_INPUT_TOKENS / 1_048_576 / 0.9) * 10_000) /
    10_000;
  const user = compression.settingsFiles.find((f) => f.kind === "user");
  if (user === undefined) {
    throw new Error("the record names no user settings file");
  }
  const path = `${sb.home}/${user.path}`;
  const settings = JSON.parse(await Deno.readTextFile(path)) as Record<
    string,
    unknown
  >;
  let node = settings;
  for (const key of compression.setting.slice(0, -1)) {
    node = (node[key] ??= {}) as Record<string, unknown>;
  }
  node[compression.setting[compression.setting.length - 1]!] = threshold;
  await Deno.writeTextFile(path, JSON.stringify(settings));
  await writeMarkerCapsule(sb);
  const before = (await listCapsules(sb)).length;
  const lines = await run.session(["Say OK.", "Say OK again."]);
  const added = (await listCapsules(sb)).slice(before);
  const captured = added.some((c) => c.trigger === "pre_compact");
  const preCompact = lines.filter((l) => /^hook (pre-compact|PreCompress|PreCompact)\b/.test(l));
  result.capturedNearCompression = captured && preCompact.length === 0 ? "yes" : "no";
  result.notes.push(
    `near compression (threshold ${threshold}, two prompts in one process): ${lines.length} ` +
      `start(s) [${summarize(lines)}], capsules added: ${
        added.map((c) => c.trigger).join(", ") || "none"
      }`,
  );
  if (!captured) {
    run.fail(
      "near the compression threshold no pre_compact capsule was written",
    );
  }
  if (preCompact.length !== 0) {
    run.fail("the pre-compact hook started on an ordinary request");
  }
}

/** Compound commands (and a redirection) behind an allowed prefix, each creating its own file if it ran. */
const SMUGGLED = [
  (l: string) => `${l} load; touch smuggled1`,
  (l: string) => `${l} load && touch smuggled2`,
  (l: string) => `${l} load $(touch smuggled3)`,
  (l: string) => `${l} load | touch smuggled4`,
  // Not a second command, but a write of a file the entry never named.
  (l: string) => `${l} load > smuggled5`,
];

/**
 * The permission entries install wrote, in sessions where every call no rule allows is refused,
 * one command per session (a host may end the session at its first refusal: OpenCode's
 * `opencode run` does): `baton load` runs (its briefing comes back, and the counting launcher
 * logs a `load` start), every compound command behind it is refused (the file it would create is
 * absent; the earlier `touch cost1.txt` shows touch works there), and `baton doctor`, which no
 * entry names, is refused (the model called it, and the launcher logs no `doctor` start).
 */
async function allowEntries(
  sb: Sandbox,
  result: CostResult,
  run: {
    launcher: string;
    log: string;
    model: ReturnType<typeof startFakeModel>;
    run: (prompt: string) => Promise<void>;
    fail: (m: string) => void;
  },
): Promise<void> {
  const l = run.launcher;
  /** One session whose model calls `command` once: what came back, the starts, whether it called. */
  const session = async (command: string) => {
    run.model.setScript(({ results }) => results.length === 0 ? command : null);
    const seen = run.model.resultsSeen.length;
    const calls = run.model.calls.length;
    const before = (await startLines(run.log)).length;
    await run.run("Run the command you are given.");
    return {
      result: run.model.fullestResults(seen)[0] ?? "",
      starts: (await startLines(run.log)).slice(before),
      called: run.model.calls.length > calls,
    };
  };
  const load = await session(`${l} load`);
  const loaded = load.result.includes(sb.marker) &&
    load.starts.some((s) => /^load\b/.test(s));
  const ran: string[] = [];
  const uncalled: string[] = [];
  for (let i = 0; i < SMUGGLED.length; i++) {
    const smuggled = await session(SMUGGLED[i]!(l));
    if (!smuggled.called) uncalled.push(`smuggled${i + 1}`);
    const made = await Deno.stat(`${sb.repo}/smuggled${i + 1}`).then(
      () => true,
      () => false,
    );
    if (made) ran.push(`smuggled${i + 1}`);
  }
  const doctor = await session(`${l} doctor`);
  if (!doctor.called) uncalled.push("doctor");
  const refused = doctor.called &&
    !doctor.starts.some((s) => /^doctor\b/.test(s));
  result.allowedWithoutPrompt = loaded && refused && ran.length === 0 && uncalled.length === 0
    ? "yes"
    : "no";
  result.notes.push(
    `refusing mode: baton load ${loaded ? "returned the briefing" : "did not run"}; ` +
      `compound commands behind it ${
        ran.length === 0 ? "all refused" : `ran: ${ran.join(", ")}`
      }; ` +
      `baton doctor ${refused ? "was refused (no doctor start)" : "was not refused"}: ${
        JSON.stringify(doctor.result.slice(0, 120))
      }`,
  );
  if (uncalled.length > 0) {
    run.fail(`the model made no call for: ${uncalled.join(", ")}`);
  }
  if (!loaded) {
    run.fail(
      `baton load did not run: ${JSON.stringify(load.result.slice(0, 300))}`,
    );
  }
  if (ran.length > 0) {
    run.fail(`a compound command behind baton load ran: ${ran.join(", ")}`);
  }
  if (!refused) {
    run.fail(
      "baton doctor (no allow entry) was not refused: the launcher logged it",
    );
  }
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
