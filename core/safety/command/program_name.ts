/**
 * Normalises the program word of a command for matching: directory and
 * Windows extension removed (`/usr/bin/rm`, `C:\Windows\cmd.exe`), lower
 * case (macOS and Windows file systems and PowerShell are case-insensitive),
 * and non-ASCII look-alike characters detected and mapped to the ASCII
 * letters they imitate, so `rм -rf /` (Cyrillic м) is matched as `rm` as
 * well as flagged. Pure.
 * @module
 */

/** The normalised program name. */
export interface ProgramName {
  /** Lower-case base name without `.exe`/`.com`. */
  name: string;
  /** The name holds characters outside printable ASCII. */
  nonAscii: boolean;
  /** ASCII skeleton of a non-ASCII name (look-alikes mapped), when it differs from `name`. */
  skeleton: string | null;
}

// Characters that render like ASCII letters and digits (Cyrillic, Greek,
// Latin extensions, Armenian, Cherokee); fullwidth and mathematical forms are
// folded by NFKC before this map is applied.
const CONFUSABLES: Record<string, string> = {
  "а": "a",
  "в": "b",
  "с": "c",
  "ԁ": "d",
  "е": "e",
  "ё": "e",
  "һ": "h",
  "і": "i",
  "ї": "i",
  "ј": "j",
  "к": "k",
  "ӏ": "l",
  "м": "m",
  "н": "h",
  "о": "o",
  "р": "p",
  "ԛ": "q",
  "г": "r",
  "ѕ": "s",
  "т": "t",
  "у": "y",
  "ԝ": "w",
  "х": "x",
  "ч": "4",
  "α": "a",
  "β": "b",
  "ε": "e",
  "η": "n",
  "ι": "i",
  "κ": "k",
  "ν": "v",
  "ο": "o",
  "ρ": "p",
  "τ": "t",
  "υ": "u",
  "χ": "x",
  "ϲ": "c",
  "ϳ": "j",
  "ı": "i",
  "ɑ": "a",
  "ɡ": "g",
  "ɩ": "i",
  "ʀ": "r",
  "ℓ": "l",
  "օ": "o",
  "ս": "u",
  "ց": "g",
  "ꭰ": "d",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "−": "-",
  "․": ".",
  "∕": "/",
  "⁄": "/",
};

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

function baseName(word: string): string {
  const parts = word.split(/[\\/]/).filter((p) => p !== "");
  return parts.length === 0 ? word : parts[parts.length - 1]!;
}

function stripExtension(name: string): string {
  return name.replace(/\.(exe|com)$/, "");
}

/**
 * The ASCII skeleton of text: NFKC-folded (fullwidth and mathematical forms),
 * invisible characters dropped, lower-cased and look-alike letters mapped to
 * the ASCII ones they imitate.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { skeletonOf } from "./program_name.ts";
 * assert.equal(skeletonOf("v\u0435rified"), "verified");
 * assert.equal(skeletonOf("\uff3bVERIFIED\uff3d"), "[verified]");
 * ```
 */
export function skeletonOf(text: string): string {
  return [...text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase()]
    .map((ch) => CONFUSABLES[ch] ?? ch)
    .join("");
}

/**
 * Normalises a program word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeProgram } from "./program_name.ts";
 * assert.equal(normalizeProgram("/usr/bin/RM").name, "rm");
 * assert.equal(normalizeProgram("C:\\Windows\\System32\\cmd.exe").name, "cmd");
 * const spoof = normalizeProgram("r\u043c");
 * assert.equal(spoof.nonAscii, true);
 * assert.equal(spoof.skeleton, "rm");
 * ```
 */
export function normalizeProgram(word: string): ProgramName {
  const name = stripExtension(baseName(word).toLowerCase());
  const nonAscii = /[^\u0020-\u007e]/.test(word);
  if (!nonAscii) return { name, nonAscii, skeleton: null };
  const skeleton = stripExtension(baseName(skeletonOf(word)));
  return { name, nonAscii, skeleton: skeleton === name ? null : skeleton };
}
