/**
 * "Is HEAD published?": is the HEAD commit in the history of any
 * remote-tracking ref? Answers yes, no or unknown, never a guess, within an
 * injected time budget. Reads refs and commits through the injected ReadFs.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { GitObjectReader, RepoLocation } from "../types.ts";
import { GitUnsupportedError } from "./errors.ts";
import { listRefs, type RefEntry } from "./list_refs.ts";
import { createObjectReader } from "./object_reader.ts";
import { parseCommit } from "./parse_commit.ts";
import { parseTag } from "./parse_tag.ts";
import { CommitGraph } from "./_commit_graph.ts";
import { hexToBytes } from "./_pack.ts";
import { shownPath } from "../escape_path.ts";
import { shallowCommits } from "./shallow_commits.ts";

/** Options for {@linkcode checkPublished}. */
export interface CheckPublishedOptions {
  /** Milliseconds clock (injected: core never reads the time itself). */
  now: () => number;
  /** Time the walk may take before answering "unknown". @default 500 */
  budgetMs?: number;
  /** Commits the walk may read before answering "unknown". @default 200000 */
  maxCommits?: number;
  /** A reader to reuse (its caches); one is created when absent. @default createObjectReader(fs, repo) */
  reader?: GitObjectReader;
  /**
   * Prune with the generation numbers of git's commit-graph file when there
   * is one (never in shallow or grafted repositories).
   * @default true
   */
  useCommitGraph?: boolean;
  /**
   * git reads other parents than the commits hold (a grafts file, replace
   * refs): its answer follows those, the walk here the objects, so only
   * HEAD equal to a remote-tracking ref is decided (that needs no parent).
   * Asked only when the walk would run. @default {never}
   */
  parentsRewritten?: () => Promise<boolean>;
}

/** Why the walk is not run when git reads rewritten parents (content-free). */
export const PARENTS_REWRITTEN_REASON =
  "grafts, replace refs or GIT_SHALLOW_FILE change the parents git reads: whether a remote-tracking ref's history holds HEAD is not decided";

/** The answer. */
export interface PublishedResult {
  /** "yes" and "no" are proven; "unknown" means the walk could not finish. */
  status: "yes" | "no" | "unknown";
  /**
   * Remote-tracking refs known to contain HEAD when the answer was found
   * (the ref whose history reached HEAD first, plus refs at the same
   * commit); not necessarily every such ref, and at most {@linkcode MAX_PUBLISHED_REFS}. Empty
   * unless status is "yes".
   */
  refs: string[];
  /** Why, without repository content, e.g. "HEAD equals refs/remotes/origin/main". */
  reason: string;
  /** Commits read by the walk. */
  commitsWalked: number;
}

/** Painted on commits reachable from HEAD. */
const FROM_HEAD = 1;
/** Painted on commits reachable from a remote-tracking ref. */
const FROM_REMOTE = 2;
/** Reachable from both: its ancestors cannot lie on a path from a remote tip to HEAD. */
const STALE = 4;
/**
 * Reads allowed for working out HEAD's generation when HEAD is newer than
 * the commit-graph (local commits are not in it until the next gc).
 */
const LEVEL_READS = 5000;

/** Per-commit walk state. */
interface Node {
  parents: string[];
  time: number;
  flags: number;
  /** Index of the tip whose paint first reached this commit. */
  via: number;
  /** How many times the commit sits in the queue. */
  queued: number;
  /** A shallow commit: git walks no further, so its parents (if present) are not followed. */
  cut: boolean;
}

