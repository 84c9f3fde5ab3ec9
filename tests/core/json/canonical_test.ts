// Tests for core/json/canonical.ts: RFC 8785 vectors, key order, refusals and
// the round trip through the strict reader.

import assert from "node:assert/strict";
import fc from "fast-check";
import { CANONICAL_JSON_MAX_DEPTH, canonicalJson } from "../../../core/json/canonical.ts";
import {
  CanonicalJsonError,
  type CanonicalJsonErrorKind,
} from "../../../core/json/canonical_json_error.ts";
import { parseStrictJson } from "../../../core/json/strict_parse.ts";

function assertRefuses(value: unknown, kind: CanonicalJsonErrorKind, depth: number): void {
  assert.throws(() => canonicalJson(value), (e: unknown) => {
    assert.ok(e instanceof CanonicalJsonError, String(e));
    assert.equal(e.kind, kind);
    assert.equal(e.depth, depth);
    assert.equal(e.code, "invalid_json_value");
    assert.equal(e.exitCode, 2);
    return true;
  });
}

/** The double whose IEEE 754 bits are `hex`. */
function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

Deno.test("canonicalJson() writes the RFC 8785 Appendix B number samples", () => {
  const samples: [string, string][] = [
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ];
  for (const [bits, expected] of samples) {
    assert.equal(canonicalJson(fromBits(bits)), expected, bits);
  }
  assertRefuses(fromBits("7fffffffffffffff"), "non_finite_number", 0);
  assertRefuses(fromBits("7ff0000000000000"), "non_finite_number", 0);
});

Deno.test("canonicalJson() writes numbers like Number.prototype.toString", () => {
  assert.equal(canonicalJson(1e21), "1e+21");
  assert.equal(canonicalJson(1e-7), "1e-7");
  assert.equal(canonicalJson(0.000001), "0.000001");
  assert.equal(canonicalJson(-0), "0");
  assert.equal(canonicalJson(333333333.3333333), "333333333.3333333");
  assert.equal(canonicalJson(4.5), "4.5");
  assert.equal(canonicalJson(100), "100");
  assert.equal(canonicalJson(1e20), "100000000000000000000");
});

Deno.test("canonicalJson() writes the RFC 8785 section 3.2.2 example", () => {
  const input =
    '{\n  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n' +
    '  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n' +
    '  "literals": [null, true, false]\n}';
  const expected = '{"literals":[null,true,false],' +
    '"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
    '"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}';
  assert.equal(canonicalJson(parseStrictJson(input)), expected);
});

