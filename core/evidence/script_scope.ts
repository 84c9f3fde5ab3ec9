/**
 * What a recorded command's exit status covers when a script runner runs
 * it (`npm test`, `pnpm run build`, `deno task check`): the script text
 * package.json or deno.json held when the command was recorded, judged
 * with the same status-chain rule as shell text (`"test": "jest | tee
 * log"` or `"vitest || true"` exits 0 when the tests fail). npm's pre/post
 * hooks are judged too (deno's package.json fallback runs them as well),
 * and a runner started inside a script (`npm run a && npm run b`) by its
 * own script. The files are untrusted: reading them
 * can only lower a record, never raise one. A missing script (`--if-present`
 * exits 0 having run nothing), a file that is not plain JSON, too large or
 * outside the repository, or a runner moved elsewhere (`--prefix`, a
 * workspace, a `cd` before it, `--script-shell`) lowers it with a fixed
 * reason; no script text is ever echoed. make, just, tox and nox recipes
 * are not read: the record says so instead of judging them, and make given
 * -i, -n, -t or -q (which ignores errors or runs nothing) lowers it. No
 * I/O; the JSONC reader deno.json needs is loaded once by
 * loadScriptReaders().
 * @module
 */
import type { Node, ParseError } from "jsonc-parser";
import { parseStrictJson } from "../json/strict_parse.ts";
import { reportsEveryStatus } from "../safety/command/status_chain.ts";
import { shellInvocation, unwrapCommand, wordsOnly } from "../safety/command/shell_invocation.ts";
import { makeFlagsRunNothing, type RecipeRunner, scriptCall } from "./script_runner.ts";

/** The JSONC reader deno.json needs, once {@linkcode loadScriptReaders} has loaded it. */
let jsonc: typeof import("jsonc-parser") | null = null;

/**
 * Loads the JSONC reader a deno.json is read with. Loaded on demand, when a
 * record is made, so the briefing's path (which judges stored records with no
 * project: cite_evidence.ts) does not load the package (about 20 ms and 7 MB
 * of a load or session-start). Until it is loaded a deno.json counts as
 * unreadable: a record is lowered, never raised.
 */
export async function loadScriptReaders(): Promise<void> {
  jsonc ??= await import("jsonc-parser");
}

/** Largest package.json or deno.json read. */
export const MAX_MANIFEST_BYTES = 256 * 1024;

/** How deep runners started inside scripts are followed, and how many scripts are judged. */
const MAX_SCRIPT_DEPTH = 4;
const MAX_SCRIPTS = 32;

/** Why a record's script backs no verified fact. */
export type ScriptProblem =
  | "hides"
  | "missing"
  | "unreadable"
  | "unjudged"
  | "runs_nothing";

/** The problems, for a record's shape check. */
export const SCRIPT_PROBLEMS: readonly ScriptProblem[] = [
  "hides",
  "missing",
  "unreadable",
  "unjudged",
  "runs_nothing",
];

/** What a record says of the scripts its command ran (absent: it ran none). */
export type ScriptScope =
  /** Every script it ran reports every command's status. */
  | { status: "judged" }
  | { status: "hidden"; why: ScriptProblem }
  /** It runs recipes these rules do not read: its status is the runner's. */
  | { status: "not_read"; runner: RecipeRunner };

/** A manifest as found from the command's directory, within the repository. */
export type Manifest =
  | { kind: "absent" }
  /** Too large, a link, not a regular file, or the read failed. */
  | { kind: "unreadable" }
  | { kind: "read"; bytes: Uint8Array };

/** What the record-time reading found. */
export interface ProjectScripts {
  /** The nearest package.json (npm stops at a folder with node_modules too). */
  packageJson: Manifest;
  /** The nearest deno.json or deno.jsonc. */
  denoJson: Manifest;
  /** An npm setting (environment or .npmrc) moves the runner or its shell (npmSettingMoves). */
  runnerMoved: boolean;
  /** The values of MAKEFLAGS, GNUMAKEFLAGS and MFLAGS that are set. */
  makeFlags: readonly string[];
}

/** Why each problem lowers a citation: fixed text, never a script's. */
export const SCRIPT_REASONS: Readonly<Record<ScriptProblem | "unrecorded", string>> = {
  hides:
    "a script the cited command runs (its package.json script or deno.json task as read when it was recorded) does not report every command's status: a pipeline, ; || & or ! in it hides a failure",
  missing:
    "the script the cited command names was not in package.json or deno.json when it was recorded (with --if-present the runner exits 0 having run nothing)",
  unreadable:
    "the package.json or deno.json holding the cited command's script could not be read when it was recorded (not in the repository, too large, a link, or not plain JSON)",
  unjudged:
    "the cited command's script runner was moved to another folder, package, workspace or shell (a cd before it, --prefix, -C, a workspace, --script-shell or an npm setting), or given an option or command not read as written (npm takes --script-shel for --script-shell, npm tes for npm test), so its script was not judged",
  runs_nothing:
    "make was given -i, -n, -t or -q (or MAKEFLAGS holds them): it ignores its recipes' errors or runs none",
  unrecorded:
    "the cited evidence record does not say what its script runner's script ran (recorded by an older baton)",
};

