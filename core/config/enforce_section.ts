/**
 * The `enforce:` setting of `.baton/config.yaml`: `deny`, `advise` (the
 * default) or `off`, written as a word or as `{ mode, orphan_hours }`.
 * Only `deny` lets the pre-tool gate refuse anything, and only a
 * repository whose own file says so. Pure data.
 * @module
 */

/** The modes. */
export const ENFORCE_MODES = ["deny", "advise", "off"] as const;

/** The resolved setting. */
export interface EnforceSettings {
  mode: typeof ENFORCE_MODES[number];
  /** A deny whose session has not been seen this long no longer blocks others. */
  orphanMs: number;
}

/** With no `enforce:` key. */
export const DEFAULT_ENFORCE: EnforceSettings = Object.freeze({
  mode: "advise",
  orphanMs: 24 * 3600 * 1000,
});

/** Longest orphan time a config may set (hours). */
export const MAX_ORPHAN_HOURS = 24 * 30;
