/**
 * Vetting a remote's shared chain before anything of it is read or kept:
 * git's listing of the remote commit's tree (modes, types, sizes, names,
 * all written by whoever controls the remote) is sorted into the entries
 * worth reading (new capsule names, regular files within the capsule
 * bound), the entries this clone's chain already holds unchanged, and the
 * refused ones, counted by kind (never named: names are a stranger's
 * bytes). Then the per-pull limits on how many capsules and bytes are
 * read. Pure.
 * @module
 */
import { isCapsuleEntry, SHARE_TREE_DIR } from "./share_plan.ts";
import { humanSize } from "../human_size.ts";

/** One entry of a tree as `git ls-tree -l` lists it (untrusted: a remote wrote it). */
export interface ListedEntry {
  mode: string;
  type: string;
  oid: string;
  /** Bytes of a blob; null for anything else. */
  size: number | null;
  name: string;
}

/** A remote chain commit's tree as git listed it. */
export type ChainListing =
  | { kind: "listed"; root: ListedEntry[]; capsules: ListedEntry[] }
  /** More entries than the listing bound (nothing of it is used). */
  | { kind: "too_many"; listed: number }
  /** The ref names no commit (a blob, a tree, a tag): no chain at all. */
  | { kind: "not_commit" };

/**
 * Why a remote entry was not taken: not_a_chain (the ref is not a commit),
 * outside (an entry beside capsules/), bad_name (not a capsule file name),
 * not_a_file (a folder, link, submodule or executable under a capsule name),
 * duplicate (a name listed twice), too_large (over the capsule bound),
 * not_capsule (does not parse, its id does not match its content, or its name
 * does not match its time and id), conflict (this clone's chain holds other
 * content under the name: its own is kept).
 */
export type RefusalKind =
  | "not_a_chain"
  | "outside"
  | "bad_name"
  | "not_a_file"
  | "duplicate"
  | "too_large"
  | "not_capsule"
  | "conflict";

/** Refused entries by kind; a kind with none is absent. */
export type RefusedBy = Partial<Record<RefusalKind, number>>;

/** A remote entry worth reading: a new capsule name, a regular file within the bound. */
export interface Candidate {
  name: string;
  oid: string;
  size: number;
}

/** What vetting a listing found. */
export interface Vetted {
  candidates: Candidate[];
  /** Local entries the remote holds with the same content. */
  shared: number;
  refused: RefusedBy;
}

/** Adds `n` refusals of `kind`. */
export function refuse(into: RefusedBy, kind: RefusalKind, n = 1): void {
  if (n > 0) into[kind] = (into[kind] ?? 0) + n;
}

/** How many entries were refused in all. */
export function refusedTotal(by: RefusedBy): number {
  return Object.values(by).reduce((a, b) => a + (b ?? 0), 0);
}

/**
 * Sorts a listing against this clone's chain (`local`: blob ids by name).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { vetListing } from "./vet_chain.ts";
 * const blob = (name: string, oid: string, size = 10) => ({ mode: "100644", type: "blob", oid, size, name });
 * const v = vetListing({
 *   kind: "listed",
 *   root: [{ mode: "040000", type: "tree", oid: "t", size: null, name: "capsules" }, blob("x.sh", "b")],
 *   capsules: [blob("20260101T000000Z-0000000a.md", "a"), blob("notes.txt", "b")],
 * }, new Map(), 1000);
 * assert.deepEqual(v.candidates, [{ name: "20260101T000000Z-0000000a.md", oid: "a", size: 10 }]);
 * assert.deepEqual(v.refused, { outside: 1, bad_name: 1 });
 * ```
 */
export function vetListing(
  listing: ChainListing,
  local: ReadonlyMap<string, string>,
  maxBlobBytes: number,
): Vetted {
  const refused: RefusedBy = {};
  const candidates: Candidate[] = [];
  let shared = 0;
  // A listing too long to use is the caller's over-limit case: nothing of it is vetted.
  if (listing.kind === "too_many") return { candidates, shared, refused };
  if (listing.kind === "not_commit") {
    refuse(refused, "not_a_chain");
    return { candidates, shared, refused };
  }
  let folders = 0;
  for (const e of listing.root) {
    const isFolder = e.name === SHARE_TREE_DIR && e.type === "tree" && e.mode === "040000";
    if (isFolder && folders++ === 0) continue;
    refuse(refused, "outside");
  }
  const seen = new Map<string, number>();
  for (const e of listing.capsules) seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
  for (const e of listing.capsules) {
    if (seen.get(e.name)! > 1) refuse(refused, "duplicate");
    else if (!isCapsuleEntry(e.name)) refuse(refused, "bad_name");
    else if (e.type !== "blob" || e.mode !== "100644") refuse(refused, "not_a_file");
    else if (local.has(e.name)) {
      if (local.get(e.name) === e.oid) shared++;
      else refuse(refused, "conflict");
    } else if (e.size === null || e.size > maxBlobBytes) refuse(refused, "too_large");
    else candidates.push({ name: e.name, oid: e.oid, size: e.size });
  }
  return { candidates, shared, refused };
}

