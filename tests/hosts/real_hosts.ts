/**
 * The real-host suite (`deno task test:hosts`): every host program pinned in
 * tests/hosts/package.json runs one headless turn against the fake model
 * with baton installed, and the checks of runHostCase hold. A host whose
 * package is not installed is skipped with one line; the last test prints
 * the summary table and writes it to tests/hosts/last_run.json (hook wall
 * times for the bench report).
 * @module
 */
import { type HostResult, hostVersion, runHostCase } from "./_harness/case.ts";
import type { HostDriver } from "./_harness/driver.ts";
import { CLAUDE_CODE } from "./drivers/claude_code.ts";
import { CODEX } from "./drivers/codex.ts";
import { COPILOT } from "./drivers/copilot.ts";
import { GEMINI } from "./drivers/gemini.ts";
import { OPENCODE } from "./drivers/opencode.ts";
import { QWEN_CODE } from "./drivers/qwen_code.ts";
import { PI } from "./drivers/pi.ts";
import { DROID } from "./drivers/droid.ts";
import { CONTINUE } from "./drivers/continue_cli.ts";
import { GROK } from "./drivers/grok_cli.ts";
import { type RulesDriver, runRulesCase } from "./_harness/rules_case.ts";
import { checkCursorSchema } from "./cursor_schema.ts";
import { ACCOUNT_HOSTS, checkAccountHost } from "./account_hosts.ts";
import { KILO_CODE } from "./drivers/kilo_code.ts";
import { CLINE } from "./drivers/cline.ts";
import { checkCrushSchema } from "./crush_schema.ts";
import { type DenyResult, runDenyCase } from "./_harness/deny_case.ts";
import { runWalkthrough, type WalkResult } from "./_harness/walkthrough_case.ts";
import { type HandoffResult, runHandoffCase } from "./_harness/handoff_case.ts";
import { type CostResult, runCostCase } from "./_harness/cost_case.ts";

const ALL: HostDriver[] = [
  CLAUDE_CODE,
  CODEX,
  GEMINI,
  OPENCODE,
  COPILOT,
  QWEN_CODE,
  PI,
  DROID,
  KILO_CODE,
  CLINE,
];
// BATON_HOSTS=codex,gemini runs only those (while working on one host).
const only = Deno.env.get("BATON_HOSTS")?.split(",").filter((h) => h !== "") ??
  [];
const DRIVERS: HostDriver[] = only.length === 0 ? ALL : ALL.filter((d) => only.includes(d.host));
const results: HostResult[] = [];
const gateResults: DenyResult[] = [];
const costResults: CostResult[] = [];
const walks: WalkResult[] = [];
const handoffs: HandoffResult[] = [];
// BATON_HOST_CASES=gate runs only the gate cases (main: the main cases; walk: the walkthrough;
// handoff: the cross-host handoffs; cost: baton starts per tool call).
const cases = Deno.env.get("BATON_HOST_CASES") ?? "main,gate,walk,handoff,cost";
const skipped: string[] = [];
const runnable = new Map<string, { driver: HostDriver; version: string }>();

/**
 * The version of a pinned host program that runs, or null. A program that is installed but does
 * not run is a failing test. A missing one is named in the summary; under CI, where .ci/run
 * installs every pin, it is a failing test too, so a pin that stopped installing cannot pass
 * as a skip.
 */
async function usableVersion(h: { host: string; bin: string }): Promise<string | null> {
  const version = await hostVersion(h);
  if (typeof version === "string") return version;
  if ("broken" in version) {
    const why = version.broken;
    Deno.test(`${h.host}: installed but cannot run`, () => {
      throw new Error(`${h.host}: the installed program does not run: ${why}`);
    });
    return null;
  }
  const line = `${h.host}: skipped: package not installed (${version.missing})`;
  skipped.push(line);
  if (Deno.env.get("CI") !== undefined) {
    Deno.test(`${h.host}: pinned but not installed`, () => {
      throw new Error(line);
    });
  }
  return null;
}