/**
 * Decides whether `headOid` is reachable from any `refs/remotes/*` ref.
 *
 * HEAD's commit must be readable first (git parses it before any ref: where
 * it is missing git stops, so even a ref equal to HEAD answers "unknown").
 * Fast path: a remote-tracking ref equal to HEAD. Otherwise a merge-base
 * style walk (as `git merge-base --is-ancestor` does): paint commits
 * reachable from HEAD and from the remote tips, newest first, and stop when
 * HEAD is painted from a remote (yes) or when every queued commit is
 * reachable from both sides, or only from HEAD (no). Timestamps only order
 * the walk, so clock skew cannot make "no" wrong: no commit on a path from a
 * remote tip down to HEAD is an ancestor of HEAD, so none is ever marked
 * stale, and the walk cannot stop before reaching HEAD. When the repository
 * has a commit-graph, commits whose generation number is not above HEAD's
 * are not explored from the remote side: they cannot have HEAD as an
 * ancestor (also sound, and it keeps old remote branches from forcing a
 * long walk). When HEAD is newer than the commit-graph (local commits not
 * yet in it), every commit in the graph is pruned instead: the graph is
 * closed under reachability, so none of its commits can have HEAD, which is
 * not in it, as an ancestor. A commit that cannot be read on the remote side (shallow or
 * incomplete clone), a shallow commit reached on the remote side (git takes it as
 * parentless, and its parents may be present: git's answer is then no, though what
 * lies past it may hold HEAD), the time budget or the commit cap all give "unknown".
 *
 * @param fs Read capability.
 * @param repo Repository location.
 * @param headOid The HEAD commit id.
 * @param options Clock, budget, commit cap and an optional reader.
 * @returns yes/no/unknown with the refs found and a content-free reason.
 *
 * @example
 * ```ts ignore
 * const r = await checkPublished(fs, repo, head.oid!, { now: () => performance.now() });
 * // { status: "yes", refs: ["refs/remotes/origin/main"], reason: "HEAD equals refs/remotes/origin/main", commitsWalked: 0 }
 * ```
 */
export async function checkPublished(
  fs: ReadFs,
  repo: RepoLocation,
  headOid: string,
  options: CheckPublishedOptions,
): Promise<PublishedResult> {
  const found = await answer(fs, repo, headOid, options);
  return found.refs.length > MAX_PUBLISHED_REFS
    ? { ...found, refs: found.refs.slice(0, MAX_PUBLISHED_REFS) }
    : found;
}

/**
 * Most refs an answer names. A remote's branches are whoever pushed them: with a million of
 * them at HEAD's commit (or a few thousand of long names) every one was recorded, and the
 * capsule passed the size baton reads a capsule at (16 MiB), so finalize wrote a latest.md
 * that baton load then refused as too large.
 */
export const MAX_PUBLISHED_REFS = 20;

/** {@linkcode checkPublished}'s answer, every ref found named. */
async function answer(
  fs: ReadFs,
  repo: RepoLocation,
  headOid: string,
  options: CheckPublishedOptions,
): Promise<PublishedResult> {
  const start = options.now();
  const head = headOid.toLowerCase();

  let refs: RefEntry[];
  try {
    // git's `for-each-ref --contains HEAD refs/remotes` resolves a symbolic ref there:
    // one naming a ref outside refs/remotes (a local branch) adds that ref's history;
    // one naming a remote-tracking ref (origin/HEAD) adds nothing, its target is listed.
    // The first kind is no remote's: it may make git's answer yes, never baton's (below).
    // Plain refs first, so an answer names one of them where it can.
    const listed = (await listRefs(fs, repo, "refs/remotes/", { symbolic: "resolve" }))
      .filter((r) => r.symref === undefined || !r.symref.startsWith("refs/remotes/"));
    refs = [
      ...listed.filter((r) => r.symref === undefined),
      ...listed.filter((r) => r.symref !== undefined),
    ];
  } catch (e) {
    if (e instanceof GitUnsupportedError) {
      return unknown(
        e.code === "git_reftable_unsupported"
          ? "reftable ref storage is not supported"
          : "ref storage is not supported",
        0,
      );
    }
    throw e;
  }
  const local = new Set(refs.filter((r) => r.symref !== undefined).map((r) => r.name));
  const found = await decide(fs, repo, head, refs, options, start);
  // "no" over a superset of the remote-tracking refs is "no" for them too; a
  // "yes" is one only when a remote-tracking ref of their own holds HEAD: a
  // symbolic ref naming a local branch says nothing was pushed.
  if (found.status !== "yes" || local.size === 0) return found;
  const plain = found.refs.filter((name) => !local.has(name));
  if (plain.length > 0) return { ...found, refs: plain };
  const strict = await decide(
    fs,
    repo,
    head,
    refs.filter((r) => !local.has(r.name)),
    options,
    start,
  );
  if (strict.status === "yes") return strict;
  return unknown(
    `git counts ${
      shownPath(found.refs[0]!)
    }, a symbolic ref naming a ref outside refs/remotes, which no remote holds; ${
      strict.status === "no" ? "no remote-tracking ref contains HEAD" : strict.reason
    }`,
    found.commitsWalked + strict.commitsWalked,
  );
}

