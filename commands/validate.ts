/**
 * `baton validate`: strict parse, schema, id integrity, authorship (the
 * signature against the trusted keys) and the trust re-cap report for one
 * capsule file.
 * @module
 */
import { isCodedError, NotFoundError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The validate command. */
export const validateCommand: Command = {
  name: "validate",
  category: "diagnostics",
  summary: "Check a capsule file: JSON, schema, id, signature, trust",
  description: [
    "Reads the JSON block of a capsule file strictly, checks it against the schema, recomputes its id (integrity: the content was not changed since the id was computed; not authorship: anyone can recompute an id), checks its signature against the keys this machine trusts (authorship: trusted, unknown_key, unsigned or bad_signature; see baton trust), and reports every claim the trust cap lowers (an unsigned or unknown-key capsule keeps no verified or observed).",
    "Exit 0 when valid, 1 when not: a wrong id, or a signature that does not verify (the capsule was altered after signing, or the signature forged). Unsigned and unknown-key capsules are valid, and capped.",
  ].join("\n\n"),
  usage: "FILE",
  maxPositionals: 1,
  examples: ["baton validate .baton/latest.md", "baton validate --json capsule.md"],
  flags: [],
  async run(args, io) {
    const file = args.positionals[0] ?? ".baton/latest.md";
    const path = file.startsWith("/") ? file : `${io.cwd()}/${file}`;
    const { readTextOrNull } = await import("../core/store/capsule_store.ts");
    const { parseCapsule } = await import("../core/capsule/parse.ts");
    const json = boolFlag(args, "json");
    try {
      // The same bounded, UTF-8-strict read every capsule reader uses; an
      // oversized or non-UTF-8 file is reported invalid like any other.
      const text = await readTextOrNull(io.fs, path);
      if (text === null) {
        throw new NotFoundError(`Cannot validate "${file}": no such file`, "capsule_missing");
      }
      const { createKeyRing } = await import("./_adapters/key_ring.ts");
      const { describeAuthorship } = await import("../core/trust/authorship_line.ts");
      const trusted = await createKeyRing(io).trustedKeys();
      const { capsule, capped, authorship } = await parseCapsule(text, {
        trustedKeys: trusted.keys,
      });
      const valid = authorship.status !== "bad_signature";
      if (json) {
        printJson(io, {
          valid,
          id: capsule.id,
          id_matches: true,
          integrity: { status: "ok" },
          authorship,
          trust_problem: trusted.problem,
          capped,
        });
      } else {
        io.stdout.write(
          valid
            ? `valid: ${capsule.id}\n`
            : "invalid: the signature does not verify (the capsule was altered after signing, or the signature forged)\n",
        );
        io.stdout.write("integrity: ok: the id matches the content\n");
        io.stdout.write(`authorship: ${describeAuthorship(authorship)}\n`);
        for (const c of capped) {
          io.stdout.write(`capped: ${c.field} ${c.from} -> claimed (${c.why})\n`);
        }
      }
      return valid ? 0 : 1;
    } catch (e) {
      if (e instanceof NotFoundError || !isCodedError(e)) throw e;
      const integrity = e.code === "capsule_id_mismatch" ? "mismatch" : "not_checked";
      if (json) {
        printJson(io, {
          valid: false,
          integrity: { status: integrity },
          authorship: null,
          error: { code: e.code, message: e.message },
        });
      } else {
        io.stdout.write(`invalid: ${e.message}\n`);
        io.stdout.write(`integrity: ${integrity}\nauthorship: not checked\n`);
      }
      return 1;
    }
  },
};
