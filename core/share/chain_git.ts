/**
 * What the sharing use cases (core/share/share_run.ts) need from the edge,
 * declared here and provided by commands/_adapters (isomorphic-git for the
 * chain's objects and refs, the user's git program for the transport, the
 * key ring, the terminal-safe line). Types only.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { KeyRing } from "../trust/key_ring.ts";
import type { ChainListing } from "./vet_chain.ts";

/** A chain commit: its id and capsule blobs by file name (empty when the ref is absent). */
export interface ChainTip {
  oid: string | null;
  entries: Map<string, string>;
  /**
   * Entries of the tip's tree that are not capsules as baton writes them
   * (anything beside capsules/, a link, folder, submodule or executable, a
   * name not shaped as a capsule's), left out of `entries`; absent when 0.
   */
  foreign?: number;
}

/** What one git run returned. */
export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The transport sharing would use here, for doctor and for the commands. */
export interface Transport {
  kind: "git" | "none";
  /** `git version …`, or why there is no transport. */
  detail: string;
}

/** The shared chain's git objects and refs, and the transport. */
export interface ChainGit {
  /** Reads the chain at a ref (or a commit id). */
  readChain(gitdir: string, refOrOid: string): Promise<ChainTip>;
  /**
   * The tree of a (remote) chain commit as git lists it, sizes included, in a
   * fixed number of git processes; too_many past `maxEntries` entries.
   */
  listChain(gitdir: string, oid: string, maxEntries: number): Promise<ChainListing>;
  /**
   * A blob's bytes; null when it is larger than `maxBytes`. It is inflated
   * whole: only for a blob whose size listChain gave within the bound (a
   * remote may hold gigabytes of zeros that git sends in a few MiB).
   */
  readChainBlob(gitdir: string, oid: string, maxBytes: number): Promise<Uint8Array | null>;
  writeChainBlob(gitdir: string, bytes: Uint8Array): Promise<string>;
  writeChainCommit(
    gitdir: string,
    entries: ReadonlyMap<string, string>,
    parents: string[],
    message: string,
    now: Date,
  ): Promise<string>;
  /**
   * Points `ref` at `oid` under git's `<ref>.lock` (core/share/ref_lock.ts),
   * only while it still names `expected` (null: absent). A function for `oid`
   * runs under the lock once the ref was found as expected, and gives the id.
   */
  setChainRef(
    gitdir: string,
    ref: string,
    oid: string | (() => Promise<string>),
    expected: string | null,
  ): Promise<void>;
  isAncestor(gitdir: string, ancestor: string, oid: string): Promise<boolean>;
  /** Runs the user's git program in `dir`. */
  runGit(dir: string, args: string[]): Promise<GitResult>;
  findTransport(): Promise<Transport>;
}

/** Everything a sharing use case is handed. */
export interface ShareEnv {
  fs: WriteFs;
  cwd: string;
  now(): Date;
  git: ChainGit;
  keys: KeyRing;
  /** One line made safe for a terminal (redacted, neutralised). */
  safeLine(text: string): string;
  /** git's environment: where the repository search stops (core/store/find_layout.ts). */
  gitEnvironment?: Readonly<Record<string, string>>;
  /** Home and XDG directories, for the global config git reads before HEAD. @default {null} */
  homeDir?: string | null;
  xdgConfigHome?: string | null;
}
