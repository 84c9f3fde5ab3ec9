/**
 * The record of which capsule the session-start hook last injected, per host,
 * kept in `injected.json` of the repository's private state directory
 * (`<git dir>/baton`, core/store/private_dir.ts: a teammate's record can
 * never arrive in a commit and make a session skip its briefing). It is baton's own
 * small file, so it is read with plain JSON.parse (no zod on the hook's light
 * path); anything unreadable counts as "nothing injected yet", which at worst
 * injects a briefing once more. Written atomically, naming the directory it
 * was written in (core/dir_binding.ts): a record that arrived in an archive or a
 * copied `.git` is ignored as if absent.
 * @module
 */
import type { ReadFs, WriteFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";
import { stateDirOfRoot } from "./private_dir.ts";
import { batonRoot } from "./layout.ts";
import { BINDING_KEY, boundEntries, readStateFile } from "../dir_binding.ts";

/** One injection. */
export interface InjectionRecord {
  /** Full `sha256:` id of the capsule injected. */
  capsule_id: string;
  /** Its creation time. */
  created_at: string;
  /** When it was injected. */
  injected_at: string;
  /**
   * `sha256:` digest of latest.md's bytes as session start found them before
   * injecting (core/store/latest_digest.ts); absent in records written before
   * it was kept, and then nothing is confirmed by the light check alone.
   */
  latest_digest?: string;
}

/** The state file: one record per host key. */
export interface InjectionState {
  version: 1;
  hosts: Record<string, InjectionRecord>;
}

/** Largest state file read; a bigger one is ignored. */
const MAX_STATE_BYTES = 64 * 1024;

/** The private state directory of a layout's work tree; null when it cannot be told. */
async function stateDirOf(fs: ReadFs, layout: BatonLayout): Promise<string | null> {
  return await stateDirOfRoot(fs, batonRoot(layout.dir));
}

/** Path of the state file in a private state directory. */
export function injectionStatePath(stateDir: string): string {
  return `${stateDir}/injected.json`;
}

function isRecord(v: unknown): v is InjectionRecord {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.capsule_id === "string" && typeof r.created_at === "string" &&
    typeof r.injected_at === "string";
}

/**
 * Parses state text; malformed text or entries give an empty state, and so
 * does a state not written in the directory whose binding is `here` (when
 * given; core/dir_binding.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const rec = { capsule_id: "sha256:ab", created_at: "t1", injected_at: "t2" };
 * assert.deepEqual(parseInjectionState(JSON.stringify({ version: 1, hosts: { codex: rec } })).hosts.codex, rec);
 * assert.deepEqual(parseInjectionState("{oops").hosts, {});
 * ```
 */
export function parseInjectionState(text: string, here?: string | null): InjectionState {
  const state: InjectionState = { version: 1, hosts: {} };
  for (const [key, rec] of boundEntries(text, "hosts", here)) {
    if (/^[a-z0-9-]{1,40}$/.test(key) && isRecord(rec)) {
      state.hosts[key] = {
        capsule_id: rec.capsule_id,
        created_at: rec.created_at,
        injected_at: rec.injected_at,
        ...(typeof rec.latest_digest === "string" ? { latest_digest: rec.latest_digest } : {}),
      };
    }
  }
  return state;
}

/** Reads the state of a repository; empty when missing, too large or unreadable. */
export async function readInjectionState(
  fs: ReadFs,
  layout: BatonLayout,
): Promise<InjectionState> {
  try {
    const dir = await stateDirOf(fs, layout);
    if (dir === null) return parseInjectionState("");
    const read = await readStateFile(fs, dir, injectionStatePath(dir), MAX_STATE_BYTES);
    return read === null ? parseInjectionState("") : parseInjectionState(read.text, read.here);
  } catch {
    return parseInjectionState("");
  }
}

/** Options of {@linkcode writeInjectionRecord}. */
export interface WriteInjectionOptions {
  /** The host the briefing was injected into (a host id). */
  hostKey: string;
  record: InjectionRecord;
}

/** Records an injection for one host, keeping the other hosts' records. */
export async function writeInjectionRecord(
  fs: WriteFs,
  layout: BatonLayout,
  options: WriteInjectionOptions,
): Promise<void> {
  const state = await readInjectionState(fs, layout);
  state.hosts[options.hostKey] = options.record;
  const dir = await stateDirOf(fs, layout);
  if (dir === null) return;
  // Loaded here: a session-start with nothing new only reads the state.
  const { writeBoundJson } = await import("../state_write.ts");
  // Not made durable (no fsync): the hook writes it after the host's output, while the host
  // waits for the hook to exit (the two fsyncs were 15-20 ms of an injecting session start).
  // A crash may lose it whole (a reader sees the old file or the new one), and a lost or
  // unreadable record only injects the briefing again: twice, never zero times.
  await writeBoundJson(fs, dir, injectionStatePath(dir), (here) => ({
    version: state.version,
    [BINDING_KEY]: here,
    hosts: state.hosts,
  }), { durable: false });
}
