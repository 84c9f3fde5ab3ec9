import assert from "node:assert/strict";
import fc from "fast-check";
import { truncateText, truncateUnsplit, truncateUtf8 } from "../../../core/budget/truncate.ts";

const enc = new TextEncoder();
const isWellFormed = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

Deno.test("truncateText() keeps text that fits and cuts the rest to the limit with an ellipsis, never splitting a pair (property)", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(70), (text, max) => {
    const out = truncateText(text, max);
    if (text.length <= max) return assert.equal(out, text);
    assert.ok(out.length <= max, `${out.length} > ${max}`);
    if (max > 0) assert.ok(out.endsWith("…"));
    assert.ok(isWellFormed(out));
    assert.ok(text.startsWith(out.slice(0, -1)));
  }));
});

Deno.test("truncateUtf8() stays within the byte limit, cutting only between code points (property)", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(200), (text, max) => {
      const out = truncateUtf8(text, max);
      if (enc.encode(text).length <= max) return assert.equal(out, text);
      assert.ok(enc.encode(out).length <= max);
      assert.ok(isWellFormed(out));
      if (out !== "") assert.ok(text.startsWith(out.slice(0, -1)) && out.endsWith("…"));
    }),
  );
  assert.equal(truncateUtf8("héllo", 5), "h…");
  assert.equal(truncateUtf8("héllo", 2), "");
});

Deno.test("truncateUnsplit() never keeps part of a non-blank run the bound falls in, and otherwise cuts like truncateText (property)", () => {
  const word = fc.stringMatching(/^[A-Za-z0-9_.:\/+=-]{1,12}$/);
  const blank = fc.constantFrom(" ", "\n", "\t", "  ");
  const text = fc.array(fc.tuple(word, blank), { maxLength: 8 }).map((parts) =>
    parts.map(([w, b]) => w + b).join("")
  );
  fc.assert(fc.property(text, fc.nat(80), (t, max) => {
    const out = truncateUnsplit(t, max);
    if (t.length <= max) return assert.equal(out, t);
    const plain = truncateText(t, max);
    if (plain === "") return assert.equal(out, "");
    assert.ok(out.length <= plain.length && out.endsWith("…"));
    const kept = out.slice(0, -1);
    assert.ok(t.startsWith(kept));
    // What is kept ends a run (or nothing is kept): the next character is a blank.
    assert.ok(kept === "" || /\s/.test(kept.at(-1)!) || /\s/.test(t.charAt(kept.length)), out);
    // Only the run the bound split is given up: every complete run before it stays.
    const before = plain.slice(0, -1).replace(/\S+$/, "");
    if (/\s/.test(t.charAt(plain.length - 1))) assert.equal(out, plain);
    else assert.equal(kept, before);
  }));
});

Deno.test("truncateUnsplit(): a token the bound halves is left out whole; one the bound does not reach stays (control)", () => {
  const token = "ghp_" + "A1b2C3d4E5".repeat(3) + "zz9Y8x";
  const text = `git push https://${token}@github.com/o/r.git`;
  const max = text.indexOf(token) + 34 + 1;
  assert.ok(truncateText(text, max).includes(token.slice(0, 34)), "the plain cut keeps 30 of 36");
  assert.equal(truncateUnsplit(text, max), "git push …");
  assert.equal(truncateUnsplit(text, text.length), text);
  assert.equal(truncateUnsplit(`${text} main`, text.length + 2), `${text} …`);
});

Deno.test("truncateUnsplit(): a quoted value the bound falls inside is left out from its quote; closed quotes and apostrophes stay (review29)", () => {
  // A passphrase holds blanks: cut at a blank inside its quotes, its first words were kept.
  const text = 'export DB_PASSWORD="Tr0ub4dor &3 horse Zq8v" && make deploy';
  for (let max = text.indexOf('"') + 2; max < text.indexOf("&&"); max++) {
    const out = truncateUnsplit(text, max);
    assert.ok(out === "export …" || out === "export DB_PASSWORD=…", `${max}: ${out}`);
  }
  assert.equal(truncateUnsplit("sshpass -p 'my secret pass 9Zq' ssh host", 25), "sshpass -p …");
  // Control: a quoted value the bound does not reach into stays whole; so does prose.
  assert.equal(
    truncateUnsplit(text, text.indexOf("make") + 3),
    'export DB_PASSWORD="Tr0ub4dor &3 horse Zq8v" && …',
  );
  assert.equal(truncateUnsplit("don't stop now, we're close", 20), "don't stop now, …");
  assert.equal(truncateUnsplit('say "hi" to them all', 15), 'say "hi" to …');
  // Only the line the bound falls in is read: an open quote on an earlier line is not this cut's.
  assert.equal(truncateUnsplit('a "b\nc d e', 7), 'a "b\nc…');
});
