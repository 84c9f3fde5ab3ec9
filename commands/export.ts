/**
 * `baton export`: a paste-sized view of one half of the latest capsule, the
 * meaning or the facts, never both.
 * @module
 */
import { NotFoundError, UsageError } from "../core/errors.ts";
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** The export command. */
export const exportCommand: Command = {
  name: "export",
  category: "everyday",
  summary: "Print the latest capsule's meaning or facts, paste-sized",
  description:
    "Prints either the meaning (what the model said mattered, with trust labels) or the facts (what baton collected) of the latest capsule, cut to a character budget so it can be pasted into a chat tool. Exactly one of --meaning and --facts is required. From a capsule no key this machine trusts signed, both halves say so, the facts are called what the capsule records (not collected or checked here), and the reason it gives for its publication is not shown. From a capsule written in another repository (its signed place not tied to this one, or its recorded commit absent; whoever signed it), both halves say so and the meaning shows its verified and observed claims as claimed: they were checked where it was written, and export re-checks nothing here (baton load re-checks their evidence).",
  examples: ["baton export --meaning", "baton export --facts --json"],
  flags: [
    { name: "meaning", type: "boolean", summary: "Export the meaning half" },
    { name: "facts", type: "boolean", summary: "Export the facts half" },
    {
      name: "max-chars",
      type: "integer",
      value: "N",
      default: 6000,
      min: 200,
      max: 1000000,
      summary: "Character budget",
    },
  ],
  async run(args, io) {
    const meaning = boolFlag(args, "meaning");
    const facts = boolFlag(args, "facts");
    if (meaning === facts) {
      throw new UsageError("Choose one half: expected exactly one of --meaning and --facts");
    }
    const maxChars = intFlag(args, "max-chars")!;
    const { readLatest } = await import("../core/store/capsule_store.ts");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { renderExport } = await import("../core/briefing/render_export.ts");
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const trustedKeys = (await createKeyRing(io).trustedKeys()).keys;
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const parsed = await readLatest(io.fs, found.layout, { trustedKeys });
    if (parsed === null) {
      throw new NotFoundError(
        "Cannot export: no capsule yet (write one with baton finalize)",
        "no_capsule",
      );
    }
    const half = meaning ? "meaning" : "facts";
    // Where it was written, as load and show judge it: a signed capsule of another project
    // (this machine's own included) is no handoff of this one.
    const { writtenElsewhere } = await import("../core/store/written_elsewhere.ts");
    const elsewhere = await writtenElsewhere(io.fs, found.repo)(parsed.capsule.facts);
    const out = renderExport(
      parsed.capsule,
      half,
      maxChars,
      undefined,
      parsed.authorship,
      elsewhere,
    );
    if (boolFlag(args, "json")) printJson(io, { capsule_id: parsed.capsule.id, half, ...out });
    else io.stdout.write(out.text + "\n");
    return 0;
  },
};
