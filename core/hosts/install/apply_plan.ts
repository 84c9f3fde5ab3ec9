/**
 * Carries out install/uninstall plans through the injected file system:
 * backups first, then each file with an atomic write (temp + rename; through
 * a symlink to the file it leads to), then removals (of the path itself),
 * pruning directories that removals left empty, and last the repository's
 * `.git/info/exclude` block for the files baton installed. No write leaves
 * the scope root: every path is checked, before anything is written, to
 * lead inside it however symbolic links on the way resolve, and each write
 * re-checks its directory. Edge-free: all I/O goes through `WriteFs`.
 * @module
 */
import { InputError } from "../../errors.ts";
import { FsNotFoundError, readRegularFile, type WriteFs } from "../../fs.ts";
import { assertInside, isInside, realLocation } from "./contain_path.ts";
import { addExcludes, excludePattern, removeExcludes } from "./git_exclude.ts";
import type { FileChange, HostPlan } from "./plan.ts";
import { LEDGER_FILE, ledgerDoc } from "./block_ledger.ts";
import { acquireLock, type HeldLock, type LockOptions, releaseLock } from "../../store/lock.ts";
import { writeBoundJson } from "../../state_write.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** A file changed between planning and writing (a host saved its settings meanwhile). */
export class ConfigChangedError extends InputError {
  /** @param path The file (baton's target path, safe to show). */
  constructor(path: string) {
    super(
      `Cannot change "${path}": it changed while baton was planning; run the command again (baton wrote nothing)`,
      "install_config_changed",
      { data: { path } },
    );
  }
}

