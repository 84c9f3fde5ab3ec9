/**
 * `baton show`: one capsule, re-rendered from its JSON (never the stored
 * prose), with the trust cap applied, its integrity and authorship said
 * apart.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** The show command. */
export const showCommand: Command = {
  name: "show",
  category: "everyday",
  summary: "Show one capsule by id prefix (or latest)",
  description:
    "Finds a capsule by id or id prefix (at least 4 hex digits) or the word latest (a prefix more than one capsule id starts with is refused, exit 2, and the matching short ids listed), validates it, checks its signature against the keys this machine trusts (baton trust), applies the trust cap, and prints two lines, integrity (the id matches the content) and authorship (who signed it: trusted, unknown_key, unsigned or bad_signature), then the capsule re-rendered from its JSON (for a capsule no trusted key signed, its facts, secret scan and changed files are labelled as its writer's claim, not checked here; for a capsule written in another repository, its signed place not tied here or its recorded commit absent, a place line says so, its facts, secret scan and changed files are labelled as recorded there, and its verified and observed labels read claimed, as export, paste and load show them); --json prints the capped capsule itself with integrity and authorship beside it.",
  usage: "[ID|latest]",
  maxPositionals: 1,
  examples: ["baton show latest", "baton show 3fa2c1d0 --json"],
  flags: [],
  async run(args, io) {
    const want = args.positionals[0] ?? "latest";
    const { readCapsuleById } = await import("../core/store/capsule_store.ts");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { parseCapsule } = await import("../core/capsule/parse.ts");
    const { renderCapsuleFile } = await import("../core/store/render_capsule.ts");
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const layout = found.layout;
    const text = await readCapsuleById(io.fs, layout, want);
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const { describeAuthorship } = await import("../core/trust/authorship_line.ts");
    const trusted = await createKeyRing(io).trustedKeys();
    const { capsule, capped, authorship } = await parseCapsule(text, {
      trustedKeys: trusted.keys,
    });
    // Signed by a trusted key says who wrote it, not where: one this machine signed in another
    // repository (its signed place is not tied here, or its recorded commit is absent) decides nothing here.
    const { writtenElsewhere } = await import("../core/store/written_elsewhere.ts");
    const elsewhere = await writtenElsewhere(io.fs, found.repo)(capsule.facts);
    if (boolFlag(args, "json")) {
      printJson(io, {
        capsule,
        capped,
        integrity: { status: "ok" },
        authorship,
        written_elsewhere: elsewhere,
        trust_problem: trusted.problem,
      });
    } else {
      io.stdout.write(`integrity: ok: the id matches the content
`);
      io.stdout.write(`authorship: ${describeAuthorship(authorship)}
`);
      if (elsewhere) {
        io.stdout.write(
          "place: written in another repository (the commit or work tree it records is not here): it decides nothing here\n",
        );
      }
      if (trusted.problem !== null) io.stdout.write(`trusted keys: ${trusted.problem}\n`);
      io.stdout.write("\n");
      // A capsule no trusted key signed says what its writer claims, not what baton found:
      // its fact lines are labelled so (its trust labels are already capped).
      io.stdout.write(
        renderCapsuleFile(capsule, undefined, {
          claimed: authorship.status !== "trusted",
          // Written in another repository: checked there, not here (export, paste and load say so).
          elsewhere,
        }),
      );
    }
    return 0;
  },
};
