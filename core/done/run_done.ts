/**
 * `baton done`: reads the config, runs the gates (tests, rules,
 * placeholders) and judges them (gate_report.ts). Edge-free: the file
 * system, the clock, the command runner, stderr and the line neutraliser
 * are handed in ({@linkcode DoneEnv}).
 * @module
 */
import { type BatonError, InputError } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import type { DoneSettings } from "../config/done_section.ts";
import { DEFAULT_DONE } from "../config/done_section.ts";
import { ConfigError } from "../config/config_error.ts";
import { type GateResult, judgeGates } from "./gate_report.ts";
import { compileDenyList, isScannedPath, scanPlaceholders } from "./placeholders.ts";
import { collectFacts } from "../facts/collect.ts";
import { shownPath, unescapePath } from "../facts/escape_path.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import type { FoundLayout } from "../store/find_layout.ts";
import { readBatonConfig } from "../config/read_config.ts";

/** One configured command's run. */
export interface CheckRun {
  /** Exit code; null when it did not start or was stopped. */
  code: number | null;
  timedOut: boolean;
  /** Why it could not start (content-free), or null. */
  startError: string | null;
  durationMs: number;
  /** The end of its output. */
  tail: string;
}

/** What `baton done` needs from the edge. */
export interface DoneEnv {
  fs: WriteFs;
  cwd: string;
  now(): Date;
  homeDir: string | null;
  xdgConfigHome: string | null;
  /** git's variables set in the environment, as a capture reads them. @default {{}} */
  gitEnvironment?: GitEnvironment;
  /** Runs one configured command with the platform shell in `cwd`. */
  runCheck(command: string, cwd: string, timeoutMs: number): Promise<CheckRun>;
  stderr(text: string): void;
  /** A line made safe to print (secrets redacted, controls neutralised). */
  safeLine(text: string): string;
}

/** Largest file the placeholder gate reads. */
const MAX_SCAN_BYTES = 2 * 1024 * 1024;
/** Most changed files scanned. */
const MAX_SCAN_FILES = 10_000;
/** Findings listed in a gate's detail. */
const MAX_LISTED = 20;

/** What `baton done` found. */
export interface DoneOutcome {
  gates: GateResult[];
  verdict: ReturnType<typeof judgeGates>;
  /** Set when the config could not be used (then force is refused). */
  configError: string | null;
  /** The audit record written for a forced pass, relative to the repository. */
  audit: string | null;
}

/** Reads the config; a broken one gives the defaults and its error (fail closed). */
async function settings(env: DoneEnv, found: FoundLayout) {
  try {
    return { done: (await readBatonConfig(env.fs, found.layout.dir)).done, error: null };
  } catch (e) {
    if (e instanceof ConfigError || e instanceof InputError) {
      return { done: DEFAULT_DONE, error: (e as BatonError).message };
    }
    throw e;
  }
}

