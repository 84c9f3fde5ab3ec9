/**
 * `baton list`: the archived capsules, newest first.
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_command.ts";
import { printJson } from "./context.ts";
import { neutralizeText } from "../core/safety/render_safe.ts";

/** The list command. */
export const listCommand: Command = {
  name: "list",
  summary: "List archived capsules, newest first",
  description:
    "Lists the capsules in .baton/capsules with their short id, creation time, trigger, status, the capsule each replaced and who signed it (trusted, unknown_key, unsigned or bad_signature; see baton trust). A capsule that fails validation is listed as invalid, not skipped.",
  examples: ["baton list", "baton list --limit 5 --json"],
  flags: [{
    name: "limit",
    short: "n",
    type: "string",
    value: "N",
    default: "20",
    summary: "Show at most N capsules",
  }],
  async run(args, io) {
    const limit = intFlag(args, "limit", 1, 100_000) ?? 20;
    const { listArchive, readTextOrNull } = await import("../core/store/capsule_store.ts");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { parseCapsule } = await import("../core/capsule/parse.ts");
    const { createKeyRing } = await import("./_key_ring.ts");
    const trustedKeys = (await createKeyRing(io).trustedKeys()).keys;
    const layout = (await findBatonLayout(io.fs, io.cwd())).layout;
    const names = (await listArchive(io.fs, layout)).reverse().slice(0, limit);
    const rows = [];
    for (const name of names) {
      const text = await readTextOrNull(io.fs, `${layout.capsules}/${name}`);
      try {
        const { capsule: c, authorship } = await parseCapsule(text ?? "", { trustedKeys });
        rows.push({
          file: name,
          id: c.id,
          created_at: c.created_at,
          trigger: c.trigger,
          status: c.status,
          previous: c.previous,
          authorship: authorship.status,
          valid: true,
        });
      } catch {
        rows.push({
          file: name,
          id: null,
          created_at: null,
          trigger: null,
          status: null,
          previous: null,
          authorship: null,
          valid: false,
        });
      }
    }
    if (boolFlag(args, "json")) {
      printJson(io, { capsules: rows });
      return 0;
    }
    if (rows.length === 0) {
      io.stderr.write("No capsules yet\n");
      return 0;
    }
    for (const r of rows) {
      io.stdout.write(
        r.valid
          ? `${r.id!.slice(7, 15)}  ${r.created_at}  ${r.trigger!.padEnd(11)} ${
            r.status!.padEnd(7)
          } prev ${r.previous?.slice(7, 15) ?? "none"}  ${r.authorship}\n`
          : `${neutralizeText(r.file)}  INVALID\n`,
      );
    }
    return 0;
  },
};
