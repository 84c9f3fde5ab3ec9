import assert from "node:assert/strict";
import fc from "fast-check";
import {
  escapeLossyPath,
  escapePathBytes,
  escapePathText,
  isUnopenable,
  quotedName,
  shownPath,
  unescapePath,
} from "../../../core/facts/escape_path.ts";

const enc = new TextEncoder();

Deno.test("escapePathText() leaves ordinary names alone and escapes controls and backslashes", () => {
  assert.equal(escapePathText("src/ünï côde.ts"), "src/ünï côde.ts");
  assert.equal(escapePathText("a\nb\\c\u0085"), "a\\x0ab\\\\c\\xc2\\x85");
  // The escaped form is one printable line.
  const escaped = escapePathText("\u001b[31mred\r");
  assert.ok([...escaped].every((ch) => ch.charCodeAt(0) >= 0x20), escaped);
});

Deno.test("unescapePath() inverts escapePathText() for any text (property)", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme-composite", maxLength: 30 }), (name) => {
    assert.equal(unescapePath(escapePathText(name)), name);
  }));
});

Deno.test("escapePathBytes() escapes each byte that is not UTF-8 and matches escapePathText() on valid bytes (property)", () => {
  fc.assert(fc.property(fc.string({ maxLength: 30 }), (name) => {
    const text = name.toWellFormed();
    assert.equal(escapePathBytes(enc.encode(text)), escapePathText(text));
  }));
  assert.equal(escapePathBytes(new Uint8Array([0x61, 0xff, 0xc3])), "a\\xff\\xc3");
  assert.ok(isUnopenable("a\\xff"));
  assert.ok(!isUnopenable("a\\x0a"));
});

Deno.test("escapePathBytes() keeps U+FEFF (a byte-order mark) wherever it sits, so two names never share a form", () => {
  const bom = [0xef, 0xbb, 0xbf];
  for (
    const [bytes, want] of [
      [[0xff, ...bom, 0x61], "\\xff\uFEFFa"],
      [[...bom, 0x61, 0xfe], "\uFEFFa\\xfe"],
      [[...bom], "\uFEFF"],
    ] as const
  ) {
    assert.equal(escapePathBytes(new Uint8Array(bytes)), want);
  }
  // Control: the same names without it.
  assert.equal(escapePathBytes(new Uint8Array([0xff, 0x61])), "\\xffa");
  assert.notEqual(
    escapePathBytes(new Uint8Array([0xff, ...bom, 0x61])),
    escapePathBytes(new Uint8Array([0xff, 0x61])),
  );
});

Deno.test("escapeLossyPath() marks bytes the runtime already lost, and those never unescape", () => {
  const lossy = escapeLossyPath("bad\uFFFDname");
  assert.equal(lossy, "bad\\x??name");
  assert.equal(unescapePath(lossy), null);
});

Deno.test("shownPath() tells a plain name as the Unicode class does, on ASCII names too (property)", () => {
  // The class a plain token is made of (letters, marks and digits of any script, and ._/@+~=#%,?\-).
  const plain = /^[\p{L}\p{M}\p{N}._/@+~=#%,?\\-]+$/u;
  // Every ASCII character, and non-ASCII letters, marks, digits and others around them.
  const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
  const others = ["é", "日", "\u0301", "\u0663", "\u00ad", "\u0085", "\u200b", "\u2028", "😀", "‹"];
  const name = fc.array(fc.constantFrom(...ascii, ...others), { maxLength: 12 }).map((a) =>
    a.join("")
  );
  let quoted = 0;
  let kept = 0;
  fc.assert(
    fc.property(name, (p) => {
      const want = plain.test(p) ? p : quotedName(p);
      if (want === p) kept++;
      else quoted++;
      assert.equal(shownPath(p), want);
    }),
    { numRuns: 3000, seed: 2222 },
  );
  for (let c = 0; c < 128; c++) {
    const p = `a${String.fromCharCode(c)}b`;
    assert.equal(shownPath(p), plain.test(p) ? p : quotedName(p), `U+${c.toString(16)}`);
  }
  // Controls: both forms are common.
  assert.ok(kept > 300 && quoted > 300, `${kept} kept, ${quoted} quoted`);
});