/** Runs the gates. `force` is the checked reason, or null. */
export async function runDone(
  env: DoneEnv,
  found: FoundLayout,
  force: string | null,
): Promise<DoneOutcome & { settings: DoneSettings }> {
  const { done, error } = await settings(env, found);
  const root = found.repo?.workTree ?? env.cwd;
  const required = (g: GateResult["gate"]) => done.required.includes(g);
  const gates: GateResult[] = [];
  if (!done.enabled) {
    for (const gate of ["tests", "rules", "placeholders"] as const) {
      gates.push({
        gate,
        status: "skipped",
        required: false,
        detail: "done gates are disabled (done.enabled: false)",
        duration_ms: 0,
        warning: "done gates are disabled in .baton/config.yaml",
      });
    }
    return {
      gates,
      verdict: judgeGates(gates, false),
      configError: error,
      audit: null,
      settings: done,
    };
  }
  const timeoutMs = done.timeoutSeconds * 1000;

  // tests
  if (error !== null) {
    gates.push(brokenConfig("tests", required("tests")));
  } else if (done.tests === null) {
    gates.push({
      gate: "tests",
      status: "not_applicable",
      required: required("tests"),
      detail: "no tests command is configured",
      duration_ms: 0,
      warning: "no tests command: set done.tests in .baton/config.yaml",
    });
  } else {
    const run = await env.runCheck(done.tests, root, timeoutMs);
    gates.push({ ...commandGate("tests", required("tests"), run, env), ran: [done.tests] });
  }

  // rules
  if (error !== null) {
    gates.push(brokenConfig("rules", required("rules")));
  } else if (done.rules.length === 0) {
    gates.push({
      gate: "rules",
      status: "not_applicable",
      required: required("rules"),
      detail: "no rules are configured",
      duration_ms: 0,
      warning: "no rules: add done.rules in .baton/config.yaml",
    });
  } else {
    const started = performance.now();
    const failures: string[] = [];
    for (const rule of done.rules) {
      const run = await env.runCheck(rule.run, root, timeoutMs);
      if (run.code !== 0) {
        failures.push(`${rule.name}: ${runProblem(run)}`);
        reportTail(env, `rule ${rule.name}`, run.tail);
      }
    }
    gates.push({
      gate: "rules",
      status: failures.length === 0 ? "pass" : "fail",
      required: required("rules"),
      detail: failures.length === 0
        ? `${done.rules.length} rule(s) passed`
        : `failed: ${failures.join("; ")}`,
      duration_ms: Math.round(performance.now() - started),
      warning: null,
      ran: done.rules.map((rule) => rule.run),
    });
  }

  gates.push(await placeholderGate(env, found, done, required("placeholders")));
  return {
    gates,
    verdict: judgeGates(gates, force !== null),
    configError: error,
    audit: null,
    settings: done,
  };
}

function brokenConfig(gate: GateResult["gate"], required: boolean): GateResult {
  return {
    gate,
    status: "fail",
    required,
    detail: ".baton/config.yaml cannot be used, so this gate cannot know what to run",
    duration_ms: 0,
    warning: null,
  };
}

function runProblem(run: CheckRun): string {
  if (run.startError !== null) return run.startError;
  if (run.timedOut) return "stopped at the time limit";
  return `exit ${run.code}`;
}

function reportTail(env: DoneEnv, what: string, tail: string): void {
  const lines = tail.split("\n").filter((l) => l.trim() !== "").slice(-20);
  if (lines.length === 0) return;
  env.stderr(`baton done: last output of ${what}:\n`);
  for (const l of lines) env.stderr(`  ${env.safeLine(l)}\n`);
}

function commandGate(
  gate: GateResult["gate"],
  required: boolean,
  run: CheckRun,
  env: DoneEnv,
): GateResult {
  const ok = run.code === 0;
  if (!ok) reportTail(env, gate, run.tail);
  return {
    gate,
    status: ok ? "pass" : "fail",
    required,
    detail: ok ? "exit 0" : runProblem(run),
    duration_ms: run.durationMs,
    warning: null,
  };
}

