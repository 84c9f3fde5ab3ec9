/**
 * Reads one .baton directory's chain (latest.md, the archive, the rotation
 * tombstone) through the injected file system and walks it. Reading never
 * throws for a damaged file: an unreadable capsule becomes an entry with no
 * text, which the walker reports.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { type ChainEntry, type ChainWalk, walkChain, type WalkInput } from "./walk.ts";
import { tombstonePath } from "./tombstone.ts";

async function readEntry(fs: WriteFs, path: string, source: string): Promise<ChainEntry | null> {
  try {
    const text = await readTextOrNull(fs, path);
    return text === null ? null : { source, text };
  } catch {
    return { source, text: null };
  }
}

/**
 * The walker's input for one .baton directory.
 * @throws {StorageError} (or an fs error) when the archive directory cannot be listed.
 */
export async function readChainInput(fs: WriteFs, layout: BatonLayout): Promise<WalkInput> {
  const names = await listArchive(fs, layout);
  const archive: ChainEntry[] = [];
  for (const name of names) {
    archive.push(
      (await readEntry(fs, `${layout.capsules}/${name}`, name)) ?? {
        source: name,
        text: null,
      },
    );
  }
  const head = await readEntry(fs, layout.latest, "latest.md");
  let tombstone: string | null = null;
  try {
    tombstone = await readTextOrNull(fs, tombstonePath(layout));
  } catch {
    tombstone = "";
  }
  return { head, archive, tombstone };
}

/** Reads and walks the chain of one .baton directory. */
export async function readChain(
  fs: WriteFs,
  layout: BatonLayout,
  trustedKeys: TrustedKeys = new Map(),
): Promise<ChainWalk> {
  return await walkChain(await readChainInput(fs, layout), { trustedKeys });
}
