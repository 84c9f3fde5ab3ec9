/**
 * The text an unquoted heredoc body gives the command that reads it: the
 * shell removes the backslash before `$`, `` ` `` and `\` (and a
 * backslash-newline), and puts in the values of the variables known here.
 * A value is not expanded again. Unknown variables and substitutions stay
 * as written. Pure.
 * @module
 */

/**
 * The body as the reading command sees it.
 *
 * @param body The heredoc body as written (unquoted delimiter).
 * @param vars Known variable values.
 * @returns The text read on stdin.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heredocText } from "./heredoc_text.ts";
 * assert.equal(heredocText("echo \\$T $x\n", new Map([["x", "$U"]])), "echo $T $U\n");
 * ```
 */
export function heredocText(body: string, vars: ReadonlyMap<string, string>): string {
  return body.replace(
    /\\([\\$`])|\\\n|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (all, esc: string | undefined, braced: string | undefined, plain: string | undefined) => {
      if (esc !== undefined) return esc;
      if (braced === undefined && plain === undefined) return "";
      return vars.get((braced ?? plain)!) ?? all;
    },
  );
}
