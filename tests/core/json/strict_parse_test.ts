// Tests for core/json/strict_parse.ts: the accepted corpus, every rejection
// kind with its offset, adversarial inputs, prototype safety and fuzzing.

import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import { parseStrictJson } from "../../../core/json/strict_parse.ts";
import { STRICT_JSON_DEFAULTS, type StrictJsonOptions } from "../../../core/bounds.ts";
import { StrictJsonError, type StrictJsonErrorKind } from "../../../core/json/strict_json_error.ts";

const utf8 = new TextEncoder();

/** Asserts that parsing fails with a StrictJsonError of this kind at this byte offset. */
function assertRejects(
  input: string | Uint8Array,
  kind: StrictJsonErrorKind,
  offset: number,
  options?: StrictJsonOptions,
): StrictJsonError {
  let caught: unknown;
  try {
    parseStrictJson(input, options);
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof StrictJsonError, `expected a StrictJsonError, got ${caught}`);
  assert.equal(caught.kind, kind, caught.message);
  assert.equal(caught.offset, offset, caught.message);
  assert.equal(caught.code, "invalid_json");
  assert.equal(caught.exitCode, 2);
  return caught;
}

/** Bytes from a mix of ASCII text and raw byte values. */
function bytes(...parts: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === "string" ? utf8.encode(part) : part));
  return new Uint8Array(out);
}

/** True when JSON.parse produced an Infinity somewhere (an overflowing number). */
function hasNonFiniteNumber(v: unknown): boolean {
  if (typeof v === "number") return !Number.isFinite(v);
  if (Array.isArray(v)) return v.some(hasNonFiniteNumber);
  if (typeof v === "object" && v !== null) return Object.values(v).some(hasNonFiniteNumber);
  return false;
}

// --- accepted corpus -------------------------------------------------------

Deno.test("parseStrictJson() accepts every JSON type at the top level", () => {
  assert.equal(parseStrictJson("null"), null);
  assert.equal(parseStrictJson("true"), true);
  assert.equal(parseStrictJson("false"), false);
  assert.equal(parseStrictJson("0"), 0);
  assert.equal(parseStrictJson("-12.5e-1"), -1.25);
  assert.equal(parseStrictJson('"text"'), "text");
  assert.deepEqual(parseStrictJson("[]"), []);
  assert.deepEqual(parseStrictJson("{}"), {});
  assert.deepEqual(parseStrictJson(" \t\r\n[ ] \n"), []);
});

Deno.test("parseStrictJson() accepts nested documents like JSON.parse", () => {
  const corpus = [
    '{"a":[1,{"b":null,"c":[true,false,[]]}],"d":{"e":{"f":"g"}},"h":""}',
    '[[[[[]]]],{},{"":""},[{"a":[{"b":[{}]}]}]]',
    '{ "spaced" : [ 1 , 2 , { "x" : "y" } ] , "empty" : { } }',
    "[0,-0,1,-1,0.5,1e3,1E3,1e+3,1e-3,123456789012345,1234567890123456789,1.7976931348623157e308]",
    "[5e-324,2.2250738585072014e-308,0.1,0.30000000000000004,9007199254740993,1e-400]",
    '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f\\u00e9\\u20ac\\uFFFF"',
    '["\\ud83d\\ude00","\\uD83D\\uDE00","\\udbff\\udfff","\\ud800\\udc00"]',
  ];
  for (const text of corpus) {
    assert.deepEqual(parseStrictJson(text), JSON.parse(text), text);
    assert.deepEqual(parseStrictJson(utf8.encode(text)), JSON.parse(text), text);
  }
});

Deno.test("parseStrictJson() decodes raw UTF-8 of every sequence length", () => {
  const text = '["\u00e9","\u20ac","\ud83d\ude00","\u{10ffff}","\u0800","\u0080","\ud7ff\ue000"]';
  assert.deepEqual(parseStrictJson(utf8.encode(text)), JSON.parse(text));
  assert.deepEqual(parseStrictJson(text), JSON.parse(text));
});

Deno.test("parseStrictJson() keeps a byte order mark inside a string value", () => {
  assert.equal(parseStrictJson(bytes('"', [0xef, 0xbb, 0xbf], 'x"')), "\ufeffx");
  assert.equal(parseStrictJson('"\\ufeff"'), "\ufeff");
});