/** checkPublished's answer over the remote-tracking refs `refs`. */
async function decide(
  fs: ReadFs,
  repo: RepoLocation,
  head: string,
  refs: RefEntry[],
  options: CheckPublishedOptions,
  start: number,
): Promise<PublishedResult> {
  const budget = options.budgetMs ?? 500;
  const maxCommits = options.maxCommits ?? 200_000;
  const reader = options.reader ?? createObjectReader(fs, repo);
  // git parses HEAD's commit before it looks at any ref (`--contains HEAD`):
  // where that object is missing (a partial clone whose promisor remote is
  // gone, a damaged store) git stops, so no answer is git's, not even
  // "HEAD equals" a ref that names the same missing commit.
  if (!(await readableCommit(reader, head))) return unknown("HEAD commit could not be read", 0);
  if (refs.length === 0) {
    return { status: "no", refs: [], reason: "no remote-tracking refs", commitsWalked: 0 };
  }
  const equal = refs.filter((r) => r.oid === head).map((r) => r.name);
  // A remote's ref names are whoever pushed them: the reason, printed whole wherever the
  // capsule's facts are shown (baton export), names one worded as a sentence quoted.
  if (equal.length > 0) {
    return {
      status: "yes",
      refs: equal,
      reason: `HEAD equals ${shownPath(equal[0]!)}`,
      commitsWalked: 0,
    };
  }

  const graph = options.useCommitGraph === false
    ? null
    : await CommitGraph.open(fs, repo.commonDir, repo.objectDirectory);
  const walk = new Walk(reader, maxCommits, graph, await shallowCommits(fs, repo));
  const headNode = await walk.load(head);
  if (headNode === null) return unknown("HEAD commit could not be read", walk.read);
  await walk.setHead(head);

  // Peel tips (annotated tags under refs/remotes are rare but legal) and group refs by commit.
  // From the ref's own object, as git's --contains does: a packed-refs peel line is a cache
  // nothing checks, and one written under a commit's ref made baton answer "HEAD equals" it.
  const tips: { oid: string; names: string[] }[] = [];
  const tipAt = new Map<string, number>();
  for (const ref of refs) {
    const oid = await walk.peel(ref.oid);
    if (oid === null) continue;
    const at = tipAt.get(oid);
    if (at !== undefined) tips[at]!.names.push(ref.name);
    else {
      tipAt.set(oid, tips.length);
      tips.push({ oid, names: [ref.name] });
    }
  }
  const peeledEqual = tips.find((t) => t.oid === head);
  if (peeledEqual !== undefined) {
    return {
      status: "yes",
      refs: peeledEqual.names,
      reason: `HEAD equals ${shownPath(peeledEqual.names[0]!)}`,
      commitsWalked: walk.read,
    };
  }

  if (await options.parentsRewritten?.()) return unknown(PARENTS_REWRITTEN_REASON, walk.read);
  walk.paint(head, headNode, FROM_HEAD, -1);
  for (let i = 0; i < tips.length; i++) {
    if (await walk.prunable(tips[i]!.oid)) continue;
    const node = await walk.load(tips[i]!.oid);
    if (node === null) continue;
    walk.paint(tips[i]!.oid, node, FROM_REMOTE, i);
  }
  for (;;) {
    if (headNode.flags & FROM_REMOTE) {
      const tip = tips[headNode.via]!;
      return {
        status: "yes",
        refs: tip.names,
        reason: `HEAD is in the history of ${shownPath(tip.names[0]!)} (walked ${
          commits(walk.read)
        })`,
        commitsWalked: walk.read,
      };
    }
    if (walk.nonStale === 0) break;
    if (options.now() - start > budget) {
      return unknown(`time budget ran out after ${commits(walk.read)}`, walk.read);
    }
    if (walk.read >= maxCommits) {
      return unknown(`commit cap of ${maxCommits} reached after ${commits(walk.read)}`, walk.read);
    }
    await walk.step();
  }
  if (walk.incomplete) {
    return unknown(
      `walked ${
        commits(walk.read)
      } but some remote history could not be read (shallow or incomplete repository)`,
      walk.read,
    );
  }
  const graphNote = walk.pruned > 0
    ? ` (commit-graph generation numbers pruned ${walk.pruned})`
    : "";
  return {
    status: "no",
    refs: [],
    reason: `walked ${
      commits(walk.read)
    } within budget: no remote-tracking ref contains HEAD${graphNote}`,
    commitsWalked: walk.read,
  };
}