for (const driver of DRIVERS) {
  const version = await usableVersion(driver);
  if (version === null) continue;
  runnable.set(driver.host, { driver, version });
  Deno.test({
    name: `${driver.host} ${version}: install, headless turn, capture, compaction, uninstall`,
    ignore: !cases.includes("main"),
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await runHostCase(driver, version);
      results.push(r);
      if (r.failures.length > 0) {
        throw new Error(`${driver.host}:\n- ${r.failures.join("\n- ")}`);
      }
    },
  });
  if (driver.host === "claude-code") {
    Deno.test({
      name:
        `${driver.host} ${version}: one session from warn to handoff to deny to a successor's resume`,
      ignore: !cases.includes("walk"),
      sanitizeOps: false,
      sanitizeResources: false,
      async fn() {
        const r = await runWalkthrough(driver, version);
        walks.push(r);
        if (r.failures.length > 0) {
          throw new Error(
            `${driver.host} walkthrough:\n- ${r.failures.join("\n- ")}`,
          );
        }
      },
    });
  }
  if (driver.toolTurnArgs === undefined) continue;
  Deno.test({
    name:
      `${driver.host} ${version}: no baton start per tool call without opt-in, the gate's with it (counted by the launcher)`,
    ignore: !cases.includes("cost"),
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await runCostCase(driver, version);
      costResults.push(r);
      if (r.failures.length > 0) {
        throw new Error(`${driver.host} cost:\n- ${r.failures.join("\n- ")}`);
      }
    },
  });
  Deno.test({
    name:
      `${driver.host} ${version}: the gate refuses a mutating call, the model is told why, the printed recovery clears it`,
    ignore: !cases.includes("gate"),
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await runDenyCase(driver, version);
      gateResults.push(r);
      if (r.failures.length > 0) {
        throw new Error(`${driver.host} gate:\n- ${r.failures.join("\n- ")}`);
      }
    },
  });
}

// Cross-host handoffs, each pair across two wire formats: A's hook writes the capsule, B is briefed.
const PAIRS: [string, string][] = [
  ["claude-code", "codex"], // Anthropic Messages -> OpenAI Responses
  ["codex", "gemini"], // OpenAI Responses -> Gemini
  ["gemini", "claude-code"], // Gemini -> Anthropic Messages
  ["codex", "pi"], // OpenAI Responses -> Chat Completions, briefed by pi's extension
  ["droid", "claude-code"], // Chat Completions (Droid's custom model) -> Anthropic Messages
  ["gemini", "droid"], // Gemini -> Chat Completions
  ["claude-code", "kilo-code"], // Anthropic Messages -> Chat Completions, briefed by Kilo's plugin
  ["codex", "cline"], // OpenAI Responses -> Chat Completions, briefed by Cline's plugin rule
];
for (const [from, to] of PAIRS) {
  const a = runnable.get(from);
  const b = runnable.get(to);
  if (a === undefined || b === undefined) {
    // The missing host's own line already says it is not installed; the summary names the pair.
    skipped.push(
      `handoff ${from} -> ${to}: skipped: ${a === undefined ? from : to} is not installed`,
    );
    continue;
  }
  Deno.test({
    name:
      `handoff ${from} ${a.version} -> ${to} ${b.version}: A's hook writes the capsule, B's first request carries it`,
    ignore: !cases.includes("handoff"),
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await runHandoffCase(a.driver, b.driver);
      handoffs.push(r);
      if (r.failures.length > 0) {
        throw new Error(
          `handoff ${from} -> ${to}:\n- ${r.failures.join("\n- ")}`,
        );
      }
    },
  });
}

