/**
 * The install spec a host record gives by itself: the skill in the config
 * directory's `skills/`, and baton's hooks merged into the record's JSON
 * hook file under the host's native event names. A host whose install has
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
import type { HostSpec } from "./types.ts";

/** The spec `record` describes. */
export function recordSpec(record: HostRecord): HostSpec {
  const hookFile = record.install.hookFile;
  return {
    id: record.id as HostSpec["id"],
    label: record.label,
    hookSupport: hookFile === null ? "none" : record.install.support,
    hookNote: record.install.hookNote,
    layout(scope, env, content) {
      const root = configRoot(record, scope, env);
      return {
        files: [
          skillFile(joinPath(root, "skills"), content),
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
