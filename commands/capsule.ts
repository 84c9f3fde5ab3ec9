/**
 * `baton capsule --max-bytes N`: a capsule as a compact, byte-capped
 * Markdown handoff with five fixed sections.
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** The capsule command. */
export const capsuleCommand: Command = {
  name: "capsule",
  category: "agent-facing",
  summary: "Print a capsule as a compact handoff of at most N bytes",
  description:
    "Renders the latest capsule (or the one named by id prefix) as Markdown of at most --max-bytes bytes of UTF-8 with five sections always present, in order: Now, Done since the last capsule, Open blockers, Next concrete step, Pointers. The headings and the next step (its first 80 bytes at least) are reserved first, then now; only the bullet lists are fitted: long bullets are clipped with an ellipsis, then bullets are given up (done items first, then pointers, then blockers) and counted in their section when room is left. No cut splits a UTF-8 code point. Text is redacted before it is fitted, so the cap holds for what is printed. The capsule is validated and capped as baton show does; one no key this machine trusts signed says so in its title, and its next step opens with [untrusted]. Exit 0, 2 when the id prefix is ambiguous, 3 when there is no such capsule.",
  usage: "[ID|latest]",
  maxPositionals: 1,
  examples: ["baton capsule", "baton capsule --max-bytes 800 --json"],
  flags: [{
    name: "max-bytes",
    type: "integer",
    value: "N",
    default: 1500,
    min: 200,
    max: 1000000,
    summary: "Largest output in bytes",
  }],
  async run(args, io) {
    const maxBytes = intFlag(args, "max-bytes")!;
    const want = args.positionals[0] ?? "latest";
    const { readCapsuleById } = await import("../core/store/capsule_store.ts");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { parseCapsule } = await import("../core/capsule/parse.ts");
    const { compactCapsule } = await import("../core/budget/compact_capsule.ts");
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const layout = (await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io))).layout;
    const text = await readCapsuleById(io.fs, layout, want);
    const trusted = await createKeyRing(io).trustedKeys();
    const { capsule, authorship } = await parseCapsule(text, { trustedKeys: trusted.keys });
    const safe = await loadSafeOutput();
    const compact = compactCapsule({ ...capsule, meaning: safe.deep(capsule.meaning) }, maxBytes, {
      untrusted: authorship.status !== "trusted",
    });
    if (boolFlag(args, "json")) {
      printJson(io, { id: capsule.id, ...compact });
    } else {
      io.stdout.write(compact.text);
    }
    return 0;
  },
};
