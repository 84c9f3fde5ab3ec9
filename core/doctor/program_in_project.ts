/**
 * Whether an installed hook's invocation runs a program that lives in the
 * project folder, which a commit could have put there (a hook config can be
 * committed too): a relative path (hooks run in the project folder), an
 * absolute one inside it (symbolic links and `..` resolved as the system
 * resolves them, not by reading the text), the same for a `file:` URL and
 * for the file a `--config`/`-c`/`--import-map` flag names, a Deno task
 * (the project's deno.json defines it), and a JavaScript package manager
 * (`npx`, `npm`, `pnpm`, `yarn`, `bun`...), which runs the project's
 * scripts or its installed packages first. A path that cannot be resolved
 * and climbs with `..` counts too: where it lands cannot be told. A bare
 * program name is looked up on PATH and is not judged here. Reads through
 * the injected file system only.
 * @module
 */
import type { ReadFs } from "../fs.ts";

/** Program names whose resolution consults the project's package.json or node_modules. */
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set([
  "npx",
  "npm",
  "pnpm",
  "pnpx",
  "yarn",
  "bun",
  "bunx",
]);

/** Flags whose value is a file path even without a slash in it. */
const PATH_FLAGS: ReadonlySet<string> = new Set(["--config", "-c", "--import-map"]);

const SCRIPT = /\.(?:[cm]?[jt]sx?|json[c5]?|sh|py|rb|pl)$/i;

function baseName(path: string): string {
  return path.replace(/[\\/]+$/, "").split(/[\\/]/).at(-1) ?? path;
}

function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path);
}

/** A `file:` URL's path (as Deno reads a script or config named so); the word itself otherwise. */
export function fileUrlPath(word: string): string {
  if (!/^file:/i.test(word)) return word;
  try {
    return decodeURIComponent(new URL(word).pathname);
  } catch {
    return word.replace(/^file:(?:\/\/)?/i, "");
  }
}

/** The path a word names, or null when it names none. */
function pathOf(word: string, afterPathFlag: boolean): string | null {
  const eq = /^(--?[\w-]+)=(.*)$/s.exec(word);
  const value = eq !== null ? eq[2]! : word;
  const flagged = afterPathFlag || (eq !== null && PATH_FLAGS.has(eq[1]!));
  if (eq === null && word.startsWith("-")) return null;
  const path = fileUrlPath(value);
  if (path === "") return null;
  if (flagged || /^file:/i.test(value) || /[\\/]/.test(path) || SCRIPT.test(path)) return path;
  return null;
}

async function realOrNull(fs: ReadFs, path: string): Promise<string | null> {
  try {
    return (await fs.realPath(path)).replaceAll("\\", "/");
  } catch {
    return null;
  }
}

/**
 * Where an absolute path really is: resolved by the system when it exists;
 * else its nearest existing ancestor resolved, with the rest appended when
 * the rest holds no `..` (null when it does: a missing directory followed by
 * `..` lands where the text alone cannot tell).
 */
async function resolved(fs: ReadFs, path: string): Promise<string | null> {
  const whole = await realOrNull(fs, path);
  if (whole !== null) return whole;
  const parts = path.replaceAll("\\", "/").split("/");
  for (let i = parts.length - 1; i > 0; i--) {
    const rest = parts.slice(i);
    if (rest.includes("..")) continue;
    const head = await realOrNull(fs, parts.slice(0, i).join("/") || "/");
    if (head !== null) return `${head.replace(/\/$/, "")}/${rest.join("/")}`;
  }
  return null;
}

function inside(path: string, dir: string): boolean {
  const d = dir.replace(/\/$/, "");
  return path === d || path.startsWith(`${d}/`);
}

/**
 * Why `invocation` runs a program from the project folder at `projectDir`,
 * or null when it does not (as far as can be told).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { programInProject } from "./program_in_project.ts";
 * const fs = { realPath: (p: string) => Promise.resolve(p) } as never;
 * assert.notEqual(await programInProject(fs, ["deno", "run", "tools/main.ts"], "/p"), null);
 * assert.equal(await programInProject(fs, ["/usr/local/bin/baton", "hook", "stop"], "/p"), null);
 * ```
 */
export async function programInProject(
  fs: ReadFs,
  invocation: readonly string[],
  projectDir: string,
): Promise<string | null> {
  const program = invocation[0];
  if (program === undefined) return null;
  const name = baseName(fileUrlPath(program)).replace(/\.(?:exe|cmd|bat)$/i, "").toLowerCase();
  if (PACKAGE_RUNNERS.has(name)) return `${name} runs the project's own scripts or packages`;
  if (name === "deno" && invocation.slice(1).find((w) => !w.startsWith("-")) === "task") {
    return "a Deno task, which the project's deno.json defines";
  }
  const project = (await realOrNull(fs, projectDir)) ?? projectDir.replaceAll("\\", "/");
  for (let i = 0; i < invocation.length; i++) {
    const word = invocation[i]!;
    const path = i === 0 ? fileUrlPath(word) : pathOf(word, PATH_FLAGS.has(invocation[i - 1]!));
    if (path === null || (i === 0 && !/[\\/]/.test(path))) continue;
    if (!isAbsolute(path)) return "a path relative to the project folder";
    const real = await resolved(fs, path);
    if (real === null) return "a path that cannot be resolved";
    if (inside(real, project)) return "a program in the project folder";
  }
  return null;
}