Deno.test("parseStrictJson() keeps -0 as -0 like JSON.parse", () => {
  assert.ok(Object.is(parseStrictJson("-0"), -0));
  assert.ok(Object.is(parseStrictJson("-0.0e5"), -0));
  assert.ok(Object.is(parseStrictJson("0"), 0));
});

Deno.test("parseStrictJson() rounds numbers exactly like JSON.parse", () => {
  const samples = [
    "0.1",
    "1.5e-10",
    "123.456e-7",
    "9007199254740993",
    "999999999999999.9",
    "2.2250738585072011e-308",
    "4.9406564584124654e-324",
    "1e22",
    "1e23",
    "123456789012345e-22",
    "1.00000000000000011102230246251565404236316680908203125",
    "0." + "0".repeat(30) + "1",
  ];
  for (const s of samples) assert.ok(Object.is(parseStrictJson(s), JSON.parse(s)), s);
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
      const s = JSON.stringify(d);
      assert.ok(Object.is(parseStrictJson(s), JSON.parse(s)), s);
    }),
    { numRuns: 500 },
  );
});

Deno.test("parseStrictJson() accepts the same key in different objects", () => {
  assert.deepEqual(parseStrictJson('{"a":{"a":1},"b":[{"a":2},{"a":3}]}'), {
    a: { a: 1 },
    b: [{ a: 2 }, { a: 3 }],
  });
});

Deno.test("parseStrictJson() accepts a large array", () => {
  const values = Array.from(
    { length: 50_000 },
    (_, i) => (i % 3 === 0 ? i : i % 3 === 1 ? `s${i}` : null),
  );
  assert.deepEqual(parseStrictJson(JSON.stringify(values)), values);
});

// Its speed is a benchmark's business, not a test's: no assertion here reads the clock.
Deno.test("parseStrictJson() parses an 8 MB document, as JSON.parse does", () => {
  const items = Array.from({ length: 19_000 }, (_, i) => ({
    id: i,
    title: `item ${i} caf\u00e9 \u20ac`,
    score: i / 7,
    body: "lorem ipsum dolor sit amet ".repeat(13),
  }));
  const text = utf8.encode(JSON.stringify({ items }));
  assert.ok(text.length > 7_500_000 && text.length <= STRICT_JSON_DEFAULTS.maxBytes);
  const value = parseStrictJson(text) as { items: unknown[] };
  assert.equal(value.items.length, 19_000);
  assert.deepEqual(value.items[18_999], items[18_999]);
});

// --- rejections ------------------------------------------------------------

Deno.test("parseStrictJson() rejects duplicate keys", () => {
  assertRejects('{"a":1,"a":2}', "duplicate_key", 7);
  assertRejects('{"x":{"b":1,"c":2,"b":3}}', "duplicate_key", 18);
  assertRejects('{"__proto__":1,"__proto__":2}', "duplicate_key", 15);
  // Equal after unescaping is still a duplicate.
  assertRejects('{"a":1,"\\u0061":2}', "duplicate_key", 7);
});

Deno.test("parseStrictJson() reports line and column of an error", () => {
  const e = assertRejects('{\n  "a": 1,\n  "a": 2\n}', "duplicate_key", 14);
  assert.equal(e.line, 3);
  assert.equal(e.column, 3);
  assert.equal(e.message, "Cannot parse JSON: duplicate key at byte 14 (line 3, column 3)");
  // Columns count characters, offsets count bytes.
  const f = assertRejects('["\u00e9", x]', "syntax", 7);
  assert.equal(f.line, 1);
  assert.equal(f.column, 7);
});

Deno.test("parseStrictJson() rejects comments", () => {
  assertRejects("/* c */ 1", "comment", 0);
  assertRejects("[1 // c\n]", "comment", 3);
  assertRejects("[1, /* c */ 2]", "comment", 4);
  assertRejects('{"a": 1 /* c */}', "comment", 8);
  assertRejects("1 // c", "comment", 2);
});

Deno.test("parseStrictJson() rejects trailing commas", () => {
  assertRejects("[1,2,]", "trailing_comma", 4);
  assertRejects('{"a":1,}', "trailing_comma", 6);
  assertRejects("[1 , \n ]", "trailing_comma", 3);
});

