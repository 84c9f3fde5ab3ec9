/**
 * The heads of hex dumps: an agent that runs `xxd .env`, `hexdump -C .env`,
 * `od -c .env`, `xxd -p key.pem` or `od -An -c .env` prints the file's
 * bytes 16 (or 30) to a row, so a secret is split across rows and written
 * twice on each (hex and the ASCII gutter): no rule matches it there. A
 * companion rule finds where such a dump starts: the first row of a dump
 * with offsets (offset 0 at a line's start, in the layout of `xxd`,
 * `hexdump -C` or `od -c`), or the command of a dump without offsets
 * (`xxd -p`, `od -An`), whose output follows. A head is never a finding
 * itself (its kind is {@linkcode DUMP_KIND}-prefixed and its priority 0);
 * dumps.ts reads the dump's rows, decodes their bytes and lets the rules
 * judge them. Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/** Prefix of a dump head's kind: `dump:` + its layout. */
export const DUMP_KIND = "dump:";

/** The layouts read (dump_rows.ts). */
export type DumpLayout = "xxd" | "hexdump" | "od" | "xxd_plain" | "od_plain";

/** Whether a finding's kind is a dump's head. */
export function isDumpKind(kind: string): boolean {
  return kind.startsWith(DUMP_KIND);
}

/**
 * The layout of a head's kind.
 * @param kind A kind for which {@linkcode isDumpKind} holds.
 * @returns Its layout.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dumpLayout } from "./dump_rules.ts";
 * assert.equal(dumpLayout("dump:xxd"), "xxd");
 * ```
 */
export function dumpLayout(kind: string): DumpLayout {
  return kind.slice(DUMP_KIND.length) as DumpLayout;
}

/**
 * A row opens a line: the data's start, a line feed, a JSON string's
 * opening quote, or a JSON-escaped line break.
 */
const ROW_START = String.raw`(?<=^|[\n"]|\\[nr])`;

/** A command opens where no word, path or option goes on before it, or after an escape's letter. */
const COMMAND_START = String.raw`(?:(?<![A-Za-z0-9_./-])|(?<=\\[nrt]))`;

/**
 * The offset heads match the offset's last `0` and the first cell as their
 * secret (a run of zeros reads as a placeholder to the filters; a secret
 * found once in its match is placed without the pattern's indices), and run
 * past their keyword's end, as a match must; the command heads match the command.
 */
function head(layout: DumpLayout, keywords: string[], pattern: RegExp): SecretRule {
  return {
    kind: DUMP_KIND + layout,
    title: "Hex dump",
    description: "Where a hex dump starts (internal).",
    keywords,
    pattern,
    after: 64,
    priority: 0,
    minEntropy: 0,
    docWords: false,
  };
}

/**
 * The dump head rules.
 * @returns One rule per layout.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dumpRules } from "./dump_rules.ts";
 * const xxd = dumpRules().find((r) => r.kind === "dump:xxd")!;
 * assert.ok(xxd.pattern.test("00000000: 4142 4344"));
 * assert.ok(!xxd.pattern.test("x00000000: 4142 4344"));
 * ```
 */
export function dumpRules(): SecretRule[] {
  const hex2 = "[0-9A-Fa-f]{2}";
  return [
    head("xxd", ["00000000: "], new RegExp(`${ROW_START}0{7}(?<s>0: ${hex2}${hex2}) `)),
    head("hexdump", ["00000000  "], new RegExp(`${ROW_START}0{7}(?<s>0  ${hex2} ${hex2}) `)),
    head("od", ["0000000 "], new RegExp(String.raw`${ROW_START}0{6}(?<s>0 [ \\0-7][ -~]{2})`)),
    head(
      "xxd_plain",
      ["xxd -p"],
      new RegExp(String.raw`${COMMAND_START}(?<s>xxd -p(?:s|lain|ostscript)?)(?![A-Za-z0-9_-])`),
    ),
    head(
      "od_plain",
      ["od -"],
      new RegExp(
        String
          .raw`${COMMAND_START}(?<s>od(?: -[A-Za-z]+)*? -A ?n(?: -[A-Za-z]+)*)(?![A-Za-z0-9_-])`,
      ),
    ),
  ];
}