// Hosts without hooks: baton's rules block, followed by the fake model.
const RULES_ALL: RulesDriver[] = [CONTINUE, GROK];
for (
  const driver of RULES_ALL.filter((d) => only.length === 0 || only.includes(d.host))
) {
  const version = await usableVersion(driver);
  if (version === null) continue;
  Deno.test({
    name:
      `${driver.host} ${version}: rules block: the model is told to load, loads, gets the briefing, writes a capsule; uninstall`,
    ignore: !cases.includes("main"),
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await runRulesCase(driver, version);
      results.push(r);
      if (r.failures.length > 0) {
        throw new Error(`${driver.host}:\n- ${r.failures.join("\n- ")}`);
      }
    },
  });
}

/** Per event: the slowest hook run that did work, and how many ran. */
function hookSummary(r: HostResult): string {
  const by = new Map<string, number[]>();
  for (const h of r.hookMs) by.set(h.event, [...(by.get(h.event) ?? []), h.ms]);
  return [...by].map(([e, ms]) => `${e} ${Math.max(...ms)} (${ms.length}x)`)
    .join(", ");
}

if (only.length === 0 || only.includes("cursor")) {
  Deno.test({
    name: "cursor: files match the documented hooks.json schema (no headless client)",
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const problems = await checkCursorSchema();
      skipped.push(
        `cursor: no headless client; schema check ${problems.length === 0 ? "passed" : "FAILED"}`,
      );
      if (problems.length > 0) {
        throw new Error(`cursor:\n- ${problems.join("\n- ")}`);
      }
    },
  });
}

// Hosts that need an account even against a local endpoint: the reason shown with the real
// program, and the install checked against what its own code reads.
for (
  const h of ACCOUNT_HOSTS.filter((x) => only.length === 0 || only.includes(x.host))
) {
  const version = await usableVersion(h);
  if (version === null) continue;
  Deno.test({
    name:
      `${h.host} ${version}: needs an account (shown with the program); install checked against its own code`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const r = await checkAccountHost(h, version);
      skipped.push(
        `${h.host} ${version}: install and schema only: it stopped with "${r.stoppedWith}" and sent the local model nothing; install check ${
          r.problems.length === 0 ? "passed" : "FAILED"
        }`,
      );
      if (r.problems.length > 0) {
        throw new Error(`${h.host}:\n- ${r.problems.join("\n- ")}`);
      }
    },
  });
}

if (only.length === 0 || only.includes("crush")) {
  Deno.test({
    name:
      "crush: files match Crush's documented crush.json hooks and context files (its npm package ships no binary)",
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const problems = await checkCrushSchema();
      skipped.push(
        `crush: no runnable program here (the npm package's install script downloads the binary from GitHub); schema check ${
          problems.length === 0 ? "passed" : "FAILED"
        }`,
      );
      if (problems.length > 0) {
        throw new Error(`crush:\n- ${problems.join("\n- ")}`);
      }
    },
  });
}

function table(rows: HostResult[]): string {
  const head = [
    "host",
    "install",
    "hooks ran",
    "briefing→model",
    "capture",
    "compaction",
    "re-sent after compaction",
    "next new session",
    "uninstall",
    "slowest hook ms",
    "s",
  ];
  const lines = rows.map((r) => [
    `${r.host} ${r.version}`,
    r.install,
    r.hooksRan,
    r.briefingReachedModel,
    r.capture,
    r.compaction,
    r.reinjectedAfterCompaction,
    r.newSession,
    r.uninstall,
    hookSummary(r),
    String(r.seconds),
  ]);
  return [head, ...lines].map((l) => `| ${l.join(" | ")} |`).join("\n");
}

