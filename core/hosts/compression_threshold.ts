/**
 * When a host whose pre-compact hook cannot tell an automatic compression
 * (a record with `compression`, Gemini CLI) is about to compress: the
 * threshold it compresses at, read from its own settings files the way it
 * merges them, and whether a fill measured at a prompt is near it, so the
 * prompt hook captures a capsule there instead of a hook on every model
 * request. Reads through a {@linkcode ReadFs}; the decision is pure.
 *
 * Decisions:
 * - "Near" is {@linkcode NEAR_FRACTION} of the threshold: the prompt hook
 *   runs once per user prompt, and one prompt's turn (tool output, files
 *   read) can add a good share of the window before the next one, so the
 *   capture comes early rather than after the host compressed.
 * - A settings file that is missing, larger than {@linkcode MAX_SETTINGS_BYTES},
 *   unparseable or without a positive number at the setting is skipped:
 *   the host ignores such a value too (0 or unset falls back) and a broken
 *   file must not stop the capture (the default then applies).
 * - The workspace file is repository content, and the host applies it only
 *   in a folder its user trusts (Gemini CLI 0.61: folder trust is on unless
 *   a setting turns it off; an untrusted folder's workspace settings are
 *   left out of the merge), which baton does not check: a hook installed
 *   for the user runs in every folder. So the workspace's value can only
 *   bring the capture earlier (a lower threshold), never later: a cloned
 *   repository must not be able to switch the capture before an automatic
 *   compression off by naming a threshold the host ignores.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { CompressionRecord, SettingsFile } from "./record.ts";

/** The fraction of the host's threshold at which a prompt counts as near compression. */
export const NEAR_FRACTION = 0.8;
/** Largest settings file read (real ones are a few KiB). */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The threshold in force and where it came from. */
export interface CompressionThreshold {
  /** Fraction of the window (Gemini CLI: 0.5 by default). */
  fraction: number;
  /** The settings file that set it, or `default`. */
  source: string;
}

/** Where the settings files are for one hook run. */
export interface SettingsPlace {
  env(name: string): string | undefined;
  /** The user's home directory, or undefined when unknown. */
  home: string | undefined;
  /** The project's root (the payload's cwd). */
  projectRoot: string;
}

function settingsPath(file: SettingsFile, place: SettingsPlace): string | null {
  if (file.kind === "fixed") {
    const moved = place.env(file.env);
    return moved !== undefined && moved.startsWith("/") ? moved : file.path;
  }
  if (file.kind === "project") return `${place.projectRoot.replace(/\/+$/, "")}/${file.path}`;
  const moved = file.env === null ? undefined : place.env(file.env);
  const home = moved !== undefined && moved.startsWith("/") ? moved : place.home;
  return home === undefined || home === "" ? null : `${home.replace(/\/+$/, "")}/${file.path}`;
}

/** The positive number at `setting` in a parsed settings object, or null. */
export function settingValue(parsed: unknown, setting: readonly string[]): number | null {
  let node: unknown = parsed;
  for (const key of setting) {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return null;
    if (!Object.hasOwn(node, key)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "number" && Number.isFinite(node) && node > 0 ? node : null;
}

async function readSetting(
  fs: ReadFs,
  path: string,
  setting: readonly string[],
): Promise<number | null> {
  try {
    const stat = await fs.stat(path);
    if (stat === null || !stat.isFile || stat.size > MAX_SETTINGS_BYTES) return null;
    const text = new TextDecoder().decode(await fs.readFile(path));
    const { parse } = await import("jsonc-parser");
    const errors: unknown[] = [];
    const parsed = parse(text, errors as never, { allowTrailingComma: true });
    return errors.length > 0 ? null : settingValue(parsed, setting);
  } catch {
    return null;
  }
}

/** The threshold the host compresses at, from its settings files (the last that sets one wins). */
export async function compressionThreshold(
  fs: ReadFs,
  record: CompressionRecord,
  place: SettingsPlace,
): Promise<CompressionThreshold> {
  let found: CompressionThreshold = { fraction: record.defaultThreshold, source: "default" };
  for (const file of record.settingsFiles) {
    const path = settingsPath(file, place);
    if (path === null) continue;
    const value = await readSetting(fs, path, record.setting);
    if (value === null) continue;
    // The workspace's value counts only where it lowers the threshold (see the decisions above).
    if (file.kind === "project" && value >= found.fraction) continue;
    found = { fraction: value, source: path };
  }
  return found;
}

/**
 * True when a fill (percent of the window) is near the threshold (a
 * fraction of the window): at or past {@linkcode NEAR_FRACTION} of it. A
 * fill that is not a finite number counts as near (garbage is judged the
 * worst case, as the bands judge it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(nearCompression(39, 0.5), false);
 * assert.equal(nearCompression(40, 0.5), true);
 * assert.equal(nearCompression(1.9, 0.02), true);
 * assert.equal(nearCompression(Number.NaN, 0.5), true);
 * ```
 */
export function nearCompression(fillPct: number, thresholdFraction: number): boolean {
  if (!Number.isFinite(fillPct)) return true;
  return fillPct >= thresholdFraction * 100 * NEAR_FRACTION;
}
