/**
 * Renders the exact change to one file as a unified diff (what
 * `baton install --dry-run` prints), with jsdiff. The text it shows is a
 * file's, which a commit may have written: terminal control, invisible and
 * direction-changing characters and line breaks other than the diff's own are
 * made visible (control pictures, `‹U+XXXX›` markers), so no file line can
 * act on the terminal, hide a `+` line or pose as one; a diff with none of
 * them applies back exactly. Pure.
 * @module
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import { neutralizeText } from "../../safety/render_safe.ts";

/** Line breaks a terminal or an editor honours besides the diff's own \n (a CR ending a line is kept). */
const OTHER_BREAKS = /\r(?!$)|[\u0085\u2028\u2029]/g;

/** One diff line shown safely. */
function shownLine(line: string): string {
  return neutralizeText(line).replace(
    OTHER_BREAKS,
    (ch) =>
      ch === "\r"
        ? "\u240d"
        : `‹U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}›`,
  );
}

/**
 * The unified diff from `before` to `after` for `path`; `null` stands for a
 * missing file (`/dev/null` in the header). Empty when nothing changes.
 *
 * @param path The file's path, shown in the headers.
 * @param change The current text (null when the file does not exist) and the new
 * one (null when the file is removed).
 * @returns The diff text.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const diff = renderUnifiedDiff("/p/a.json", { before: "{}\n", after: '{"a": 1}\n' });
 * assert.equal(diff, '--- /p/a.json\n+++ /p/a.json\n@@ -1,1 +1,1 @@\n-{}\n+{"a": 1}\n');
 * assert.equal(renderUnifiedDiff("/p/a", { before: "x\n", after: "x\n" }), "");
 * ```
 */
export function renderUnifiedDiff(
  path: string,
  change: { before: string | null; after: string | null },
): string {
  const { before, after } = change;
  if (before === after) return "";
  const patch = createTwoFilesPatch(
    before === null ? "/dev/null" : path,
    after === null ? "/dev/null" : path,
    before ?? "",
    after ?? "",
    undefined,
    undefined,
    { context: 3, headerOptions: FILE_HEADERS_ONLY },
  );
  const shown = patch.split("\n").map(shownLine).join("\n");
  return shown.endsWith("\n") ? shown : shown + "\n";
}
