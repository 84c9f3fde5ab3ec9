/**
 * `baton log`: the capsule chain newest first, one line per capsule.
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The log command. */
export const logCommand: Command = {
  name: "log",
  category: "diagnostics",
  summary: "Show the capsule chain newest first, one line each",
  description:
    "Walks the chain from .baton/latest.md (as baton verify does) and prints one line per capsule, newest first: time, trigger, host, signer (the trusted name, a key fingerprint prefix, or unsigned), link status (ok, unsigned, unknown_key, or the tamper states bad_signature, edited, invalid), (written in another repository) for a capsule whose signed place (work tree, remotes) is not tied to this repository or whose recorded commit is absent here (whoever signed it), and the first line of now. Text from capsules is redacted and neutralised. When the chain is broken the lines stop where the walk stops and a last line says so (run baton verify). Exit 0.",
  examples: ["baton log", "baton log -n 5 --json"],
  flags: [{
    name: "limit",
    short: "n",
    type: "string",
    value: "N",
    default: "50",
    summary: "Show at most N capsules",
  }],
  async run(args, io) {
    const limit = intFlag(args, "limit", 1, 1_000_000) ?? 50;
    const { logRows } = await import("../core/chain/report.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    const { safeInline } = await import("../core/safety/render_safe.ts");
    const { elsewherePositions, walkChainHere } = await import("./_adapters/walk_chain.ts");
    const { walk, repo } = await walkChainHere(io);
    // A capsule this machine signed in another repository links and verifies like this one's.
    const elsewhere = await elsewherePositions(io, walk, repo);
    const rows = logRows(walk).slice(0, limit).map((r) =>
      elsewhere.has(r.position) ? { ...r, elsewhere: true as const } : r
    );
    if (boolFlag(args, "json")) {
      printJson(io, { status: walk.status, capsules: safe.deep(rows), pruned: walk.pruned });
      return 0;
    }
    if (rows.length === 0) {
      // Nothing walked is "no capsules" only when the chain is empty: a latest.md that cannot be
      // read (a link or a FIFO a commit put there) leaves the archive's capsules unwalked.
      io.stderr.write(
        walk.status === "empty"
          ? "No capsules yet\n"
          : "No capsule could be walked from .baton/latest.md (see the chain line)\n",
      );
    }
    for (const r of rows) {
      io.stdout.write(
        safe.line(
          [
            r.created_at ?? "?",
            (r.trigger ?? "?").padEnd(11),
            (r.host ?? "-").padEnd(11),
            (r.signer ?? "unsigned").padEnd(12),
            r.status.padEnd(13),
            ...("elsewhere" in r ? ["(written in another repository)"] : []),
            // A capsule's words, maybe a stranger's: a "[verified]" or a status word in them is
            // escaped as in the briefing, and a long line is cut.
            r.now === null ? "" : safeInline(safe.line(r.now)),
          ].join(" "),
        ) + "\n",
      );
    }
    if (walk.status === "tampered") {
      io.stdout.write(`chain: CRITICAL, ${walk.problems.length} problem(s): run baton verify\n`);
    }
    if (walk.pruned > 0) io.stdout.write(`${walk.pruned} older capsule(s) pruned by rotate\n`);
    return 0;
  },
};
