/**
 * The layer check run by `deno task check`: fails when core/ imports
 * commands/, integrations/ or main.ts, when wasm/ or core/ reaches upwards,
 * when a private `_file.ts` is imported from another folder, when core/ uses
 * `Deno.` or `console.`, or when any import cycle exists.
 *
 * It reads import specifiers from the source text (static, dynamic and
 * type-only), so every edge counts, including lazy ones.
 * @module
 */

const ROOTS = ["main.ts", "core", "commands", "wasm", "skills", "integrations"];
const IMPORT_RE =
  /(?:^|[^.\w])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

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

/** Checks the tree rooted at the current directory. */
export function checkLayers(files: string[]): LayerProblem[] {
  const problems: LayerProblem[] = [];
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const src = stripComments(Deno.readTextFileSync(file));
    const deps: string[] = [];
    for (const m of src.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2];
      if (spec === undefined) continue;
      const target = resolve(file, spec);
      if (target === null) continue;
      deps.push(target);
      const fromTop = file.split("/")[0]!;
      const toTop = target.split("/")[0]!;
      if (fromTop === "core" && ["commands", "integrations", "main.ts"].includes(toTop)) {
        problems.push({ file, message: `core must not import ${target}` });
      }
      if (fromTop === "core" && toTop === "wasm" && target !== "wasm/mod.ts") {
        problems.push({ file, message: `core may import only wasm/mod.ts, not ${target}` });
      }
      if (fromTop === "wasm" && ["core", "commands", "main.ts", "integrations"].includes(toTop)) {
        problems.push({ file, message: `wasm must not import ${target}` });
      }
      if (fromTop === "commands" && toTop === "main.ts") {
        problems.push({ file, message: "commands must not import main.ts" });
      }
      const base = target.split("/").pop()!;
      const sameFolder =
        target.split("/").slice(0, -1).join("/") === file.split("/").slice(0, -1).join("/");
      const entryToCommands = file === "main.ts" && toTop === "commands";
      if (
        base.startsWith("_") && !sameFolder && !entryToCommands && !base.startsWith("_generated")
      ) {
        problems.push({ file, message: `private module ${target} imported from another folder` });
      }
    }
    graph.set(file, deps);
    if (file.startsWith("core/")) {
      const code = src.replace(/`[^`]*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
      if (/\bDeno\./.test(code)) {
        problems.push({ file, message: "core must not use Deno.* (inject a capability)" });
      }
      if (/\bconsole\./.test(code)) problems.push({ file, message: "core must not print" });
    }
  }
  // Cycle detection (iterative DFS with colours).
  const colour = new Map<string, 0 | 1 | 2>();
  for (const start of graph.keys()) {
    if (colour.get(start)) continue;
    const stack: [string, number][] = [[start, 0]];
    const path: string[] = [];
    colour.set(start, 1);
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const deps = graph.get(top[0]) ?? [];
      if (top[1] < deps.length) {
        const next = deps[top[1]++]!;
        if (!graph.has(next)) continue;
        const c = colour.get(next) ?? 0;
        if (c === 1) {
          const cycle = path.slice(path.indexOf(next)).concat(next);
          problems.push({ file: next, message: `import cycle: ${cycle.join(" -> ")}` });
        } else if (c === 0) {
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
  return problems;
}

if (import.meta.main) {
  const files: string[] = [];
  for (const r of ROOTS) walk(r, files);
  const problems = checkLayers(files);
  for (const p of problems) console.error(`layer check: ${p.file}: ${p.message}`);
  if (problems.length > 0) Deno.exit(1);
  console.error(`layer check: ${files.length} files, no forbidden edges, no cycles`);
}
