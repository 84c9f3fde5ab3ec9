/**
 * Private: reads a loose object (objects/xx/yyyy..., zlib of
 * "<type> <size>\0<data>"). Large files get their header checked against
 * the size limit before the whole file is read.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { GitObject } from "../types.ts";
import { GitCorruptError, GitLimitError } from "./errors.ts";
import { inflateAll, inflatePrefix } from "./_inflate.ts";
import { readOptionalFile } from "./_read_optional.ts";

/** Loose files up to this size are read whole without peeking at the header first. */
const PEEK_ABOVE_BYTES = 64 * 1024;
const TYPES = new Set(["commit", "tree", "blob", "tag"]);

/** The loose object `oid` under `objectsDir`, or null when there is no such file. */
export async function readLooseObject(
  fs: ReadFs,
  objectsDir: string,
  oid: string,
  maxBytes: number,
): Promise<GitObject | null> {
  const path = `${objectsDir}/${oid.slice(0, 2)}/${oid.slice(2)}`;
  // Through a symlink, as git opens it; a FIFO or a device is never opened.
  const st = await fs.stat(path);
  if (st === null || !st.isFile) return null;
  if (st.size > PEEK_ABOVE_BYTES) {
    const head = inflatePrefix(await fs.readRange(path, 0, 1024), 64);
    parseHeader(head, maxBytes, false);
  }
  // Bounded by what deflate can make of an object within the limit (its header was checked above).
  const raw = await readOptionalFile(fs, path, maxBytes + Math.ceil(maxBytes / 1000) + 1024);
  if (raw === null) return null;
  let all: Uint8Array;
  try {
    all = inflateAll(raw, maxBytes + 64);
  } catch (e) {
    // A small file can still inflate past the limit: report that as the limit, not as corruption.
    parseHeader(inflatePrefix(raw.subarray(0, 1024), 64), maxBytes, false);
    throw e;
  }
  const { type, size, dataStart } = parseHeader(all, maxBytes, true);
  if (all.length - dataStart !== size) throw corrupt("its size does not match its header");
  return { type, data: all.subarray(dataStart) };
}

function parseHeader(
  bytes: Uint8Array,
  maxBytes: number,
  complete: boolean,
): { type: GitObject["type"]; size: number; dataStart: number } {
  const nul = bytes.indexOf(0);
  if (nul < 0 || nul > 32) {
    if (!complete && bytes.length < 32) throw corrupt("its header is truncated");
    throw corrupt("its header is malformed");
  }
  const header = new TextDecoder().decode(bytes.subarray(0, nul));
  const m = /^(commit|tree|blob|tag) (0|[1-9][0-9]{0,15})$/.exec(header);
  if (m === null || !TYPES.has(m[1]!)) throw corrupt("its header is malformed");
  const size = Number(m[2]);
  if (size > maxBytes) {
    throw new GitLimitError(
      `Cannot read git object: ${size} bytes exceeds the limit of ${maxBytes}`,
      "git_object_too_large",
      { data: { size, limit: maxBytes } },
    );
  }
  return { type: m[1] as GitObject["type"], size, dataStart: nul + 1 };
}

function corrupt(what: string): GitCorruptError {
  return new GitCorruptError(`Cannot read loose object: ${what}`, "git_loose_object_corrupt");
}
