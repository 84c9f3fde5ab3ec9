/**
 * Plans an install or uninstall for one host and scope: reads the files that
 * are there now and works out, file by file, the exact new content (or
 * removal), the backup to take and what to say. Nothing is written here, so
 * a config that cannot be parsed stops every host before any byte changes,
 * and `--dry-run` shows exactly what a real run would do. Reads through the
 * injected file system only.
 * @module
 */
import { BatonError, EXIT, InputError } from "../../errors.ts";
import { FsNotFoundError, type ReadFs } from "../../fs.ts";
import {
  HookConfigError,
  isBareConfig,
  MAX_CONFIG_BYTES,
  mergeHooks,
  removeHooks,
  sameTokens,
} from "./hook_config.ts";
import type { HostId } from "../ids.ts";
import { registeredLayout } from "./registered_hooks.ts";
import { mergeAllowRules, removeAllowRules } from "./allow_rules.ts";
import type { BatonInvocation } from "../hook_command.ts";
import { blockBody, blockSpan, RulesBlockError, withBlock, withoutBlock } from "./rules_block.ts";
import { blockDigest, type BlockOwnership, blockOwnership } from "./block_ledger.ts";
import {
  BATON_MARKER,
  type DesiredFile,
  type HookConfigFile,
  type HookSupport,
  type HostContent,
  type HostEnv,
  type HostSpec,
  type InstallScope,
  type OwnedFile,
  type RulesBlockFile,
} from "./types.ts";

/** Suffix of the copy baton keeps of a user's config before it first changes it. */
export const BACKUP_SUFFIX = ".baton-backup";

/** What happens to one file. */
export type FileAction =
  | "create"
  | "update"
  | "unchanged"
  | "remove"
  /** Uninstall puts the user's backup back, byte for byte. */
  | "restore"
  /** Uninstall leaves a file that is not baton's. */
  | "kept";

/** One file of a plan. */
export interface FileChange {
  path: string;
  kind: DesiredFile["kind"];
  action: FileAction;
  /** Current text, or null when missing. */
  before: string | null;
  /** New text, or null when the file is removed (or left as it is, for `kept`). */
  after: string | null;
  /** A backup to write first (install), or null. */
  backup: { path: string; content: string } | null;
  /** A backup to delete after restoring it (uninstall), or null. */
  dropBackup: string | null;
  /**
   * A rules block in a git work tree: the clone's record of the blocks baton wrote, updated
   * after the write (the digest of the block now there, or null when it was taken out).
   */
  ledger?: { path: string; key: string; sha256: string | null };
  /**
   * Where new content is written: the file itself, or the target of a
   * symlink (a dotfiles-managed config stays a link to the user's file).
   */
  writePath: string;
}

/** The plan for one host and scope. */
export interface HostPlan {
  host: HostId;
  label: string;
  scope: InstallScope;
  hookSupport: HookSupport;
  notes: string[];
  changes: FileChange[];
}

/** Options of {@linkcode planInstall} and {@linkcode planUninstall}. */
export interface PlanOptions {
  scope: InstallScope;
  env: HostEnv;
  content: HostContent;
}

/** An owned path holds a file baton did not write; install refuses to replace it. */
export class InstallConflictError extends InputError {
  /** @param path The file (baton's target path, safe to show). */
  constructor(path: string) {
    super(
      `Cannot install into "${path}": a file baton did not write is there; move it away and run install again (baton wrote nothing)`,
      "install_conflict",
      { data: { path } },
    );
  }
}

// ignoreBOM keeps a byte-order mark in the text, so keepBom() can write it back.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const BOM = "\ufeff";

/**
 * A path install would write passes a symbolic link git tracks (the file itself or a folder
 * on its way): it came with the repository's commits, so where it leads (`package.json`,
 * `docs/`) is a stranger's choice, and following it would change or add a file that is no
 * host file, one git then shows and the report names by the wrong path.
 */
export class InstallCommittedLinkError extends BatonError {
  /** @param path The path (baton's own target, safe to show). @param link The committed link on its way. */
  constructor(path: string, link: string) {
    super(
      `Cannot write "${path}": "${link}" on its way is a symbolic link committed to the repository, and baton writes host files only where they are, never through a link a commit brought; remove the link or install with --user (baton wrote nothing)`,
      "install_committed_link",
      EXIT.io.code,
      { data: { path, link } },
    );
  }
}

