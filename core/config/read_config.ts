/**
 * Reads `.baton/config.yaml` of a repository (I/O through `WriteFs`). With no file the
 * defaults are returned without loading the YAML parser or zod, which a
 * silent hook could not afford; the parser (core/config/parse_config.ts) is
 * imported only when a file is there. The lifecycle settings read the same
 * file through the same function.
 *
 * Parsing costs more than a silent hook's whole budget (YAML and zod: about
 * 130 ms), and the pre-tool gate reads the file before every tool call in a
 * repository with deny records. So the parsed settings are cached in
 * `config-cache.json` of baton's private state directory (`<git dir>/baton`,
 * never in `.baton/`, so no commit or clone can plant one), keyed by the sha256 of the file's bytes
 * and baton's version: any edit, however small, misses the cache and is
 * parsed (and reported) as before. A file that fails to parse is cached as
 * its failure (what is wrong and where, never the file's text), so each hook
 * does not pay the parse again to fail the same way: a hit throws the same
 * {@linkcode ConfigError}. Only the hooks use it (see
 * {@linkcode ConfigCacheMode}); every command a person runs reads the file.
 * A cache that cannot be read or does not fit is ignored, and so is one not
 * written in the directory it is found in (core/dir_binding.ts: a
 * `.git` that arrived in an archive or a copied folder). A `.baton` that is
 * a symbolic link, or a config file that is one, is refused, never read through.
 * @module
 */
import { BatonError, InputError, StorageError } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import type { BatonConfig } from "./parse_config.ts";
import { DEFAULT_BAND_THRESHOLDS } from "./bands_section.ts";
import { DEFAULT_DONE } from "./done_section.ts";
import { DEFAULT_ENFORCE, ENFORCE_MODES } from "./enforce_section.ts";
import { VERSION } from "../version.ts";
import { configPath } from "./config_dir.ts";
import { ConfigError, type ConfigPosition } from "./config_error.ts";
import { BINDING_KEY, boundHere, readStateFile } from "../dir_binding.ts";

export { configBatonDir, configPath } from "./config_dir.ts";

/** The settings with nothing configured (kept here so the parser stays unloaded). */
const DEFAULTS: BatonConfig = {
  bands: DEFAULT_BAND_THRESHOLDS,
  done: DEFAULT_DONE,
  enforce: DEFAULT_ENFORCE,
  unknownKeys: 0,
};

/** Largest file read (the parser enforces the same bound). */
const MAX_BYTES = 64 * 1024;

/** Where the parsed settings are cached, in a private state directory. */
export function configCachePath(stateDir: string): string {
  return `${stateDir}/config-cache.json`;
}

/**
 * How {@linkcode readBatonConfig} uses the parse cache: `none` parses the
 * file (what commands a person runs see), `read` takes a matching cache
 * entry (the advisory hooks), `read-write` also stores a fresh parse (the
 * gate), `refresh` parses and stores whatever the cache held (`baton
 * enforce`, which so also repairs a cache planted under the current key).
 */
export type ConfigCacheMode = "none" | "read" | "read-write" | "refresh";

