/**
 * The layer check run by `deno task check` (the rules are written in
 * CONTRIBUTING.md). It fails when:
 * - core/ imports commands/, integrations/, tests/ or main.ts, or uses
 *   `Deno.` or `console.`; wasm/ reaches upwards; commands/ imports main.ts;
 * - a core folder imports a folder of a higher rank ({@linkcode CORE_RANKS}),
 *   a core folder has no rank, or core folders import each other in a cycle;
 * - a `mod.ts` exists inside core/, or outside the tops of the packages
 *   ({@linkcode PACKAGES});
 * - source in one top-level folder imports a package's file other than its
 *   `mod.ts` (tests may import any module they test);
 * - a private `_file.ts` is imported from outside its folder and its mirrored
 *   test folder (tests/<folder>/), or a file in a private `_folder/` from
 *   outside the folder that holds it;
 * - any import cycle exists between files;
 * - a file under commands/ is not a command (one `commands/mod.ts` loads),
 *   `mod.ts`, or in the CLI kit (`commands/_cli/`) or the Deno adapters
 *   (`commands/_adapters/`): a use case lives in core/;
 * - a per-host table outside the host records: a top-level declaration
 *   that keys three or more host ids (each record's `id`), switches on
 *   three or more of them (`case "<id>":`), or lists three or more of the
 *   host-native names the records give (their native event names and tool
 *   names, the distinctive ones: with a capital, `_`, `.` or `-`, so a plain
 *   word such as `read` is not one), or one typed `Record<HostId, ...>`
 *   that is not built with `perHost()` from the records. A table keyed by
 *   transcript format (a declaration naming a `Format` type) is the
 *   format's, not the host's.
 *
 * It reads import specifiers from the source text (static, dynamic and
 * type-only), so every edge counts, including lazy ones.
 * @module
 */

const ROOTS = ["main.ts", "core", "commands", "wasm", "skills", "integrations", "tests"];
const IMPORT_RE =
  /(?:^|[^.\w])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The rank of each core folder ("." is the files directly in core/).
 * A folder may import its own rank or lower; sub-folders take their parent's
 * rank. A new core folder must be added here.
 */
export const CORE_RANKS: Readonly<Record<string, number>> = {
  ".": 0,
  json: 1,
  trust: 1,
  capsule: 1,
  config: 1,
  facts: 2,
  store: 2,
  safety: 2,
  budget: 3,
  briefing: 3,
  hosts: 3,
  doctor: 3,
  transcript: 3,
  bands: 3,
  chain: 3,
  progress: 3,
  search: 3,
  evidence: 3,
  share: 3,
  done: 3,
  enforce: 3,
  handoff: 3,
  workflow: 4,
  // The hook runtime drives the workflows (injection check, capture) for a host.
  "hosts/runtime": 5,
};

/** Top-level folders that are packages: `<name>/mod.ts` is their only entry. */
export const PACKAGES: readonly string[] = ["commands", "wasm", "skills", "integrations"];

/**
 * Existing imports of a private module from outside its folder, reported by
 * no rule until they are replaced. Each entry is "importer -> target".
 */
// What remains after the core tests moved to tests/_helpers/fs.ts: end-to-end
// tests and benchmarks that drive a command-layer internal in process (the
// product's file system under a race, its liveness check, its workflow
// context, its invocation, the hook job, the search index and the facts
// phases: preflight's, load's and the injecting hook's, whose job runs as the
// hook runs it). Each is the thing under test or measured; a new entry needs
// the same reason.
export const PRIVATE_ALLOWED: ReadonlySet<string> = new Set([
  "tests/e2e/_race.ts -> commands/_adapters/deno_fs.ts",
  "tests/e2e/store_escape_test.ts -> commands/_adapters/deno_fs.ts",
  "tests/e2e/temp_sweep_test.ts -> commands/_adapters/process_identity.ts",
  "tests/core/store/lock_test.ts -> commands/_adapters/process_identity.ts",
  "tests/e2e/forged_capsule_test.ts -> commands/_adapters/context.ts",
  "tests/core/workflow/auto_capsule_test.ts -> commands/_adapters/context.ts",
  "tests/e2e/install_test.ts -> commands/_adapters/invocation.ts",
  "tests/bench/groups.ts -> commands/_adapters/hook_job.ts",
  "tests/bench/search.ts -> commands/_adapters/search_db.ts",
  "tests/bench/search.ts -> commands/_cli/safe_output.ts",
  "tests/bench/search.ts -> commands/_adapters/deno_fs.ts",
  "tests/bench/facts_phases.ts -> commands/_adapters/context.ts",
  "tests/bench/facts_phases.ts -> commands/_adapters/io.ts",
  "tests/bench/facts_phases.ts -> commands/_adapters/bounded_job.ts",
  "tests/bench/facts_phases.ts -> commands/_cli/safe_output.ts",
]);