/** Whether `oid` names a commit the store holds (a read that throws counts as none). */
async function readableCommit(reader: GitObjectReader, oid: string): Promise<boolean> {
  try {
    return (await reader.read(oid))?.type === "commit";
  } catch {
    return false;
  }
}

/** "1 commit", "2 commits". */
function commits(n: number): string {
  return n === 1 ? "1 commit" : `${n} commits`;
}

function unknown(reason: string, commitsWalked: number): PublishedResult {
  return { status: "unknown", refs: [], reason, commitsWalked };
}

/** The priority queue and painting state of one walk. */
class Walk {
  read = 0;
  /** Queue entries painted from a remote and not stale: the walk ends when none are left. */
  nonStale = 0;
  incomplete = false;
  /** Commits the commit-graph excluded without reading them. */
  pruned = 0;
  #reader: GitObjectReader;
  #graph: CommitGraph | null;
  #head = "";
  #headLevel: number | null = null;
  #headOutsideGraph = false;
  #levels = new Map<string, number | null>();
  #nodes = new Map<string, Node>();
  #missing = new Set<string>();
  #heap: { oid: string; time: number; seq: number }[] = [];
  #seq = 0;
  #maxCommits: number;
  #shallow: ReadonlySet<string>;

  constructor(
    reader: GitObjectReader,
    maxCommits: number,
    graph: CommitGraph | null,
    shallow: ReadonlySet<string>,
  ) {
    this.#reader = reader;
    this.#maxCommits = maxCommits;
    this.#graph = graph;
    this.#shallow = shallow;
  }

