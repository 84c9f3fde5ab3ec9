/**
 * Codex's two trust steps, detected where they can be and explained with the
 * exact commands. Codex ignores a project's `.codex/` entirely until the
 * project is trusted (`[projects."<abs path>"] trust_level = "trusted"` in
 * `$CODEX_HOME/config.toml`, which Codex writes when you accept its trust
 * prompt), and even then skips hooks nobody has reviewed (`/hooks` in the
 * TUI; `codex exec --dangerously-bypass-hook-trust` stands in for the review
 * in automation). Project trust is read from config.toml; the review record
 * is Codex's own hash store, which baton does not read, so that step is
 * always `unknown`. Pure.
 * @module
 */
import { type ReadFs, readRegularFile, type RegularRead } from "../../fs.ts";
import { capShown, terminalLine } from "../../safety/render_safe.ts";
import type { InstallScope, TrustStep } from "./types.ts";

/** Where the project-trust entry lives and which project it is for. */
export interface CodexTrustInput {
  scope: InstallScope;
  /** `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`). */
  configPath: string;
  projectRoot: string;
}

/**
 * The path as a TOML basic string: quote and backslash escaped, and every character that
 * would act on a terminal or hide (a control, a line break, an invisible or bidi one) as
 * its \uXXXX escape, which TOML reads back as the same character.
 */
function tomlKey(path: string): string {
  let out = "";
  for (const ch of path.replaceAll("\\", "\\\\").replaceAll('"', '\\"')) {
    const cp = ch.codePointAt(0)!.toString(16).toUpperCase();
    out += terminalLine(ch) === ch && ch !== "\t"
      ? ch
      : cp.length > 4
      ? `\\U${cp.padStart(8, "0")}`
      : `\\u${cp.padStart(4, "0")}`;
  }
  return `"${out}"`;
}

/** A path from the environment or the repository's place, for one line of a note. */
function shown(path: string): string {
  return terminalLine(capShown(path, 400));
}

/** Largest Codex config read. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** The levels Codex writes; any other value is not printed (it is the config's text). */
const LEVEL = /^[a-z][a-z_-]{0,31}$/;

async function projectTrustLevel(
  fs: ReadFs,
  input: CodexTrustInput,
): Promise<{ level: string | null } | { unreadable: string }> {
  // Only a regular file is read (a FIFO there would hold the install or doctor forever), and
  // only whole: "no entry" is said only of a config read to its end (an entry past the bound,
  // or in a file that could not be read, is not known to be absent).
  let read: RegularRead;
  try {
    read = await readRegularFile(fs, input.configPath, MAX_CONFIG_BYTES);
  } catch {
    return { unreadable: "it cannot be read" };
  }
  if (read.kind === "missing") return { level: null };
  if (read.kind === "not_regular") return { unreadable: "it is not a regular file" };
  if (read.kind === "too_large") return { unreadable: "it is larger than 4 MiB, not read" };
  const bytes = read.bytes;
  try {
    const { parse } = await import("smol-toml");
    const doc = parse(new TextDecoder().decode(bytes).replace(/^\ufeff/, "")) as Record<
      string,
      unknown
    >;
    const projects = doc.projects;
    if (typeof projects !== "object" || projects === null) return { level: null };
    const entry = (projects as Record<string, unknown>)[input.projectRoot];
    if (typeof entry !== "object" || entry === null) return { level: null };
    const level = (entry as Record<string, unknown>).trust_level;
    return { level: typeof level === "string" ? level : null };
  } catch {
    return { unreadable: "it cannot be parsed" };
  }
}

/**
 * The trust steps for a Codex install in `input.scope`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ReadFs } from "../../fs.ts";
 * const files: Record<string, string> = {
 *   "/h/.codex/config.toml": '[projects."/r"]\ntrust_level = "trusted"\n',
 * };
 * const fs = {
 *   stat: (p: string) => Promise.resolve(p in files ? { isFile: true } : null),
 *   readRange: (p: string) => p in files
 *     ? Promise.resolve(new TextEncoder().encode(files[p]))
 *     : Promise.reject(new Error("absent")),
 * } as unknown as ReadFs;
 * const steps = await codexTrustSteps(fs, {
 *   scope: "project", configPath: "/h/.codex/config.toml", projectRoot: "/r",
 * });
 * assert.deepEqual(steps.map((s) => [s.step, s.status]), [
 *   ["project_trust", "done"], ["hook_review", "unknown"],
 * ]);
 * ```
 */
export async function codexTrustSteps(fs: ReadFs, input: CodexTrustInput): Promise<TrustStep[]> {
  const steps: TrustStep[] = [];
  if (input.scope === "project") {
    const t = await projectTrustLevel(fs, input);
    const config = shown(input.configPath);
    const how = `run codex in ${
      shown(input.projectRoot)
    } and accept its trust prompt, or add to ${config}: [projects.${
      tomlKey(input.projectRoot)
    }] trust_level = "trusted"`;
    if ("unreadable" in t) {
      steps.push({
        step: "project_trust",
        status: "unknown",
        explain:
          `Codex project trust: unknown (${config}: ${t.unreadable}); Codex ignores .codex/ in an untrusted project: ${how}`,
      });
    } else if (t.level === "trusted") {
      steps.push({
        step: "project_trust",
        status: "done",
        explain: `Codex project trust: done (${config} trusts ${shown(input.projectRoot)})`,
      });
    } else {
      steps.push({
        step: "project_trust",
        status: "needed",
        explain: `Codex project trust: needed (${
          t.level === null
            ? "no entry"
            : LEVEL.test(t.level)
            ? `trust_level is "${t.level}"`
            : "trust_level is a value Codex does not write"
        } in ${config}); Codex ignores .codex/ and runs none of its hooks until then: ${how}`,
      });
    }
  }
  steps.push({
    step: "hook_review",
    status: "unknown",
    explain:
      "Codex hook review: unknown (Codex keeps it in its own hash store); Codex skips new or changed hooks until reviewed: run codex, type /hooks and trust baton's hooks; headless (CI), codex exec --dangerously-bypass-hook-trust runs them without the review",
  });
  return steps;
}
