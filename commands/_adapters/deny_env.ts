/**
 * Edge: what the deny store (core/enforce/deny_store.ts) needs from this
 * process — its file system, clock, lock owner details and the manifest key
 * kept in the baton home, outside every repository (made on first use) —
 * and where a repository's enforcement state is.
 * @module
 */
import type { DenyStoreEnv } from "../../core/enforce/deny_store.ts";
import type { HandoffEnv } from "../../core/enforce/handoff_lifecycle.ts";
import { type EnforcePaths, enforcePaths } from "../../core/enforce/enforce_paths.ts";
import type { FoundLayout } from "../../core/store/find_layout.ts";
import { privateStateDir } from "../../core/store/private_dir.ts";
import { batonHome, homeDir } from "./home.ts";
import type { Io } from "./io.ts";
import { storeLock } from "./store_lock.ts";

/** The deny store's environment for this process. */
export function denyStoreEnv(io: Io): DenyStoreEnv {
  return {
    fs: io.fs,
    now: () => io.now(),
    lock: () => storeLock(io),
    manifestKey: () => manifestKey(io),
  };
}

/** The handoff lifecycle's environment: the store's, the working directory and a confirmation. */
export function handoffEnv(
  io: Io,
  confirm: (question: string) => Promise<boolean>,
  cwd: string = io.cwd(),
): HandoffEnv {
  return {
    ...denyStoreEnv(io),
    cwd,
    confirm,
    home: homeDir(io),
    trustedKeys: async () => {
      const { createKeyRing } = await import("./key_ring.ts");
      const { keys } = await createKeyRing(io, cwd).trustedKeys();
      return keys.size === 0 ? null : keys;
    },
  };
}

/** The enforcement paths of a located repository (its private state directory). */
export function enforcePathsOf(found: Pick<FoundLayout, "repo" | "layout">): EnforcePaths {
  return enforcePaths(privateStateDir(found));
}

/** The manifest key (32 random bytes in the baton home), made on first use; null when it cannot be. */
export async function manifestKey(io: Io): Promise<Uint8Array | null> {
  const home = batonHome(io);
  if (!home.ok) return null;
  const path = `${home.path}/manifest.key`;
  try {
    const existing = await io.fs.lstat(path);
    if (existing?.isFile === true && existing.size === 64) {
      const hex = new TextDecoder().decode(await io.fs.readFile(path));
      if (/^[0-9a-f]{64}$/.test(hex)) {
        return Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16));
      }
    }
    if (existing !== null) return null;
    const key = crypto.getRandomValues(new Uint8Array(32));
    await io.fs.mkdirp(home.path);
    await io.fs.writeFileAtomic(
      path,
      new TextEncoder().encode(Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("")),
      { mode: 0o600 },
    );
    return key;
  } catch {
    return null;
  }
}
