/**
 * Private access to the "files" ref backend: loose ref files, packed-refs,
 * and the guard that refuses reftable repositories instead of guessing.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { GitCorruptError, GitUnsupportedError } from "./errors.ts";
import { type PackedRef, parsePackedRefs } from "./packed_refs.ts";
import { isSafeRefName, OID_RE, refBaseDir } from "./_ref_name.ts";
import { readOptionalFile, readOptionalText } from "./_read_optional.ts";

/** What a single ref holds. */
export type RefValue = { kind: "oid"; oid: string } | { kind: "symbolic"; target: string };

/** Largest loose ref file we read; real ones are under 300 bytes. */
const MAX_LOOSE_REF_BYTES = 4096;

/** UTF-8 that refuses a byte it cannot decode, a leading U+FEFF kept (git reads it as part of the ref). */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Throws when refs are stored in reftable (git 2.45+ `extensions.refStorage=reftable`). */
export async function assertFilesBackend(fs: ReadFs, repo: RepoLocation): Promise<void> {
  const st = await fs.lstat(`${repo.commonDir}/reftable`);
  if (st !== null && st.isDirectory) {
    throw new GitUnsupportedError(
      "Cannot read refs: reftable ref storage is not supported",
      "git_reftable_unsupported",
    );
  }
}

/** Parses a loose ref file ("<oid>\n" or "ref: <name>\n"); null when malformed. */
export function parseRefFile(text: string): RefValue | null {
  // git's rule: trailing blanks (space, tab, CR, LF) dropped; "ref:" then
  // leading blanks; an id may be followed by a blank and anything (as in
  // FETCH_HEAD), never preceded by one. git then reads the rest as a C
  // string: a NUL ends it, and what follows (junk) is never seen.
  const t = beforeNul(text.replace(/[ \t\r\n]+$/, ""));
  if (t.startsWith("ref:")) {
    const target = t.slice(4).replace(/^[ \t\r\n]+/, "");
    return isSafeRefName(target) ? { kind: "symbolic", target } : null;
  }
  // A SHA-1 id, or a SHA-256 one (64 digits) read as a whole.
  const m = /^([0-9a-fA-F]{64}|[0-9a-fA-F]{40})(?:[ \t\r\n]|$)/.exec(t);
  const oid = m === null ? "" : m[1]!.toLowerCase();
  return OID_RE.test(oid) ? { kind: "oid", oid } : null;
}

/** `text` up to its first NUL: what git reads of a file it handles as a C string. */
export function beforeNul(text: string): string {
  const nul = text.indexOf("\0");
  return nul < 0 ? text : text.slice(0, nul);
}

/** A loose ref, or null when there is no loose file for it. */
export async function readLooseRef(
  fs: ReadFs,
  repo: RepoLocation,
  name: string,
): Promise<RefValue | null> {
  const path = `${refBaseDir(repo, name)}/${name}`;
  const st = await fs.lstat(path);
  if (st === null || st.isDirectory) return null;
  if (st.isSymlink) {
    // Ancient repositories store HEAD as a symlink to refs/heads/<branch>.
    const link = (await fs.readLink(path)).replaceAll("\\", "/");
    const at = link.lastIndexOf("refs/");
    const target = at < 0 ? "" : link.slice(at);
    if (!isSafeRefName(target)) throw malformed(name);
    return { kind: "symbolic", target };
  }
  if (st.size > MAX_LOOSE_REF_BYTES) throw malformed(name);
  const bytes = await readOptionalFile(fs, path);
  if (bytes === null) return null;
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    // A branch named by bytes that are not UTF-8 (git takes any byte over
    // 0x7f): decoded lossily it names another ref, one that does not exist,
    // and HEAD would read as unborn where git finds its commit.
    throw new GitUnsupportedError(
      `Cannot read ${name === "HEAD" ? "HEAD" : "a loose ref"}: it is not UTF-8`,
      "git_ref_not_utf8",
    );
  }
  const value = parseRefFile(text);
  if (value === null) throw malformed(name);
  return value;
}

/** The largest packed-refs read (millions of refs; a larger one is a typed error, never read). */
const MAX_PACKED_REFS_BYTES = 512 * 1024 * 1024;

/**
 * packed-refs as last parsed through each file system, by path, with the
 * text it was parsed from. One command looks refs up several times (HEAD's
 * branch, the chain ref, a listing for the publication answer): a remote
 * with 100,000 branches packs 8 MB, and parsing it (a map of every ref) cost
 * several times what reading and decoding it does.
 */
const parsedPacked = new WeakMap<
  ReadFs,
  Map<string, { text: string; refs: Map<string, PackedRef> }>
>();

/**
 * The packed-refs of the common dir (empty when the file is absent). The
 * file is read each time; its parse is reused only when the text is the
 * same as the one parsed (no stat identity is trusted: a rewrite in place
 * within a timestamp's tick would keep one). Callers read the map and never
 * change it.
 */
export async function readPackedRefs(
  fs: ReadFs,
  repo: RepoLocation,
): Promise<Map<string, PackedRef>> {
  const path = `${repo.commonDir}/packed-refs`;
  const text = await readOptionalText(fs, path, MAX_PACKED_REFS_BYTES);
  if (text === null) return new Map();
  let byPath = parsedPacked.get(fs);
  const known = byPath?.get(path);
  if (known !== undefined && known.text === text) return known.refs;
  const refs = parsePackedRefs(text);
  if (byPath === undefined) parsedPacked.set(fs, byPath = new Map());
  byPath.set(path, { text, refs });
  return refs;
}

function malformed(name: string): GitCorruptError {
  const kind = name === "HEAD" ? "HEAD" : "a loose ref";
  return new GitCorruptError(
    `Cannot read ${kind}: it is neither "ref: <name>" nor an object id`,
    name === "HEAD" ? "git_head_invalid" : "git_ref_invalid",
  );
}
