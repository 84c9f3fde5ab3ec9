/**
 * Edge: the shared chain as git objects, read and written in-process with
 * isomorphic-git (blobs, one tree, commits, one ref). Only the object store
 * and `refs/baton*` are touched: never the index, HEAD, a branch or the
 * work tree.
 * @module
 */
import fs from "node:fs";
import git from "isomorphic-git";
import { isCapsuleEntry, SHARE_TREE_DIR } from "../../core/share/share_plan.ts";
import type { ChainTip } from "../../core/share/chain_git.ts";
import {
  ChainRefConflictError,
  ChainRefLockedError,
  ChainRefMovedError,
  refUnder,
} from "../../core/share/ref_lock.ts";
import { StorageError } from "../../core/errors.ts";
import { withGitLock } from "./git_lock.ts";

export type { ChainTip };

/** Reads the chain at `ref` (or at a commit id). */
export async function readChain(gitdir: string, refOrOid: string): Promise<ChainTip> {
  let oid: string;
  try {
    oid = /^[0-9a-f]{40}$/.test(refOrOid)
      ? refOrOid
      : await git.resolveRef({ fs, gitdir, ref: refOrOid });
  } catch {
    return { oid: null, entries: new Map() };
  }
  const entries = new Map<string, string>();
  const { commit } = await git.readCommit({ fs, gitdir, oid });
  const root = await git.readTree({ fs, gitdir, oid: commit.tree });
  const dir = root.tree.find((e) => e.path === SHARE_TREE_DIR && e.type === "tree");
  let foreign = root.tree.length - (dir === undefined ? 0 : 1);
  if (dir !== undefined) {
    const sub = await git.readTree({ fs, gitdir, oid: dir.oid });
    for (const e of sub.tree) {
      // A regular file only: a link, or an executable, under a capsule name is no capsule (a
      // tip an older baton fast-forwarded onto a stranger's tree may hold one).
      if (e.type === "blob" && e.mode === "100644" && isCapsuleEntry(e.path)) {
        entries.set(e.path, e.oid);
      } else foreign++;
    }
  }
  return foreign === 0 ? { oid, entries } : { oid, entries, foreign };
}

/**
 * A blob's bytes; null when it is larger than `maxBytes`. isomorphic-git
 * inflates a blob whole: callers read only blobs whose size git listed within
 * the bound (share_list.ts), so no process is started per blob.
 */
export async function readChainBlob(
  gitdir: string,
  oid: string,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const blob = (await git.readBlob({ fs, gitdir, oid })).blob;
  return blob.length > maxBytes ? null : blob;
}

/** A loose object's path, as isomorphic-git names it: `objects/<2 hex>/<38 or 62 hex>`. */
const LOOSE_OBJECT = /\/objects\/[0-9a-f]{2}\/[0-9a-f]{38}(?:[0-9a-f]{24})?$/;

/**
 * Writes a loose object as git does: into `tmp_obj_<random>` beside it (created exclusively,
 * never through an existing file or link), then renamed to its name, so a crash, a full disk or
 * a file-size limit in the middle of the write leaves no cut-off object under its id (git's fsck
 * and gc pass over `tmp_obj_` files). Any other path is written as before.
 */
