/**
 * Renders the exact change to one file as a unified diff (what
 * `baton install --dry-run` prints), with jsdiff. Pure.
 * @module
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";

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
  return patch.endsWith("\n") ? patch : patch + "\n";
}