Deno.test("parseStrictJson() rejects NaN, Infinity and malformed numbers", () => {
  assertRejects("NaN", "bad_number", 0);
  assertRejects("[Infinity]", "bad_number", 1);
  assertRejects("-Infinity", "bad_number", 0);
  assertRejects("+1", "bad_number", 0);
  assertRejects(".5", "bad_number", 0);
  assertRejects("[1.]", "bad_number", 1);
  assertRejects("[1.e5]", "bad_number", 1);
  assertRejects("[1e]", "bad_number", 1);
  assertRejects("[1e+]", "bad_number", 1);
  assertRejects("[-]", "bad_number", 1);
  assertRejects("[-a]", "bad_number", 1);
  assertRejects("0x10", "trailing_data", 1);
});

Deno.test("parseStrictJson() rejects leading zeros", () => {
  assertRejects("01", "bad_number", 0);
  assertRejects("[-01]", "bad_number", 1);
  assertRejects("[00]", "bad_number", 1);
  assertRejects("[0.1, 007]", "bad_number", 6);
});

Deno.test("parseStrictJson() rejects numbers that overflow to Infinity", () => {
  assertRejects("1e309", "bad_number", 0);
  assertRejects("[-1e400]", "bad_number", 1);
  assertRejects("1" + "0".repeat(400), "bad_number", 0);
  assertRejects("[1, 2e99999999999999999999]", "bad_number", 4);
});

Deno.test("parseStrictJson() rejects single quotes", () => {
  assertRejects("'a'", "single_quote", 0);
  assertRejects("{'a':1}", "single_quote", 1);
  assertRejects("{\"a\":'b'}", "single_quote", 5);
});

Deno.test("parseStrictJson() rejects invalid escapes", () => {
  assertRejects('"\\x41"', "bad_escape", 1);
  assertRejects('["ab\\U0041"]', "bad_escape", 4);
  assertRejects('"\\u12G4"', "bad_escape", 1);
  assertRejects('"\\\'"', "bad_escape", 1);
  assertRejects('"\\ud800\\uzzzz"', "bad_escape", 7);
});

Deno.test("parseStrictJson() rejects unpaired surrogate escapes", () => {
  assertRejects('"\\uD800"', "lone_surrogate", 1);
  assertRejects('"\\udc00"', "lone_surrogate", 1);
  assertRejects('"a\\uD83D"', "lone_surrogate", 2);
  assertRejects('"\\uD800\\u0041"', "lone_surrogate", 1);
  assertRejects('"\\uD800\\uD800"', "lone_surrogate", 1);
  assertRejects('"\\uDE00\\uD83D"', "lone_surrogate", 1);
  assertRejects('"\\uD800x"', "lone_surrogate", 1);
  assertRejects('{"\\uDBFF":1}', "lone_surrogate", 2);
});

Deno.test("parseStrictJson() rejects raw unpaired surrogates in string input", () => {
  assertRejects('"ab\ud800"', "lone_surrogate", 3);
  assertRejects('["\u00e9\udc00"]', "lone_surrogate", 4);
  assertRejects('"\ude00\ud83d"', "lone_surrogate", 1);
  assertRejects("[1]\ud800", "lone_surrogate", 3);
});

Deno.test("parseStrictJson() rejects invalid UTF-8", () => {
  const cases: [number[], number][] = [
    [[0xc0, 0xaf], 1], // overlong "/"
    [[0xc1, 0xbf], 1], // overlong
    [[0xe0, 0x80, 0xaf], 1], // overlong 3-byte
    [[0xf0, 0x80, 0x80, 0xaf], 1], // overlong 4-byte
    [[0xed, 0xa0, 0x80], 1], // encoded high surrogate U+D800
    [[0xed, 0xbf, 0xbf], 1], // encoded low surrogate U+DFFF
    [[0xf4, 0x90, 0x80, 0x80], 1], // U+110000
    [[0xf5, 0x80, 0x80, 0x80], 1], // lead byte above F4
    [[0xff], 1],
    [[0x80], 1], // stray continuation
    [[0x61, 0xbf], 2],
    [[0xe2, 0x82], 1], // truncated before the closing quote
    [[0xc3, 0x28], 1], // bad continuation
    [[0xf0, 0x9f, 0x98], 1], // truncated 4-byte
  ];
  for (const [seq, offset] of cases) {
    assertRejects(bytes('"', seq, '"'), "invalid_utf8", offset);
  }
  assertRejects(bytes('"', [0xe2, 0x82]), "invalid_utf8", 1); // truncated at end of input
  assertRejects(bytes("[", [0xff], "]"), "invalid_utf8", 1);
  assertRejects(bytes("1 ", [0xc0, 0x80]), "invalid_utf8", 2);
  assertRejects(bytes('{"k', [0xed, 0xa0, 0x80], '":1}'), "invalid_utf8", 3);
  // Well-formed but out of place is a syntax error, not a UTF-8 one.
  assertRejects(bytes("[", [0xc3, 0xa9], "]"), "syntax", 1);
});

