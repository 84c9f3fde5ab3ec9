/**
 * The files of `integrations/<host>/`: what `baton install --project` writes
 * for a `baton` on PATH, minus the skill (one canonical copy lives in
 * skills/baton/), as paths relative to the repository root. `deno task gen`
 * writes them and its check fails when they are stale. Pure.
 * @module
 */
import { mergeAllowRules } from "./allow_rules.ts";
import { mergeHooks } from "./hook_config.ts";
import { withBlock } from "./rules_block.ts";
import type { HostContent, HostSpec } from "./types.ts";

/**
 * The reference files of one host.
 *
 * @param spec The host.
 * @param content The canonical texts (the invocation is replaced by `baton`).
 * @returns Relative path -> file text.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CURSOR } from "./cursor.ts";
 * const files = hostReferenceFiles(CURSOR, { invocation: ["/x/baton"], skill: "", prompts: [] });
 * assert.deepEqual(Object.keys(files), [".cursor/hooks.json"]);
 * assert.match(files[".cursor/hooks.json"]!, /"baton hook session-start --host cursor"/);
 * ```
 */
export function hostReferenceFiles(spec: HostSpec, content: HostContent): Record<string, string> {
  const plain: HostContent = { ...content, invocation: ["baton"] };
  const layout = spec.layout("project", { projectRoot: "", home: "", env: () => undefined }, plain);
  const out: Record<string, string> = {};
  for (const file of layout.files) {
    if (file.kind === "skill") continue;
    const rel = file.path.replace(/^\/+/, "");
    out[rel] = file.kind === "hooks" && file.hooks.length === 0 && file.allow !== undefined
      ? mergeAllowRules("", file.allow, { invocation: ["baton"] })
      : file.kind === "hooks"
      ? mergeHooks(null, file, { host: spec.id, invocation: ["baton"] })
      : file.kind === "block"
      ? withBlock(null, file.body)
      : file.content;
  }
  return out;
}
