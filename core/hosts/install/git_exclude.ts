/**
 * The block baton keeps in `.git/info/exclude` for the files it installs
 * into a repository (skill, command files, configs it created), so they are
 * never untracked changes: not in `git status`, never in a capsule's facts.
 * One block, delimited by marker lines; the begin line records whether baton
 * created the file or added a final newline to it, so removing the last
 * entry gives the file back byte for byte. Pure text in, text out.
 * @module
 */

const BEGIN = "# >>> baton: files baton installed (baton uninstall removes this block)";
const END = "# <<< baton";
const CREATED = " [created]";
const NEWLINE = " [newline]";

/** The block's place in a file. */
interface Found {
  start: number;
  end: number;
  entries: string[];
  created: boolean;
  newline: boolean;
}

function find(text: string): Found | null {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(BEGIN)) {
      const flags = line.slice(BEGIN.length);
      const entries: string[] = [];
      let end = offset + line.length + 1;
      for (let j = i + 1; j < lines.length; j++) {
        const l = lines[j]!;
        end += l.length + 1;
        if (l === END) {
          return {
            start: offset,
            end: Math.min(end, text.length),
            entries,
            created: flags.includes(CREATED),
            newline: flags.includes(NEWLINE),
          };
        }
        entries.push(l);
      }
      return null; // unterminated: not ours to touch
    }
    offset += line.length + 1;
  }
  return null;
}

/**
 * The exclude pattern of a repository-relative path: anchored at the root,
 * with git's pattern characters escaped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { excludePattern } from "./git_exclude.ts";
 * assert.equal(excludePattern(".claude/skills/baton/SKILL.md"), "/.claude/skills/baton/SKILL.md");
 * assert.equal(excludePattern("a[1]*.md"), "/a\\[1\\]\\*.md");
 * ```
 */
export function excludePattern(relPath: string): string {
  return "/" + relPath.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, "\\ ");
}

function block(entries: readonly string[], created: boolean, newline: boolean): string {
  const flags = `${created ? CREATED : ""}${newline ? NEWLINE : ""}`;
  return `${BEGIN}${flags}\n${entries.join("\n")}\n${END}\n`;
}

/**
 * The exclude file with `patterns` in baton's block (added once, kept
 * sorted); `text` null means the file does not exist. Returns the text
 * unchanged when every pattern is there already.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addExcludes, removeExcludes } from "./git_exclude.ts";
 * const before = "# git's own comment\n";
 * const after = addExcludes(before, ["/.claude/x.md"]);
 * assert.ok(after.startsWith(before) && after.includes("\n/.claude/x.md\n"));
 * assert.equal(removeExcludes(after, ["/.claude/x.md"]), before);
 * assert.equal(removeExcludes(addExcludes(null, ["/a"]), ["/a"]), null);
 * assert.equal(removeExcludes(addExcludes("x", ["/a"]), ["/a"]), "x");
 * ```
 */
export function addExcludes(text: string | null, patterns: readonly string[]): string {
  const current = text ?? "";
  const found = find(current);
  if (found === null) {
    if (patterns.length === 0) return current;
    const newline = current !== "" && !current.endsWith("\n");
    const entries = [...new Set(patterns)].sort();
    return `${current}${newline ? "\n" : ""}${block(entries, text === null, newline)}`;
  }
  const entries = [...new Set([...found.entries, ...patterns])].sort();
  if (entries.length === found.entries.length) return current;
  return current.slice(0, found.start) + block(entries, found.created, found.newline) +
    current.slice(found.end);
}

/**
 * The exclude file without `patterns`; when baton's block empties, the block
 * goes and the file is what it was before baton added it (null: baton
 * created it, delete it).
 */
export function removeExcludes(text: string, patterns: readonly string[]): string | null {
  const found = find(text);
  if (found === null) return text;
  const gone = new Set(patterns);
  const entries = found.entries.filter((e) => !gone.has(e));
  if (entries.length === found.entries.length) return text;
  if (entries.length > 0) {
    return text.slice(0, found.start) + block(entries, found.created, found.newline) +
      text.slice(found.end);
  }
  let before = text.slice(0, found.start);
  const after = text.slice(found.end);
  if (found.newline && after === "" && before.endsWith("\n")) before = before.slice(0, -1);
  const rest = before + after;
  return rest === "" && found.created ? null : rest;
}
