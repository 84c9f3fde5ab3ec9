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

/**
 * The directories whose programs are the system's own (and the package
 * managers' shared prefixes): a program named by a path into one of them
 * is the program its name says.
 */
const SYSTEM_DIRS = new Set([
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/usr/libexec",
  "/opt/homebrew/bin",
  "/opt/homebrew/sbin",
  "/snap/bin",
  "/run/current-system/sw/bin",
  "/nix/var/nix/profiles/default/bin",
  "c:/windows",
  "c:/windows/system32",
  "c:/windows/syswow64",
  "c:/windows/system32/windowspowershell/v1.0",
  "%systemroot%",
  "%systemroot%/system32",
  "%windir%",
  "%windir%/system32",
]);

/**
 * True when a program word names the program by a path whose directory is
 * not one of the system's (`./ls`, `bin/cat`, `/tmp/x/cat`, `~/bin/rg`,
 * `/usr/bin/../../tmp/ls`): what runs is whatever file is there, not the
 * program its base name says. A bare name (looked up on PATH) is not a path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOutsideSystemDirs } from "./program_name.ts";
 * assert.equal(isOutsideSystemDirs("./ls"), true);
 * assert.equal(isOutsideSystemDirs("/tmp/x/cat"), true);
 * assert.equal(isOutsideSystemDirs("/usr/bin/cat"), false);
 * assert.equal(isOutsideSystemDirs("cat"), false);
 * ```
 */
export function isOutsideSystemDirs(word: string): boolean {
  const slash = Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\"));
  if (slash < 0) return false;
  const dir = word.slice(0, slash).replace(/\\/g, "/").replace(/\/{2,}/g, "/").toLowerCase();
  // `.` and `..` segments lead anywhere: `/usr/bin/../../tmp`.
  if (dir.split("/").some((part) => part === "." || part === "..")) return true;
  return !SYSTEM_DIRS.has(dir === "" ? "/" : dir);
}
