/**
 * `baton validate`: strict parse, schema, id integrity and the trust re-cap
 * report for one capsule file.
 * @module
 */
import { isCodedError, NotFoundError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_command.ts";
import { printJson } from "./_context.ts";

/** The validate command. */
export const validateCommand: Command = {
  name: "validate",
  summary: "Check a capsule file: strict JSON, schema, id integrity, trust cap",
  description:
    "Reads the JSON block of a capsule file strictly, checks it against the schema, recomputes its id (integrity: the content was not changed since the id was computed; not authorship: anyone can recompute an id), and reports every claim the trust cap lowers. Exit 0 when valid, 1 when not.",
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
      const { capsule, capped } = await parseCapsule(text);
      if (json) printJson(io, { valid: true, id: capsule.id, id_matches: true, capped });
      else {
        io.stdout.write(`valid: ${capsule.id}\n`);
        for (const c of capped) {
          io.stdout.write(`capped: ${c.field} verified -> claimed (${c.why})\n`);
        }
      }
      return 0;
    } catch (e) {
      if (e instanceof NotFoundError || !isCodedError(e)) throw e;
      if (json) printJson(io, { valid: false, error: { code: e.code, message: e.message } });
      else io.stdout.write(`invalid: ${e.message}\n`);
      return 1;
    }
  },
};