/**
 * Refuses `path` when it, or a folder above it, is a symbolic link git tracks
 * (project scope), under any letter case. A link the user made (not committed) is followed.
 * @throws {InstallCommittedLinkError}
 */
async function refuseCommittedLink(fs: ReadFs, path: string): Promise<void> {
  for (
    let p = path.replace(/\/+$/, "");
    p.length > 1;
    p = p.slice(0, Math.max(1, p.lastIndexOf("/")))
  ) {
    if ((await fs.lstat(p))?.isSymlink !== true) continue;
    // In any letter case: on a case-insensitive file system (macOS's, Windows') a committed
    // `.Cursor/hooks.json` link is what `.cursor/hooks.json` opens.
    if ((await blockOwnership(fs, p, null, { foldCase: true })).tracked) {
      throw new InstallCommittedLinkError(path, p);
    }
  }
}

/** Where writes to `path` go: the path, or the file a symlink at it leads to (dotfiles). */
async function writeTarget(fs: ReadFs, path: string): Promise<string> {
  const link = await fs.lstat(path);
  if (link === null || !link.isSymlink) return path;
  try {
    return (await fs.realPath(path)).replaceAll("\\", "/");
  } catch {
    throw new HookConfigError(
      `Cannot write "${path}": it is a symlink that leads nowhere; fix or remove it (baton wrote nothing)`,
    );
  }
}

/** A file's text (null when missing), bounded and strict UTF-8. */
async function readText(fs: ReadFs, path: string): Promise<string | null> {
  const st = await fs.stat(path);
  if (st === null) return null;
  if (!st.isFile) {
    throw new HookConfigError(
      `Cannot read "${path}": it is not a regular file; baton wrote nothing`,
    );
  }
  if (st.size > MAX_CONFIG_BYTES) {
    throw new HookConfigError(
      `Cannot read "${path}": it is ${st.size} bytes, more than ${MAX_CONFIG_BYTES}; baton wrote nothing`,
    );
  }
  try {
    return decoder.decode(await fs.readFile(path));
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    if (e instanceof TypeError) {
      throw new HookConfigError(
        `Cannot read "${path}": it is not valid UTF-8; baton wrote nothing`,
      );
    }
    throw e;
  }
}

/**
 * The one-time backup install wrote beside a config, when it can be baton's: a regular
 * file (not a link, a folder or anything else that arrived with a commit, which is left
 * as it is and named in a note; uninstall then goes on without it). `tracked`: git
 * tracks it, so it is the repository's file and is never deleted.
 */
async function ownBackup(
  fs: ReadFs,
  path: string,
): Promise<{ exists: boolean; text: string | null; tracked: boolean; note?: string }> {
  const st = await fs.lstat(path);
  if (st === null) return { exists: false, text: null, tracked: false };
  if (!st.isFile || st.size > MAX_CONFIG_BYTES) {
    return {
      exists: true,
      text: null,
      tracked: false,
      note:
        `"${path}" is not a backup baton wrote (not a regular file, or too large): left as it is`,
    };
  }
  const tracked = (await blockOwnership(fs, path)).tracked;
  let text: string | null;
  try {
    text = await readText(fs, path);
  } catch {
    text = null;
  }
  return {
    exists: true,
    text,
    tracked,
    ...(tracked
      ? { note: `"${path}" is tracked by git: left as it is (git rm it if it should go)` }
      : {}),
  };
}

/** Runs a text transform on a config while keeping a leading byte-order mark. */
function keepBom(text: string, f: (body: string) => string): string {
  return text.startsWith(BOM) ? BOM + f(text.slice(1)) : f(text);
}

function change(
  file: DesiredFile,
  action: FileAction,
  before: string | null,
  after: string | null,
): FileChange {
  return {
    path: file.path,
    kind: file.kind,
    action,
    before,
    after,
    backup: null,
    dropBackup: null,
    writePath: file.path,
  };
}