Deno.test("parseStrictJson() rejects raw control characters in strings", () => {
  assertRejects('"a\tb"', "control_char", 2);
  assertRejects('"a\nb"', "control_char", 2);
  assertRejects(bytes('"', [0x00], '"'), "control_char", 1);
  assertRejects(bytes('{"', [0x1f], '":1}'), "control_char", 2);
  // DEL is not a control character in JSON.
  assert.equal(parseStrictJson('"\x7f"'), "\x7f");
});

Deno.test("parseStrictJson() rejects a byte order mark", () => {
  assertRejects(bytes([0xef, 0xbb, 0xbf], "{}"), "bom", 0);
  assertRejects("\ufeff{}", "bom", 0);
  assertRejects(bytes([0xef, 0xbb, 0xbf]), "bom", 0);
});

Deno.test("parseStrictJson() rejects trailing data after the value", () => {
  assertRejects("{} x", "trailing_data", 3);
  assertRejects("1 2", "trailing_data", 2);
  assertRejects("[]]", "trailing_data", 2);
  assertRejects('"a""b"', "trailing_data", 3);
  assertRejects("truex", "trailing_data", 4);
  assertRejects("null\u0000", "trailing_data", 4);
});

Deno.test("parseStrictJson() rejects empty input", () => {
  assertRejects("", "empty", 0);
  assertRejects(new Uint8Array(), "empty", 0);
  assertRejects(" \n\t\r", "empty", 4);
});

Deno.test("parseStrictJson() rejects truncated input", () => {
  assertRejects("[1,2", "truncated", 4);
  assertRejects('{"a":', "truncated", 5);
  assertRejects('{"a"', "truncated", 4);
  assertRejects('"abc', "truncated", 4);
  assertRejects('"ab\\', "truncated", 4);
  assertRejects('"\\u12', "truncated", 5);
  assertRejects("tru", "truncated", 3);
  assertRejects("[", "truncated", 1);
  assertRejects("-", "truncated", 1);
  assertRejects("1.", "truncated", 2);
  assertRejects("1e-", "truncated", 3);
});

Deno.test("parseStrictJson() rejects other syntax errors", () => {
  assertRejects("{a:1}", "syntax", 1);
  assertRejects("[1 2]", "syntax", 3);
  assertRejects('{"a" 1}', "syntax", 5);
  assertRejects("TRUE", "syntax", 0);
  assertRejects("nul1", "syntax", 0);
  assertRejects("[1:2]", "syntax", 2);
  assertRejects('{"a":1]', "syntax", 6);
  assertRejects("[1}", "syntax", 2);
  assertRejects("[1,}", "syntax", 3);
  assertRejects("{,}", "syntax", 1);
  assertRejects("[,1]", "syntax", 1);
  assertRejects('{"a":}', "syntax", 5);
  assertRejects("{1:2}", "syntax", 1);
  assertRejects("\u00a01", "syntax", 0); // no-break space is not JSON whitespace
  assertRejects("\f1", "syntax", 0);
});

// --- bounds ----------------------------------------------------------------

Deno.test("parseStrictJson() rejects nesting deeper than maxDepth", () => {
  const depth = STRICT_JSON_DEFAULTS.maxDepth;
  assert.ok(Array.isArray(parseStrictJson("[".repeat(depth) + "]".repeat(depth))));
  const e = assertRejects("[".repeat(depth + 1) + "]".repeat(depth + 1), "too_deep", depth);
  assert.equal(e.limit, depth);
  assertRejects('{"a":{"a":{"a":1}}}', "too_deep", 10, { maxDepth: 2 });
  assertRejects("[{}]", "too_deep", 1, { maxDepth: 1 });
  assertRejects("[]", "too_deep", 0, { maxDepth: 0 });
  assert.equal(parseStrictJson("1", { maxDepth: 0 }), 1);
});