async function currentText(fs: WriteFs, path: string): Promise<string | null> {
  try {
    return decoder.decode(await fs.readFile(path));
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
}

/** Largest exclude file or rules-block record read (git's own exclude file is a few hundred bytes). */
const MAX_STATE_BYTES = 4 * 1024 * 1024;

/** The exclude file install keeps its lines in is not a regular file, or is too large. */
export class InstallStateFileError extends InputError {
  /** @param path The file (baton's own path in the git dir, safe to show). */
  constructor(path: string, why: "not_regular" | "too_large") {
    super(
      `Cannot update "${path}": it is ${
        why === "not_regular" ? "not a regular file" : `larger than ${MAX_STATE_BYTES} bytes`
      }; remove it or put git's own back (baton wrote nothing)`,
      "install_state_file",
      { data: { path } },
    );
  }
}

/**
 * The text of the exclude file install updates, null when missing: only a regular file
 * within the bound is read, since a FIFO there (an unpacked archive's `.git` can hold one)
 * would hang install and a device would never end. Called before anything is written, and
 * again to update it.
 * @throws {InstallStateFileError}
 */
async function stateText(fs: WriteFs, path: string): Promise<string | null> {
  const read = await readRegularFile(fs, path, MAX_STATE_BYTES);
  if (read.kind === "missing") return null;
  if (read.kind !== "read") throw new InstallStateFileError(path, read.kind);
  return decoder.decode(read.bytes);
}

/** Permission bits of an existing file, or null. */
async function modeOf(fs: WriteFs, path: string): Promise<number | null> {
  const st = await fs.stat(path);
  return st === null || st.mode === null ? null : st.mode & 0o777;
}

/** Options of {@linkcode applyPlans}. */
export interface ApplyPlansOptions {
  /**
   * Directories never pruned, nor anything above them (the scope roots:
   * repository root, home directory).
   */
  keepDirs: readonly string[];
  /** The scope root (repository root or home directory) no write may leave. */
  root?: string;
  /**
   * The repository whose `.git/info/exclude` lists the files baton
   * installed (project scope inside git): its work tree and common git dir.
   */
  repo?: { workTree: string; commonDir: string; action: "install" | "uninstall" };
  /**
   * The repository's git directories (its own and the common one): no host file is written
   * into them, nor past any `.git` entry below the scope root, whatever links lead there.
   */
  gitDirs?: readonly string[];
  /**
   * The lock options of this process: the rules-block record is then read and rewritten
   * under a lock beside it, so concurrent installs lose no entry.
   */
  lock?: LockOptions;
}

function parentDir(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/**
 * Removes `dir` and its parents while they are empty and below a kept
 * directory (and really there: never through a symbolic link).
 */
async function pruneEmpty(
  fs: WriteFs,
  dir: string,
  keep: readonly string[],
  rootReal: string | null,
): Promise<void> {
  let current = dir;
  while (keep.some((k) => current.startsWith(k.replace(/\/+$/, "") + "/"))) {
    if ((await fs.lstat(current))?.isSymlink !== false) return;
    if (rootReal !== null) {
      const real = await realLocation(fs, current);
      if (real === null || !isInside(real, rootReal)) return;
    }
    let entries;
    try {
      entries = await fs.readDir(current);
    } catch {
      return;
    }
    if (entries.length > 0) return;
    await fs.remove(current);
    current = parentDir(current);
  }
}

/**
 * Applies every change of every plan, in order; returns the number of files
 * written or removed.
 *
 * @param fs The file system.
 * @param plans The plans.
 * @param options Directories that are never pruned.
 * @returns How many files changed.
 */
export async function applyPlans(
  fs: WriteFs,
  plans: readonly HostPlan[],
  options: ApplyPlansOptions,
): Promise<number> {
  const { lock, ...unlocked } = options;
  if (lock === undefined) return await applyWithRecords(fs, plans, unlocked);
  // Every rules-block record the plans update is locked before anything is written, and held
  // to the end: a lock that cannot be taken (another install that never lets go) then stops
  // the install with nothing written, never after a host file was written whose record could
  // not be (a later uninstall would take baton's own block for a stranger's).
  const held = await lockRecords(fs, plans, lock);
  try {
    return await applyWithRecords(fs, plans, unlocked);
  } finally {
    for (const h of held.reverse()) await releaseLock(fs, h);
  }
}

/** The locks of the rules-block records `plans` update, taken in one order. */
async function lockRecords(
  fs: WriteFs,
  plans: readonly HostPlan[],
  lock: LockOptions,
): Promise<HeldLock[]> {
  const dirs = new Set<string>();
  for (const plan of plans) {
    for (const c of plan.changes) if (c.ledger !== undefined) dirs.add(parentDir(c.ledger.path));
  }
  const held: HeldLock[] = [];
  try {
    for (const dir of [...dirs].sort()) {
      if ((await fs.lstat(dir))?.isSymlink === true) {
        throw new ConfigChangedError(`${dir}/${LEDGER_FILE}`);
      }
      await fs.mkdirp(dir);
      held.push(
        await acquireLock(fs, `${dir}/${LEDGER_FILE}.lock`, {
          ...lock,
          guardPath: `${dir}/${LEDGER_FILE}.guard`,
        }),
      );
    }
  } catch (e) {
    for (const h of held.reverse()) await releaseLock(fs, h);
    throw e;
  }
  return held;
}

/** {@linkcode applyPlans} once the records are locked (or without a lock). */
async function applyWithRecords(
  fs: WriteFs,
  plans: readonly HostPlan[],
  options: ApplyPlansOptions,
): Promise<number> {
  // The exclude file is judged first: one baton cannot update stops everything (a FIFO would hang).
  const exclude = options.repo === undefined ? null : await excludeFile(fs, options.repo);
  // Nothing is written when any file differs from what was planned against:
  // a host that saved its settings meanwhile must not lose that change.
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (c.action === "unchanged" || c.action === "kept") {
        // An unchanged block baton wrote before the record existed is recorded now.
        if (c.ledger !== undefined) await recordBlock(fs, c.ledger, options.lock);
        continue;
      }
      if ((await currentText(fs, c.writePath)) !== c.before) throw new ConfigChangedError(c.path);
    }
  }
  const rootReal = options.root === undefined ? null : await realLocation(fs, options.root);
  if (rootReal !== null) {
    const gitDirsReal: string[] = [];
    for (const dir of options.gitDirs ?? []) {
      const real = await realLocation(fs, dir);
      if (real !== null) gitDirsReal.push(real);
    }
    for (const plan of plans) {
      for (const c of plan.changes) {
        for (const path of touchedPaths(c)) await assertInside(fs, path, rootReal, gitDirsReal);
      }
    }
  }
  const within = rootReal === null ? {} : { within: rootReal };
  let count = 0;
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (c.action === "unchanged" || c.action === "kept") {
        // An unchanged block baton wrote before the record existed is recorded now.
        if (c.ledger !== undefined) await recordBlock(fs, c.ledger, options.lock);
        continue;
      }
      if (c.backup !== null) {
        // The backup is as private as the file it copies (a settings file may hold keys).
        const mode = await modeOf(fs, c.writePath);
        await fs.mkdirp(parentDir(c.backup.path));
        await fs.writeFileAtomic(
          c.backup.path,
          encoder.encode(c.backup.content),
          mode === null ? within : { ...within, mode },
        );
      }
      if (c.after === null) {
        await fs.remove(c.path);
        await pruneEmpty(fs, parentDir(c.path), options.keepDirs, rootReal);
      } else {
        await fs.mkdirp(parentDir(c.writePath));
        await fs.writeFileAtomic(c.writePath, encoder.encode(c.after), within);
      }
      if (c.dropBackup !== null) await fs.remove(c.dropBackup);
      if (c.ledger !== undefined) await recordBlock(fs, c.ledger, options.lock);
      count++;
    }
  }
  if (exclude !== null && options.repo !== undefined) {
    await updateExcludes(fs, exclude, options.repo, plans);
  }
  return count;
}

/**
 * Updates the clone's record of the rules blocks baton wrote (block_ledger.ts), an atomic write
 * inside the git dir's `baton/` folder (never through a symbolic link out of it).
 */