/** The config with baton's hook entries and allow entries put in (`null`: no file yet). */
function withBatons(
  text: string | null,
  file: HookConfigFile,
  host: HostId,
  invocation: BatonInvocation,
  label?: string,
): string {
  const opts = { host, invocation, ...(label === undefined ? {} : { label }) };
  // A config that only carries allow entries (OpenCode's opencode.json) gets no `hooks` key; a
  // new one starts with the keys the host requires (OpenCode writes `$schema` into a config
  // that lacks it, so baton's own file would otherwise not be baton's alone at uninstall).
  const merged = file.hooks.length === 0 ? text ?? newConfig(file) : mergeHooks(text, file, opts);
  return file.allow === undefined ? merged : mergeAllowRules(merged, file.allow, opts);
}

/** A new config's text holding only the keys the host requires ("" when none). */
function newConfig(file: HookConfigFile): string {
  const root = file.format.requiredRoot;
  return Object.keys(root).length === 0 ? "" : JSON.stringify(root, null, 2) + "\n";
}

/** The config with baton's hook entries and allow entries taken out. */
function withoutBatons(
  text: string,
  file: HookConfigFile,
  host: HostId,
  invocation: BatonInvocation,
  label?: string,
): string {
  const opts = { host, invocation, ...(label === undefined ? {} : { label }) };
  const removed = file.hooks.length === 0 ? text : removeHooks(text, file.format, opts);
  return file.allow === undefined ? removed : removeAllowRules(removed, file.allow, opts);
}

function hostPlan(
  spec: HostSpec,
  scope: InstallScope,
  notes: string[],
  changes: FileChange[],
): HostPlan {
  return { host: spec.id, label: spec.label, scope, hookSupport: spec.hookSupport, notes, changes };
}

/**
 * The text of a rules file baton puts its block into: a regular file or none,
 * never a symbolic link (the block would land in whatever file it leads to).
 */
async function rulesText(fs: ReadFs, file: RulesBlockFile): Promise<string | null> {
  if ((await fs.lstat(file.path))?.isSymlink === true) {
    throw new HookConfigError(
      `Cannot change "${file.path}": it is a symbolic link; baton writes its block only into a regular file (baton wrote nothing)`,
    );
  }
  return await readText(fs, file.path);
}

/** Runs a block edit, turning a block baton cannot tell apart into a plan error. */
function blockEdit<T>(file: RulesBlockFile, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof RulesBlockError)) throw e;
    throw new HookConfigError(
      `Cannot change "${file.path}": it ${e.message}; keep one block or none and run the command again (baton wrote nothing)`,
    );
  }
}

/** The block in a rules file's text (its BOM aside), or null. */
function currentBlock(file: RulesBlockFile, text: string | null): string | null {
  return text === null ? null : blockEdit(file, () => blockSpan(text.replace(/^\ufeff/, "")));
}

/**
 * True when the block in the file is not baton's: a block whose text differs from the one the
 * record holds (block_ledger.ts), or, with no record for the file, a block in a file git tracks
 * (a commit brought it) or one whose body is not exactly the body baton writes.
 */
async function someoneElses(
  own: BlockOwnership,
  block: string | null,
  file: RulesBlockFile,
): Promise<boolean> {
  if (block === null) return false;
  if (own.recorded !== null) return own.recorded !== await blockDigest(block);
  if (own.tracked) return true;
  // No record (an install from before it, or no baton home): the begin line alone proves
  // nothing, anyone can copy it; the block is baton's only when it is exactly what baton writes.
  return blockBody(block) !== file.body;
}

/** The note for a block baton leaves because it did not write it here. */
function notOursNote(file: RulesBlockFile): string {
  return `"${file.path}" holds a baton block that is not the one baton recorded or writes (committed or edited by someone else?): left as it is`;
}

/** A change's record update for the block now in `after` (null: the block is gone). */
async function ledgerUpdate(
  file: RulesBlockFile,
  own: BlockOwnership,
  after: string | null,
): Promise<FileChange["ledger"]> {
  if (own.ledgerPath === null) return undefined;
  const block = currentBlock(file, after);
  return {
    path: own.ledgerPath,
    key: own.key,
    sha256: block === null ? null : await blockDigest(block),
  };
}

