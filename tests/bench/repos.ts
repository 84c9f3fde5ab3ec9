/**
 * Bench fixtures: synthetic git repositories built with the git binary
 * (layout of the reference measurements' gen.py) and cached under
 * /tmp/baton-bench-cache/ keyed by size, so re-runs skip generation. Every
 * cached repo is re-checked with `git status` and rebuilt when its state is
 * not the expected one (clean: no entries; dirty: 100 modified + 50
 * untracked). Stray `.baton/` directories are removed before use.
 * @module
 */
import { git } from "../_helpers/git.ts";

/** Where generated repositories are cached. */
export const DEFAULT_CACHE_DIR = "/tmp/baton-bench-cache";

/** Bump when the layout changes, so stale caches are rebuilt. */
const FILES_FORMAT = "files-v1";
const BIG_FORMAT = "bigpack-v2";
const MARKER = ".git/baton-bench-ready";

/** Modified tracked files in the dirty copy. */
export const DIRTY_MODIFIED = 100;
/** Untracked files in the dirty copy. */
export const DIRTY_UNTRACKED = 50;
/** Random 1 MiB blobs in the big-pack repository. */
export const BIG_BLOBS = 200;
/** Small commits on top of the blob commit in the big-pack repository. */
export const BIG_SMALL_COMMITS = 3000;
/** Commits on HEAD that origin/main does not have in the big-pack repository. */
export const BIG_UNPUSHED = 10;
/** Ref of a branch that forks at the blob commit and has BIG_SMALL_COMMITS newer commits. */
const UPSTREAM_REF = "refs/bench/upstream";

/** A generated repository in both states. */
export interface FilesRepo {
  size: number;
  clean: string;
  dirty: string;
}

/** The big-pack repository. */
export interface BigPackRepo {
  path: string;
  packBytes: number;
  commits: number;
  /** origin/main as built: HEAD~BIG_UNPUSHED. */
  behindOid: string;
  /** Tip of a divergent history of newer commits that does not contain HEAD. */
  divergedOid: string;
}

/** Where origin/main points and whether the commit-graph is visible. */
export interface BigPackState {
  commitGraph: boolean;
  remote: "behind" | "diverged";
}

