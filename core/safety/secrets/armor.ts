/**
 * The end of an armored key block (PEM, OpenSSH, PGP): the run of base64
 * lines and the END line that follow a block's start, however long the block
 * is. A rule's pattern matches a bounded part of a block; the engine extends
 * an unterminated match through the rest of the armor with this linear walk,
 * so no tail of a large key is left behind. Pure: no I/O.
 * @module
 */

/** A line break, real or JSON-escaped (once or twice). */
export const NL = String.raw`(?:\r?\n|(?:\\{1,4}r)?\\{1,4}n)`;

const LINE = new RegExp(String.raw`${NL}[ \t]{0,16}[A-Za-z0-9+/=]{1,4096}`, "y");
const RUN = /[A-Za-z0-9+/=]*/y;
const END = new RegExp(String.raw`(?:${NL})?[ \t]{0,16}-{4,5} ?END [A-Z0-9 ]{1,40}-{4,5}`, "y");

/** Options of {@linkcode armorEnd}. */
export interface ArmorEndOptions {
  /** `at` may sit inside a base64 line (a streamed block cut at a chunk end). @default {false} */
  midLine?: boolean;
}

/**
 * Where the armor that goes on at `at` ends: past every following base64
 * line and the END line right after them, if any.
 * @param text The text (ASCII view).
 * @param at Offset just past the part already matched.
 * @param options Whether `at` may be inside a line.
 * @returns The end offset (at least `at`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { armorEnd } from "./armor.ts";
 * const text = "-----BEGIN X-----\nQUJD\nREVG\n-----END X-----\nafter";
 * assert.equal(armorEnd(text, 22), text.indexOf("\nafter"));
 * ```
 */
export function armorEnd(text: string, at: number, options: ArmorEndOptions = {}): number {
  let end = at;
  if (options.midLine === true) {
    RUN.lastIndex = end;
    RUN.exec(text);
    end = RUN.lastIndex;
  }
  while (true) {
    LINE.lastIndex = end;
    if (LINE.exec(text) === null) break;
    end = LINE.lastIndex;
  }
  END.lastIndex = end;
  if (END.exec(text) !== null) end = END.lastIndex;
  return end;
}
