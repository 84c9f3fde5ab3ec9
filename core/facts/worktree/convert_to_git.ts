/**
 * Pure: what git would store for a work-tree file ("clean" direction of
 * convert.c) given its attributes and config: the `lfs` clean filter (a
 * Git LFS pointer is computed, not run), then end-of-line normalisation
 * (`text`, `eol`, `crlf`, core.autocrlf, core.eol). What baton cannot
 * reproduce (another clean filter, `ident`, `working-tree-encoding`) is
 * unknown with the reason; no conversion is null.
 *
 * git's "the index already has CRLF, leave it" rule for auto text needs no
 * object read: when the raw content is the index's blob the caller says so
 * (and the index's line endings are the content's); otherwise a converted
 * result has no CRLF, so it can only match an index blob that has none
 * either, and a mismatch is a change whichever rule applied.
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
}

/** The converted bytes, null when git would store the content as is, or why unknown. */
export type Conversion = Uint8Array | null | { unknown: string };

const LFS_SPEC = "version https://git-lfs.github.com/spec/v1";

/** Whether anything in config could convert content at all (attributes may still). */
export function conversionPossible(config: ConversionConfig): boolean {
  return config.autocrlf !== "false" || config.cleanDrivers.size > 0;
}

/** Converts `data` as git's clean direction would for a path with `attrs`. */
export async function convertToGit(
  data: Uint8Array,
  attrs: PathAttributes,
  config: ConversionConfig,
  rawIsIndexed = false,
): Promise<Conversion> {
  if (attrs.get("ident") === true) return { unknown: "ident attribute not applied" };
  const encoding = attrs.get("working-tree-encoding");
  if (typeof encoding === "string") return { unknown: "working-tree-encoding not applied" };
  let out: Uint8Array | null = null;
  const filter = attrs.get("filter");
  if (typeof filter === "string" && config.cleanDrivers.has(filter)) {
    if (filter !== "lfs") return { unknown: "a clean filter that is not run here" };
    out = await lfsPointer(data);
  }
  const crlf = crlfToGit(out ?? data, attrs, config, rawIsIndexed && out === null);
  return crlf ?? out;
}

async function lfsPointer(data: Uint8Array): Promise<Uint8Array | null> {
  const head = new TextDecoder().decode(data.subarray(0, LFS_SPEC.length));
  // git-lfs keeps a pointer as it is and an empty file empty.
  if (data.length === 0 || (head === LFS_SPEC && data.length < 1024)) return null;
  const text = `${LFS_SPEC}\noid sha256:${await sha256Hex(data)}\nsize ${data.length}\n`;
  return new TextEncoder().encode(text);
}

type CrlfAction = "binary" | "text" | "auto";

function crlfAction(attrs: PathAttributes, config: ConversionConfig): CrlfAction {
  let text = attrs.get("text");
  if (text === undefined) {
    // The deprecated crlf attribute: crlf = text, -crlf = -text, crlf=input = eol=lf.
    const legacy = attrs.get("crlf");
    if (legacy === true || legacy === "input") text = true;
    else if (legacy === false) text = false;
  }
  if (text === false) return "binary";
  if (text === true) return "text";
  if (text === "auto") return "auto";
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

function isBinary(s: TextStats): boolean {
  return s.loneCr > 0 || s.nul > 0 || (s.printable >> 7) < s.nonPrintable;
}
