/**
 * Edge: the key files under the baton home (commands/_adapters/home.ts says where),
 * read and written here and handed to core as a {@linkcode KeyRing}.
 *
 * - `signing_key.jwk`: this machine's Ed25519 private key (JWK, see
 *   core/trust/signing_key.ts), mode 0600 in a 0700 directory. Made on first
 *   use from 32 bytes of the system's random source. A key file others can
 *   read, a symlink, or a baton home inside the repository being written to
 *   is refused: capsules are then written unsigned, with the reason.
 * - `trusted_keys.json`: the teammates' keys (core/trust/trusted_keys.ts),
 *   mode 0600. A file others can write to, or another user owns, is ignored
 *   (its keys could have been planted), and so is a damaged one: only this
 *   machine's key is trusted then, with the reason. A signing key file
 *   another user owns is refused likewise.
 *
 * Neither is read from a baton home folder another user owns or can write to: they could
 * swap a file between its checks and its read; nor when a folder above it is (home_parents.ts):
 * they could swap the whole home.
 *
 * Both files grant trust, so neither is read when the baton home resolves
 * (after every symbolic link) inside the work tree or the git directory of
 * the repository baton works in: a clone can carry a key file there, and an
 * environment a repository sets (a host's committed project settings) can
 * point BATON_HOME at it. No key is trusted then, with the reason.
 *
 * Creation is race-free: the new key is written to a temp file and hard-
 * linked into place, which fails when another process made one first; that
 * one is then used, so two hooks starting together never sign with two keys.
 * @module
 */
import type { KeyRing, SigningKeyResult, TrustedKeysResult } from "../../core/trust/key_ring.ts";
import { OWN_KEY_NAME, type TrustedKey } from "../../core/trust/key_ring.ts";
import {
  createSigningKeyFile,
  parseSigningKeyFile,
  readPublicHalf,
  type SigningKey,
} from "../../core/trust/signing_key.ts";
import {
  MAX_TRUSTED_KEYS_BYTES,
  parseTrustedKeysFile,
  renderTrustedKeysFile,
  type TrustedKeyEntry,
} from "../../core/trust/trusted_keys.ts";
import { InputError, isCodedError, StorageError } from "../../core/errors.ts";
import { batonHome, homeDir } from "./home.ts";
import { homeFolderProblem, processUid } from "./home_parents.ts";
import type { Io } from "./io.ts";
import { findRepo } from "../../core/facts/git/find_repo.ts";
import { outermostWorkTree } from "../../core/facts/git/outer_work_tree.ts";

/** File name of the signing key inside the baton home. */
export const SIGNING_KEY_FILE = "signing_key.jwk";
/** File name of the trusted keys inside the baton home. */
export const TRUSTED_KEYS_FILE = "trusted_keys.json";

const POSIX = Deno.build.os !== "windows";
const dec = new TextDecoder("utf-8", { fatal: true });
let tempCounter = 0;

/** A key-file problem whose message is ours (no file content), safe to show. */
class KeyFileError extends Error {}

/** Options of {@linkcode loadOrCreateSigningKey}. */
export interface KeyRingOptions {
  /** The work tree capsules are written into: a baton home inside it is refused. @default {null} */
  repoRoot?: string | null;
}

/** The key files' locations, or why there is no baton home. */
export type KeyPaths =
  | { ok: true; home: string; signingKey: string; trustedKeys: string }
  | { ok: false; reason: string };

/** Where the key files are for this process. */
export function keyPaths(io: Io): KeyPaths {
  const home = batonHome(io);
  if (!home.ok) return home;
  return {
    ok: true,
    home: home.path,
    signingKey: `${home.path}/${SIGNING_KEY_FILE}`,
    trustedKeys: `${home.path}/${TRUSTED_KEYS_FILE}`,
  };
}

function lstatOrNull(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return null;
    throw e;
  }
}

function readSmall(path: string, max: number, what: string): string {
  const info = Deno.lstatSync(path);
  if (info.isSymlink || !info.isFile) throw new KeyFileError(`${what} is not a regular file`);
  if (info.size > max) throw new KeyFileError(`${what} is larger than ${max} bytes`);
  return dec.decode(Deno.readFileSync(path));
}