/**
 * Install's change to a rules file: its block added, or its body brought up to date; a block
 * this clone's record does not hold (a teammate's, committed) is left as it is.
 */
async function planBlockInstall(
  fs: ReadFs,
  file: RulesBlockFile,
  recordDir: string | null,
): Promise<{ change: FileChange; note?: string }> {
  const before = await rulesText(fs, file);
  const own = await blockOwnership(fs, file.path, recordDir);
  if (await someoneElses(own, currentBlock(file, before), file)) {
    return { change: change(file, "unchanged", before, before), note: notOursNote(file) };
  }
  const after = keepBomOrNull(before, (body) => blockEdit(file, () => withBlock(body, file.body)));
  const ledger = await ledgerUpdate(file, own, after);
  if (after === before) {
    const unchanged = change(file, "unchanged", before, before);
    const unrecorded = ledger !== undefined && own.recorded !== ledger.sha256;
    return { change: unrecorded ? { ...unchanged, ledger } : unchanged };
  }
  const c = change(file, before === null ? "create" : "update", before, after);
  return { change: ledger === undefined ? c : { ...c, ledger } };
}

/**
 * Uninstall's change to a rules file: exactly the bytes install added taken out, only from a
 * block baton wrote (in a git work tree: one this clone's record holds); a file git tracks is
 * never deleted, only its block cut.
 */
async function planBlockUninstall(
  fs: ReadFs,
  file: RulesBlockFile,
  recordDir: string | null,
): Promise<{ change: FileChange; note?: string } | null> {
  const before = await rulesText(fs, file);
  if (before === null) return null;
  const own = await blockOwnership(fs, file.path, recordDir);
  if (await someoneElses(own, currentBlock(file, before), file)) {
    return { change: change(file, "kept", before, null), note: notOursNote(file) };
  }
  const bom = before.startsWith(BOM) ? BOM : "";
  const rest = blockEdit(file, () => withoutBlock(before.slice(bom.length)));
  const ledger = await ledgerUpdate(file, own, null);
  const withLedger = (c: FileChange) => ledger === undefined ? c : { ...c, ledger };
  if (rest === null) {
    if (!own.tracked) return { change: withLedger(change(file, "remove", before, null)) };
    return {
      change: withLedger(change(file, "update", before, bom)),
      note: `"${file.path}" is tracked by git: its baton block was taken out, the file kept`,
    };
  }
  const after = bom + rest;
  return after === before
    ? { change: change(file, "kept", before, null) }
    : { change: withLedger(change(file, "update", before, after)) };
}

/**
 * Uninstall's change to a whole file baton owns: removed only when it carries baton's marker,
 * git does not track it, and it is exactly what baton wrote (what this baton writes, or the
 * text the record holds); else kept, with a note saying why.
 */
async function planOwnedUninstall(
  fs: ReadFs,
  file: OwnedFile,
  before: string,
  recordDir: string | null,
): Promise<{ change: FileChange; note?: string }> {
  if (!before.includes(BATON_MARKER)) return { change: change(file, "kept", before, null) };
  const own = await blockOwnership(fs, file.path, recordDir);
  if (own.tracked) {
    return {
      change: change(file, "kept", before, null),
      note: `"${file.path}" is tracked by git: left as it is (git rm it if it should go)`,
    };
  }
  const digest = await blockDigest(before);
  if (before !== file.content && own.recorded !== digest) {
    return {
      change: change(file, "kept", before, null),
      note: `"${file.path}" is not the text baton wrote (edited since?): left as it is`,
    };
  }
  const removed = change(file, "remove", before, null);
  return {
    change: own.ledgerPath === null || own.recorded === null
      ? removed
      : { ...removed, ledger: { path: own.ledgerPath, key: own.key, sha256: null } },
  };
}

/** The note for a whole file with baton's marker that install leaves: not the text it recorded writing. */
function notWrittenHereNote(path: string, tracked: boolean): string {
  return tracked
    ? `"${path}" carries baton's marker but git tracks it and it is not the text baton recorded writing here (committed by someone else?): left as it is`
    : `"${path}" carries baton's marker but is not the text baton recorded writing here (edited, or copied in?): left as it is (remove it and install again for baton's)`;
}

