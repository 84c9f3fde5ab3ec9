/**
 * Where baton keeps its state inside a repository, and the archive file
 * naming. Pure.
 * @module
 */
import { ARCHIVE_ID_HEX, shortId } from "../capsule/short_id.ts";

/** Paths of the .baton directory. */
export interface BatonLayout {
  dir: string;
  latest: string;
  capsules: string;
  lock: string;
  state: string;
}

/**
 * The layout under a repository root (or any directory outside git).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { batonLayout } from "./layout.ts";
 * assert.equal(batonLayout("/r").latest, "/r/.baton/latest.md");
 * ```
 */
export function batonLayout(root: string): BatonLayout {
  const dir = `${root.replace(/\/+$/, "")}/.baton`;
  return {
    dir,
    latest: `${dir}/latest.md`,
    capsules: `${dir}/capsules`,
    lock: `${dir}/lock`,
    state: `${dir}/state`,
  };
}

/**
 * The directory that holds a `.baton` directory ("/" for `/.baton`): the
 * repository root (or the directory outside git) a layout belongs to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { batonRoot } from "./layout.ts";
 * assert.equal(batonRoot("/r/.baton"), "/r");
 * assert.equal(batonRoot("/.baton"), "/");
 * ```
 */
export function batonRoot(batonDir: string): string {
  return batonDir.replace(/\/+$/, "").replace(/\/\.baton$/, "") || "/";
}

/**
 * The archive file name of a capsule: a colon-free UTC timestamp and the
 * first 8 hex digits of its id, so names sort by time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { archiveName } from "./layout.ts";
 * assert.equal(archiveName("2026-11-30T01:02:03.456Z", "sha256:abcdef0123"), "20261130T010203.456Z-abcdef01.md");
 * ```
 */
export function archiveName(createdAt: string, id: string): string {
  const ts = createdAt.replace(/[-:]/g, "");
  return `${ts}-${shortId(id, ARCHIVE_ID_HEX)}.md`;
}

/**
 * The name, within `.baton`, a `latest.md` that is no capsule file (a folder a commit put
 * there, damaged text) is renamed to so that a capsule can take its place; never deleted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asideLatestName } from "./layout.ts";
 * assert.equal(asideLatestName("2026-11-30T01:02:03.456Z"), "latest.md.invalid-20261130T010203456Z");
 * ```
 */
export function asideLatestName(isoTime: string): string {
  return `latest.md.invalid-${isoTime.replace(/[-:.]/g, "")}`;
}

/** Pattern of archive file names. */
export { ARCHIVE_NAME } from "../capsule/short_id.ts";
