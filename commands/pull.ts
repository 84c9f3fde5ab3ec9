/**
 * `baton pull [REMOTE]`: merges a remote's shared chain into this clone.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { shortId } from "../core/capsule/capsule_id.ts";

/** The pull command. */
export const pullCommand: Command = {
  name: "pull",
  category: "everyday",
  summary: "Merge a remote's shared capsule chain into this clone",
  usage: "[REMOTE]",
  description:
    "Fetches refs/baton/<branch> (the current branch, or --branch) from REMOTE with your own git program into refs/baton-remotes/<remote>/<branch>, copies every capsule it holds that this clone lacks into .baton/capsules (each must parse and its id match its content; others are refused and counted), and merges it into the local refs/baton/<branch> (fast-forward, or a merge commit when both sides have capsules the other lacks). An existing latest.md is left as it is; when it is missing (a fresh clone), the newest pulled capsule signed by a key this machine trusts becomes current (one whose recorded commit is not in this repository only when no capsule written here is there, with a warning), and when none is, pull says that baton revive is needed (revive says what it makes current and who signed it). Only git objects and refs/baton* are written: the index, HEAD, the branches and the work tree are untouched. Pulled capsules keep their signatures; trust follows the keys you trust (a stranger's capsule is never shown as verified). Forks (two capsules continuing the same one) are reported. REMOTE defaults to the branch's upstream remote, else origin. --json prints {remote, ref, transport, capsules, recorded, merged, current: {action: present | made_current | revive_needed, id, elsewhere}, forks}. Exit 0 (also when the remote has no chain yet: merged is null); 6 when git is missing or the fetch fails.",
  examples: ["baton pull", "baton pull origin --json"],
  maxPositionals: 1,
  flags: [{
    name: "branch",
    type: "string",
    value: "NAME",
    summary: "Pull the chain of this branch (default: the current branch)",
  }],
  async run(args, io) {
    const { pullChain, forkLine } = await import("../core/share/share_run.ts");
    const { shareEnv } = await import("./_adapters/share_env.ts");
    const r = await pullChain(await shareEnv(io), args.positionals[0], stringFlag(args, "branch"));
    if (boolFlag(args, "json")) {
      printJson(io, r);
      return 0;
    }
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    if (r.merged === null) {
      io.stdout.write(`${safe.line(r.remote)} has no shared chain for ${safe.line(r.ref)} yet\n`);
      return 0;
    }
    for (const f of r.forks) io.stdout.write(forkLine(f) + "\n");
    io.stdout.write(
      `pulled ${safe.line(r.ref)} from ${
        safe.line(r.remote)
      }: ${r.merged.imported} new capsule(s)` +
        (r.merged.refused > 0 ? `, ${r.merged.refused} refused (not valid capsules)` : "") +
        `; ${r.capsules} on the chain (${r.merged.ref_update.replace("_", "-")})\n`,
    );
    if (r.current?.action === "made_current") {
      io.stdout.write(`latest.md was missing: ${shortId(r.current.id!)} is now current\n`);
      if (r.current.elsewhere) {
        io.stdout.write(
          `warning: ${
            shortId(r.current.id!)
          } records a commit that is not in this repository (written for another project, or at commits never fetched here): check it is this project's before relying on it\n`,
        );
      }
    } else if (r.current?.action === "revive_needed") {
      io.stdout.write(
        "latest.md is missing and no pulled capsule is signed by a key this machine trusts: run baton revive to make one current (it says who signed it)\n",
      );
    }
    return 0;
  },
};
