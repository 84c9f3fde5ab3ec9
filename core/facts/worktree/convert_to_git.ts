/**
 * Pure: what git would store for a work-tree file ("clean" direction of
 * convert.c) given its attributes and config: the `lfs` clean filter when
 * it is Git LFS's own command (a Git LFS pointer is computed, not run), then `working-tree-encoding` for
 * the UTF-16 family (re-encoded to UTF-8, a BOM where git requires one
 * dropped), then end-of-line normalisation (`text`, `eol`, `crlf`,
 * core.autocrlf, core.eol), then `ident` (an expanded `$Id: ...$` on one
 * line collapses to `$Id$`). What baton cannot reproduce (another clean
 * filter, another working-tree encoding, content git itself could not
 * re-encode) is unknown with the reason; no conversion is null.
 *
 * git's "the index already has CRLF, leave it" rule for auto text needs no
 * object read: when the raw content is the index's blob the caller says so
 * (and the index's line endings are the content's); otherwise a converted
 * result has no CRLF, so it can only match an index blob that has none
 * either, and a mismatch is a change whichever rule applied, except where
 * `ident` or an encoding also rewrote the content: there
 * {@linkcode convertAgainstIndex} reads the blob (random seed 208).
 * @module
 */
import type { PathAttributes } from "./attributes.ts";
import { sha256Hex } from "../../hash.ts";

/** Config values the conversion depends on. */
export interface ConversionConfig {
  /** core.autocrlf: "true", "input" or "false" (any other spelling of a bool). */
  autocrlf: "true" | "input" | "false";
  /** Filter drivers with a clean or process command configured, by name. */
  cleanDrivers: ReadonlySet<string>;
  /** Filter drivers configured `required`, by name (git stops on one without a command). */
  requiredDrivers?: ReadonlySet<string>;
  /**
   * Filter drivers that run a command (an empty `process` or `clean` runs
   * none: git/lfs_command.ts filterRunsCommand). @default {cleanDrivers}
   */
  runningDrivers?: ReadonlySet<string>;
  /**
   * Whether the `lfs` driver runs Git LFS's own command (git/lfs_command.ts);
   * where not, its files are unknown like any other filter's. @default {true}
   */
  lfsIsGitLfs?: boolean;
  /** Whether git would find Git LFS's program (lfs_program.ts). @default {true} */
  lfsProgram?: boolean;
}

/** The converted bytes, null when git would store the content as is, or why unknown. */
export type Conversion = Uint8Array | null | { unknown: string };

const LFS_SPEC = "version https://git-lfs.github.com/spec/v1";

/**
 * Why a file under the `lfs` filter is unknown where git would not find
 * `git-lfs` (lfs_program.ts): git stores its content as it is.
 */
export const LFS_PROGRAM_MISSING_REASON =
  "the lfs clean filter's program (git-lfs) is not found: git would not compute the pointer";

/** The same where the filter is `required`: git stops (collect.ts then states no tree). */
export const LFS_REQUIRED_MISSING_REASON =
  "the lfs clean filter is required and its program (git-lfs) is not found: git status stops";

/**
 * Why a file is unknown under a `required` filter driver that runs no
 * command (none configured, or an empty `process` or `clean`): git stops
 * ("clean filter ... failed"), so collect.ts then states no tree.
 */
export const REQUIRED_FILTER_IDLE_REASON =
  "a required filter runs no clean command: git status stops";

/**
 * Why a file whose `working-tree-encoding` attribute is set without a value
 * (or unset with `-`) is not compared: git stops the whole status on it
 * ("true/false are no valid working-tree-encodings"), so collect.ts then
 * states no tree, as for a required filter that runs nothing.
 */
export const ENCODING_VALUELESS_REASON =
  "working-tree-encoding is set without a value: git status stops";

/** Whether anything in config could convert content at all (attributes may still). */
export function conversionPossible(config: ConversionConfig): boolean {
  return config.autocrlf !== "false" || config.cleanDrivers.size > 0 ||
    (config.requiredDrivers?.size ?? 0) > 0;
}

/**
 * Converts `data` as git's clean direction would for a path with `attrs`;
 * `indexHasCrlf` applies auto text's "the index already has CRLF" rule as
 * told (after any filter or re-encoding, as git does).
 */
