/**
 * The commits git takes as having no parents in a shallow repository: the
 * object ids its `shallow` file (in the common directory) lists, one a line.
 * git's history walks stop at them even where the parents are present, so
 * a walk that follows those parents finds history git does not.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { readOptionalText } from "./_read_optional.ts";

/**
 * The object ids (lower case) each line of a shallow file starts with;
 * lines that start with none are passed over (git stops on them, and the
 * work tree is then unknown, git_refusals.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shallowIds } from "./shallow_commits.ts";
 * assert.deepEqual([...shallowIds("A".repeat(40) + "\njunk\n", 40)], ["a".repeat(40)]);
 * ```
 */
export function shallowIds(text: string, hexLength: number): Set<string> {
  const out = new Set<string>();
  const oid = new RegExp(`^[0-9a-fA-F]{${hexLength}}`);
  for (const line of text.split("\n")) {
    const m = oid.exec(line);
    if (m !== null) out.add(m[0].toLowerCase());
  }
  return out;
}

/** The repository's shallow commits; empty when it is not shallow. Read errors propagate. */
export async function shallowCommits(fs: ReadFs, repo: RepoLocation): Promise<Set<string>> {
  const text = await readOptionalText(fs, `${repo.commonDir}/shallow`);
  return text === null ? new Set() : shallowIds(text, 40);
}
