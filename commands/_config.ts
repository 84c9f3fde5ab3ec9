/**
 * Edge: reads `.baton/config.yaml` of a repository. With no file the
 * defaults are returned without loading the YAML parser or zod, which a
 * silent hook could not afford; the parser (core/config/parse_config.ts) is
 * imported only when a file is there. The lifecycle settings read the same
 * file through the same function.
 * @module
 */
import { BatonError, InputError, StorageError } from "../core/errors.ts";
import type { BatonConfig } from "../core/config/parse_config.ts";
import { DEFAULT_BAND_THRESHOLDS } from "../core/config/bands_section.ts";
import { DEFAULT_DONE } from "../core/config/done_section.ts";
import { DEFAULT_ENFORCE } from "../core/config/enforce_section.ts";
import type { Io } from "./_io.ts";

/** The settings with nothing configured (kept here so the parser stays unloaded). */
const DEFAULTS: BatonConfig = {
  bands: DEFAULT_BAND_THRESHOLDS,
  done: DEFAULT_DONE,
  enforce: DEFAULT_ENFORCE,
  unknownKeys: 0,
};

/** Largest file read (the parser enforces the same bound). */
const MAX_BYTES = 64 * 1024;

/**
 * The `.baton` directory that holds the config for `cwd`: beside the
 * nearest `.git` (directory or worktree file) at or above it, else in
 * `cwd` itself, as the store's layout puts it. Only lstat calls: hooks that
 * fire after every tool call use it instead of the full repository lookup.
 */
export async function configBatonDir(io: Io, cwd: string): Promise<string> {
  let dir = cwd.replace(/(.)\/+$/, "$1");
  for (let i = 0; i < 256; i++) {
    if ((await io.fs.lstat(`${dir === "/" ? "" : dir}/.git`)) !== null) {
      return `${dir === "/" ? "" : dir}/.baton`;
    }
    const up = dir.replace(/\/[^/]*$/, "") || "/";
    if (up === dir || /^[A-Za-z]:$/.test(up)) break;
    dir = up;
  }
  return `${cwd.replace(/\/+$/, "")}/.baton`;
}

/** Path of the config file for a `.baton` directory. */
export function configPath(batonDir: string): string {
  return `${batonDir}/config.yaml`;
}

/**
 * The settings of the repository whose `.baton` directory is `batonDir`.
 * @throws {ConfigError} (exit 2) when the file cannot be used, with line and column.
 * @throws {StorageError} when it cannot be read.
 */
export async function readBatonConfig(io: Io, batonDir: string): Promise<BatonConfig> {
  const path = configPath(batonDir);
  const st = await io.fs.lstat(path);
  if (st === null) return DEFAULTS;
  if (!st.isFile) {
    throw new InputError(
      "Cannot use .baton/config.yaml: it is not a regular file",
      "config_invalid",
    );
  }
  if (st.size > MAX_BYTES) {
    throw new InputError(
      `Cannot use .baton/config.yaml: it is larger than ${MAX_BYTES} bytes`,
      "config_invalid",
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await io.fs.readRange(path, 0, MAX_BYTES + 1);
  } catch (e) {
    if (e instanceof BatonError) throw e;
    throw new StorageError("Cannot read .baton/config.yaml", { cause: e });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InputError("Cannot use .baton/config.yaml: it is not UTF-8", "config_invalid");
  }
  const { parseBatonConfig } = await import("../core/config/parse_config.ts");
  return parseBatonConfig(text);
}
