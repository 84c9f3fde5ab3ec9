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
    "When .baton/latest.md is missing (deleted, or a fresh clone), copies a valid capsule of .baton/capsules into it: the newest signed by a key this machine trusts, else the newest of the others (never one a trusted capsule there continues, or for the others any capsule there, whatever the dates say: a clock put back dates a capsule before the one it continues), with a warning that it is unsigned or signed by an unknown key (nothing in it is verified); a capsule dated in the future is never made current; when the archive has none, first copies the capsules of the shared ref refs/baton/<branch> (as recorded by baton push or fetched by baton pull) into the archive, vetted and bounded as baton pull does with its default limits (a ref offering more: nothing is copied, and a note says so; --json: over_limit). Nothing is committed or staged, and git is only read. Idempotent: when latest.md exists it changes nothing; with --force a latest.md that is not a valid capsule (damaged, cut off, not a regular file) is renamed aside to .baton/latest.md.invalid-<time> and replaced, and a valid one is kept. A capsule written in another repository (its signed place not tied here, or its recorded commit absent) is never preferred to one written here; alone it is made current with a warning. The choice is checked as load checks latest.md, against this clone's record of the newest capsule it made current on the branch checked out: when the archive holds that newest and the choice leaves it out (a teammate's newer capsule from another fork), that newest is made current instead and the other is named (it stays archived); when the archive lost it (deleted with latest.md by a commit), the capsule made current is said to leave it out. --json prints {action: present | archive | shared_ref | nothing, id, imported, signer: trusted | unknown_key | unsigned | null, future, passed_over, elsewhere, set_aside, leaves_out and fork_passed_over (ids, only when so), over_limit (only when the shared ref was over the limits)}. Exit 0, also when there is nothing to restore.",
  examples: ["baton revive", "baton revive --json"],
  flags: [{
    name: "branch",
    type: "string",
    value: "NAME",
    summary: "Use the shared ref of this branch (default: the current branch)",
  }, {
    name: "force",
    type: "boolean",
    summary: "Replace a latest.md that is not a valid capsule (it is kept aside)",
  }],
  async run(args, io) {
    const { reviveLatest } = await import("../core/share/share_run.ts");
    const { shareEnv } = await import("./_adapters/share_env.ts");
    const r = await reviveLatest(await shareEnv(io), stringFlag(args, "branch"), {
      force: boolFlag(args, "force"),
    });
    if (boolFlag(args, "json")) {
      printJson(io, r);
      return 0;
    }
    const id = r.id === null ? "" : shortId(r.id);
    const line = {
      present: "latest.md is present: nothing to do",
      archive: `restored latest.md from the archive: ${id}`,
      shared_ref:
        `restored latest.md from the shared ref: ${id} (${r.imported} capsule(s) copied into the archive)`,
      nothing: "no capsule to restore (none archived, none on the shared ref)",
    }[r.action];
    const lines = [
      r.action === "nothing" && r.over_limit !== undefined
        ? "no capsule to restore from the archive, and none copied from the shared ref"
        : line,
    ];
    if (r.over_limit !== undefined) {
      const { limitText } = await import("../core/share/vet_chain.ts");
      lines.push(
        `note: the shared ref offers ${
          limitText(r.over_limit)
        }: nothing was copied from it (baton pull --max-capsules N --max-bytes N copies it)`,
      );
    }
    if (r.set_aside) lines.unshift(`moved the invalid latest.md aside to .baton/${r.set_aside}`);
    if (r.signer === "unsigned" || r.signer === "unknown_key") {
      lines.push(
        `warning: ${id} is ${
          r.signer === "unsigned" ? "unsigned" : "signed by a key this machine does not trust"
        } (pulled or written elsewhere): nothing in it is verified, and it changes no decision a trusted capsule made`,
      );
    }
    if (r.elsewhere) {
      lines.push(
        `warning: ${id} records a commit that is not in this repository (written for another project, or at commits never fetched here): check it is this project's before relying on it`,
      );
    }
    if (r.id !== null) {
      const { headCheckLines } = await import("../core/share/head_check.ts");
      lines.push(...headCheckLines(r.id, r));
    }
    if (r.passed_over > 0) {
      lines.push(
        `note: ${r.passed_over} newer capsule(s) not signed by a trusted key were not made current`,
      );
    }
    if (r.future > 0) {
      lines.push(
        `note: ${r.future} capsule(s) dated in the future (or undated) were never made current`,
      );
    }
    io.stdout.write(lines.join("\n") + "\n");
    return 0;
  },
};