function handoffTable(rows: HandoffResult[]): string {
  const head = [
    "cross-host handoff",
    "A's hook wrote the capsule",
    "marker in its session section",
    "B injected",
    "B's request carrying it",
    "in B's first conversation request",
    "facts re-checked",
    "s",
  ];
  const yes = (b: boolean) => (b ? "yes" : "no");
  const lines = rows.map((r) => [
    `${r.from} -> ${r.to}`,
    yes(r.capturedByA),
    yes(r.markerInCapsule),
    yes(r.injectedInB),
    r.firstRequestWithMarker < 0 ? "none" : `#${r.firstRequestWithMarker + 1}`,
    yes(r.inFirstConversationRequest),
    yes(r.factsRechecked),
    String(r.seconds),
  ]);
  return [head, ...lines].map((l) => `| ${l.join(" | ")} |`).join("\n");
}

function gateTable(rows: DenyResult[]): string {
  const head = [
    "host",
    "BATON_ENFORCE=off let it run",
    "read-only ran",
    "refusal→model",
    "printed recovery cleared it",
    "same call ran after",
    "s",
  ];
  const lines = rows.map((r) => [
    `${r.host} ${r.version}`,
    r.offSwitch,
    r.readOnlyPassed,
    r.refusalReachedModel,
    r.recoveryCleared,
    r.allowedAfter,
    String(r.seconds),
  ]);
  return [head, ...lines].map((l) => `| ${l.join(" | ")} |`).join("\n");
}

function costTable(rows: CostResult[]): string {
  const head = [
    "host",
    "tool calls",
    "baton starts: no tool call / with them",
    "per tool call (not opted in)",
    "per prompt",
    "pre/post-tool starts (not opted in)",
    "per tool call (opted in)",
    "gate starts (opted in)",
    "state command without a prompt; compound and doctor refused",
    "captured near compression",
    "band fill from the host's transcript",
    "s",
  ];
  const lines = rows.map((r) => [
    `${r.host} ${r.version}`,
    String(r.toolCalls),
    `${r.startsNoTools} / ${r.startsWithTools}`,
    String(r.perToolCall),
    `${r.perPrompt}${
      r.perPromptTurnCapture > 0 ? ` (${r.perPromptTurnCapture} turn-end capture)` : ""
    }`,
    String(r.perToolHookStarts),
    String(r.optedIn.perToolCall),
    `${r.optedIn.preToolStarts} of ${r.optedIn.toolCalls}`,
    r.allowedWithoutPrompt,
    r.capturedNearCompression,
    r.tokenReading === null
      ? "none"
      : `${r.tokenReading.pct.toFixed(1)}% (${r.tokenReading.source})`,
    String(r.seconds),
  ]);
  return [head, ...lines].map((l) => `| ${l.join(" | ")} |`).join("\n");
}

Deno.test({
  name: "summary",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const text = table(results);
    const total = Math.round(results.reduce((n, r) => n + r.seconds, 0));
    console.log(
      `\n${text}\n${skipped.join("\n")}\nhosts took ${total} s in all`,
    );
    for (const r of results) {
      if (r.notes.length > 0) console.log(`${r.host}: ${r.notes.join("; ")}`);
    }
    if (gateResults.length > 0) console.log(`\n${gateTable(gateResults)}`);
    if (handoffs.length > 0) console.log(`\n${handoffTable(handoffs)}`);
    if (costResults.length > 0) console.log(`\n${costTable(costResults)}`);
    for (const r of costResults) {
      console.log(`${r.host} cost: ${r.notes.join("; ")}`);
    }
    for (const w of walks) {
      console.log(`\nwalkthrough on ${w.host} ${w.version} (${w.seconds} s):`);
      for (const s of w.steps) {
        console.log(`${s.ok ? "ok " : "NO "} ${s.step}: ${s.saw}`);
      }
    }
    for (const r of gateResults) {
      if (r.notes.length > 0) {
        console.log(`${r.host} gate: ${r.notes.join("; ")}`);
      }
    }
    await Deno.writeTextFile(
      new URL("./last_run.json", import.meta.url),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          results,
          gateResults,
          costResults,
          walks,
          crossHost: handoffs,
          skipped,
        },
        null,
        2,
      ) + "\n",
    );
  },
});