export async function recordBlock(
  fs: WriteFs,
  ledger: NonNullable<FileChange["ledger"]>,
  lock?: LockOptions,
): Promise<void> {
  const dir = parentDir(ledger.path);
  if ((await fs.lstat(dir))?.isSymlink === true) throw new ConfigChangedError(ledger.path);
  await fs.mkdirp(dir);
  const dirReal = await realLocation(fs, dir);
  if (dirReal === null) throw new ConfigChangedError(ledger.path);
  if (lock === undefined) return await rewriteRecord(fs, ledger, dir, dirReal);
  // One record serves every install in the clone (or the baton home): two installs at once
  // would each read it, add their entry and rename over the other's. The read and the write
  // happen under the lock baton takes everywhere (core/store/lock.ts), beside the record.
  const held = await acquireLock(fs, `${dir}/${LEDGER_FILE}.lock`, {
    ...lock,
    guardPath: `${dir}/${LEDGER_FILE}.guard`,
  });
  try {
    await rewriteRecord(fs, ledger, dir, dirReal);
  } finally {
    await releaseLock(fs, held);
  }
}

/** The record read, given the entry and written back by an atomic rename. */
async function rewriteRecord(
  fs: WriteFs,
  ledger: NonNullable<FileChange["ledger"]>,
  dir: string,
  dirReal: string,
): Promise<void> {
  // Not a regular file, or too large (copied in with a `.git`): read as absent, as every reader
  // of the record does, and replaced by the rename below.
  const read = await readRegularFile(fs, ledger.path, MAX_STATE_BYTES);
  const text = read.kind === "read" ? decoder.decode(read.bytes) : null;
  const written = await writeBoundJson(
    fs,
    dir,
    ledger.path,
    (here) => ledgerDoc(text, ledger.key, ledger.sha256, here),
    { within: dirReal },
  );
  if (!written) throw new ConfigChangedError(ledger.path);
}

/** The paths a change writes or removes (for removals, the directory they are removed from). */
function touchedPaths(c: FileChange): string[] {
  if (c.action === "unchanged" || c.action === "kept") return [];
  const out = c.after === null ? [parentDir(c.path)] : [c.writePath];
  if (c.backup !== null) out.push(c.backup.path);
  if (c.dropBackup !== null) out.push(parentDir(c.dropBackup));
  return out;
}

/**
 * The exclude file of a repository, checked to lead inside its git dir.
 * @throws {InstallEscapeError}
 */
async function excludeFile(
  fs: WriteFs,
  repo: { commonDir: string },
): Promise<{ path: string; within: string }> {
  const gitReal = await realLocation(fs, repo.commonDir);
  const path = `${repo.commonDir.replace(/\/+$/, "")}/info/exclude`;
  if (gitReal === null) throw new ConfigChangedError(path);
  await assertInside(fs, path, gitReal);
  await stateText(fs, path);
  return { path, within: gitReal };
}

/** Git's pattern escapes undone: the repository-relative path of an entry of baton's block. */
function patternPath(pattern: string): string {
  return pattern.replace(/^\//, "").replace(/\\(.)/g, "$1");
}

/**
 * Install lists every file of baton's that is now in the work tree (its own
 * files, configs it created and the backups it took). Uninstall takes out every file it planned
 * for and every entry whose file is gone, which gives the exclude file back
 * byte for byte when baton's block empties.
 */
async function updateExcludes(
  fs: WriteFs,
  exclude: { path: string; within: string },
  repo: { workTree: string; action: "install" | "uninstall" },
  plans: readonly HostPlan[],
): Promise<void> {
  const root = repo.workTree.replace(/\/+$/, "") + "/";
  const patterns: string[] = [];
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (!c.path.startsWith(root)) continue;
      // A config or rules file is listed only when baton created it (else it is the user's).
      const shared = c.kind === "hooks" || c.kind === "block";
      const installed = shared ? c.action === "create" : c.action !== "kept";
      // The copy of a config baton keeps beside it is baton's file: a personal config (Claude
      // Code's settings.local.json, ignored by its exact name) may hold keys, and an unlisted
      // copy would show in git status and capsule facts, and go into the next `git add -A`.
      if (repo.action === "install" && c.backup !== null && c.backup.path.startsWith(root)) {
        patterns.push(excludePattern(c.backup.path.slice(root.length)));
      }
      if (repo.action === "uninstall" || installed) {
        patterns.push(excludePattern(c.path.slice(root.length)));
      }
    }
  }
  const before = await stateText(fs, exclude.path);
  let after: string | null = before;
  if (repo.action === "install") {
    if (patterns.length > 0) after = addExcludes(before, patterns);
  } else if (before !== null) {
    const gone: string[] = [...patterns];
    for (const line of before.split("\n")) {
      if (!line.startsWith("/")) continue;
      if ((await fs.lstat(root + patternPath(line))) === null) gone.push(line);
    }
    after = removeExcludes(before, gone);
  }
  if (after === before) return;
  if (after === null) {
    await fs.remove(exclude.path);
    return;
  }
  await fs.mkdirp(parentDir(exclude.path));
  await fs.writeFileAtomic(exclude.path, encoder.encode(after), { within: exclude.within });
}