export async function convertToGit(
  data: Uint8Array,
  attrs: PathAttributes,
  config: ConversionConfig,
  rawIsIndexed = false,
  indexHasCrlf = false,
): Promise<Conversion> {
  let out: Uint8Array | null = null;
  const filter = attrs.get("filter");
  if (
    typeof filter === "string" && config.requiredDrivers?.has(filter) === true &&
    !(config.runningDrivers ?? config.cleanDrivers).has(filter)
  ) {
    return { unknown: REQUIRED_FILTER_IDLE_REASON };
  }
  if (typeof filter === "string" && config.cleanDrivers.has(filter)) {
    if (filter !== "lfs") return { unknown: "a clean filter that is not run here" };
    if (config.lfsIsGitLfs === false) {
      return { unknown: "the lfs filter runs a command that is not Git LFS's: not run here" };
    }
    if (config.lfsProgram === false) {
      const required = config.requiredDrivers?.has("lfs") === true;
      return { unknown: required ? LFS_REQUIRED_MISSING_REASON : LFS_PROGRAM_MISSING_REASON };
    }
    out = await lfsPointer(data);
  }
  const encoding = attrs.get("working-tree-encoding");
  if (encoding === true || encoding === false) {
    return { unknown: ENCODING_VALUELESS_REASON };
  }
  if (typeof encoding === "string") {
    const utf8 = encodeToGit(out ?? data, encoding);
    if (utf8 !== null && !(utf8 instanceof Uint8Array)) return utf8;
    out = utf8 ?? out;
  }
  // `indexHasCrlf`: the caller read the index's blob (text with a CRLF), which
  // keeps auto text's CRLF whatever the steps before made of the content.
  const crlf = crlfToGit(
    out ?? data,
    attrs,
    config,
    (rawIsIndexed && out === null) || indexHasCrlf,
  );
  out = crlf ?? out;
  if (attrs.get("ident") === true) out = identToGit(out ?? data) ?? out;
  return out;
}

/**
 * {@linkcode convertToGit} of a file whose raw content is not the index's
 * blob, where auto text's "the index already has CRLF" rule may still
 * decide: `ident` or a working-tree encoding can make the CRLF-kept result
 * equal a blob that holds CRLF (an expanded `$Id: ...$` over CRLF lines
 * under core.autocrlf). Only then, and only where keeping the CRLF would
 * give other bytes, is the index's blob read (`indexBlob`), as git's
 * has_crlf_in_index reads it.
 */
export async function convertAgainstIndex(
  data: Uint8Array,
  attrs: PathAttributes,
  config: ConversionConfig,
  rawIsIndexed: boolean,
  indexBlob: () => Promise<Uint8Array | null>,
): Promise<Conversion> {
  const fresh = await convertToGit(data, attrs, config, rawIsIndexed);
  if (rawIsIndexed || !(fresh instanceof Uint8Array) || !data.includes(13)) return fresh;
  if (attrs.get("ident") !== true && typeof attrs.get("working-tree-encoding") !== "string") {
    return fresh;
  }
  const kept = await convertToGit(data, attrs, config, false, true);
  if (kept !== null && !(kept instanceof Uint8Array)) return kept;
  const keptBytes = kept ?? data;
  if (keptBytes.length === fresh.length && keptBytes.every((b, i) => b === fresh[i])) return fresh;
  const blob = await indexBlob();
  return blob !== null && textWithCrlf(blob) ? kept : fresh;
}

/**
 * convert.c's encode_to_git for the UTF-16 family, which TextDecoder
 * decodes as iconv does: UTF-16LE and UTF-16BE (a leading BOM is an error
 * to git), UTF-16 (a BOM is required and names the byte order). UTF-8 under
 * any spelling is no conversion, as in git. Anything git would refuse to
 * re-encode (a prohibited or missing BOM, an odd length, a lone surrogate)
 * and every other encoding is unknown.
 */
function encodeToGit(data: Uint8Array, encoding: string): Conversion {
  const enc = encoding.toUpperCase();
  if (enc === "UTF-8" || enc === "UTF8") return null;
  if (data.length === 0) return null;
  const bomLe = data[0] === 0xff && data[1] === 0xfe;
  const bomBe = data[0] === 0xfe && data[1] === 0xff;
  let label: "utf-16le" | "utf-16be";
  let body = data;
  if (enc === "UTF-16LE" || enc === "UTF-16BE") {
    if (bomLe || bomBe) return { unknown: "working-tree-encoding: a BOM git refuses" };
    label = enc === "UTF-16LE" ? "utf-16le" : "utf-16be";
  } else if (enc === "UTF-16") {
    if (!bomLe && !bomBe) {
      return { unknown: "working-tree-encoding: the BOM git requires is missing" };
    }
    label = bomLe ? "utf-16le" : "utf-16be";
    body = data.subarray(2);
  } else {
    return { unknown: "working-tree-encoding not applied (only UTF-16 is re-encoded here)" };
  }
  try {
    const text = new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(body);
    return new TextEncoder().encode(text);
  } catch {
    return { unknown: "working-tree-encoding: content git could not re-encode" };
  }
}

const DOLLAR = 0x24;
const NEWLINE = 0x0a;

/** Whether `data` holds "Id" then `third` at `at`. */
function idAt(data: Uint8Array, at: number, third: number): boolean {
  return data[at] === 0x49 && data[at + 1] === 0x64 && data[at + 2] === third;
}

/**
 * convert.c's ident_to_git: every `$Id:` whose closing `$` comes before the
 * next line break becomes `$Id$`; null when the content holds no ident
 * (convert.c's count_ident finds none), so nothing changes.
 */
