/**
 * The trusted-keys file: the teammates' public keys whose capsules may keep
 * `verified` and `observed` on this machine, each under a name. It lives in
 * the baton home, never in a repository (a repository is exactly what a
 * stranger can write to). Format, one JSON document:
 *
 * ```json
 * { "schema": "baton.trusted_keys/1",
 *   "keys": [ { "name": "alice", "public_key": "ed25519:<43 base64url>",
 *               "fingerprint": "sha256:<64 hex>", "added_at": "<ISO time>" } ] }
 * ```
 *
 * The fingerprint is recomputed from the key on every read; a file where
 * they disagree is refused as damaged. Pure apart from hashing.
 * @module
 */
import { InputError, NotFoundError } from "../errors.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { decodePublicKey, keyFingerprint } from "./public_key.ts";

/** The schema identifier of the file. */
export const TRUSTED_KEYS_SCHEMA = "baton.trusted_keys/1";
/** Most keys the file may hold. */
export const MAX_TRUSTED_KEYS = 1000;
/** Largest file read. */
export const MAX_TRUSTED_KEYS_BYTES = 1024 * 1024;

/** One trusted key as stored. */
export interface TrustedKeyEntry {
  name: string;
  public_key: string;
  fingerprint: string;
  added_at: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/**
 * Checks a key name: 1 to 64 letters, digits, `.`, `_`, `@` or `-`, starting
 * with a letter or digit.
 * @throws {InputError} when it is not one.
 */
export function checkKeyName(name: string): string {
  if (!NAME.test(name)) {
    throw new InputError(
      "Invalid key name: expected 1 to 64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit",
      "key_name_invalid",
    );
  }
  return name;
}

function damaged(what: string): InputError {
  return new InputError(`Cannot read the trusted-keys file: ${what}`, "trusted_keys_invalid");
}

/**
 * Parses the file's text.
 * @throws {InputError} (`trusted_keys_invalid`) when it is not such a file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { addTrustedKey, parseTrustedKeysFile, renderTrustedKeysFile } from "./trusted_keys.ts";
 * const keys = await addTrustedKey([], { name: "alice", publicKey: "ed25519:" + "A".repeat(43), addedAt: "t" });
 * assert.deepEqual(await parseTrustedKeysFile(renderTrustedKeysFile(keys)), keys);
 * ```
 */
export async function parseTrustedKeysFile(text: string): Promise<TrustedKeyEntry[]> {
  let raw: unknown;
  try {
    raw = parseStrictJson(text, { maxBytes: MAX_TRUSTED_KEYS_BYTES });
  } catch {
    throw damaged("it is not a JSON document");
  }
  const doc = raw as { schema?: unknown; keys?: unknown };
  if (typeof raw !== "object" || raw === null || doc.schema !== TRUSTED_KEYS_SCHEMA) {
    throw damaged(`expected an object with schema "${TRUSTED_KEYS_SCHEMA}"`);
  }
  if (!Array.isArray(doc.keys) || doc.keys.length > MAX_TRUSTED_KEYS) {
    throw damaged(`expected "keys" to be a list of at most ${MAX_TRUSTED_KEYS} entries`);
  }
  const out: TrustedKeyEntry[] = [];
  for (const [i, k] of (doc.keys as unknown[]).entries()) {
    const e = k as Record<string, unknown>;
    if (
      typeof k !== "object" || k === null || typeof e.name !== "string" || !NAME.test(e.name) ||
      typeof e.public_key !== "string" || typeof e.fingerprint !== "string" ||
      typeof e.added_at !== "string" || e.added_at.length > 64
    ) {
      throw damaged(`entry ${i} is not {name, public_key, fingerprint, added_at}`);
    }
    const raw = decodePublicKey(e.public_key);
    if (raw === null) throw damaged(`entry ${i} holds a malformed public key`);
    if ((await keyFingerprint(raw)) !== e.fingerprint) {
      throw damaged(`entry ${i}'s fingerprint is not that of its key`);
    }
    if (out.some((o) => o.name === e.name || o.fingerprint === e.fingerprint)) {
      throw damaged(`entry ${i} repeats a name or a key`);
    }
    out.push({
      name: e.name,
      public_key: e.public_key,
      fingerprint: e.fingerprint,
      added_at: e.added_at,
    });
  }
  return out;
}

/** Renders the file's text. */
export function renderTrustedKeysFile(keys: readonly TrustedKeyEntry[]): string {
  return JSON.stringify({ schema: TRUSTED_KEYS_SCHEMA, keys }, null, 2) + "\n";
}

/** Options of {@linkcode addTrustedKey}. */
export interface AddTrustedKeyOptions {
  name: string;
  /** The key's text form (already parsed by parsePublicKey). */
  publicKey: string;
  addedAt: string;
  /** This machine's own fingerprint, refused (it is trusted already). @default {null} */
  ownFingerprint?: string | null;
}

/**
 * Returns the list with one more key.
 * @throws {InputError} when the name is invalid or taken, the key is trusted
 * already, the key is this machine's own, or the list is full.
 */
export async function addTrustedKey(
  keys: readonly TrustedKeyEntry[],
  options: AddTrustedKeyOptions,
): Promise<TrustedKeyEntry[]> {
  const name = checkKeyName(options.name);
  const raw = decodePublicKey(options.publicKey);
  if (raw === null) {
    throw new InputError("Cannot trust the key: it is malformed", "public_key_invalid");
  }
  const fingerprint = await keyFingerprint(raw);
  if (fingerprint === options.ownFingerprint) {
    throw new InputError(
      "Cannot trust the key: it is this machine's own key, which is trusted already",
      "key_is_own",
    );
  }
  const sameKey = keys.find((k) => k.fingerprint === fingerprint);
  if (sameKey !== undefined) {
    throw new InputError(
      `Cannot trust the key: it is trusted already as "${sameKey.name}"`,
      "key_already_trusted",
    );
  }
  if (keys.some((k) => k.name === name)) {
    throw new InputError(
      `Cannot trust the key as "${name}": that name is taken (remove it first with baton trust remove ${name})`,
      "key_name_taken",
    );
  }
  if (keys.length >= MAX_TRUSTED_KEYS) {
    throw new InputError(
      `Cannot trust the key: the list holds ${MAX_TRUSTED_KEYS} keys already`,
      "trusted_keys_full",
    );
  }
  return [...keys, { name, public_key: options.publicKey, fingerprint, added_at: options.addedAt }];
}

/**
 * Returns the list without the key named `name`.
 * @throws {NotFoundError} (`trusted_key_not_found`) when no key has that name.
 */
export function removeTrustedKey(
  keys: readonly TrustedKeyEntry[],
  name: string,
): TrustedKeyEntry[] {
  if (!keys.some((k) => k.name === name)) {
    throw new NotFoundError(
      "Cannot remove the key: no trusted key has that name (run baton trust list)",
      "trusted_key_not_found",
    );
  }
  return keys.filter((k) => k.name !== name);
}