/** The private folders of commands/ and what each holds. */
const COMMANDS_FOLDERS: readonly string[] = ["_cli", "_adapters"];

/** One problem found. */
export interface LayerProblem {
  file: string;
  message: string;
}

function walk(path: string, out: string[]): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch {
    return;
  }
  if (info.isFile) {
    if (path.endsWith(".ts") && !path.endsWith("_generated.ts")) out.push(path);
    return;
  }
  for (const e of Deno.readDirSync(path)) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    walk(`${path}/${e.name}`, out);
  }
}

/**
 * Reads every source file under `roots`, relative to `base` (the current
 * directory unless given), keyed by its path relative to `base`.
 */
export function readTree(roots: readonly string[] = ROOTS, base = "."): Map<string, string> {
  const files: string[] = [];
  const dir = base.replace(/\/+$/, "");
  for (const r of roots) walk(`${dir}/${r}`, files);
  const from = dir.length + 1;
  return new Map(files.map((f) => [f.slice(from), Deno.readTextFileSync(f)]));
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "." || seg === "") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return parts.join("/");
}

function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function dirOf(path: string): string {
  return path.split("/").slice(0, -1).join("/");
}

/**
 * The rank unit of a core path: the longest folder under core/ that
 * {@linkcode CORE_RANKS} names (a sub-folder ranked on its own, such as
 * hosts/runtime, else its first folder), or "." for core/*.ts.
 */
function coreFolder(path: string): string {
  const parts = path.split("/");
  if (parts.length === 2) return ".";
  for (let n = parts.length - 1; n > 2; n--) {
    const sub = parts.slice(1, n).join("/");
    if (CORE_RANKS[sub] !== undefined) return sub;
  }
  return parts[1]!;
}

/** Every cycle found by a depth-first walk of `graph`, each as a closed path. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const colour = new Map<string, 1 | 2>();
  for (const start of graph.keys()) {
    if (colour.get(start)) continue;
    const stack: [string, number][] = [[start, 0]];
    const path: string[] = [start];
    colour.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const deps = graph.get(top[0]) ?? [];
      if (top[1] < deps.length) {
        const next = deps[top[1]++]!;
        if (!graph.has(next)) continue;
        const c = colour.get(next);
        if (c === 1) cycles.push(path.slice(path.indexOf(next)).concat(next));
        else if (c === undefined) {
          colour.set(next, 1);
          path.push(next);
          stack.push([next, 0]);
        }
      } else {
        colour.set(top[0], 2);
        path.pop();
        stack.pop();
      }
    }
  }
  return cycles;
}

/** Checks one import edge `file -> target` (both repository-relative paths). */
function checkEdge(file: string, target: string, problems: LayerProblem[]): void {
  const fromTop = file.split("/")[0]!;
  const toTop = target.split("/")[0]!;
  const add = (message: string) => problems.push({ file, message });
  if (fromTop === "core" && ["commands", "integrations", "tests", "main.ts"].includes(toTop)) {
    add(`core must not import ${target}`);
  }
  if (fromTop === "wasm" && ["core", "commands", "main.ts", "integrations"].includes(toTop)) {
    add(`wasm must not import ${target}`);
  }
  if (fromTop === "commands" && toTop === "main.ts") add("commands must not import main.ts");
  if (fromTop === "core" && toTop === "core") {
    const from = coreFolder(file);
    const to = coreFolder(target);
    const fromRank = CORE_RANKS[from];
    const toRank = CORE_RANKS[to];
    if (fromRank !== undefined && toRank !== undefined && toRank > fromRank) {
      add(`core/${from} (rank ${fromRank}) must not import ${target} (rank ${toRank})`);
    }
  }
  if (toTop === "core" && target.endsWith("/mod.ts")) {
    add(`no mod.ts inside core: import the module file, not ${target}`);
  }
  // main.ts is the binary's entry and may import commands/ internals: the
  // startup test requires that the --version path loads commands/_adapters/io.ts but
  // not the command table (commands/mod.ts).
  const entry = file === "main.ts" && toTop === "commands";
  if (PACKAGES.includes(toTop) && fromTop !== toTop && fromTop !== "tests" && !entry) {
    if (target !== `${toTop}/mod.ts`) {
      add(`${toTop}/ is entered only through ${toTop}/mod.ts, not ${target}`);
    }
  }
  const segments = target.split("/");
  const privateDir = segments.slice(0, -1).findIndex((s) => s.startsWith("_"));
  if (privateDir > 0) {
    // A `_folder/` is private to the folder that holds it (and its tests).
    const owner = segments.slice(0, privateDir).join("/");
    const allowed = entry || PRIVATE_ALLOWED.has(`${file} -> ${target}`);
    if (!file.startsWith(`${owner}/`) && !file.startsWith(`tests/${owner}/`) && !allowed) {
      add(
        `private folder ${
          segments.slice(0, privateDir + 1).join("/")
        }/ imported from outside ${owner}/`,
      );
    }
  }
  const base = segments[segments.length - 1]!;
  if (base.startsWith("_")) {
    const folder = dirOf(target);
    // A file in one of the folder's own private sub-folders is inside it.
    const own = dirOf(file) === folder || dirOf(file) === `tests/${folder}` ||
      dirOf(file).startsWith(`${folder}/_`);
    if (!own && !entry && !PRIVATE_ALLOWED.has(`${file} -> ${target}`)) {
      add(`private module ${target} imported from outside ${folder}/ and tests/${folder}/`);
    }
  }
}

