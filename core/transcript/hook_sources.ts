/**
 * Where each host reads a project's hooks (and other code that can change a
 * shell call or its result) from: the records' `transcript.projectHooks`
 * (core/hosts/<host>.ts states each host's facts), with every field filled
 * in, for core/transcript/project_hooks.ts. Pure.
 * @module
 */
import type { HostId } from "../hosts/ids.ts";
import { perHostRecord } from "../hosts/full_records.ts";
import type { ProjectHookSource } from "../hosts/record.ts";

/** A host whose project hooks baton judges (every host; one with no sources has none). */
export type HookHost = HostId;

/** A source with every field filled in. */
export type HookSource = Required<ProjectHookSource>;

function filled(source: ProjectHookSource): HookSource {
  return {
    json: [],
    toml: [],
    everyJson: false,
    anyEntry: false,
    claudeEnv: false,
    plugins: false,
    components: false,
    ...source,
  };
}

/**
 * Each host's sources, filled in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(HOOK_SOURCES.codex[0]?.dir, ".codex");
 * assert.deepEqual(HOOK_SOURCES.gemini, []);
 * ```
 */
export const HOOK_SOURCES: Readonly<Record<HookHost, readonly HookSource[]>> = perHostRecord((
  r,
) => (r.transcript.projectHooks ?? []).map(filled));
