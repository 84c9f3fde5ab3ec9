/**
 * The install spec a host record gives by itself: the skill in the config
 * directory's `skills/`, baton's hooks merged into the record's JSON
 * hook file under the host's native event names, and for a host without
 * hooks baton's block in the rules file the record names. A host whose install has
 * quirks (command files, a plugin, a second settings file) has its own spec
 * beside this one; a host that needs nothing more is only its record.
 * @module
 */
import type { HostRecord } from "../record.ts";
import {
  configRoot,
  joinPath,
  jsonHooks,
  recordHooks,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import { renderRulesBody } from "./rules_block.ts";
import type { HostContent, HostEnv, HostSpec, InstallScope, RulesBlockFile } from "./types.ts";

/** The rules file that gets baton's block for a scope, or null. */
export function rulesBlockFile(
  record: HostRecord,
  scope: InstallScope,
  env: HostEnv,
  content: HostContent,
): RulesBlockFile | null {
  const rules = record.install.rulesFile;
  if (rules === undefined) return null;
  const rel = scope === "project" ? rules.project : rules.user;
  if (rel === null) return null;
  const base = scope === "project" ? env.projectRoot : configRoot(record, scope, env);
  return { kind: "block", path: joinPath(base, rel), body: renderRulesBody(content.invocation) };
}

/** The spec `record` describes. */
export function recordSpec(record: HostRecord): HostSpec {
  const hookFile = record.install.hookFile;
  return {
    id: record.id as HostSpec["id"],
    label: record.label,
    hookSupport: hookFile === null && record.install.support !== "rules"
      ? "none"
      : record.install.support,
    hookNote: record.install.hookNote,
    layout(scope, env, content) {
      const root = configRoot(record, scope, env);
      const rules = rulesBlockFile(record, scope, env, content);
      return {
        files: [
          skillFile(joinPath(root, "skills"), content),
          ...(rules === null ? [] : [rules]),
          ...(hookFile === null ? [] : [
            jsonHooks(joinPath(root, hookFile.path), {
              hooks: recordHooks(record),
              shape: hookFile.shape,
            }),
          ]),
        ],
        notes: [
          ...record.install.notes,
          ...(hookFile === null
            ? []
            : sharedConfigNote(scope, `${record.install.projectDir}/${hookFile.path}`)),
        ],
      };
    },
  };
}