/** The command files `commands/mod.ts` loads (its relative imports of files beside it). */
function commandFiles(sources: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  const mod = sources.get("commands/mod.ts");
  if (mod === undefined) return out;
  for (const m of stripComments(mod).matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (spec !== undefined && /^\.\/[^/]+\.ts$/.test(spec)) out.add(`commands/${spec.slice(2)}`);
  }
  return out;
}

/** Where a file under commands/ may be: a command, mod.ts, or a private folder. */
function checkCommandsFile(file: string, commands: ReadonlySet<string>, problems: LayerProblem[]) {
  const parts = file.split("/");
  const allowed = parts.length === 2
    ? file === "commands/mod.ts" || commands.has(file)
    : COMMANDS_FOLDERS.includes(parts[1]!);
  if (!allowed) {
    problems.push({
      file,
      message:
        "commands/ holds only the commands commands/mod.ts loads, mod.ts, _cli/ and _adapters/: a use case goes to core/<noun>/",
    });
  }
}

/** The host ids: each record's `id` (a core/hosts/*.ts file that satisfies HostRecord). */
function hostIds(sources: ReadonlyMap<string, string>): string[] {
  const ids: string[] = [];
  for (const [file, text] of sources) {
    if (!/^core\/hosts\/[^/]+\.ts$/.test(file) || !text.includes("satisfies HostRecord")) continue;
    const id = /\bid:\s*"([^"]+)"/.exec(text)?.[1];
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * The host-native names the records give: each record's native event names
 * and tool names (the string values of its `events` and `tools` blocks), the
 * distinctive ones only (a capital, `_`, `.` or `-` in them).
 */
function nativeNames(sources: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const [file, text] of sources) {
    if (!/^core\/hosts\/[^/]+\.ts$/.test(file) || !text.includes("satisfies HostRecord")) continue;
    for (const block of ["events", "tools"]) {
      // An empty block written inline (`events: {}`) names nothing.
      const at = text.search(new RegExp(`\\n  ${block}: \\{(?!\\})`));
      if (at < 0) continue;
      // A block written on one line (`tools: { read: [...] },`) ends on that line.
      const lineEnd = text.indexOf("\n", at + 1);
      const line = text.slice(at, lineEnd < 0 ? undefined : lineEnd);
      const end = /\},?\s*$/.test(line) ? lineEnd : text.indexOf("\n  },", at);
      const body = text.slice(at, end < 0 ? undefined : end);
      // Every string in turn; a key (followed by ":") is baton's own name, not the host's.
      for (const m of body.matchAll(/"([^"\n]*)"(\s*:)?/g)) {
        if (m[2] === undefined && /[A-Z_.-]/.test(m[1]!)) names.add(m[1]!);
      }
    }
  }
  return names;
}

/** Top-level declarations of a source, each with its first line. */
function declarations(src: string): { head: string; body: string }[] {
  const out: { head: string; body: string }[] = [];
  for (
    const chunk of src.split(/\n(?=(?:export\s+)?(?:const|let|function|async function|class)\b)/)
  ) {
    out.push({ head: chunk.split("\n")[0] ?? "", body: chunk });
  }
  return out;
}