/** Options of the `ensure*` functions. */
export interface RepoOptions {
  /**
   * Cache directory.
   * @default {DEFAULT_CACHE_DIR}
   */
  cacheDir?: string;
  /**
   * Progress sink.
   * @default {undefined}
   */
  log?: (message: string) => void;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function leafDir(i: number): string {
  const leaf = Math.floor(i / 20);
  return `src/m${pad(Math.floor(leaf / 25), 3)}/l${pad(leaf % 25, 2)}`;
}

function filePath(i: number): string {
  return `${leafDir(i)}/f${pad(i, 6)}.txt`;
}

function fileText(i: number): string {
  let text = "";
  for (let k = 0; k < 5; k++) text += `file ${i} line ${k} lorem ipsum dolor sit amet\n`;
  return text;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function removeIfExists(path: string): Promise<void> {
  try {
    await Deno.remove(path, { recursive: true });
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

async function readMarker(repo: string): Promise<string | null> {
  try {
    return (await Deno.readTextFile(`${repo}/${MARKER}`)).trim();
  } catch {
    return null;
  }
}

async function statusEntries(repo: string): Promise<number> {
  const res = await git(repo, ["status", "--porcelain=v2"], { allowFail: true });
  if (res.code !== 0) return -1;
  return res.stdout.split("\n").filter((l) => l !== "").length;
}

/** Runs `fn` over 0..count-1 with at most `width` calls in flight. */
async function forEachLimited(
  count: number,
  width: number,
  fn: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  async function worker(): Promise<void> {
    while (next < count) await fn(next++);
  }
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}

async function initRepo(path: string): Promise<void> {
  await removeIfExists(path);
  await Deno.mkdir(path, { recursive: true });
  await git(path, ["init", "-q", "-b", "main"]);
  await git(path, ["config", "gc.auto", "0"]);
  await git(path, ["config", "core.autocrlf", "false"]);
  await git(path, ["remote", "add", "origin", "https://example.invalid/bench.git"]);
  await Deno.writeTextFile(`${path}/.gitignore`, "*.log\nbuild/\n");
  await Deno.writeTextFile(
    `${path}/README.md`,
    "# bench\n\nSynthetic repository for baton's bench.\n",
  );
}

/** Refreshes the index once file times are safely older than it (no racy entries). */
async function settleIndex(path: string): Promise<void> {
  await sleep(1200);
  await git(path, ["update-index", "-q", "--refresh"], { allowFail: true });
}

async function buildClean(path: string, size: number, log: (m: string) => void): Promise<void> {
  log(`generating ${size} files in ${path}`);
  await initRepo(path);
  const dirs = new Set<string>();
  for (let i = 0; i < size; i++) dirs.add(leafDir(i));
  for (const d of dirs) await Deno.mkdir(`${path}/${d}`, { recursive: true });
  await forEachLimited(size, 64, (i) => Deno.writeTextFile(`${path}/${filePath(i)}`, fileText(i)));
  await sleep(1200);
  log(`committing ${size} files`);
  await git(path, ["add", "-A"]);
  await git(path, ["commit", "-q", "-m", `bench: ${size} files`]);
  await git(path, ["update-ref", "refs/remotes/origin/main", "HEAD"]);
  await git(path, ["gc", "-q"]);
  await settleIndex(path);
  await Deno.writeTextFile(`${path}/${MARKER}`, `${FILES_FORMAT} clean ${size}\n`);
}

async function buildDirty(
  clean: string,
  path: string,
  size: number,
  log: (m: string) => void,
): Promise<void> {
  log(`copying ${clean} to ${path} and dirtying it`);
  await removeIfExists(path);
  const cp = await new Deno.Command("cp", { args: ["-a", clean, path] }).output();
  if (cp.code !== 0) throw new Error(`cp -a failed: ${new TextDecoder().decode(cp.stderr)}`);
  // The copy has new inodes and ctimes: refresh so the index matches again.
  await settleIndex(path);
  const modStep = Math.floor(size / DIRTY_MODIFIED);
  for (let k = 0; k < DIRTY_MODIFIED; k++) {
    await Deno.writeTextFile(`${path}/${filePath(k * modStep)}`, "modified\n", { append: true });
  }
  const untrackedStep = Math.floor(size / DIRTY_UNTRACKED);
  for (let k = 0; k < DIRTY_UNTRACKED; k++) {
    await Deno.writeTextFile(
      `${path}/${leafDir(k * untrackedStep)}/untracked_${pad(k, 2)}.txt`,
      `untracked ${k}\n`,
    );
  }
  await Deno.writeTextFile(`${path}/${MARKER}`, `${FILES_FORMAT} dirty ${size}\n`);
}

/** Returns the cached clean and dirty repositories of `size` files, building them if needed. */
export async function ensureFilesRepo(size: number, options: RepoOptions = {}): Promise<FilesRepo> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const log = options.log ?? (() => {});
  const clean = `${cacheDir}/files-${size}/clean`;
  const dirty = `${cacheDir}/files-${size}/dirty`;
  await removeIfExists(`${clean}/.baton`);
  await removeIfExists(`${dirty}/.baton`);
  let rebuiltClean = false;
  if (
    (await readMarker(clean)) !== `${FILES_FORMAT} clean ${size}` ||
    (await statusEntries(clean)) !== 0
  ) {
    await buildClean(clean, size, log);
    rebuiltClean = true;
  }
  if (
    rebuiltClean || (await readMarker(dirty)) !== `${FILES_FORMAT} dirty ${size}` ||
    (await statusEntries(dirty)) !== DIRTY_MODIFIED + DIRTY_UNTRACKED
  ) {
    await buildDirty(clean, dirty, size, log);
  }
  const cleanCount = await statusEntries(clean);
  const dirtyCount = await statusEntries(dirty);
  if (cleanCount !== 0 || dirtyCount !== DIRTY_MODIFIED + DIRTY_UNTRACKED) {
    throw new Error(
      `Bench repo of ${size} files has unexpected status (clean ${cleanCount}, dirty ${dirtyCount})`,
    );
  }
  return { size, clean, dirty };
}

/** Where a private copy of a cached repository records what it copies. */
const COPY_MARKER = ".git/baton-bench-copy";

/**
 * What a copy must record to stand for `source` as it is now: the source's
 * own marker (its format and state) and its HEAD, which a rebuild moves.
 */
async function copyIdentity(source: string): Promise<string> {
  const head = await git(source, ["rev-parse", "HEAD"], { allowFail: true });
  return `${(await readMarker(source)) ?? "?"} at ${head.stdout.trim()}`;
}

/**
 * A private copy of the repository at `source` at `path` (made with `cp -a`
 * when missing, or when the source was rebuilt or the copy's status is not
 * `entries` lines); its index is refreshed, since the copy's inodes and
 * ctimes differ from the ones the source's index recorded. baton's own state
 * under `.git/baton` (the listing cache) is left to the copy's own runs.
 */
export async function ensureCopy(
  source: string,
  path: string,
  entries: number,
  log: (m: string) => void = () => {},
): Promise<string> {
  const identity = await copyIdentity(source);
  await removeIfExists(`${path}/.baton`);
  let recorded: string | null = null;
  try {
    recorded = (await Deno.readTextFile(`${path}/${COPY_MARKER}`)).trim();
  } catch {
    // Not copied yet.
  }
  if (recorded === identity && (await statusEntries(path)) === entries) return path;
  log(`copying ${source} to ${path}`);
  await removeIfExists(path);
  const cp = await new Deno.Command("cp", { args: ["-a", source, path] }).output();
  if (cp.code !== 0) throw new Error(`cp -a failed: ${new TextDecoder().decode(cp.stderr)}`);
  await removeIfExists(`${path}/.baton`);
  await settleIndex(path);
  const count = await statusEntries(path);
  if (count !== entries) {
    throw new Error(`Bench repo copy ${path} has ${count} status entries, expected ${entries}`);
  }
  await Deno.writeTextFile(`${path}/${COPY_MARKER}`, `${identity}\n`);
  return path;
}

/**
 * A private copy of `repo` (both states) under `${cacheDir}/files-<size>-<name>`:
 * for a second build compared in the same rounds, whose listing-cache format
 * may differ (each build would otherwise find the other's cache, refuse it
 * and list every directory again on every run).
 */
export async function ensureFilesRepoCopy(
  repo: FilesRepo,
  name: string,
  options: RepoOptions = {},
): Promise<FilesRepo> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const base = `${cacheDir}/files-${repo.size}-${name}`;
  await Deno.mkdir(base, { recursive: true });
  return {
    size: repo.size,
    clean: await ensureCopy(repo.clean, `${base}/clean`, 0, options.log),
    dirty: await ensureCopy(
      repo.dirty,
      `${base}/dirty`,
      DIRTY_MODIFIED + DIRTY_UNTRACKED,
      options.log,
    ),
  };
}

function fastImportStream(ref: string, base: string, count: number, t0: number): string {
  const parts: string[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < count; i++) {
    const message = `small commit ${i}\n`;
    const content = `commit ${i}\nline two of ${i}\n`;
    parts.push(
      `commit ${ref}\n`,
      `committer Bench <bench@example.invalid> ${t0 + 60 * i} +0000\n`,
      `data ${enc.encode(message).length}\n${message}`,
      i === 0 ? `from ${base}\n` : "",
      `M 100644 inline log/n${pad(i % 50, 2)}.txt\n`,
      `data ${enc.encode(content).length}\n${content}\n`,
    );
  }
  return parts.join("");
}

async function packBytes(repo: string): Promise<number> {
  let total = 0;
  for await (const e of Deno.readDir(`${repo}/.git/objects/pack`)) {
    if (e.name.endsWith(".pack")) {
      total += (await Deno.stat(`${repo}/.git/objects/pack/${e.name}`)).size;
    }
  }
  return total;
}

async function buildBigPack(path: string, log: (m: string) => void): Promise<void> {
  log(`generating ${BIG_BLOBS} random 1 MiB blobs in ${path}`);
  await initRepo(path);
  await Deno.mkdir(`${path}/blobs`);
  const buf = new Uint8Array(1 << 20);
  for (let b = 0; b < BIG_BLOBS; b++) {
    for (let off = 0; off < buf.length; off += 65536) {
      crypto.getRandomValues(buf.subarray(off, off + 65536));
    }
    await Deno.writeFile(`${path}/blobs/b${pad(b, 3)}.bin`, buf);
  }
  await sleep(1200);
  await git(path, ["add", "-A"]);
  await git(path, ["commit", "-q", "-m", `bench: ${BIG_BLOBS} random 1 MiB blobs`]);
  const base = (await git(path, ["rev-parse", "HEAD"])).stdout.trim();
  log(`fast-importing ${BIG_SMALL_COMMITS} small commits`);
  const t0 = 1_700_000_000;
  await git(path, ["fast-import", "--quiet"], {
    stdin: fastImportStream("refs/heads/main", base, BIG_SMALL_COMMITS, t0),
  });
  // A moving upstream the local branch is behind: newer commits that fork at the base.
  await git(path, ["fast-import", "--quiet"], {
    stdin: fastImportStream(UPSTREAM_REF, base, BIG_SMALL_COMMITS, t0 + 60 * BIG_SMALL_COMMITS),
  });
  await git(path, ["reset", "-q", "--hard", "HEAD"]);
  await git(path, ["update-ref", "refs/remotes/origin/main", `HEAD~${BIG_UNPUSHED}`]);
  log("packing (git gc)");
  await git(path, ["gc", "-q"]);
  await settleIndex(path);
  await Deno.writeTextFile(`${path}/${MARKER}`, `${BIG_FORMAT}\n`);
}

const GRAPH = ".git/objects/info/commit-graph";
const GRAPH_OFF = ".git/objects/info/commit-graph.bench-off";

/**
 * Puts the big-pack repository in `state`: hides or restores the
 * commit-graph file `git gc` wrote (publication check with and without
 * generation numbers) and points origin/main behind HEAD or at the divergent
 * history.
 */
export async function setBigPackState(repo: BigPackRepo, state: BigPackState): Promise<void> {
  const [from, to] = state.commitGraph ? [GRAPH_OFF, GRAPH] : [GRAPH, GRAPH_OFF];
  try {
    await Deno.rename(`${repo.path}/${from}`, `${repo.path}/${to}`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const oid = state.remote === "behind" ? repo.behindOid : repo.divergedOid;
  await git(repo.path, ["update-ref", "refs/remotes/origin/main", oid]);
}

/** Returns the cached repository with a >= 200 MB pack and unpushed HEAD, building it if needed. */
export async function ensureBigPackRepo(options: RepoOptions = {}): Promise<BigPackRepo> {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const log = options.log ?? (() => {});
  const path = `${cacheDir}/big-pack`;
  await removeIfExists(`${path}/.baton`);
  try {
    await Deno.rename(`${path}/${GRAPH_OFF}`, `${path}/${GRAPH}`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if ((await readMarker(path)) !== BIG_FORMAT || (await statusEntries(path)) !== 0) {
    await buildBigPack(path, log);
  }
  const bytes = await packBytes(path);
  if (bytes < 200_000_000) throw new Error(`Big-pack repo has only ${bytes} pack bytes`);
  const commits = Number((await git(path, ["rev-list", "--count", "HEAD"])).stdout.trim());
  const rev = async (r: string) => (await git(path, ["rev-parse", r])).stdout.trim();
  const repo = {
    path,
    packBytes: bytes,
    commits,
    behindOid: await rev(`HEAD~${BIG_UNPUSHED}`),
    divergedOid: await rev(UPSTREAM_REF),
  };
  await setBigPackState(repo, { commitGraph: true, remote: "behind" });
  return repo;
}

/** Creates a one-commit repository with no capsule inside `parent`. */
export async function createTinyRepo(parent: string): Promise<string> {
  const path = `${parent}/tiny`;
  await initRepo(path);
  await git(path, ["add", "-A"]);
  await git(path, ["commit", "-q", "-m", "tiny"]);
  return path;
}