/** {@linkcode keepBom} for a file that may be missing. */
function keepBomOrNull(text: string | null, f: (body: string | null) => string): string {
  return text === null ? f(null) : keepBom(text, f);
}

/**
 * Plans installing one host for a scope.
 *
 * @param fs Read access to the target locations.
 * @param spec The host.
 * @param options Scope, locations and content.
 * @returns The plan.
 * @throws {HookConfigError} when a config cannot be parsed or has an unexpected shape.
 * @throws {InstallConflictError} when a file baton owns is already there and is not baton's.
 */
export async function planInstall(
  fs: ReadFs,
  spec: HostSpec,
  options: PlanOptions,
): Promise<HostPlan> {
  const layout = registeredLayout(spec, options.scope, options.env, options.content);
  const changes: FileChange[] = [];
  const blockNotes: string[] = [];
  for (const file of layout.files) {
    // A repository's commits choose nothing for the home directory (a dotfiles repository
    // there tracks its links on purpose): only project scope refuses them.
    if (options.scope === "project") await refuseCommittedLink(fs, file.path);
    if (file.kind === "block") {
      const planned = await planBlockInstall(fs, file, options.env.recordDir ?? null);
      changes.push(planned.change);
      if (planned.note !== undefined) blockNotes.push(planned.note);
      continue;
    }
    const target = await writeTarget(fs, file.path);
    const before = await readText(fs, file.path);
    if (file.kind !== "hooks") {
      const own = await blockOwnership(fs, file.path, options.env.recordDir ?? null);
      const ledger = own.ledgerPath === null
        ? undefined
        : { path: own.ledgerPath, key: own.key, sha256: await blockDigest(file.content) };
      const withLedger = (c: FileChange) =>
        ledger === undefined || own.recorded === ledger.sha256 ? c : { ...c, ledger };
      if (before === file.content) {
        changes.push(withLedger(change(file, "unchanged", before, before)));
      } else if (before === null) {
        changes.push(withLedger(change(file, "create", null, file.content)));
      } else if (before.includes(BATON_MARKER)) {
        // The marker alone proves nothing (anyone can copy it into a file they commit): the
        // file is rewritten only when this clone's record holds its exact text.
        if (own.recorded !== null && own.recorded === await blockDigest(before)) {
          changes.push(
            withLedger({ ...change(file, "update", before, file.content), writePath: target }),
          );
        } else {
          changes.push(change(file, "kept", before, null));
          blockNotes.push(notWrittenHereNote(file.path, own.tracked));
        }
      } else throw new InstallConflictError(file.path);
      continue;
    }
    const label = `"${file.path}"`;
    const merge = (body: string | null) =>
      withBatons(body, file, spec.id, options.content.invocation, label);
    const after = before === null ? merge(null) : keepBom(before, merge);
    if (after === before) {
      changes.push(change(file, "unchanged", before, before));
      continue;
    }
    const c = change(file, before === null ? "create" : "update", before, after);
    c.writePath = target;
    const backupPath = file.path + BACKUP_SUFFIX;
    if (before !== null && (await fs.lstat(backupPath)) === null) {
      c.backup = { path: backupPath, content: before };
    }
    changes.push(c);
  }
  const trust = (await spec.trustSteps?.(fs, options.scope, options.env)) ?? [];
  return hostPlan(
    spec,
    options.scope,
    [
      ...layout.notes,
      ...blockNotes,
      ...(options.scope === "project" ? await trackedChangeNotes(fs, changes) : []),
      ...(await unrecordedNote(fs, layout.files, options.env)),
      ...trust.map((t) => t.explain),
    ],
    changes,
  );
}

/**
 * One note per file install would change that git tracks: the exclude block hides only
 * untracked files, so git status shows the change (this machine's baton path in a hook
 * config, baton's block in a rules file) and the next commit of it carries it.
 */
async function trackedChangeNotes(fs: ReadFs, changes: readonly FileChange[]): Promise<string[]> {
  const notes: string[] = [];
  for (const c of changes) {
    if (c.action !== "create" && c.action !== "update") continue;
    if (!(await blockOwnership(fs, c.path)).tracked) continue;
    notes.push(
      `"${c.path}" is tracked by git: this change to it shows in git status and capsule facts, and a commit of it carries this machine's baton path; keep it out of commits, or install with --user`,
    );
  }
  return notes;
}