Deno.test("parseStrictJson() fails 10,000-deep nesting with too_deep, not a stack overflow", () => {
  const deep = "[".repeat(10_000) + "]".repeat(10_000);
  assertRejects(deep, "too_deep", 64);
  assertRejects('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000), "too_deep", 64 * 5);
  // Raising the bound works because the parser keeps an explicit stack.
  let value = parseStrictJson(deep, { maxDepth: 10_000 });
  let levels = 0;
  while (Array.isArray(value) && value.length > 0) {
    value = value[0];
    levels++;
  }
  assert.equal(levels, 9_999);
});

Deno.test("parseStrictJson() rejects input larger than maxBytes", () => {
  const max = STRICT_JSON_DEFAULTS.maxBytes;
  const e = assertRejects(new Uint8Array(max + 1).fill(0x20), "too_large", max);
  assert.equal(e.limit, max);
  assertRejects("[1, 2]", "too_large", 5, { maxBytes: 5 });
  assert.deepEqual(parseStrictJson("[1, 2]", { maxBytes: 6 }), [1, 2]);
  // String input is measured in UTF-8 bytes, not UTF-16 units.
  assertRejects('"\u20ac"', "too_large", 4, { maxBytes: 4 });
  assert.equal(parseStrictJson('"\u20ac"', { maxBytes: 5 }), "\u20ac");
});

Deno.test("parseStrictJson() fails a 50 MB string fast", () => {
  const huge = '"' + "x".repeat(50 * 1024 * 1024) + '"';
  // Refused by its size before any parsing: the code says which check stopped it.
  assertRejects(huge, "too_large", STRICT_JSON_DEFAULTS.maxBytes);
  assertRejects(utf8.encode(huge), "too_large", STRICT_JSON_DEFAULTS.maxBytes);
  const bigBytes = utf8.encode(huge);
  const e = assertRejects(bigBytes, "string_too_long", 0, { maxBytes: 64 * 1024 * 1024 });
  assert.equal(e.limit, STRICT_JSON_DEFAULTS.maxStringBytes);
  assertRejects(huge, "string_too_long", 0, { maxBytes: 64 * 1024 * 1024 });
});

Deno.test("parseStrictJson() counts maxStringBytes in decoded UTF-8 bytes", () => {
  const options = { maxStringBytes: 4 };
  assert.equal(parseStrictJson('"abcd"', options), "abcd");
  assertRejects('["abcde"]', "string_too_long", 1, options);
  assert.equal(parseStrictJson('"\\u00e9\\u00e9"', options), "\u00e9\u00e9");
  assertRejects('"\\u00e9\\u00e9x"', "string_too_long", 0, options);
  assert.equal(parseStrictJson('"\\ud83d\\ude00"', options), "\ud83d\ude00");
  assertRejects('"\\ud83d\\ude00a"', "string_too_long", 0, options);
  assert.equal(parseStrictJson('"\u20aca"', options), "\u20aca");
  assertRejects('"\u20ac\u20ac"', "string_too_long", 0, options);
  assertRejects('{"abcde":1}', "string_too_long", 1, options);
  assert.equal(parseStrictJson('""', { maxStringBytes: 0 }), "");
});

Deno.test("parseStrictJson() rejects more values than maxItems", () => {
  assert.deepEqual(parseStrictJson("[1,2,3]", { maxItems: 4 }), [1, 2, 3]);
  const e = assertRejects("[1,2,3]", "too_many_items", 5, { maxItems: 3 });
  assert.equal(e.limit, 3);
  assertRejects('{"a":1,"b":2}', "too_many_items", 11, { maxItems: 2 });
  assertRejects("1", "too_many_items", 0, { maxItems: 0 });
  const many = "[" + "0,".repeat(STRICT_JSON_DEFAULTS.maxItems) + "0]";
  assertRejects(many, "too_many_items", 1 + 2 * (STRICT_JSON_DEFAULTS.maxItems - 1));
});

Deno.test("parseStrictJson() refuses options that are not non-negative integers", () => {
  assert.throws(() => parseStrictJson("1", { maxDepth: -1 }), RangeError);
  assert.throws(() => parseStrictJson("1", { maxBytes: Number.NaN }), RangeError);
  assert.throws(() => parseStrictJson("1", { maxItems: 1.5 }), RangeError);
});

// --- prototype safety --------------------------------------------------------

Deno.test("parseStrictJson() stores __proto__ as an own property without polluting", () => {
  const value = parseStrictJson('{"__proto__": {"polluted": true}, "a": 1}') as Record<
    string,
    unknown
  >;
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, "__proto__"));
  assert.deepEqual(Object.keys(value), ["__proto__", "a"]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, "__proto__"), {
    value: { polluted: true },
    writable: true,
    enumerable: true,
    configurable: true,
  });
  assert.equal(value.polluted, undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(JSON.stringify(value), '{"__proto__":{"polluted":true},"a":1}');
});

