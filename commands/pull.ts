/**
 * `baton pull [REMOTE]`: merges a remote's shared chain into this clone.
 * @module
 */
import { boolFlag, type Command, intFlag, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { shortId } from "../core/capsule/capsule_id.ts";
import { DEFAULT_PULL_LIMITS } from "../core/share/vet_chain.ts";

/** The pull command. */
export const pullCommand: Command = {
  name: "pull",
  category: "everyday",
  summary: "Merge a remote's shared capsule chain into this clone",
  usage: "[REMOTE]",
  description:
    "Fetches refs/baton/<branch> (the current branch, or --branch) from REMOTE with your own git program into refs/baton-remotes/<remote>/<branch>, copies every capsule it holds that this clone lacks into .baton/capsules (each must parse and its id match its content), and merges it into the local refs/baton/<branch>. The remote's tree is a stranger's: git lists it with sizes first, and only regular files under capsule names within the capsule size bound are read; everything else is refused and counted by kind (not capsules, over the size bound, not capsule names, not regular files such as folders, links or submodules, duplicate names, entries outside capsules/, other content under a name this clone already holds, whose own copy is kept; a ref naming no commit), never named. The remote's own commit becomes the local tip (fast-forward) only when its tree holds nothing but valid capsules and everything the local chain holds; otherwise baton writes a commit holding this clone's capsules and the remote's valid ones only, on top of the remote's tip (and the local one), so the next push carries none of the refused entries. A pull reads at most --max-capsules new capsules and --max-bytes of them (defaults 20000 and 268435456, 256 MiB); a remote offering more is not pulled at all: nothing is imported, the local ref stays as it was, exit 1 (--json: merged.over_limit). An existing latest.md is left as it is; when it is missing (a fresh clone), the newest pulled capsule signed by a key this machine trusts becomes current (this clone's own newest instead when that one is from another fork that leaves it out, checked as revive checks) (one written in another repository only when no capsule written here is there, with a warning), and when none is, pull says that baton revive is needed (revive says what it makes current and who signed it); nothing is made current while the capsule this clone last made current on the branch checked out is missing from the archive too (a commit deleted both: current.action head_gone), as the capture hooks write nothing then. Only git objects and refs/baton* are written: the index, HEAD, the branches and the work tree are untouched. Pulled capsules keep their signatures; trust follows the keys you trust (a stranger's capsule is never shown as verified). Forks (two capsules continuing the same one) are reported. REMOTE defaults to the branch's upstream remote, else origin. --json prints {remote, ref, transport, capsules, recorded, merged: {imported, refused, refused_by: {KIND: count}, ref_update: unchanged | fast_forward | merge, over_limit: null | {capsules, bytes, max_capsules, max_bytes}}, current: {action: present | made_current | revive_needed | head_gone, id, elsewhere, leaves_out and fork_passed_over (only when so)}, history: first_pull | unchanged | continues | rewound | unknown | null, forks}. A first pull into a clone has no earlier head to compare, and says so (a remote that serves an older chain, its newest capsules left out, cannot be told then); a later pull whose remote chain no longer continues the one fetched before (rolled back or replaced) warns, and what was pulled then stays. Exit 0 (also when the remote has no chain yet: merged is null, or entries were refused); 1 when the remote offers more than the limits; 6 when git is missing or the fetch fails.",
  examples: ["baton pull", "baton pull origin --json", "baton pull --max-capsules 50000"],
  maxPositionals: 1,
  flags: [{
    name: "branch",
    type: "string",
    value: "NAME",
    summary: "Pull the chain of this branch (default: the current branch)",
  }, {
    name: "max-capsules",
    type: "integer",
    value: "N",
    default: DEFAULT_PULL_LIMITS.maxCapsules,
    min: 1,
    max: 10_000_000,
    summary: "Read at most N new capsules from the remote (more: pull nothing, exit 1)",
  }, {
    name: "max-bytes",
    type: "integer",
    value: "N",
    default: DEFAULT_PULL_LIMITS.maxBytes,
    min: 1,
    max: 999_999_999,
    summary: "Read at most N bytes of new capsules (more: pull nothing, exit 1)",
  }],
  async run(args, io) {
    const { pullChain, forkLine } = await import("../core/share/share_run.ts");
    const { limitText, refusedText } = await import("../core/share/vet_chain.ts");
    const { shareEnv } = await import("./_adapters/share_env.ts");
    const r = await pullChain(await shareEnv(io), args.positionals[0], stringFlag(args, "branch"), {
      maxCapsules: intFlag(args, "max-capsules")!,
      maxBytes: intFlag(args, "max-bytes")!,
    });
    const over = r.merged?.over_limit ?? null;
    if (boolFlag(args, "json")) {
      printJson(io, r);
      return over === null ? 0 : 1;
    }
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    if (r.merged === null) {
      io.stdout.write(`${safe.line(r.remote)} has no shared chain for ${safe.line(r.ref)} yet\n`);
      return 0;
    }
    // Said whether or not the chain is then read: the rewind is true either way.
    if (r.history === "rewound") {
      io.stdout.write(
        `warning: ${safe.line(r.remote)}'s ${
          safe.line(r.ref)
        } no longer continues the chain fetched from it before (rolled back or replaced): what was pulled then stays in this clone\n`,
      );
    }
    if (over !== null) {
      io.stdout.write(
        `not pulled: ${safe.line(r.remote)}'s ${safe.line(r.ref)} offers ${
          limitText(over)
        }: nothing was imported and the local chain is unchanged (raise --max-capsules or --max-bytes to pull it)\n`,
      );
      return 1;
    }
    for (const f of r.forks) io.stdout.write(forkLine(f) + "\n");
    io.stdout.write(
      `pulled ${safe.line(r.ref)} from ${
        safe.line(r.remote)
      }: ${r.merged.imported} new capsule(s)` +
        (r.merged.refused > 0
          ? `, ${r.merged.refused} refused (${refusedText(r.merged.refused_by)})`
          : "") +
        `; ${r.capsules} on the chain (${r.merged.ref_update.replace("_", "-")})\n`,
    );
    if (r.history === "first_pull") {
      io.stdout.write(
        `first pull from ${
          safe.line(r.remote)
        } into this clone: no earlier head to compare, so a chain that leaves out its newest capsules cannot be told here\n`,
      );
    }
    if (r.current?.action === "made_current") {
      io.stdout.write(`latest.md was missing: ${shortId(r.current.id!)} is now current\n`);
      const { headCheckLines } = await import("../core/share/head_check.ts");
      for (const l of headCheckLines(r.current.id!, r.current)) io.stdout.write(`${l}\n`);
      if (r.current.elsewhere) {
        io.stdout.write(
          `warning: ${
            shortId(r.current.id!)
          } records a commit that is not in this repository (written for another project, or at commits never fetched here): check it is this project's before relying on it\n`,
        );
      }
    } else if (r.current?.action === "head_gone") {
      io.stdout.write(
        "latest.md is missing and so is the capsule this clone last made current (deleted, or rolled back by a commit): nothing was made current; baton revive restores the newest left, or baton finalize starts from it\n",
      );
    } else if (r.current?.action === "revive_needed") {
      io.stdout.write(
        "latest.md is missing and no pulled capsule is signed by a key this machine trusts: run baton revive to make one current (it says who signed it)\n",
      );
    }
    return 0;
  },
};