Deno.test("canonicalJson() sorts keys by UTF-16 code units as in RFC 8785 section 3.2.3", () => {
  const value = {
    "\u20ac": "Euro Sign",
    "\r": "Carriage Return",
    "\ufb33": "Hebrew Letter Dalet With Dagesh",
    "1": "One",
    "\ud83d\ude00": "Emoji: Grinning Face",
    "\u0080": "Control",
    "\u00f6": "Latin Small Letter O With Diaeresis",
  };
  // Compared as text: Object.keys would list the integer-like key "1" first.
  assert.equal(
    canonicalJson(value),
    '{"\\r":"Carriage Return","1":"One","\u0080":"Control",' +
      '"\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign",' +
      '"\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
  // A supplementary character sorts by its high surrogate, before U+E000..U+FFFF.
  assert.equal(canonicalJson({ "\uffff": 1, "\u{10000}": 2 }), '{"\u{10000}":2,"\uffff":1}');
});

Deno.test("canonicalJson() sorts nested objects and keeps array order", () => {
  assert.equal(
    canonicalJson({ b: [3, 1, { z: 1, a: 2 }], a: { d: null, c: true } }),
    '{"a":{"c":true,"d":null},"b":[3,1,{"a":2,"z":1}]}',
  );
  assert.equal(
    canonicalJson({ b: 1, a: 1, aa: 1, A: 1, "": 1 }),
    '{"":1,"A":1,"a":1,"aa":1,"b":1}',
  );
});

Deno.test("canonicalJson() escapes strings like JSON.stringify", () => {
  assert.equal(
    canonicalJson("\u0000\u0008\t\n\u000b\f\r\u001f"),
    '"\\u0000\\b\\t\\n\\u000b\\f\\r\\u001f"',
  );
  assert.equal(canonicalJson('"\\/'), '"\\"\\\\/"');
  assert.equal(canonicalJson("\u007f\u2028\u2029\u00e9"), '"\u007f\u2028\u2029\u00e9"');
  assert.equal(canonicalJson("\ud83d\ude00"), '"\ud83d\ude00"');
});

Deno.test("canonicalJson() keeps __proto__ keys and null-prototype objects", () => {
  const value = parseStrictJson('{"b":1,"__proto__":{"x":1}}');
  assert.equal(canonicalJson(value), '{"__proto__":{"x":1},"b":1}');
  const bare = Object.create(null) as Record<string, unknown>;
  bare.z = 1;
  bare.a = 2;
  assert.equal(canonicalJson(bare), '{"a":2,"z":1}');
});

Deno.test("canonicalJson() refuses values outside the JSON data model", () => {
  assertRefuses(undefined, "unsupported_type", 0);
  assertRefuses(() => 1, "unsupported_type", 0);
  assertRefuses(1n, "unsupported_type", 0);
  assertRefuses(Symbol("s"), "unsupported_type", 0);
  assertRefuses({ a: undefined }, "unsupported_type", 1);
  assertRefuses([1, undefined], "unsupported_type", 1);
  // deno-lint-ignore no-sparse-arrays
  assertRefuses([1, , 2], "unsupported_type", 1);
  assertRefuses({ a: [{ b: 2n }] }, "unsupported_type", 3);
  assertRefuses(new Date(0), "unsupported_type", 0);
  assertRefuses(new Map(), "unsupported_type", 0);
  assertRefuses({ a: new Uint8Array(1) }, "unsupported_type", 1);
  assertRefuses({ toJSON: () => 1 }, "unsupported_type", 1);
  class Point {
    x = 1;
  }
  assertRefuses(new Point(), "unsupported_type", 0);
});

Deno.test("canonicalJson() refuses non-finite numbers", () => {
  assertRefuses(Number.NaN, "non_finite_number", 0);
  assertRefuses([Infinity], "non_finite_number", 1);
  assertRefuses({ a: -Infinity }, "non_finite_number", 1);
});

Deno.test("canonicalJson() refuses unpaired surrogates in strings and keys", () => {
  assertRefuses("\ud800", "lone_surrogate", 0);
  assertRefuses(["a\udc00"], "lone_surrogate", 1);
  assertRefuses({ "\ud83d": 1 }, "lone_surrogate", 1);
  assertRefuses("\ude00\ud83d", "lone_surrogate", 0);
});

Deno.test("canonicalJson() refuses cycles but allows shared references", () => {
  const loop: Record<string, unknown> = { a: 1 };
  loop.self = loop;
  assertRefuses(loop, "cycle", 1);
  const list: unknown[] = [];
  list.push([list]);
  assertRefuses(list, "cycle", 2);
  const shared = { x: 1 };
  assert.equal(
    canonicalJson({ a: shared, b: [shared, shared] }),
    '{"a":{"x":1},"b":[{"x":1},{"x":1}]}',
  );
});

Deno.test("canonicalJson() refuses nesting deeper than CANONICAL_JSON_MAX_DEPTH", () => {
  let ok: unknown = 0;
  for (let i = 0; i < CANONICAL_JSON_MAX_DEPTH; i++) ok = [ok];
  assert.ok(canonicalJson(ok).startsWith("[[["));
  assertRefuses([ok], "too_deep", CANONICAL_JSON_MAX_DEPTH);
  let deep: unknown = 0;
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  assertRefuses(deep, "too_deep", CANONICAL_JSON_MAX_DEPTH);
});

Deno.test("canonicalJson() error messages never contain keys or values", () => {
  const marker = "QZXsecret";
  for (const value of [{ [marker]: undefined }, { [`${marker}\ud800`]: 1 }, [`${marker}\udc00`]]) {
    assert.throws(
      () => canonicalJson(value),
      (e: unknown) => e instanceof CanonicalJsonError && !e.message.includes("QZX"),
    );
  }
});

Deno.test("canonicalJson() is stable through a strict parse round trip", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const canonical = canonicalJson(v);
      assert.equal(canonicalJson(parseStrictJson(canonical)), canonical);
      // Same data, same text, whatever the key order or whitespace of the source.
      assert.equal(canonicalJson(parseStrictJson(JSON.stringify(v, null, 1))), canonical);
      assert.deepEqual(JSON.parse(canonical), JSON.parse(JSON.stringify(v)));
    }),
    { numRuns: 400 },
  );
});

Deno.test("canonicalJson() does not depend on key insertion order", () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (dict) => {
      const reversed = Object.fromEntries(Object.entries(dict).reverse());
      assert.equal(canonicalJson(reversed), canonicalJson(dict));
    }),
    { numRuns: 300 },
  );
});