async function placeholderGate(
  env: DoneEnv,
  found: FoundLayout,
  done: DoneSettings,
  required: boolean,
): Promise<GateResult> {
  const started = performance.now();
  const base = { gate: "placeholders" as const, required };
  if (found.repo === null) {
    return {
      ...base,
      status: "fail",
      detail: "not inside a git repository: the changed files cannot be told",
      duration_ms: 0,
      warning: null,
    };
  }
  const facts = await collectFacts(env.fs, env.cwd, {
    now: () => env.now(),
    repo: found.repo,
    homeDir: env.homeDir,
    xdgConfigHome: env.xdgConfigHome,
    gitEnvironment: env.gitEnvironment ?? {},
    maxFiles: MAX_SCAN_FILES,
    maxHashBytes: 1024,
  });
  // Changes that could not be told are never a pass: no list means nothing was checked.
  const unavailable = facts.unavailable ?? [];
  if (unavailable.length > 0) {
    return {
      ...base,
      status: "fail",
      detail: `the changed files cannot be told: ${
        unavailable.map((u) => env.safeLine(`${u.part}: ${u.reason}`)).join("; ")
      }`,
      duration_ms: Math.round(performance.now() - started),
      warning: null,
    };
  }
  const listed = facts.changed_files.filter((f) => f.status !== "deleted" && f.kind === "file");
  const matcher = compileDenyList(done.deny);
  const findings: string[] = [];
  let scanned = 0;
  let unread = 0;
  let total = 0;
  // Source files skipped only because done.exempt names them (the config travels in commits).
  let exempted = 0;
  for (const f of listed) {
    if (!isScannedPath(f.path, [".baton/", ...done.exempt])) {
      if (isScannedPath(f.path, [".baton/"])) exempted++;
      continue;
    }
    // Listed paths are escaped (a tab as \x09, a backslash doubled): the
    // file is opened by the name they stand for. A changed file that cannot
    // be opened by name (bytes that are not UTF-8) or is gone was not
    // checked, which is never a pass.
    const name = unescapePath(f.path);
    const st = name === null ? null : await env.fs.lstat(`${found.repo.workTree}/${name}`);
    if (st === null) {
      unread++;
      continue;
    }
    if (!st.isFile) continue;
    const path = `${found.repo.workTree}/${name}`;
    if (st.size > MAX_SCAN_BYTES) {
      unread++;
      continue;
    }
    const bytes = await env.fs.readFile(path).catch(() => null);
    if (bytes === null) {
      unread++;
      continue;
    }
    if (bytes.includes(0)) continue; // binary
    scanned++;
    const text = new TextDecoder().decode(bytes);
    for (const hit of scanPlaceholders(f.path, text, matcher)) {
      total++;
      if (findings.length < MAX_LISTED) {
        // A name is a stranger's words: quoted unless a plain path, so "a.ts:9 FIXME, b.ts"
        // cannot read as two findings, one in a clean file.
        findings.push(`${env.safeLine(shownPath(hit.path))}:${hit.line} ${hit.word}`);
      }
    }
  }
  const incomplete = facts.changed_count > facts.changed_files.length;
  const problems: string[] = [];
  if (total > 0) {
    problems.push(
      `${total} placeholder(s): ${findings.join(", ")}${total > findings.length ? ", …" : ""}`,
    );
  }
  if (incomplete) {
    problems.push(
      `only ${facts.changed_files.length} of ${facts.changed_count} changed files could be listed`,
    );
  }
  if (facts.tree?.status === "partial") {
    problems.push(`the change scan is partial: ${env.safeLine(facts.tree.reason)}`);
  }
  if (unread > 0) problems.push(`${unread} changed file(s) too large, unreadable or gone to scan`);
  // Nothing to look for, every changed source file exempt, or no changed source file at all:
  // the gate checked nothing, which is no pass (a committed `deny: []` or an exempt list naming
  // every folder would make it one; so did a clean tree or a change of docs alone, where the
  // default gates then said `done: pass` with nothing run).
  const configured = done.deny.length === 0
    ? "no placeholder words are configured (done.deny is empty)"
    : scanned === 0 && exempted > 0
    ? `every changed source file is exempt (${exempted} under done.exempt)`
    : null;
  const nothing = configured ??
    (scanned === 0 ? "no changed source file to scan (none changed, or none it reads)" : null);
  if (problems.length === 0 && nothing !== null) {
    return {
      ...base,
      status: "not_applicable",
      detail: nothing,
      duration_ms: Math.round(performance.now() - started),
      warning: `the placeholder gate checked nothing: ${nothing}${
        configured === null ? "" : " in .baton/config.yaml"
      }`,
    };
  }
  return {
    ...base,
    status: problems.length === 0 ? "pass" : "fail",
    detail: problems.length === 0
      ? `${scanned} changed source file(s) scanned, no placeholder`
      : problems.join("; "),
    duration_ms: Math.round(performance.now() - started),
    warning: null,
  };
}
