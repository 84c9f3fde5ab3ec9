/**
 * Byte-for-byte snapshots of the files an install may touch, to prove that
 * `baton uninstall` puts every one of them back (or removes it when it did
 * not exist before).
 * @module
 */

/** Path → bytes (null: absent). */
export type Snapshot = Map<string, Uint8Array | null>;

async function read(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch {
    return null;
  }
}

/** Every file under `dirs` (recursively; missing dirs skipped) plus `files`. */
export async function snapshot(
  dirs: readonly string[],
  files: readonly string[] = [],
): Promise<Snapshot> {
  const out: Snapshot = new Map();
  const walk = async (dir: string): Promise<void> => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      return;
    }
    for (const e of entries) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else out.set(p, await read(p));
    }
  };
  for (const d of dirs) await walk(d);
  for (const f of files) out.set(f, await read(f));
  return out;
}

function same(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Paths whose bytes differ between `before` and now, over `paths`. */
export async function changedSince(
  before: Snapshot,
  paths: Iterable<string>,
): Promise<string[]> {
  const diff: string[] = [];
  for (const p of new Set(paths)) {
    if (!same(before.get(p) ?? null, await read(p))) diff.push(p);
  }
  return diff.sort();
}