async function writeFileAtomic(
  path: string,
  data: Uint8Array | string,
  options?: unknown,
): Promise<void> {
  if (!LOOSE_OBJECT.test(path)) {
    return await fs.promises.writeFile(path, data, options as fs.WriteFileOptions);
  }
  const hex = [...crypto.getRandomValues(new Uint8Array(6))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  const temp = `${path.slice(0, path.lastIndexOf("/"))}/tmp_obj_${hex}`;
  try {
    await fs.promises.writeFile(temp, data, { flag: "wx" });
    await fs.promises.rename(temp, path);
  } catch (e) {
    await fs.promises.unlink(temp).catch(() => {});
    throw e;
  }
}

/**
 * The file system isomorphic-git writes chain objects through: node's, but every loose object
 * is written to a temp file and renamed ({@linkcode writeFileAtomic}); isomorphic-git itself
 * writes a loose object in place.
 */
const objectFs = {
  promises: {
    readFile: fs.promises.readFile,
    writeFile: writeFileAtomic,
    mkdir: fs.promises.mkdir,
    rmdir: fs.promises.rmdir,
    unlink: fs.promises.unlink,
    stat: fs.promises.stat,
    lstat: fs.promises.lstat,
    readdir: fs.promises.readdir,
    readlink: fs.promises.readlink,
    symlink: fs.promises.symlink,
  },
};

/**
 * Runs `write` (an isomorphic-git object write) and returns the id, re-written when the object
 * then stored under it does not read back as it. isomorphic-git never writes an object whose
 * file exists: a cut-off object under its id (left by an older baton, which wrote in place, or
 * damaged on disk) was recorded on the chain by every later push and git then refused to send
 * it, for good. Objects are now written through a temp file ({@linkcode objectFs}); a damaged
 * loose file is removed and written once more; one that still does not read back is an error.
 * @throws {StorageError} when the object cannot be written whole.
 */
async function writeSound(gitdir: string, write: () => Promise<string>): Promise<string> {
  const oid = await write();
  if (await readsBack(gitdir, oid)) return oid;
  await Deno.remove(`${gitdir}/objects/${oid.slice(0, 2)}/${oid.slice(2)}`).catch(() => {});
  const again = await write();
  if (again === oid && await readsBack(gitdir, oid)) return oid;
  throw new StorageError(
    "Cannot write the shared chain: a git object baton wrote does not read back whole (git fsck names it)",
  );
}

/** True when the object `oid` reads and hashes to its id (isomorphic-git checks the hash). */
async function readsBack(gitdir: string, oid: string): Promise<boolean> {
  try {
    await git.readObject({ fs, gitdir, oid, format: "content" });
    return true;
  } catch {
    return false;
  }
}

/** Writes a blob; returns its id. */
export async function writeChainBlob(gitdir: string, bytes: Uint8Array): Promise<string> {
  return await writeSound(gitdir, () => git.writeBlob({ fs: objectFs, gitdir, blob: bytes }));
}

/** Writes a chain commit holding `entries` with `parents`; returns its id. */
export async function writeChainCommit(
  gitdir: string,
  entries: ReadonlyMap<string, string>,
  parents: string[],
  message: string,
  now: Date,
): Promise<string> {
  const names = [...entries.keys()].sort();
  const sub = await writeSound(gitdir, () =>
    git.writeTree({
      fs: objectFs,
      gitdir,
      tree: names.map((path) => ({ mode: "100644", path, oid: entries.get(path)!, type: "blob" })),
    }));
  const tree = await writeSound(gitdir, () =>
    git.writeTree({
      fs: objectFs,
      gitdir,
      tree: [{ mode: "040000", path: SHARE_TREE_DIR, oid: sub, type: "tree" }],
    }));
  const who = {
    name: "baton",
    email: "baton@localhost",
    timestamp: Math.floor(now.getTime() / 1000),
    timezoneOffset: 0,
  };
  return await writeSound(gitdir, () =>
    git.writeCommit({
      fs: objectFs,
      gitdir,
      commit: { message, tree, parent: parents, author: who, committer: who },
    }));
}

/**
 * Points `ref` at `oid` as git does (core/share/ref_lock.ts): `<ref>.lock` is
 * created only when it does not exist, the ref is checked to still name
 * `expected` (null: absent) under it, the new id is written into the lock
 * and the lock renamed over the ref. isomorphic-git's own writeRef ignores a
 * lock a running git holds. `oid` may be a function: it runs under the lock,
 * once the ref was found as expected, and gives the id (a pull copies its
 * capsules there, so a refused ref changes nothing); when it throws, the
 * lock is removed and the ref left.
 * @throws {ChainRefLockedError} when `<ref>.lock` exists.
 * @throws {ChainRefMovedError} when the ref no longer names `expected`.
 */
export async function setChainRef(
  gitdir: string,
  ref: string,
  oid: string | (() => Promise<string>),
  expected: string | null,
): Promise<void> {
  const path = `${gitdir}/${ref}`;
  await refuseConflict(gitdir, ref);
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await withGitLock(path, () => new ChainRefLockedError(ref), async (lock) => {
    if (await currentOid(gitdir, ref) !== expected) throw new ChainRefMovedError(ref);
    await lock.write(`${typeof oid === "string" ? oid : await oid()}\n`);
  });
}

/**
 * Refuses a ref git could not hold beside `ref`: one named by a folder on its path
 * (`refs/baton/feature` for `refs/baton/feature/x`, loose or packed) or refs under it, a folder
 * of loose ones where its file belongs or packed ones (named when shaped as a ref baton writes).
 * Before, the folder's creation or the rename failed as an internal error (exit 70), and a
 * packed ref under it was not seen at all: the ref was written beside it.
 * @throws {ChainRefConflictError}
 */
async function refuseConflict(gitdir: string, ref: string): Promise<void> {
  const parts = ref.split("/");
  for (let i = 3; i < parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    const at = await Deno.lstat(`${gitdir}/${prefix}`).catch(() => null);
    if ((at !== null && !at.isDirectory) || (at === null && await currentOid(gitdir, prefix))) {
      throw new ChainRefConflictError(ref, prefix);
    }
  }
  // Refs under it, a folder of loose ones or packed ones (git pack-refs leaves no folder): git
  // refuses the ref then ('refs/baton/feature/x' exists), and a repository holding both fails to
  // clone or fetch.
  // (The trailing slash: isomorphic-git matches packed names by a bare prefix, so the ref itself
  // packed, or refs/baton/feature-2, would otherwise count.)
  const under = await git.listRefs({ fs, gitdir, filepath: `${ref}/` }).catch(() => []);
  if (
    under.length > 0 ||
    (await Deno.lstat(`${gitdir}/${ref}`).catch(() => null))?.isDirectory === true
  ) {
    throw new ChainRefConflictError(ref, refUnder(ref, under));
  }
}

/** The commit id `ref` names now (loose or packed), or null when it is absent. */
async function currentOid(gitdir: string, ref: string): Promise<string | null> {
  try {
    return await git.resolveRef({ fs, gitdir, ref });
  } catch {
    return null;
  }
}

/**
 * True when `ancestor` is `oid` or one of its ancestors, as the git program
 * tells it (`git merge-base --is-ancestor`): a remote's chain may carry a
 * history of any length, which isomorphic-git walked commit by commit in
 * JavaScript (a pull over 20,000 commits: 5 s of CPU, 0.7 s now). False
 * when git cannot say.
 */
export async function isAncestor(gitdir: string, ancestor: string, oid: string): Promise<boolean> {
  if (ancestor === oid) return true;
  if (!/^[0-9a-f]{40,64}$/.test(ancestor) || !/^[0-9a-f]{40,64}$/.test(oid)) return false;
  try {
    const out = await new Deno.Command("git", {
      args: ["--git-dir", gitdir, "merge-base", "--is-ancestor", ancestor, oid],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return out.code === 0;
  } catch {
    return false;
  }
}
