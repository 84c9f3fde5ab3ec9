/**
 * Command safety: classifies a shell command as `read_only`, `review` or
 * `dangerous`, naming the dangerous families it matches.
 *
 * This is not a sandbox and it can be evaded: it reads the text of a command
 * and never runs it, so anything decided at run time (a script's content, a
 * variable from the environment, an alias) is beyond it. It over-flags on
 * purpose: anything that mutates shared state or cannot be undone is at
 * least review, unknown programs are review, and read_only is given only
 * when each program's record (programs/: its options, matched the way its
 * own parser matches them, and its read-only subcommands) says that
 * nothing given runs code, writes, changes shared state or sends data
 * anywhere (the policy is CLASS_POLICY in families.ts). baton classifies
 * a carried command at load time from its raw text, so a capsule has no
 * field it could fill in to declare its own command safe.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyCommand } from "./mod.ts";
 * const r = classifyCommand("git branch -D old && git reflog expire --expire=now --all");
 * assert.equal(r.class, "dangerous");
 * assert.deepEqual(r.families, ["ref_destruction"]);
 * ```
 * @module
 */
export {
  type Classification,
  CLASSIFY_DEFAULTS,
  classifyCommand,
  type ClassifyOptions,
  COMMAND_CLASSES,
  type CommandClass,
} from "./classify.ts";
export {
  CLASS_POLICY,
  COMMAND_FAMILIES,
  type CommandFamily,
  type FamilyId,
  familyTitle,
} from "./families.ts";
export { classifyCarried } from "./carried.ts";