function identToGit(data: Uint8Array): Uint8Array | null {
  if (countIdents(data) === 0) return null;
  const out = new Uint8Array(data.length);
  let w = 0;
  let src = 0;
  for (;;) {
    const dollar = data.indexOf(DOLLAR, src);
    if (dollar < 0) break;
    out.set(data.subarray(src, dollar + 1), w);
    w += dollar + 1 - src;
    src = dollar + 1;
    if (data.length - src > 3 && idAt(data, src, 0x3a)) {
      const close = data.indexOf(DOLLAR, src + 3);
      if (close < 0) break;
      const nl = data.indexOf(NEWLINE, src + 3);
      if (nl >= 0 && nl < close) continue;
      out.set([0x49, 0x64, DOLLAR], w);
      w += 3;
      src = close + 1;
    }
  }
  out.set(data.subarray(src), w);
  w += data.length - src;
  return out.subarray(0, w);
}

/** convert.c's count_ident: `$Id$` and `$Id:...$` (closed on the same line). */
function countIdents(data: Uint8Array): number {
  let count = 0;
  let i = 0;
  while (i < data.length) {
    if (data[i++] !== DOLLAR) continue;
    if (data.length - i < 3) break;
    if (data[i] !== 0x49 || data[i + 1] !== 0x64) continue;
    const c = data[i + 2];
    i += 3;
    if (c === DOLLAR) count++;
    if (c !== 0x3a) continue;
    while (i < data.length) {
      const d = data[i++];
      if (d === DOLLAR) {
        count++;
        break;
      }
      if (d === NEWLINE) break;
    }
  }
  return count;
}

async function lfsPointer(data: Uint8Array): Promise<Uint8Array | null> {
  const head = new TextDecoder().decode(data.subarray(0, LFS_SPEC.length));
  // git-lfs keeps a pointer as it is and an empty file empty.
  if (data.length === 0 || (head === LFS_SPEC && data.length < 1024)) return null;
  const text = `${LFS_SPEC}\noid sha256:${await sha256Hex(data)}\nsize ${data.length}\n`;
  return new TextEncoder().encode(text);
}

type CrlfAction = "binary" | "text" | "auto";

/**
 * convert.c's git_path_check_crlf, for `text` and the deprecated `crlf`
 * alike: set is text, unset binary, "input" text (stored with LF), "auto"
 * auto; any other value (or none) says nothing.
 */
function crlfAttribute(value: true | false | string | undefined): CrlfAction | undefined {
  if (value === true || value === "input") return "text";
  if (value === false) return "binary";
  if (value === "auto") return "auto";
  return undefined;
}

function crlfAction(attrs: PathAttributes, config: ConversionConfig): CrlfAction {
  // `crlf` is read only where `text` says nothing (git reads it the same way).
  const set = crlfAttribute(attrs.get("text")) ?? crlfAttribute(attrs.get("crlf"));
  if (set !== undefined) return set;
  const eol = attrs.get("eol");
  if (eol === "lf" || eol === "crlf") return "text";
  return config.autocrlf === "false" ? "binary" : "auto";
}

function crlfToGit(
  data: Uint8Array,
  attrs: PathAttributes,
  config: ConversionConfig,
  dataIsIndexed: boolean,
): Uint8Array | null {
  const action = crlfAction(attrs, config);
  if (action === "binary") return null;
  const s = stats(data);
  if (s.crlf === 0) return null;
  // Auto text leaves a file alone when the index already holds CRLF.
  if (action === "auto" && (isBinary(s) || dataIsIndexed)) return null;
  const out = new Uint8Array(data.length - s.crlf);
  let w = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c === 13 && data[i + 1] === 10) continue;
    out[w++] = c;
  }
  return out;
}

interface TextStats {
  nul: number;
  loneCr: number;
  crlf: number;
  printable: number;
  nonPrintable: number;
}

/** convert.c's gather_stats. */
function stats(data: Uint8Array): TextStats {
  const s: TextStats = { nul: 0, loneCr: 0, crlf: 0, printable: 0, nonPrintable: 0 };
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c === 13) {
      if (data[i + 1] === 10) {
        s.crlf++;
        i++;
      } else s.loneCr++;
      continue;
    }
    if (c === 10) continue;
    if (c === 127) {
      s.nonPrintable++;
      continue;
    }
    if (c < 32) {
      if (c === 8 || c === 9 || c === 27 || c === 12) s.printable++;
      else if (c === 0) {
        s.nul++;
        s.nonPrintable++;
      } else s.nonPrintable++;
      continue;
    }
    s.printable++;
  }
  // A trailing DOS EOF (^Z) is not counted against the text.
  if (data.length > 0 && data[data.length - 1] === 26) s.nonPrintable--;
  return s;
}

/**
 * convert.c's has_crlf_in_index test on a blob: text (not binary by git's
 * stats) holding a CRLF. Auto text keeps a work-tree file's CRLF when the
 * index's blob is such.
 */
export function textWithCrlf(data: Uint8Array): boolean {
  if (!data.includes(13)) return false;
  const s = stats(data);
  return s.crlf > 0 && !isBinary(s);
}

function isBinary(s: TextStats): boolean {
  return s.loneCr > 0 || s.nul > 0 || (s.printable >> 7) < s.nonPrintable;
}
