/**
 * `baton rotate --keep N`: prunes the oldest archived capsules behind a
 * hashed tombstone; a dry run unless --write.
 * @module
 */
import { UsageError } from "../core/errors.ts";
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson, storeLock } from "./_adapters/context.ts";

/** The rotate command. */
export const rotateCommand: Command = {
  name: "rotate",
  category: "setup",
  summary: "Prune the oldest archived capsules, leaving a tombstone",
  description:
    "Keeps the newest N capsules of the chain (latest included) and prunes the older ones from .baton/capsules, recording each pruned capsule's id, previous link, time, file name and file digest, and the decisions it made, in .baton/tombstone.json, signed with this machine's key (a tombstone that is unsigned or signed by a key not trusted here is read as untrusted: its decisions are never verified), so baton verify still passes and says how many were pruned. A dry run by default: it says what would go; --write prunes, under the store lock (no capsule is written meanwhile), writing the tombstone atomically before any file is removed. A chain that does not verify is never rotated. Exit 0 on success, 1 when the chain does not verify, 4 when another baton holds the lock.",
  examples: ["baton rotate --keep 50", "baton rotate --keep 50 --write --json"],
  flags: [
    {
      name: "keep",
      type: "integer",
      min: 1,
      max: 10_000_000,
      value: "N",
      summary: "Capsules to keep, newest first",
    },
    { name: "write", type: "boolean", summary: "Prune for real (otherwise a dry run)" },
  ],
  async run(args, io) {
    const keep = intFlag(args, "keep");
    if (keep === undefined) throw new UsageError("Missing --keep N: how many capsules to keep");
    const write = boolFlag(args, "write");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { rotateChain } = await import("../core/chain/rotate.ts");
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const ring = createKeyRing(io);
    const trusted = await ring.trustedKeys();
    const signer = write ? await ring.signingKey(found.repo?.workTree ?? null) : null;
    const { writtenElsewhere: placeCheck } = await import("../core/store/written_elsewhere.ts");
    const result = await rotateChain(io.fs, found.layout, {
      keep,
      write,
      lock: storeLock(io),
      trustedKeys: trusted.keys,
      signingKey: signer?.ok === true ? signer.key : null,
      writtenElsewhere: placeCheck(io.fs, found.repo),
    });
    if (boolFlag(args, "json")) {
      printJson(io, {
        written: result.written,
        dry_run: !write,
        kept: result.kept,
        pruned: result.pruned.map((p) => ({ id: p.id, file: p.file })),
        pruned_total: result.pruned_total,
        signed: result.signed,
      });
      return 0;
    }
    const n = result.pruned.length;
    io.stdout.write(
      write
        ? `pruned ${n} capsule(s), kept ${result.kept}; ${result.pruned_total} pruned in all (recorded in .baton/tombstone.json${
          n > 0 && !result.signed ? ", unsigned: it carries a list no trusted key signed" : ""
        })\n`
        : `dry run: would prune ${n} capsule(s) and keep ${result.kept}; run again with --write to prune\n`,
    );
    return 0;
  },
};
