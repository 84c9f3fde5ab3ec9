/**
 * Codex CLI's rules file for baton's state commands (`rules/baton.rules`
 * under `.codex` or `$CODEX_HOME`): one `prefix_rule` whose pattern is the
 * launcher's words followed by the state commands as alternatives, decision
 * `allow`. In Codex an allowed command runs without asking and outside the
 * sandbox; every other command keeps the approval policy and the sandbox it
 * had, so the rule lets nothing but those baton commands out (see
 * docs/hooks.md for what the real program showed). A whole file baton owns,
 * so uninstall removes it and no user's rule is touched. Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";
import { BATON_MARKER } from "./types.ts";

/** A Starlark string literal (JSON's escapes are Starlark's for these characters). */
function starlarkString(s: string): string {
  return JSON.stringify(s);
}

/**
 * The rules file's text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = renderCodexRules(["/opt/baton"]);
 * assert.match(text, /pattern = \["\/opt\/baton", \["load", "preflight",/);
 * ```
 */
export function renderCodexRules(invocation: BatonInvocation): string {
  const head = invocation.map(starlarkString).join(", ");
  const commands = ALLOWED_STATE_COMMANDS.map(starlarkString).join(", ");
  return `# ${BATON_MARKER}: baton uninstall removes this file.
# baton's own state commands run without asking; nothing else.
prefix_rule(
    pattern = [${head}, [${commands}]],
    decision = "allow",
)
`;
}