/** A per-host table outside the host records (see the module doc). */
function checkPerHostTables(
  file: string,
  src: string,
  ids: readonly string[],
  native: ReadonlySet<string>,
  problems: LayerProblem[],
): void {
  if (ids.length === 0) return;
  const alternatives = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const key = new RegExp(`(?:^|[{,\\s])(?<!case\\s+)(["']?)(${alternatives})\\1\\s*:(?!:)`, "g");
  const caseOf = new RegExp(`\\bcase\\s+(["'])(${alternatives})\\1\\s*:`, "g");
  for (const d of declarations(src)) {
    // The signature: the first line, or up to the first line-ending "{" or "=".
    const open = d.body.search(/[{=]\s*\n/);
    if (/Format\b/.test(open < 0 ? d.head : d.body.slice(0, open))) continue;
    const named = new Set([...d.body.matchAll(key)].map((m) => m[2]));
    const cased = new Set([...d.body.matchAll(caseOf)].map((m) => m[2]));
    const listed = new Set(
      [...d.body.matchAll(/"([^"\n]+)"/g)].map((m) => m[1]!).filter((n) => native.has(n)),
    );
    const typed = /^(?:export\s+)?(?:const|let)\b/.test(d.head) &&
      /Record<\s*(?:HostId|SourceHost)\b/.test(d.head) && !/perHost\w*\(/.test(d.body);
    if (named.size >= 3 || cased.size >= 3 || listed.size >= 3 || typed) {
      problems.push({
        file,
        message: `per-host table (${
          d.head.trim().slice(0, 60)
        }): state it in the host records (core/hosts/<host>.ts) and derive it with perHost()`,
      });
    }
  }
}

/** Checks a tree given as repository-relative path -> source text. */
export function checkLayers(sources: ReadonlyMap<string, string>): LayerProblem[] {
  const problems: LayerProblem[] = [];
  const commands = commandFiles(sources);
  const ids = hostIds(sources);
  const native = nativeNames(sources);
  const graph = new Map<string, string[]>();
  const folders = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const src = stripComments(text);
    const deps: string[] = [];
    for (const m of src.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2];
      if (spec === undefined) continue;
      const target = resolve(file, spec);
      if (target === null) continue;
      deps.push(target);
      checkEdge(file, target, problems);
      if (file.startsWith("core/") && target.startsWith("core/")) {
        const from = coreFolder(file);
        const to = coreFolder(target);
        if (from !== to) {
          if (!folders.has(from)) folders.set(from, new Set());
          folders.get(from)!.add(to);
        }
      }
    }
    graph.set(file, deps);
    const name = file.split("/").pop()!;
    const top = file.split("/")[0]!;
    if (top === "commands") checkCommandsFile(file, commands, problems);
    const isRecord = /^core\/hosts\/[^/]+\.ts$/.test(file) && text.includes("satisfies HostRecord");
    const generated = file === "core/hosts/_records_generated.ts" ||
      file === "core/hosts/hook_names_generated.ts";
    if (top !== "tests" && !isRecord && !generated) {
      checkPerHostTables(file, src, ids, native, problems);
    }
    if (name === "mod.ts" && top === "core") {
      problems.push({ file, message: "no mod.ts inside core: callers import module files" });
    } else if (name === "mod.ts" && top !== "tests" && !PACKAGES.includes(dirOf(file))) {
      problems.push({ file, message: `mod.ts only at the top of ${PACKAGES.join(", ")}` });
    }
    if (top === "core") {
      const folder = coreFolder(file);
      if (CORE_RANKS[folder] === undefined) {
        problems.push({ file, message: `core/${folder} has no rank: add it to CORE_RANKS` });
      }
      const code = src.replace(/`[^`]*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
      if (/\bDeno\./.test(code)) {
        problems.push({ file, message: "core must not use Deno.* (inject a capability)" });
      }
      if (/\bconsole\./.test(code)) problems.push({ file, message: "core must not print" });
    }
  }
  const folderGraph = new Map([...folders].map(([k, v]) => [k, [...v].sort()]));
  for (const f of Object.keys(CORE_RANKS)) if (!folderGraph.has(f)) folderGraph.set(f, []);
  for (const cycle of findCycles(folderGraph)) {
    const names = cycle.map((f) => `core/${f}`);
    problems.push({ file: names[0]!, message: `folder cycle: ${names.join(" -> ")}` });
  }
  for (const cycle of findCycles(graph)) {
    problems.push({ file: cycle[0]!, message: `import cycle: ${cycle.join(" -> ")}` });
  }
  return problems;
}

if (import.meta.main) {
  const sources = readTree();
  const problems = checkLayers(sources);
  for (const p of problems) console.error(`layer check: ${p.file}: ${p.message}`);
  if (problems.length > 0) Deno.exit(1);
  console.error(
    `layer check: ${sources.size} files, no forbidden edges, no upward or cyclic core folders`,
  );
}