/**
 * True when the current config differs from the backup only by baton's
 * entries: taking them out gives the backup's document, or installing into
 * the backup gives the current text (this also covers empty containers of the
 * user's that baton filled).
 */
function isOnlyBatons(
  current: string,
  backup: string,
  file: HookConfigFile,
  spec: HostSpec,
  options: PlanOptions,
): boolean {
  const invocation = options.content.invocation;
  try {
    if (sameTokens(keepBom(current, (b) => withoutBatons(b, file, spec.id, invocation)), backup)) {
      return true;
    }
    return sameTokens(keepBom(backup, (b) => withBatons(b, file, spec.id, invocation)), current);
  } catch {
    return false;
  }
}

/**
 * Plans removing what baton installed for one host and scope: its own files
 * (only those carrying its marker) and its hook entries. A config is put back
 * from the backup, byte for byte, when nothing but baton's entries changed it
 * since; a config baton created and that holds nothing else is removed.
 *
 * @param fs Read access to the target locations.
 * @param spec The host.
 * @param options Scope, locations and content.
 * @returns The plan.
 * @throws {HookConfigError} when a config cannot be parsed.
 */
export async function planUninstall(
  fs: ReadFs,
  spec: HostSpec,
  options: PlanOptions,
): Promise<HostPlan> {
  const layout = registeredLayout(spec, options.scope, options.env, options.content);
  const changes: FileChange[] = [];
  const notes: string[] = [];
  for (const file of layout.files) {
    if (file.kind === "block") {
      const c = await planBlockUninstall(fs, file, options.env.recordDir ?? null);
      if (c !== null) changes.push(c.change);
      if (c?.note !== undefined) notes.push(c.note);
      continue;
    }
    const before = await readText(fs, file.path);
    if (before === null) continue;
    if (file.kind !== "hooks") {
      const planned = await planOwnedUninstall(fs, file, before, options.env.recordDir ?? null);
      changes.push(planned.change);
      if (planned.note !== undefined) notes.push(planned.note);
      continue;
    }
    const label = `"${file.path}"`;
    const target = await writeTarget(fs, file.path);
    const after = keepBom(
      before,
      (body) => withoutBatons(body, file, spec.id, options.content.invocation, label),
    );
    if (after === before) {
      changes.push(change(file, "unchanged", before, before));
      continue;
    }
    const backupPath = file.path + BACKUP_SUFFIX;
    const backup = await ownBackup(fs, backupPath);
    if (backup.note !== undefined) notes.push(backup.note);
    if (backup.text !== null && isOnlyBatons(before, backup.text, file, spec, options)) {
      const c = change(file, "restore", before, backup.text);
      // A backup git tracks is the repository's file: restored from, never deleted.
      if (!backup.tracked) c.dropBackup = backupPath;
      c.writePath = target;
      changes.push(c);
    } else if (
      !backup.exists && isBareConfig(after.replace(BOM, ""), file.format) &&
      !(await blockOwnership(fs, file.path)).tracked
    ) {
      changes.push(change(file, "remove", before, null));
    } else {
      changes.push({ ...change(file, "update", before, after), writePath: target });
    }
  }
  notes.push(...await unrecordedNote(fs, layout.files, options.env));
  return hostPlan(spec, options.scope, notes, changes);
}

/**
 * The note for a plan touching files outside any git work tree while the baton home may hold
 * no record of them (HostEnv.recordRefused): a file with baton's marker is then baton's only
 * when it is exactly the text this baton writes.
 */
async function unrecordedNote(
  fs: ReadFs,
  files: readonly { kind: string; path: string }[],
  env: PlanOptions["env"],
): Promise<string[]> {
  const why = env.recordRefused ?? null;
  if (why === null) return [];
  for (const file of files) {
    if (file.kind === "hooks" || (await blockOwnership(fs, file.path)).ledgerPath !== null) {
      continue;
    }
    return [
      `the baton home keeps no record of the files baton writes outside git here, and none is read (${why}); a file with baton's marker counts as baton's only when it is exactly the text this baton writes`,
    ];
  }
  return [];
}