/** Options of {@linkcode readBatonConfig}. */
export interface ReadConfigOptions {
  /** @default {"none"} */
  cache?: ConfigCacheMode;
  /** The private state directory holding the cache; without it nothing is cached. */
  stateDir?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** What a cache entry holds: the parsed settings, or the failure the parse raised. */
type Parsed = { config: BatonConfig } | { failure: ConfigError };

/** The longest problem a cached failure may state (baton's own are far shorter). */
const MAX_PROBLEM = 200;

/** A cached position: whole numbers from 1, or null. */
function positionOf(line: unknown, column: unknown): ConfigPosition | null | undefined {
  if (line === null && column === null) return null;
  const whole = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 1;
  return whole(line) && whole(column)
    ? { line: line as number, column: column as number }
    : undefined;
}

/**
 * A cached failure, checked by shape (the cache is a file, so what it states is printed only
 * as printable ASCII of baton's own length), or null.
 */
function failureOf(f: Record<string, unknown>): ConfigError | null {
  const problem = f.problem;
  if (typeof problem !== "string" || problem.length === 0 || problem.length > MAX_PROBLEM) {
    return null;
  }
  if (!/^[\x20-\x7e]+$/.test(problem)) return null;
  const position = positionOf(f.line, f.column);
  return position === undefined ? null : new ConfigError(problem, position);
}

/** The cached settings or failure for `key`, or null (missing, stale, damaged). Never throws. */
async function readCache(fs: WriteFs, stateDir: string, key: string): Promise<Parsed | null> {
  try {
    const read = await readStateFile(fs, stateDir, configCachePath(stateDir), 4 * MAX_BYTES);
    if (read === null) return null;
    const { here } = read;
    const v: unknown = JSON.parse(read.text);
    if (!isObject(v) || v.key !== key || !boundHere(v, here)) return null;
    if (isObject(v.failure)) {
      const failure = failureOf(v.failure);
      return failure === null ? null : { failure };
    }
    if (!isObject(v.config)) return null;
    const c = v.config;
    if (!isObject(c.bands) || !isObject(c.done) || !isObject(c.enforce)) return null;
    const e = c.enforce;
    if (!(ENFORCE_MODES as readonly unknown[]).includes(e.mode)) return null;
    if (typeof e.orphanMs !== "number" || !(e.orphanMs > 0)) return null;
    if (typeof c.unknownKeys !== "number") return null;
    return { config: c as unknown as BatonConfig };
  } catch {
    return null;
  }
}

/** The JSON a cache entry stores: a failure as its problem and position only. */
function entryOf(parsed: Parsed): Record<string, unknown> {
  if ("config" in parsed) return { config: parsed.config };
  const { problem, position } = parsed.failure;
  return { failure: { problem, line: position?.line ?? null, column: position?.column ?? null } };
}

/** Best effort: a cache that cannot be written is only slower next time. */
async function writeCache(
  fs: WriteFs,
  stateDir: string,
  key: string,
  parsed: Parsed,
): Promise<void> {
  try {
    const { writeBoundJson } = await import("../state_write.ts");
    await writeBoundJson(
      fs,
      stateDir,
      configCachePath(stateDir),
      (here) => ({ key, [BINDING_KEY]: here, ...entryOf(parsed) }),
      { pretty: false, durable: false },
    );
  } catch { /* only slower next time */ }
}

/**
 * The settings of the repository whose `.baton` directory is `batonDir`.
 * @throws {ConfigError} (exit 2) when the file cannot be used, with line and column.
 * @throws {StorageError} when it cannot be read.
 */
export async function readBatonConfig(
  fs: WriteFs,
  batonDir: string,
  options: ReadConfigOptions = {},
): Promise<BatonConfig> {
  const path = configPath(batonDir);
  // Never through a link a commit can carry in place of `.baton` (the hooks find it with lstat
  // calls only, without the store's own check): its target is a stranger's choice.
  if ((await fs.lstat(batonDir))?.isSymlink === true) {
    throw new InputError(
      "Cannot use .baton/config.yaml: .baton is a symbolic link, which baton never follows",
      "config_invalid",
    );
  }
  const st = await fs.lstat(path);
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
    bytes = await fs.readRange(path, 0, MAX_BYTES + 1);
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
  const stateDir = options.stateDir;
  const mode = stateDir === undefined ? "none" : options.cache ?? "none";
  // Loaded here: with no config file (every prompt of a repository without one) none is needed.
  const { sha256Hex } = await import("../hash.ts");
  const key = `${VERSION}:${await sha256Hex(bytes)}`;
  if (mode === "read" || mode === "read-write") {
    const cached = await readCache(fs, stateDir!, key);
    if (cached !== null) {
      if ("failure" in cached) throw cached.failure;
      return cached.config;
    }
  }
  const { parseBatonConfig } = await import("./parse_config.ts");
  let parsed: Parsed;
  try {
    parsed = { config: parseBatonConfig(text) };
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    parsed = { failure: e };
  }
  if (mode === "read-write" || mode === "refresh") await writeCache(fs, stateDir!, key, parsed);
  if ("failure" in parsed) throw parsed.failure;
  return parsed.config;
}
