/**
 * Operating system commands in a text with no colour code: an OSC 8
 * hyperlink (`ls --hyperlink`, `gh`, `delta`), a shell's prompt marks
 * (`ESC ] 133 ; A`) or a title around or inside a value split it for the
 * rules, and the engine reads a text without its sequences (ansi.ts) only
 * when the buffer's colour test (a `[` after an ESC, in WebAssembly) says
 * it may hold one. A companion rule finds the opening of such a command,
 * its ESC raw or JSON-escaped, in the keyword pass every buffer gets
 * anyway: when it is found, the engine reads the buffer without its
 * sequences too (engine.ts findRuled). Its findings are never reported
 * (kind {@linkcode OSC_KIND}, priority 0). Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/** The kind of an operating system command's opening (never a finding). */
export const OSC_KIND = "osc:command";

/**
 * The rule that finds an operating system command's opening: ESC (raw, or
 * `\u001b` after one to three backslashes), `]`, its number and `;`.
 * @returns The rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oscRule } from "./osc_rules.ts";
 * assert.ok(oscRule().pattern.test("a\x1b]8;;https://x\x07b"));
 * assert.ok(!oscRule().pattern.test("xs[1]8;"));
 * ```
 */
export function oscRule(): SecretRule {
  return {
    kind: OSC_KIND,
    title: "Operating system command",
    description: "An OSC sequence's opening (internal).",
    // Hyperlinks, titles and icon names, the working directory, prompt marks, iTerm2's.
    keywords: ["]8;", "]0;", "]1;", "]2;", "]7;", "]133;", "]633;", "]1337;"],
    // deno-lint-ignore no-control-regex
    pattern: /(?<=\x1b|\\u001[bB])\](?:8|0|1|2|7|133|633|1337);/,
    after: 8,
    priority: 0,
    minEntropy: 0,
    docWords: false,
  };
}
