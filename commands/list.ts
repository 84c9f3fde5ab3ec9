/**
 * `baton list`: the archived capsules, newest first.
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** The list command. */
export const listCommand: Command = {
  name: "list",
  category: "everyday",
  summary: "List archived capsules, newest first",
  description:
    "Lists the capsules in .baton/capsules with their short id, creation time, trigger, status, the capsule each replaced and who signed it (trusted, unknown_key, unsigned or bad_signature; see baton trust), and (written in another repository) for a capsule whose signed place (work tree, remotes) is not tied to this repository or whose recorded commit is absent here, whoever signed it (--json: elsewhere). A capsule that fails validation is listed as invalid, not skipped.",
  examples: ["baton list", "baton list --limit 5 --json", "baton list --all"],
  flags: [{
    name: "limit",
    short: "n",
    type: "integer",
    value: "N",
    default: 20,
    min: 1,
    max: 100000,
    summary: "Show at most N capsules",
  }, {
    name: "all",
    short: "a",
    type: "boolean",
    summary: "Show every archived capsule",
  }],
  async run(args, io) {
    const all = boolFlag(args, "all");
    const limit = all ? Infinity : intFlag(args, "limit")!;
    const { listArchive, readTextOrNull } = await import("../core/store/capsule_store.ts");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { archiveRow, newestFirst, renderArchiveLines } = await import(
      "../core/store/archive_listing.ts"
    );
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const trustedKeys = (await createKeyRing(io).trustedKeys()).keys;
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const layout = found.layout;
    const { writtenElsewhere } = await import("../core/store/written_elsewhere.ts");
    const elsewhere = writtenElsewhere(io.fs, found.repo);
    const rows = [];
    const names = await listArchive(io.fs, layout);
    for (const name of newestFirst(names, limit)) {
      // A file that cannot be read (over the bound, not UTF-8) is listed as invalid, as an
      // unparsable one is: any of them may have come with a commit.
      const text = await readTextOrNull(io.fs, `${layout.capsules}/${name}`).catch(() => null);
      rows.push(await archiveRow(name, text, trustedKeys, elsewhere));
    }
    if (boolFlag(args, "json")) {
      printJson(io, { capsules: rows, shown: rows.length, total: names.length });
      return 0;
    }
    if (rows.length === 0) {
      io.stderr.write("No capsules yet\n");
      return 0;
    }
    io.stdout.write(renderArchiveLines(rows));
    if (rows.length < names.length) {
      io.stderr.write(
        `${rows.length} of ${names.length} capsules shown (newest first); --all or --limit N shows more\n`,
      );
    }
    return 0;
  },
};
