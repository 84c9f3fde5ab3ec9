/**
 * `baton push [REMOTE]`: shares the capsule chain on refs/baton/<branch>.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The push command. */
export const pushCommand: Command = {
  name: "push",
  category: "everyday",
  summary: "Share the capsule chain on refs/baton/<branch> through git",
  usage: "[REMOTE]",
  description:
    "Records every archived capsule on refs/baton/<branch> (the current branch, or --branch) as ordinary git objects written in-process: one blob per capsule under capsules/, one tree, one commit per change; the index, HEAD, the branches and the work tree are never touched. Then pushes that ref with your own git program (git push REMOTE refs/baton/<b>:refs/baton/<b>, so SSH and credential helpers work as usual; no git program: exit 6). REMOTE defaults to the branch's upstream remote, else origin. When the remote's ref moved on (another machine pushed first), it fetches it, merges the two chains by capsule file name (nothing is lost: the union of both is kept, and the remote's capsules are copied into .baton/capsules), records a merge commit and pushes again (a fetched chain that no longer continues the one fetched from it before, rolled back or replaced, is warned of, and --json gains history: rewound); when both machines continued from the same capsule the fork is reported (both branches are kept; baton verify reports forks). The remote's chain is vetted as baton pull vets it (only valid capsules are copied and merged; refused entries are counted by kind, never named); a remote ref naming no commit, or offering more than pull's default limits, stops the push (exit 6). Signatures travel inside the capsules: on a teammate's machine a capsule keeps verified only when its signer is a key they trust (baton trust). --json prints {remote, ref, transport, capsules, recorded, merged, pushed, attempts, forks}. Exit 0 when the remote has the chain; 6 when git is missing or the push fails.",
  examples: ["baton push", "baton push origin --json", "baton push --branch main upstream"],
  maxPositionals: 1,
  flags: [{
    name: "branch",
    type: "string",
    value: "NAME",
    summary: "Share the chain of this branch (default: the current branch)",
  }],
  async run(args, io) {
    const { pushChain, forkLine } = await import("../core/share/share_run.ts");
    const { refusedText } = await import("../core/share/vet_chain.ts");
    const { shareEnv } = await import("./_adapters/share_env.ts");
    const r = await pushChain(await shareEnv(io), args.positionals[0], stringFlag(args, "branch"));
    if (boolFlag(args, "json")) {
      printJson(io, r);
      return 0;
    }
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    if (r.merged !== null) {
      io.stdout.write(
        `merged the remote chain first: ${r.merged.imported} capsule(s) copied into .baton/capsules` +
          (r.merged.refused > 0
            ? `, ${r.merged.refused} refused (${refusedText(r.merged.refused_by)})`
            : "") +
          "\n",
      );
    }
    for (const f of r.forks) io.stdout.write(forkLine(f) + "\n");
    if (r.history === "rewound") {
      io.stdout.write(
        `warning: ${safe.line(r.remote)}'s ${
          safe.line(r.ref)
        } no longer continued the chain fetched from it before (rolled back or replaced): this push merged it back\n`,
      );
    }
    io.stdout.write(
      `${r.pushed === "up_to_date" ? "already up to date" : "pushed"} ${safe.line(r.ref)} to ${
        safe.line(r.remote)
      }: ${r.capsules} capsule(s), ${r.recorded} newly recorded\n`,
    );
    return 0;
  },
};