/** How much one pull reads from a remote's chain at most. */
export interface PullLimits {
  /** New capsules read (and imported) from the remote. */
  maxCapsules: number;
  /** Bytes of those capsules, summed. */
  maxBytes: number;
}

/** The documented defaults (`baton pull --help`). */
export const DEFAULT_PULL_LIMITS: Readonly<PullLimits> = Object.freeze({
  maxCapsules: 20_000,
  maxBytes: 256 * 1024 * 1024,
});

/**
 * How many entries of a remote tree are listed at most: the local chain's own,
 * the limit, and room for refused ones. A longer tree is over the limit.
 */
export function listingBound(localEntries: number, limits: PullLimits): number {
  return localEntries + limits.maxCapsules + 1024;
}

/** A pull over its limits: what the remote would have brought, and the limits. */
export interface OverLimit {
  /** New capsules the remote offered (at least this many when `listed_only`). */
  capsules: number;
  /** Their bytes; null when the tree was too long to list. */
  bytes: number | null;
  max_capsules: number;
  max_bytes: number;
}

/**
 * Null when the candidates fit the limits, else what went over.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { overLimit } from "./vet_chain.ts";
 * const c = [{ name: "a", oid: "1", size: 600 }, { name: "b", oid: "2", size: 600 }];
 * assert.equal(overLimit(c, { maxCapsules: 2, maxBytes: 1200 }), null);
 * assert.deepEqual(overLimit(c, { maxCapsules: 2, maxBytes: 1000 }), {
 *   capsules: 2, bytes: 1200, max_capsules: 2, max_bytes: 1000,
 * });
 * ```
 */
export function overLimit(candidates: readonly Candidate[], limits: PullLimits): OverLimit | null {
  const bytes = candidates.reduce((a, c) => a + c.size, 0);
  if (candidates.length <= limits.maxCapsules && bytes <= limits.maxBytes) return null;
  return {
    capsules: candidates.length,
    bytes,
    max_capsules: limits.maxCapsules,
    max_bytes: limits.maxBytes,
  };
}

/**
 * What went over, for people.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitText } from "./vet_chain.ts";
 * assert.equal(
 *   limitText({ capsules: 3, bytes: 2048, max_capsules: 2, max_bytes: 1048576 }),
 *   "3 new capsules, 2 KiB; the limit is 2 capsules and 1 MiB per pull",
 * );
 * ```
 */
export function limitText(o: OverLimit): string {
  const offered = o.bytes === null
    ? `more than ${o.capsules} entries`
    : `${o.capsules} new ${plural(o.capsules, "capsule")}, ${humanSize(o.bytes)}`;
  return `${offered}; the limit is ${o.max_capsules} ${plural(o.max_capsules, "capsule")} and ${
    humanSize(o.max_bytes)
  } per pull`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** Each refusal kind in people's words, in the order they are listed. */
const REFUSAL_WORDS: ReadonlyArray<[RefusalKind, string]> = [
  ["not_a_chain", "ref naming no commit"],
  ["not_capsule", "not capsules"],
  ["too_large", "over the capsule size bound"],
  ["bad_name", "not capsule names"],
  ["not_a_file", "not regular files"],
  ["duplicate", "duplicate names"],
  ["outside", "outside capsules/"],
  ["conflict", "other content under a name this clone holds (its own kept)"],
];

/**
 * The refusals by kind, for people: counts and kinds only, never a name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refusedText } from "./vet_chain.ts";
 * assert.equal(refusedText({ outside: 1, not_capsule: 2 }), "2 not capsules, 1 outside capsules/");
 * ```
 */
export function refusedText(by: RefusedBy): string {
  return REFUSAL_WORDS.filter(([k]) => (by[k] ?? 0) > 0).map(([k, w]) => `${by[k]} ${w}`).join(
    ", ",
  );
}
