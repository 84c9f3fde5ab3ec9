/**
 * Terminal-safe JSON text: the invisible and control characters that
 * JSON.stringify leaves raw are written as `\\u` escapes instead. Pure, no
 * imports (it sits on every command's output path).
 * @module
 */

// Code points a JSON document must not carry raw to a terminal: DEL, C1
// controls and every invisible or direction-changing character (as render_safe.ts marks them).
// Built on first use: an expression with Unicode property classes costs about half a
// millisecond to set up, and most documents are ASCII, which the cheap test below lets pass.
let jsonInvisible: RegExp | undefined;
const BEYOND_ASCII = /[\u007f-\uffff]/;

/**
 * Escapes, in serialised JSON, every DEL, C1 control and invisible or
 * direction-changing character as `\uXXXX` (a surrogate pair beyond the BMP):
 * the document parses to the very same value, but shown on a terminal it
 * can neither act on it nor hide text. (JSON.stringify already escapes C0
 * controls and lone surrogates.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeJsonInvisible } from "./json_escape.ts";
 * const json = escapeJsonInvisible(JSON.stringify({ path: "a\u202eb\u009bc" }));
 * assert.equal(json, '{"path":"a\\u202eb\\u009bc"}');
 * assert.deepEqual(JSON.parse(json), { path: "a\u202eb\u009bc" });
 * ```
 */
export function escapeJsonInvisible(json: string): string {
  if (!BEYOND_ASCII.test(json)) return json;
  jsonInvisible ??= new RegExp(
    "[\\u007f-\\u009f\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u115f\\u1160\\u3164\\uffa0\\u2028\\u2029]",
    "gu",
  );
  return json.replace(jsonInvisible, (ch) => {
    let out = "";
    for (let i = 0; i < ch.length; i++) {
      out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
    }
    return out;
  });
}
