/**
 * Collects the facts of a repository without a git binary: location, remotes
 * (credentials stripped), HEAD, operation in progress, working-tree status,
 * hashes of changed files (bounded; every skip counted), and whether HEAD is
 * on a remote-tracking ref (under a time budget; "unknown" when it runs out).
 * @module
 */
import type { FileStat, ReadFs, WriteFs } from "../fs.ts";
import type {
  ChangedFileFact,
  Facts,
  PublishedFact,
  RepoLocation,
  WorktreeEntry,
} from "./types.ts";
import { hashFiles, MAX_HASH_BYTES } from "./hash_files.ts";
import {
  checkPublished,
  createObjectReader,
  findRepo,
  inProgressOperation,
  parseCommit,
  readHead,
  readRepoConfig,
} from "./git/mod.ts";
import { scanWorktree } from "./worktree/mod.ts";
import { createListingCache, type ListingCache } from "./worktree/listing_cache.ts";
import { readListingCache, writeListingCache } from "./worktree/listing_cache_file.ts";
import { notARepoFacts } from "./empty_facts.ts";

/** Options of {@linkcode collectFacts}. */
export interface CollectFactsOptions {
  now: () => Date;
  /** The repository when the caller already found it (null: not a repository). */
  repo?: RepoLocation | null;
  homeDir?: string | null;
  xdgConfigHome?: string | null;
  /** Most changed files listed and hashed. @default {200} */
  maxFiles?: number;
  /** Largest file hashed. @default {16 MiB} */
  maxHashBytes?: number;
  /** Time budget for the publication check. @default {400} */
  publishBudgetMs?: number;
  /** Most untracked files walked. @default {10000} */
  maxUntracked?: number;
  /**
   * Keeps the untracked walk's directory-listing cache in the git directory
   * through this fs (see worktree/listing_cache.ts); without it every
   * directory is read. @default {null}
   */
  cacheFs?: WriteFs | null;
}

function statusOf(e: WorktreeEntry): ChangedFileFact["status"] {
  const codes = e.x + e.y;
  if (codes.includes("U")) return "unmerged";
  if (e.x === "R") return "renamed";
  if (codes.includes("T")) return "typechange";
  if (e.y === "D" || (e.x === "D" && e.y === ".")) return "deleted";
  if (e.x === "A") return "added";
  return "modified";
}

function bump(skipped: Record<string, number>, key: string): void {
  skipped[key] = (skipped[key] ?? 0) + 1;
}

/** Collects facts for the repository containing `cwd`. */
export async function collectFacts(
  fs: ReadFs,
  cwd: string,
  options: CollectFactsOptions,
): Promise<Facts> {
  const capturedAt = options.now().toISOString();
  const repo = options.repo !== undefined ? options.repo : await findRepo(fs, cwd);
  if (repo === null) return notARepoFacts(capturedAt);
  const notes: string[] = [];
  const config = await readRepoConfig(fs, repo, {
    homeDir: options.homeDir ?? null,
    xdgConfigHome: options.xdgConfigHome ?? null,
  });
  const head = await readHead(fs, repo);
  const objects = createObjectReader(fs, repo);
  let headTree: string | null = null;
  if (head.oid !== null) {
    const commit = await objects.read(head.oid);
    if (commit !== null && commit.type === "commit") headTree = parseCommit(commit.data).tree;
    else notes.push("HEAD commit object could not be read");
  }
  const cacheFs = options.cacheFs ?? null;
  let listing: ListingCache | null = null;
  if (cacheFs !== null) {
    const stored = await readListingCache(cacheFs, repo);
    listing = createListingCache(fs, repo.workTree, {
      previous: stored.data,
      previousFileMtimeMs: stored.fileMtimeMs,
      scanStartMs: options.now().getTime(),
    });
  }
  const wt = await scanWorktree(fs, repo, {
    headTreeOid: headTree,
    objects,
    excludesFile: config.excludesFile,
    fileMode: config.fileMode,
    ignoreCase: config.ignoreCase,
    maxUntracked: options.maxUntracked ?? 10_000,
    ...(listing === null
      ? {}
      : { readDir: (path: string, known?: FileStat | null) => listing.readDir(path, known) }),
  });
  const toStore = listing?.toStore(options.now().getTime()) ?? null;
  if (cacheFs !== null && toStore !== null) {
    await writeListingCache(cacheFs, repo, toStore, options.now().getTime());
  }
  // .baton/ is baton's own state: it never counts as a change.
  const own = (p: string) => p === ".baton" || p === ".baton/" || p.startsWith(".baton/");
  const entries = wt.entries.filter((e) => !own(e.path));
  const untracked = wt.untracked.filter((p) => !own(p));
  const maxFiles = options.maxFiles ?? 200;
  const skipped: Record<string, number> = {};
  const all: ChangedFileFact[] = [
    ...entries.map((e): ChangedFileFact => ({
      path: e.path,
      status: statusOf(e),
      xy: e.x + e.y,
      orig_path: e.origPath ?? null,
      kind: e.kind,
      sha256: null,
      size: null,
      hash_skipped: null,
    })),
    ...untracked.map((p): ChangedFileFact => ({
      path: p,
      status: "untracked",
      xy: "??",
      orig_path: null,
      kind: "file",
      sha256: null,
      size: null,
      hash_skipped: null,
    })),
  ];
  const listed = all.slice(0, maxFiles);
  if (all.length > maxFiles) skipped.over_count = all.length - maxFiles;
  const toHash = listed.filter((f) => f.kind !== "submodule" && !f.path.endsWith("/"));
  const hashes = await hashFiles(fs, repo.workTree, toHash.map((f) => f.path), {
    maxBytes: options.maxHashBytes ?? MAX_HASH_BYTES,
  });
  toHash.forEach((f, i) => {
    const h = hashes[i]!;
    if (h.kind === "file" || h.kind === "symlink") {
      f.sha256 = h.sha256;
      f.size = h.size;
      if (h.kind === "symlink") f.kind = "symlink";
    } else if (h.kind === "absent") {
      f.hash_skipped = "deleted";
    } else if (h.kind === "skipped") {
      f.hash_skipped = h.reason;
      f.size = h.size;
      bump(skipped, h.reason);
    }
  });
  for (const f of listed) {
    if (f.kind === "submodule") {
      f.hash_skipped = "submodule";
      bump(skipped, "submodule");
    } else if (f.path.endsWith("/")) {
      f.hash_skipped = "not_regular";
      bump(skipped, "not_regular");
    }
  }
  let published: PublishedFact;
  if (head.oid === null) {
    published = { status: "no", refs: [], reason: "no commits yet" };
  } else {
    try {
      const p = await checkPublished(fs, repo, head.oid, {
        now: () => options.now().getTime(),
        budgetMs: options.publishBudgetMs ?? 400,
      });
      published = { status: p.status, refs: [...p.refs], reason: p.reason };
    } catch {
      published = { status: "unknown", refs: [], reason: "history could not be read" };
    }
  }
  return {
    status: "collected",
    captured_at: capturedAt,
    repo_root: repo.workTree,
    remotes: config.remotes.map((r) => ({ name: r.name, url: r.url ?? "" })),
    branch: head.branch,
    detached: head.detached,
    head: head.oid,
    has_commits: head.hasCommits,
    operation: await inProgressOperation(fs, repo),
    dirty: all.length > 0,
    changed_files: listed,
    changed_count: entries.length + untracked.length,
    untracked_count: untracked.length,
    untracked_truncated: wt.untrackedTruncated,
    skipped,
    published,
    notes,
  };
}
