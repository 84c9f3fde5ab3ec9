/**
 * `baton verify`: walks the capsule chain from latest through the archive
 * and reports every break as CRITICAL with its position.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The verify command. */
export const verifyCommand: Command = {
  name: "verify",
  category: "diagnostics",
  summary: "Verify the capsule chain: ids, signatures, links",
  description:
    "Walks the chain from .baton/latest.md through every previous link in .baton/capsules: recomputes every id, checks every signature, resolves every link, checks that every archive file name matches the capsule it holds and that every archived capsule is reached from latest. A missing, edited, renamed, reordered or forked capsule, a signature that is present and does not verify, or an altered rotation tombstone is CRITICAL, with its position (0 is latest). Unsigned capsules and capsules signed by a key this machine does not trust are counted, not treated as tamper (see baton trust), and so are capsules written in another repository (the commit or work tree they record is not here), whoever signed them. Capsules pruned by baton rotate are counted from the tombstone. Exit 0 when the chain is intact (or empty), 1 when it is not.",
  examples: ["baton verify", "baton verify --json | jq .problems"],
  flags: [],
  async run(args, io) {
    const { elsewherePositions, walkChainHere } = await import("./_adapters/walk_chain.ts");
    const { walk, trustProblem, repo } = await walkChainHere(io);
    const { verifyReport, verifyLines } = await import("../core/chain/report.ts");
    // Intact and signed says nothing of where a chain was written: a chain copied from
    // another repository verifies as well as this one's own.
    const elsewhere = await elsewherePositions(io, walk, repo);
    if (boolFlag(args, "json")) {
      printJson(io, { ...verifyReport(walk, elsewhere), trust_problem: trustProblem });
    } else {
      const { loadSafeOutput } = await import("./_cli/safe_output.ts");
      const safe = await loadSafeOutput();
      for (const line of verifyLines(walk, elsewhere)) io.stdout.write(`${safe.line(line)}\n`);
    }
    return walk.status === "tampered" ? 1 : 0;
  },
};