Deno.test("parseStrictJson() keeps __proto__ an own property where the legacy accessor exists", () => {
  // Deno drops Object.prototype.__proto__ unless run with --unsafe-proto; Node and
  // browsers keep it. Install the standard accessor to test the hostile setting.
  const saved = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__");
  Object.defineProperty(Object.prototype, "__proto__", {
    configurable: true,
    get(this: object) {
      return Object.getPrototypeOf(this);
    },
    set(this: object, proto: unknown) {
      if (typeof proto === "object") Object.setPrototypeOf(this, proto);
    },
  });
  try {
    // Positive control: with the accessor, plain assignment changes the prototype.
    const naive: Record<string, unknown> = {};
    naive["__proto__"] = { polluted: true };
    assert.equal(naive.polluted, true);
    assert.equal(Object.hasOwn(naive, "__proto__"), false);

    const value = parseStrictJson(
      '{"__proto__":{"polluted":true},"x":{"__proto__":null}}',
    ) as Record<
      string,
      Record<string, unknown>
    >;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.ok(Object.hasOwn(value, "__proto__"));
    assert.equal(value.polluted, undefined);
    assert.ok(Object.hasOwn(value.x!, "__proto__"));
    assert.equal(Object.getPrototypeOf(value.x), Object.prototype);
    assert.throws(
      () => parseStrictJson('{"__proto__":1,"__proto__":2}'),
      (e: unknown) => e instanceof StrictJsonError && e.kind === "duplicate_key",
    );
  } finally {
    if (saved === undefined) delete (Object.prototype as Record<string, unknown>).__proto__;
    else Object.defineProperty(Object.prototype, "__proto__", saved);
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("parseStrictJson() treats constructor and prototype keys as plain data", () => {
  const text = '{"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},' +
    '"nested":[{"__proto__":{"polluted":true}}],"toString":1,"hasOwnProperty":2}';
  const value = parseStrictJson(text) as Record<string, unknown>;
  for (const key of ["constructor", "prototype", "nested", "toString", "hasOwnProperty"]) {
    assert.ok(Object.hasOwn(value, key), key);
  }
  const nested = (value.nested as Record<string, unknown>[])[0]!;
  assert.ok(Object.hasOwn(nested, "__proto__"));
  assert.equal(Object.getPrototypeOf(nested), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
  assert.equal(typeof ({}).toString, "function");
  assert.deepEqual(JSON.parse(JSON.stringify(value)), JSON.parse(text));
});

Deno.test("parseStrictJson() output validates with zod without pollution", () => {
  const value = parseStrictJson(
    '{"name":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  );
  const stripped = z.object({ name: z.string() }).parse(value);
  assert.deepEqual(stripped, { name: "x" });
  const loose = z.looseObject({ name: z.string() }).parse(value) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(loose), Object.prototype);
  assert.equal(loose.polluted, undefined);
  const record = z.record(z.string(), z.unknown()).parse(value) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(record), Object.prototype);
  assert.equal(record.polluted, undefined);
  assert.equal(z.strictObject({ name: z.string() }).safeParse(value).success, false);
  assert.deepEqual(
    z.object({ a: z.array(z.number()) }).parse(parseStrictJson('{"a":[1,2]}')),
    { a: [1, 2] },
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

// --- error messages never echo input ------------------------------------------

Deno.test("parseStrictJson() error messages never contain input content", () => {
  const marker = "QZXsecret1234";
  const inputs = [
    `{"${marker}":1,"${marker}":2}`,
    `{"a":"${marker}" ${marker}}`,
    `["${marker}",]`,
    `["${marker}\\x"]`,
    `["${marker}\\ud800"]`,
    `["${marker}\t"]`,
    `{"${marker}": NaN}`,
    `${marker}`,
    `"${marker}`,
    `// ${marker}\n1`,
    `['${marker}']`,
    `["${marker}"] ${marker}`,
  ];
  for (const input of inputs) {
    assert.throws(() => parseStrictJson(input), (e: unknown) => {
      assert.ok(e instanceof StrictJsonError);
      assert.ok(!e.message.includes("QZX"), e.message);
      assert.ok(!JSON.stringify(e.toJSON()).includes("QZX"));
      assert.ok(!JSON.stringify(e.data).includes("QZX"));
      return true;
    });
  }
  assert.throws(
    () => parseStrictJson(`["${"QZX".repeat(10)}"]`, { maxStringBytes: 5 }),
    (e: unknown) => e instanceof StrictJsonError && !e.message.includes("QZX"),
  );
});

// --- property-based -------------------------------------------------------------

Deno.test("parseStrictJson() agrees with JSON.parse on any JSON value", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v);
      assert.deepEqual(parseStrictJson(text), JSON.parse(text));
      assert.deepEqual(parseStrictJson(utf8.encode(JSON.stringify(v, null, 2))), JSON.parse(text));
    }),
    { numRuns: 400 },
  );
});

Deno.test("parseStrictJson() agrees with JSON.parse on strings of any code points", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), (a, b) => {
      const text = JSON.stringify({ [a]: b, list: [a, b] });
      assert.deepEqual(parseStrictJson(text), JSON.parse(text));
    }),
    { numRuns: 400 },
  );
});

