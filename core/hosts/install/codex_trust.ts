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
import type { ReadFs } from "../../fs.ts";
import type { InstallScope, TrustStep } from "./types.ts";

/** Where the project-trust entry lives and which project it is for. */
export interface CodexTrustInput {
  scope: InstallScope;
  /** `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`). */
  configPath: string;
  projectRoot: string;
}

function tomlKey(path: string): string {
  return `"${path.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

async function projectTrustLevel(
  fs: ReadFs,
  input: CodexTrustInput,
): Promise<{ level: string | null } | { unreadable: true }> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readRange(input.configPath, 0, 4 * 1024 * 1024);
  } catch {
    return { level: null };
  }
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
    return { unreadable: true };
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
    const how =
      `run codex in ${input.projectRoot} and accept its trust prompt, or add to ${input.configPath}: [projects.${
        tomlKey(input.projectRoot)
      }] trust_level = "trusted"`;
    if ("unreadable" in t) {
      steps.push({
        step: "project_trust",
        status: "unknown",
        explain:
          `Codex project trust: unknown (${input.configPath} cannot be parsed); Codex ignores .codex/ in an untrusted project: ${how}`,
      });
    } else if (t.level === "trusted") {
      steps.push({
        step: "project_trust",
        status: "done",
        explain: `Codex project trust: done (${input.configPath} trusts ${input.projectRoot})`,
      });
    } else {
      steps.push({
        step: "project_trust",
        status: "needed",
        explain: `Codex project trust: needed (${
          t.level === null ? "no entry" : `trust_level is "${t.level}"`
        } in ${input.configPath}); Codex ignores .codex/ and runs none of its hooks until then: ${how}`,
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