  /**
   * Records HEAD and, with a commit-graph, its generation; when HEAD is not
   * in the graph, whether its own generation can be worked out cheaply
   * matters less: every commit in the graph is then prunable.
   */
  async setHead(head: string): Promise<void> {
    this.#head = head;
    if (this.#graph === null) return;
    this.#headOutsideGraph = (await this.#graph.level(hexToBytes(head))) === null;
    if (!this.#headOutsideGraph) this.#headLevel = await this.#level(head, { reads: LEVEL_READS });
  }

  /**
   * Generation of a commit from the graph, else 1 + its parents' (at most
   * `budget.reads` commits read, without recursion: a HEAD thousands of
   * commits newer than the graph is common); null when unknown.
   */
  async #level(oid: string, budget: { reads: number }): Promise<number | null> {
    const stack: string[] = [oid];
    while (stack.length > 0) {
      const cur = stack[stack.length - 1]!;
      if (this.#levels.has(cur)) {
        stack.pop();
        continue;
      }
      const fromGraph = await this.#graph!.level(hexToBytes(cur));
      if (fromGraph !== null) {
        this.#levels.set(cur, fromGraph);
        stack.pop();
        continue;
      }
      const node = this.#nodes.get(cur) ?? (budget.reads-- > 0 ? await this.load(cur) : null);
      if (node === null) {
        this.#levels.set(cur, null);
        stack.pop();
        continue;
      }
      const pending = node.parents.filter((p) => !this.#levels.has(p));
      if (pending.length > 0) {
        stack.push(...pending);
        continue;
      }
      let max = 0;
      for (const p of node.parents) {
        const l = this.#levels.get(p)!;
        if (l === null) {
          max = -1;
          break;
        }
        max = Math.max(max, l);
      }
      this.#levels.set(cur, max < 0 ? null : max + 1);
      stack.pop();
    }
    return this.#levels.get(oid) ?? null;
  }

  /** True when a commit cannot have HEAD as an ancestor: its generation is not above HEAD's. */
  async prunable(oid: string): Promise<boolean> {
    if (oid === this.#head) return false;
    if (this.#headOutsideGraph) {
      // The graph is closed under reachability: none of its commits reaches HEAD.
      if ((await this.#graph!.level(hexToBytes(oid))) === null) return false;
      this.pruned++;
      return true;
    }
    if (this.#headLevel === null) return false;
    const level = this.#levels.get(oid) ?? await this.#graph!.level(hexToBytes(oid));
    if (level === null || level > this.#headLevel) return false;
    this.pruned++;
    return true;
  }

  /** Reads a commit once; null when it is missing or not a commit. */
  async load(oid: string): Promise<Node | null> {
    const known = this.#nodes.get(oid);
    if (known !== undefined) return known;
    if (this.#missing.has(oid)) return null;
    this.read++;
    let object;
    try {
      object = await this.#reader.read(oid);
    } catch {
      object = null;
    }
    if (object === null || object.type !== "commit") {
      this.#missing.add(oid);
      return null;
    }
    const commit = parseCommit(object.data);
    const cut = this.#shallow.has(oid);
    const node: Node = {
      parents: cut ? [] : commit.parents,
      time: commit.committer?.timestamp ?? commit.author?.timestamp ?? 0,
      flags: 0,
      via: -1,
      queued: 0,
      cut,
    };
    this.#nodes.set(oid, node);
    return node;
  }

  /** Follows annotated tags to a commit (5 levels); null when it does not end at a readable commit. */
  async peel(oid: string): Promise<string | null> {
    let cur = oid;
    for (let i = 0; i < 5; i++) {
      if (this.#nodes.has(cur)) return cur;
      let object;
      try {
        object = await this.#reader.read(cur);
      } catch {
        return null;
      }
      if (object === null) {
        this.incomplete = true;
        return null;
      }
      if (object.type === "commit") return cur;
      if (object.type !== "tag") return null;
      cur = parseTag(object.data).object;
    }
    return null;
  }

  /** Adds flags to a commit and queues it when they are new. */
  paint(oid: string, node: Node, flags: number, via: number): void {
    if ((node.flags & flags) === flags) return;
    const before = counts(node.flags);
    node.flags |= flags;
    if ((node.flags & (FROM_HEAD | FROM_REMOTE)) === (FROM_HEAD | FROM_REMOTE)) node.flags |= STALE;
    if (node.via < 0 && (flags & FROM_REMOTE)) node.via = via;
    const after = counts(node.flags);
    if (before !== after) this.nonStale += (after ? 1 : -1) * node.queued;
    node.queued++;
    if (after) this.nonStale++;
    this.#push({ oid, time: node.time, seq: this.#seq++ });
  }

  /** Pops the newest commit and paints its parents with its flags. */
  async step(): Promise<void> {
    const top = this.#pop();
    if (top === undefined) return;
    const node = this.#nodes.get(top.oid)!;
    node.queued--;
    if (counts(node.flags)) this.nonStale--;
    const flags = node.flags & (FROM_HEAD | FROM_REMOTE | STALE);
    // Remote history past a shallow commit: git does not see it, and what
    // it holds is not known here either (git says no where it may hold HEAD).
    if (node.cut && (flags & FROM_REMOTE) && !(flags & STALE)) this.incomplete = true;
    for (const parent of node.parents) {
      if (flags === FROM_REMOTE && await this.prunable(parent)) continue;
      if (this.read >= this.#maxCommits && !this.#nodes.has(parent)) {
        // Out of reads: leave the parent unexplored; the caller answers "unknown".
        if (flags & FROM_REMOTE) this.incomplete = true;
        continue;
      }
      const p = await this.load(parent);
      if (p === null) {
        if ((flags & FROM_REMOTE) && !(flags & STALE)) this.incomplete = true;
        continue;
      }
      this.paint(parent, p, flags, node.via);
    }
  }

  #push(item: { oid: string; time: number; seq: number }): void {
    const h = this.#heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!before(h[i]!, h[up]!)) break;
      [h[i], h[up]] = [h[up]!, h[i]!];
      i = up;
    }
  }

  #pop(): { oid: string; time: number; seq: number } | undefined {
    const h = this.#heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < h.length && before(h[l]!, h[best]!)) best = l;
        if (r < h.length && before(h[r]!, h[best]!)) best = r;
        if (best === i) break;
        [h[i], h[best]] = [h[best]!, h[i]!];
        i = best;
      }
    }
    return top;
  }
}

/** True for flags that keep the walk going: painted from a remote and not yet stale. */
function counts(flags: number): boolean {
  return (flags & FROM_REMOTE) !== 0 && (flags & STALE) === 0;
}

/** Newer commits first; ties in queue order. */
function before(a: { time: number; seq: number }, b: { time: number; seq: number }): boolean {
  return a.time > b.time || (a.time === b.time && a.seq < b.seq);
}