Deno.test("parseStrictJson() only ever throws StrictJsonError and never echoes input", () => {
  const marker = fc.integer({ min: 0x100000, max: 0x7fffffff }).map((n) => `QZX${n.toString(16)}`);
  const junk = fc.constantFrom(
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    '"',
    "\\",
    "\\u",
    "\\ud800",
    "1",
    "-",
    "e",
    ".",
    "0",
    "true",
    "null",
    " ",
    "\n",
    "/",
    "'",
    "NaN",
    "\u0000",
    "\ud800",
    "\u00e9",
  );
  const text = fc.tuple(
    fc.array(junk, { maxLength: 12 }),
    marker,
    fc.array(junk, { maxLength: 12 }),
  )
    .map(([a, m, b]) => a.join("") + m + b.join(""));
  fc.assert(
    fc.property(text, fc.boolean(), (input, asBytes) => {
      const m = /QZX[0-9a-f]+/i.exec(input)![0];
      try {
        parseStrictJson(asBytes ? utf8.encode(input) : input);
      } catch (e) {
        assert.ok(e instanceof StrictJsonError, String(e));
        assert.ok(!e.message.includes(m), e.message);
        assert.ok(!e.message.includes("QZX"), e.message);
      }
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (input) => {
      try {
        parseStrictJson(input);
      } catch (e) {
        assert.ok(e instanceof StrictJsonError, String(e));
      }
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 64 }), (input) => {
      try {
        parseStrictJson(input);
      } catch (e) {
        assert.ok(e instanceof StrictJsonError, String(e));
      }
    }),
    { numRuns: 500 },
  );
});

Deno.test("parseStrictJson() rejects every JSON text with a byte flipped that JSON.parse rejects", () => {
  // Differential check: mutate valid JSON; both parsers must agree on acceptance
  // except where strictness differs (duplicate keys).
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 3 }),
      fc.nat(),
      fc.integer({ min: 0, max: 127 }),
      (v, at, byte) => {
        const text = utf8.encode(JSON.stringify(v));
        const mutated = text.slice();
        if (mutated.length > 0) mutated[at % mutated.length] = byte;
        const decoded = new TextDecoder().decode(mutated);
        let lenient: unknown;
        let lenientOk = true;
        try {
          lenient = JSON.parse(decoded);
        } catch {
          lenientOk = false;
        }
        try {
          const strict = parseStrictJson(mutated);
          assert.ok(lenientOk, "strict accepted what JSON.parse rejects");
          assert.deepEqual(strict, lenient);
        } catch (e) {
          assert.ok(e instanceof StrictJsonError, String(e));
          // Where JSON.parse is lenient, strictness must explain the difference.
          if (lenientOk && e.kind !== "duplicate_key") {
            assert.equal(e.kind, "bad_number");
            assert.ok(hasNonFiniteNumber(lenient), "only overflowing numbers differ");
          }
        }
      },
    ),
    { numRuns: 500 },
  );
});
