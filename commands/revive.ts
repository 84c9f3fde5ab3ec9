/**
 * `baton revive`: restores a missing latest.md.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { shortId } from "../core/capsule/capsule_id.ts";

/** The revive command. */
export const reviveCommand: Command = {
  name: "revive",
  category: "everyday",
  summary: "Restore a missing latest.md from the archive or shared ref",
  description:
    "When .baton/latest.md is missing (deleted, or a fresh clone), copies the newest valid capsule of .baton/capsules into it; when the archive has none, first copies the capsules of the shared ref refs/baton/<branch> (as recorded by baton push or fetched by baton pull) into the archive. Nothing is committed or staged, and git is only read. Idempotent: when latest.md exists it changes nothing. --json prints {action: present | archive | shared_ref | nothing, id, imported}. Exit 0, also when there is nothing to restore.",
  examples: ["baton revive", "baton revive --json"],
  flags: [{
    name: "branch",
    type: "string",
    value: "NAME",
    summary: "Use the shared ref of this branch (default: the current branch)",
  }],
  async run(args, io) {
    const { reviveLatest } = await import("./_share_run.ts");
    const r = await reviveLatest(io, stringFlag(args, "branch"));
    if (boolFlag(args, "json")) {
      printJson(io, r);
      return 0;
    }
    const line = {
      present: "latest.md is present: nothing to do",
      archive:
        `restored latest.md from the archive: ${(r.id === null || r.id === undefined
          ? ""
          : shortId(r.id))}`,
      shared_ref:
        `restored latest.md from the shared ref: ${(r.id === null || r.id === undefined
          ? ""
          : shortId(r.id))} (${r.imported} capsule(s) copied into the archive)`,
      nothing: "no capsule to restore (none archived, none on the shared ref)",
    }[r.action];
    io.stdout.write(line + "\n");
    return 0;
  },
};
