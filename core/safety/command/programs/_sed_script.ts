/**
 * A scanner for sed scripts (GNU syntax, which includes POSIX): finds the
 * commands a script runs (`e COMMAND`, `s///e`, a bare `e`), the files it
 * writes (`w`, `W`, `s///w FILE`) and reads (`r`, `R`), and says when it
 * could not read a script to the end. Pure.
 * @module
 */

/** What a sed script does beyond editing its input. */
export interface SedEffects {
  /** Command texts run by `e COMMAND`. */
  runs: string[];
  /** A bare `e` or the `e` flag of `s`: the pattern space is run as a command. */
  runsInput: boolean;
  /** Files written by `w`, `W` or the `w` flag of `s`. */
  writes: string[];
  /** Files read by `r` and `R`. */
  reads: string[];
  /** The script could not be read to its end (a syntax this scanner does not know). */
  unparsed: boolean;
}

/**
 * Scans a sed script.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanSed } from "./_sed_script.ts";
 * assert.deepEqual(scanSed("1e id").runs, ["id"]);
 * assert.deepEqual(scanSed("s/a/b/w out.txt").writes, ["out.txt"]);
 * assert.equal(scanSed("s/a/b/e").runsInput, true);
 * assert.deepEqual(scanSed("/x/,$p;s|a|b|g").runs, []);
 * ```
 */
export function scanSed(script: string): SedEffects {
  const fx: SedEffects = { runs: [], runsInput: false, writes: [], reads: [], unparsed: false };
  const s = script;
  let i = 0;
  const n = s.length;
  const blank = (c: string | undefined) => c === " " || c === "\t";
  const skipBlanks = () => {
    while (i < n && blank(s[i])) i++;
  };
  /** Reads to the end of the line (the rest of an `e`, `w`, `r`, `a` command). */
  const toEol = (): string => {
    let out = "";
    while (i < n && s[i] !== "\n") {
      if (s[i] === "\\" && i + 1 < n) {
        out += s[i + 1];
        i += 2;
        continue;
      }
      out += s[i++];
    }
    return out;
  };
  /** Skips a delimited part (regex or replacement); false when it does not end. */
  const delimited = (d: string): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === "\\") {
        i += 2;
        continue;
      }
      if (c === "\n" && d !== "\n") {
        // a newline may only appear escaped in a regex or replacement
        i++;
        continue;
      }
      i++;
      if (c === d) return true;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return false;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(s[i]!)) i++;
      return true;
    }
    if (c === "$") {
      i++;
      return true;
    }
    if (c === "/" || c === "\\") {
      let d = "/";
      if (c === "\\") {
        d = s[i + 1] ?? "";
        if (d === "" || d === "\n") return (fx.unparsed = true, false);
        i += 2;
      } else i++;
      if (!delimited(d)) return (fx.unparsed = true, false);
      while (i < n && /[IM]/.test(s[i]!)) i++;
      return true;
    }
    return false;
  };
  while (i < n) {
    while (i < n && (blank(s[i]) || s[i] === "\n" || s[i] === ";")) i++;
    if (i >= n) break;
    if (address()) {
      skipBlanks();
      if (s[i] === ",") {
        i++;
        skipBlanks();
        if (s[i] === "+" || s[i] === "~") i++;
        if (!address()) return { ...fx, unparsed: true };
      }
    }
    if (fx.unparsed) return fx;
    skipBlanks();
    while (s[i] === "!") {
      i++;
      skipBlanks();
    }
    const cmd = s[i++];
    if (cmd === undefined) return { ...fx, unparsed: true };
    // A block's first command may follow its brace directly.
    if (cmd === "{") continue;
    switch (cmd) {
      case "}":
      case "=":
      case "d":
      case "D":
      case "g":
      case "G":
      case "h":
      case "H":
      case "n":
      case "N":
      case "p":
      case "P":
      case "x":
      case "z":
      case "F":
        break;
      case "#":
        toEol();
        break;
      case ":":
      case "b":
      case "t":
      case "T":
      case "v":
        // a label or version: to a newline or semicolon
        while (i < n && s[i] !== "\n" && s[i] !== ";") i++;
        break;
      case "l":
      case "L":
      case "q":
      case "Q":
        skipBlanks();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        break;
      case "a":
      case "i":
      case "c":
        // text to the end of the line, continued by a trailing backslash
        toEol();
        break;
      case "e": {
        skipBlanks();
        const command = toEol().trim();
        if (command === "") fx.runsInput = true;
        else fx.runs.push(command);
        break;
      }
      case "w":
      case "W":
        skipBlanks();
        fx.writes.push(toEol());
        break;
      case "r":
      case "R":
        skipBlanks();
        fx.reads.push(toEol());
        break;
      case "s":
      case "y": {
        const d = s[i++];
        if (d === undefined || d === "\n" || d === "\\") return { ...fx, unparsed: true };
        if (!delimited(d) || !delimited(d)) return { ...fx, unparsed: true };
        if (cmd === "y") break;
        // flags: g p i I m M e NUMBER, and w FILE last
        while (i < n) {
          const f = s[i]!;
          if (/[gpiImM0-9]/.test(f)) i++;
          else if (f === "e") {
            fx.runsInput = true;
            i++;
          } else if (f === "w") {
            i++;
            skipBlanks();
            fx.writes.push(toEol());
          } else break;
        }
        break;
      }
      default:
        return { ...fx, unparsed: true };
    }
    skipBlanks();
    const next = s[i];
    if (next !== undefined && next !== "\n" && next !== ";" && next !== "}" && next !== "#") {
      return { ...fx, unparsed: true };
    }
  }
  return fx;
}