function describe(e: unknown): string {
  if (isCodedError(e) || e instanceof KeyFileError) return e.message;
  if (e instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (e instanceof Deno.errors.NotFound) return "a directory on the way does not exist";
  return "a read or write failed";
}

function insideRepo(home: string, repoRoot: string | null | undefined): boolean {
  if (repoRoot === null || repoRoot === undefined) return false;
  const root = repoRoot.endsWith("/") ? repoRoot : `${repoRoot}/`;
  const real = (p: string): string => {
    try {
      return Deno.realPathSync(p).replaceAll("\\", "/");
    } catch {
      return p;
    }
  };
  return `${real(home)}/`.startsWith(real(root.slice(0, -1)) + "/") || `${home}/`.startsWith(root);
}

/** `path` with every symbolic link resolved; a missing tail is kept as written. */
function resolveExisting(path: string): string {
  let head = path.replaceAll("\\", "/");
  let tail = "";
  for (;;) {
    try {
      return Deno.realPathSync(head).replaceAll("\\", "/") + tail;
    } catch {
      const cut = head.lastIndexOf("/");
      if (cut <= 0) return path;
      tail = head.slice(cut) + tail;
      head = head.slice(0, cut);
    }
  }
}

function within(path: string, area: string): boolean {
  const a = area.endsWith("/") ? area : `${area}/`;
  return `${path}/`.startsWith(a);
}

/**
 * The directories a repository controls around `cwd`: the nearest work tree
 * holding a `.git` entry (whatever it holds), the git directories git
 * itself would use, the main work tree of a linked worktree, and the
 * outermost work tree around them. Resolved through symbolic links.
 */
async function repositoryAreas(io: Io, cwd: string): Promise<string[]> {
  const areas: string[] = [];
  let dir = resolveExisting(cwd);
  for (;;) {
    if (lstatOrNull(`${dir}/.git`) !== null) {
      areas.push(dir);
      break;
    }
    const cut = dir.lastIndexOf("/");
    if (cut < 0 || dir === "/" || /^[A-Za-z]:$/.test(dir)) break;
    dir = cut === 0 ? "/" : dir.slice(0, cut);
  }
  try {
    const repo = await findRepo(io.fs, cwd);
    if (repo !== null) {
      areas.push(repo.workTree, repo.gitDir, repo.commonDir);
      // A linked worktree's repository is checked out in its main work tree too (the folder
      // holding the common .git), where the same commits put the same files.
      const common = repo.commonDir.replace(/\/+$/, "");
      if (common.endsWith("/.git")) areas.push(common.slice(0, -"/.git".length) || "/");
    }
  } catch {
    // A malformed .git file: the work tree found above still counts.
  }
  // A work tree around it (a submodule's superproject, a clone holding this clone) is a
  // stranger's commit too, and its host settings reach this one's (a .env loaded from the
  // folder up); past the nearest, one at the home directory or above is the person's own.
  const outer = await outermostWorkTree(io.fs, cwd, homeDir(io)).catch(() => null);
  if (outer !== null) areas.push(outer);
  return areas.map(resolveExisting);
}

/** Whether the baton home resolves inside the repository around `cwd`. */
async function homeInRepository(io: Io, home: string, cwd: string): Promise<boolean> {
  const real = resolveExisting(home);
  return (await repositoryAreas(io, cwd)).some((area) => within(real, area));
}

function homeInRepositoryError(): KeyFileError {
  return new KeyFileError(
    "the baton home is inside the repository baton works in, where a clone could have put its key files (set BATON_HOME elsewhere)",
  );
}

function insideRepoError(): KeyFileError {
  return new KeyFileError(
    "the baton home is inside the repository, where the private key could be committed (set BATON_HOME elsewhere)",
  );
}

/**
 * A key-file failure as a typed error for a command to throw: file
 * permissions and damage are input errors (exit 2), failed reads and writes
 * storage errors (exit 5).
 */
export function keyFileError(e: unknown, action: string): Error {
  if (isCodedError(e) && e instanceof Error) return e;
  if (e instanceof KeyFileError) {
    return new InputError(`Cannot ${action}: ${e.message}`, "key_file_unusable", { cause: e });
  }
  return new StorageError(`Cannot ${action}: ${describe(e)}`, { cause: e });
}

/** Makes the baton home (0700) when missing. */
export function ensureBatonHome(home: string): void {
  if (lstatOrNull(home) !== null) return;
  Deno.mkdirSync(home, { recursive: true, mode: 0o700 });
  if (POSIX) Deno.chmodSync(home, 0o700);
}

async function createKeyFile(path: string): Promise<void> {
  const text = await createSigningKeyFile(crypto.getRandomValues(new Uint8Array(32)));
  const temp = `${path}.${Deno.pid}.${++tempCounter}.tmp`;
  const file = Deno.openSync(temp, { write: true, createNew: true, mode: 0o600 });
  try {
    if (POSIX) Deno.chmodSync(temp, 0o600);
    const bytes = new TextEncoder().encode(text);
    let off = 0;
    while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
    file.syncSync();
  } finally {
    file.close();
  }
  try {
    Deno.linkSync(temp, path);
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    // Another process made the key first: use theirs.
  } finally {
    try {
      Deno.removeSync(temp);
    } catch {
      // already gone
    }
  }
}

/** Reads this machine's key, making it when there is none; throws with a content-free message. */
export async function loadOrCreateSigningKey(
  io: Io,
  options: KeyRingOptions = {},
): Promise<{ key: SigningKey; path: string; created: boolean }> {
  const paths = keyPaths(io);
  if (!paths.ok) throw new KeyFileError(paths.reason);
  if (insideRepo(paths.home, options.repoRoot)) throw insideRepoError();
  let created = false;
  checkHomeFolder(paths.home);
  if (lstatOrNull(paths.signingKey) === null) {
    ensureBatonHome(paths.home);
    await createKeyFile(paths.signingKey);
    created = true;
  }
  return { key: await readSigningKey(paths.signingKey), path: paths.signingKey, created };
}

/** Reads the key file, refusing one that is not a private regular file. */
async function readSigningKey(path: string): Promise<SigningKey> {
  return await parseSigningKeyFile(readKeyText(path));
}

/**
 * Refuses a key file another user owns: its owner can rewrite it whatever its mode (a
 * BATON_HOME pointed at another user's folder, a shared machine).
 */
function checkOwner(info: Deno.FileInfo, what: string): void {
  const uid = POSIX ? processUid() : null;
  if (uid !== null && info.uid !== null && info.uid !== uid) {
    throw new KeyFileError(`${what} is owned by another user`);
  }
}

/**
 * Refuses a baton home folder another user owns or can write to (as ssh's StrictModes does for
 * `~/.ssh`), or one below a folder they can write (home_parents.ts): whoever can write the
 * folder can rename the key files in it, so a file that passed the checks below could be
 * swapped for theirs, or for a link, before it is read. A missing folder is left to the file
 * reads.
 */
function checkHomeFolder(home: string): void {
  if (!POSIX) return;
  const problem = homeFolderProblem(home, processUid());
  if (problem !== null) throw new KeyFileError(problem);
}

/** The signing key file's text; its folder was checked by the caller (checkHomeFolder). */
function readKeyText(path: string): string {
  const info = Deno.lstatSync(path);
  if (info.isSymlink || !info.isFile) {
    throw new KeyFileError("the signing key file is not a regular file");
  }
  checkOwner(info, "the signing key file");
  if (POSIX && info.mode !== null && (info.mode & 0o077) !== 0) {
    throw new KeyFileError(
      `the signing key file is open to other users (mode ${
        (info.mode & 0o777).toString(8)
      }): run chmod 600 on it`,
    );
  }
  return readSmall(path, 4096, "the signing key file");
}

/** This machine's public key when its key file exists (never made here); null when there is none. */
export async function readOwnPublicKey(
  io: Io,
  cwd: string = io.cwd(),
): Promise<{ publicKey: string; fingerprint: string } | null> {
  const paths = keyPaths(io);
  if (!paths.ok || lstatOrNull(paths.signingKey) === null) return null;
  if (await homeInRepository(io, paths.home, cwd)) throw homeInRepositoryError();
  checkHomeFolder(paths.home);
  return await readPublicHalf(readKeyText(paths.signingKey));
}

/** The trusted-keys file's entries ([] when it does not exist); throws when unusable. */
export async function readTrustedKeyEntries(
  io: Io,
  cwd: string = io.cwd(),
): Promise<TrustedKeyEntry[]> {
  const paths = keyPaths(io);
  if (!paths.ok) return [];
  const info = lstatOrNull(paths.trustedKeys);
  if (info === null) return [];
  if (await homeInRepository(io, paths.home, cwd)) throw homeInRepositoryError();
  checkHomeFolder(paths.home);
  checkOwner(info, "the trusted-keys file");
  if (POSIX && info.mode !== null && (info.mode & 0o022) !== 0) {
    throw new KeyFileError(
      `the trusted-keys file is writable by other users (mode ${
        (info.mode & 0o777).toString(8)
      }): run chmod 600 on it`,
    );
  }
  return await parseTrustedKeysFile(
    readSmall(paths.trustedKeys, MAX_TRUSTED_KEYS_BYTES, "the trusted-keys file"),
  );
}

/**
 * Writes the trusted-keys file atomically (0600).
 * @throws {StorageError} when the write fails.
 */
export async function writeTrustedKeyEntries(
  io: Io,
  keys: readonly TrustedKeyEntry[],
): Promise<string> {
  const paths = keyPaths(io);
  if (!paths.ok) throw new StorageError(`Cannot write the trusted keys: ${paths.reason}`);
  try {
    ensureBatonHome(paths.home);
    await io.fs.writeFileAtomic(
      paths.trustedKeys,
      new TextEncoder().encode(renderTrustedKeysFile(keys)),
      { mode: 0o600 },
    );
  } catch (e) {
    throw new StorageError(`Cannot write the trusted keys into "${paths.home}": ${describe(e)}`, {
      cause: e,
    });
  }
  return paths.trustedKeys;
}

/**
 * The key ring a workflow uses: files under the baton home, read once per
 * process; `cwd` is where the workflow runs (its repository's work tree and
 * git directories may not hold the baton home).
 */
export function createKeyRing(io: Io, cwd: string = io.cwd()): KeyRing {
  let signing: Promise<SigningKeyResult> | null = null;
  let trusted: Promise<TrustedKeysResult> | null = null;
  return {
    signingKey(repoRoot?: string | null): Promise<SigningKeyResult> {
      const paths = keyPaths(io);
      if (paths.ok && insideRepo(paths.home, repoRoot)) {
        return Promise.resolve({ ok: false, reason: describe(insideRepoError()) });
      }
      const inRepository = paths.ok
        ? homeInRepository(io, paths.home, cwd)
        : Promise.resolve(false);
      signing ??= inRepository.then((inside) => {
        if (inside) throw homeInRepositoryError();
        return loadOrCreateSigningKey(io);
      }).then(
        (r): SigningKeyResult => ({ ok: true, key: r.key }),
        (e): SigningKeyResult => ({ ok: false, reason: describe(e) }),
      );
      return signing;
    },
    trustedKeys(): Promise<TrustedKeysResult> {
      trusted ??= (async (): Promise<TrustedKeysResult> => {
        const keys = new Map<string, TrustedKey>();
        const problems: string[] = [];
        const paths = keyPaths(io);
        if (!paths.ok) problems.push(`this machine's key cannot be looked up: ${paths.reason}`);
        try {
          // The public half is enough to trust this machine's own capsules.
          const own = await readOwnPublicKey(io, cwd);
          if (own !== null) keys.set(own.fingerprint, { name: OWN_KEY_NAME, own: true });
        } catch (e) {
          problems.push(describe(e));
        }
        try {
          for (const k of await readTrustedKeyEntries(io, cwd)) {
            if (!keys.has(k.fingerprint)) keys.set(k.fingerprint, { name: k.name, own: false });
          }
        } catch (e) {
          // The same reason twice (a refused home folder refuses both files) is said once.
          const why = describe(e);
          if (!problems.includes(why)) problems.push(`${why}; only this machine's key is trusted`);
        }
        return { keys, problem: problems.length === 0 ? null : problems.join("; ") };
      })();
      return trusted;
    },
  };
}