/**
 * npm settings that move npm to another package or shell, make a missing
 * script exit 0, or name another config file that may (`userconfig`).
 */
const NPM_MOVES: ReadonlySet<string> = new Set([
  "script-shell",
  "workspace",
  "workspaces",
  "include-workspace-root",
  "if-present",
  "userconfig",
  "globalconfig",
]);

/**
 * Whether an .npmrc text sets a key that moves npm or its shell. Keys are
 * read as npm's ini reader takes them: quoted (`"script-shell"=`), an
 * array's `workspace[]=`, or alone on a line (`if-present`, which sets it
 * true); a key holding `${` is expanded from the environment: not known.
 */
export function npmrcMoves(text: string): boolean {
  return text.split(/\r?\n/).some((line) => {
    const l = line.trim();
    if (l === "" || l.startsWith(";") || l.startsWith("#") || l.startsWith("[")) return false;
    const eq = l.indexOf("=");
    const key = (eq < 0 ? l : l.slice(0, eq)).trim().replace(/^(["'])(.*)\1$/, "$2")
      .replace(/\[\]$/, "").trim().toLowerCase();
    return key.includes("${") || NPM_MOVES.has(key);
  });
}

/** An npm setting that moves it, named in a command's words or a script (`npm_config_workspace=a`). */
const NPM_SETTING_WORD =
  /npm_config_(?:script[_-]shell|workspaces?|include[_-]workspace[_-]root|if[_-]present|userconfig|globalconfig)/i;

/** A project's scripts by name, or null when the manifest cannot be read as plain JSON. */
type Scripts = ReadonlyMap<string, string>;

function packageScripts(m: Manifest): Scripts | "absent" | null {
  if (m.kind === "absent") return "absent";
  if (m.kind === "unreadable" || m.bytes.length > MAX_MANIFEST_BYTES) return null;
  let raw: unknown;
  try {
    raw = parseStrictJson(m.bytes, { maxBytes: MAX_MANIFEST_BYTES });
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const scripts = (raw as Record<string, unknown>)["scripts"];
  if (scripts === undefined) return new Map();
  if (scripts === null || typeof scripts !== "object" || Array.isArray(scripts)) return null;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(scripts)) {
    if (typeof v !== "string") return null;
    out.set(k, v);
  }
  return out;
}

/** A deno task: its command text (absent for a task of dependencies only) and dependencies. */
interface DenoTask {
  command: string | null;
  dependencies: string[];
}

/** An object node's properties, or null when a key appears twice (which one wins is the reader's). */
function properties(node: Node | undefined): Map<string, Node> | null {
  if (node === undefined || node.type !== "object") return null;
  const out = new Map<string, Node>();
  for (const p of node.children ?? []) {
    const [key, value] = p.children ?? [];
    if (key?.type !== "string" || value === undefined) return null;
    if (out.has(key.value as string)) return null;
    out.set(key.value as string, value);
  }
  return out;
}

function denoTasks(m: Manifest): Map<string, DenoTask> | "absent" | null {
  if (m.kind === "absent") return "absent";
  if (m.kind === "unreadable" || m.bytes.length > MAX_MANIFEST_BYTES) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(m.bytes);
  } catch {
    return null;
  }
  if (jsonc === null) return null;
  const errors: ParseError[] = [];
  // deno.json and deno.jsonc both take comments and trailing commas.
  const root = jsonc.parseTree(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
  });
  const top = properties(root);
  if (errors.length > 0 || top === null) return null;
  const out = new Map<string, DenoTask>();
  const tasksNode = top.get("tasks");
  if (tasksNode === undefined) return out;
  const tasks = properties(tasksNode);
  if (tasks === null) return null;
  for (const [name, v] of tasks) {
    if (v.type === "string") {
      out.set(name, { command: v.value as string, dependencies: [] });
      continue;
    }
    const fields = properties(v);
    if (fields === null) return null;
    const command = fields.get("command");
    if (command !== undefined && command.type !== "string") return null;
    const deps = fields.get("dependencies");
    const dependencies: string[] = [];
    if (deps !== undefined) {
      if (deps.type !== "array") return null;
      for (const d of deps.children ?? []) {
        if (d.type !== "string") return null;
        dependencies.push(d.value as string);
      }
    }
    out.set(name, { command: (command?.value as string | undefined) ?? null, dependencies });
  }
  return out;
}

/** The programs scriptCall reads. */
const RUNNERS: ReadonlySet<string> = new Set([
  "npm",
  "pnpm",
  "yarn",
  "bun",
  "deno",
  "make",
  "gmake",
  "just",
  "tox",
  "nox",
]);

/** The recipe runners among RUNNERS: naming one only adds that the status is its own. */
const RECIPE: ReadonlySet<string> = new Set(["make", "gmake", "just", "tox", "nox"]);

/**
 * Programs that run their words as a command (`sudo npm test`, `xargs npm
 * test`, `npx npm test`, `corepack pnpm test`); a package runner's own
 * subcommands that do (`npm exec -- npm test`, `pnpm dlx`, `bun x`).
 */
const LAUNCHERS: ReadonlySet<string> = new Set([
  "sudo",
  "doas",
  "xargs",
  "npx",
  "pnpx",
  "bunx",
  "corepack",
  "env",
  "timeout",
  "nice",
  "nohup",
  "stdbuf",
  "setsid",
  "time",
  "ionice",
  "chrt",
  "taskset",
  "flock",
  "chronic",
  "unbuffer",
  "cross-env",
  "dotenv",
  "env-cmd",
  "command",
  "exec",
]);
const LAUNCHING_SUBCOMMANDS: ReadonlySet<string> = new Set(["exec", "x", "dlx"]);

/**
 * Where a script runner stands among a program's words after the first
 * (`npx npm test`), or null. A program that runs its words (LAUNCHERS) may
 * name any runner; another program a package or deno runner only (`foo npm
 * test` is judged by the script, which can only lower the record), never
 * make, just, tox or nox (`ls make` would read as "the status is make's");
 * a program whose words are only printed or searched for (`echo npm test`)
 * runs none.
 */
function runnerNamedLater(words: readonly string[]): number | null {
  const program = (words[0] ?? "").replace(/^.*\//, "");
  if (wordsOnly(program)) return null;
  const launches = LAUNCHERS.has(program) ||
    (RUNNERS.has(program) && LAUNCHING_SUBCOMMANDS.has(words[1] ?? ""));
  const i = words.findIndex((w, j) => {
    const name = w.replace(/^.*\//, "");
    return j > 0 && RUNNERS.has(name) && (launches || !RECIPE.has(name));
  });
  return i < 0 ? null : i;
}

/** Commands that change the folder later commands run in. */
const MOVERS: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);

/**
 * What the record's scripts cover, or null when its command starts no
 * script runner. `project` is what was read when the command was recorded;
 * null when nothing was read (a record of an older baton): a runner found
 * then lowers the record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptScope } from "./script_scope.ts";
 * const project = (test: string) => ({
 *   packageJson: { kind: "read" as const, bytes: new TextEncoder().encode(JSON.stringify({ scripts: { test } })) },
 *   denoJson: { kind: "absent" as const }, runnerMoved: false, makeFlags: [],
 * });
 * const npmTest = { command: ["npm", "test"], shell: false };
 * assert.deepEqual(scriptScope(npmTest, project("jest")), { status: "judged" });
 * assert.deepEqual(scriptScope(npmTest, project("jest || true")), { status: "hidden", why: "hides" });
 * assert.equal(scriptScope({ command: ["jest"], shell: false }, project("jest")), null);
 * ```
 */
export function scriptScope(
  record: { readonly command: readonly string[]; readonly shell: boolean },
  project: ProjectScripts,
): ScriptScope | null;
/** With nothing read (`project` null), a runner found is "unrecorded". */
export function scriptScope(
  record: { readonly command: readonly string[]; readonly shell: boolean },
  project: ProjectScripts | null,
): ScriptScope | { status: "hidden"; why: "unrecorded" } | null;
export function scriptScope(
  record: { readonly command: readonly string[]; readonly shell: boolean },
  project: ProjectScripts | null,
): ScriptScope | { status: "hidden"; why: "unrecorded" } | null {
  let found = false;
  let moved = false;
  let judged = 0;
  let problem: ScriptProblem | "unrecorded" | null = null;
  let notRead: RecipeRunner | null = null;
  const lower = (why: ScriptProblem | "unrecorded"): void => {
    problem ??= why;
  };
  // Parsed once, when a runner needs them.
  let pkg: Scripts | "absent" | null | undefined;
  let deno: Map<string, DenoTask> | "absent" | null | undefined;
  const scripts = (): Scripts | "absent" | null =>
    pkg ??= project === null ? "absent" : packageScripts(project.packageJson);
  const tasks = (): Map<string, DenoTask> | "absent" | null =>
    deno ??= project === null ? "absent" : denoTasks(project.denoJson);

  // An npm setting put in the environment by the command or a script it runs moves npm too.
  let settingMoves = record.command.some((w) => NPM_SETTING_WORD.test(w));
  const judgeText = (text: string, depth: number): void => {
    if (depth > MAX_SCRIPT_DEPTH || ++judged > MAX_SCRIPTS) return lower("unjudged");
    if (NPM_SETTING_WORD.test(text)) settingMoves = true;
    const every = reportsEveryStatus(text, {
      shell: "sh",
      onCommand: (w) => visit(w, depth + 1),
    });
    if (!every) lower("hides");
  };

  const packageScript = (name: string, hooks: boolean, depth: number): void => {
    const s = scripts();
    if (s === null) return lower("unreadable");
    if (s === "absent") return lower("unreadable");
    // `npm restart` with no restart script runs stop, then start, each with its hooks.
    if (name === "restart" && hooks && !s.has(name) && (s.has("stop") || s.has("start"))) {
      for (const n of ["prerestart", "prestop", "stop", "poststop", "prestart", "start"]) {
        const text = s.get(n);
        if (text !== undefined) judgeText(text, depth);
      }
      const after = [s.get("poststart"), s.get("postrestart")];
      for (const text of after) if (text !== undefined) judgeText(text, depth);
      return;
    }
    const main = s.get(name);
    if (main === undefined) return lower("missing");
    // npm runs pre<name> and post<name> around it (pnpm and yarn 2+ may not: judged anyway).
    const order = hooks ? [`pre${name}`, name, `post${name}`] : [name];
    for (const n of order) {
      const text = s.get(n);
      if (text !== undefined) judgeText(text, depth);
    }
  };

  const denoTask = (name: string, depth: number, seen: Set<string>): void => {
    const t = tasks();
    if (t === null) return lower("unreadable");
    const task = t === "absent" ? undefined : t.get(name);
    if (task === undefined) {
      // deno task runs a package.json script of that name when no task has it.
      const s = scripts();
      // deno runs its pre<name> and post<name> scripts around it too (denoland/deno#19178).
      if (s !== null && s !== "absent" && s.has(name)) return packageScript(name, true, depth);
      return lower(s === null ? "unreadable" : "missing");
    }
    if (seen.has(name) || seen.size >= MAX_SCRIPTS) return lower("unjudged");
    seen.add(name);
    for (const d of task.dependencies) denoTask(d, depth, seen);
    if (task.command !== null) judgeText(task.command, depth);
    // A package.json nearer than the deno.json runs its script of that name instead (deno
    // 2.x): which file is nearer is not recorded, so a script of that name is judged too.
    const s = scripts();
    if (s !== null && s !== "absent" && s.has(name)) packageScript(name, true, depth);
  };

  const visit = (words: readonly string[], depth: number): void => {
    const u = unwrapCommand(words);
    if (u === "unjudged") return;
    if (MOVERS.has(u.words[0] ?? "")) {
      moved = true;
      return;
    }
    const s = scripts();
    const t = tasks();
    const isScript = (n: string): boolean => s !== null && s !== "absent" && s.has(n);
    // `deno run NAME` runs a task of that name: an unreadable deno.json may hold one.
    const isTask = (n: string): boolean =>
      t === null || (t !== "absent" && t.has(n)) || isScript(n);
    const call = scriptCall(u.words, isScript, isTask);
    if (call === null) {
      // A runner named later among a program's words (`npx npm test`, `npm exec -- npm test`,
      // `xargs npm test`, `corepack pnpm test`) runs its script as well.
      const later = runnerNamedLater(u.words);
      if (later !== null) visit(u.words.slice(later), depth);
      return;
    }
    found = true;
    if (call.kind === "not_read") {
      if (call.runner === "make" && project !== null && makeFlagsRunNothing(project.makeFlags)) {
        return lower("runs_nothing");
      }
      notRead ??= call.runner;
      return;
    }
    if (call.kind === "runs_nothing") return lower("runs_nothing");
    if (call.kind === "unjudged" || u.chdir || moved) return lower("unjudged");
    if (call.kind === "text") return judgeText(call.text, depth);
    if (project === null) return lower("unrecorded");
    if ((project.runnerMoved || settingMoves) && call.kind === "package") return lower("unjudged");
    if (call.kind === "package") return packageScript(call.name, true, depth);
    denoTask(call.name, depth, new Set());
  };

  if (record.shell) {
    reportsEveryStatus(record.command[0] ?? "", { onCommand: (w) => visit(w, 0) });
  } else {
    const run = shellInvocation(record.command);
    if (run === null) visit(record.command, 0);
    else if (run !== "unjudged") {
      reportsEveryStatus(run.text, {
        pipefail: run.pipefail,
        shell: run.shell,
        onCommand: (w) => visit(w, 0),
      });
    }
  }
  if (!found) return null;
  if (problem !== null) return { status: "hidden", why: problem };
  if (notRead !== null) return { status: "not_read", runner: notRead };
  return { status: "judged" };
}
