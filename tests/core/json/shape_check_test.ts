// Tests for core/json/shape_check.ts: the shape checker's own rules (the
// capsule schema's differential test against zod is tests/core/capsule/schema_test.ts).

import assert from "node:assert/strict";
import { z } from "../../../core/json/shape_check.ts";

const codes = (
  r: {
    success: boolean;
    error?: { issues: { code: string; path: unknown[] }[] };
  },
) => r.success ? "ok" : r.error!.issues.map((i) => `${i.code}@${i.path.join(".")}`).join(" ");

Deno.test("strict objects: missing, unknown and wrongly typed fields, in declaration order", () => {
  const s = z.strictObject({
    a: z.string().max(3),
    b: z.number().int().min(0).optional(),
  });
  assert.equal(codes(s.safeParse({ a: "abc" })), "ok");
  assert.equal(codes(s.safeParse({ a: "abc", b: 2 })), "ok");
  assert.equal(codes(s.safeParse({ b: 1 })), "invalid_type@a");
  assert.equal(
    codes(s.safeParse({ a: "abcd", b: -1, c: 1 })),
    "too_big@a too_small@b unrecognized_keys@",
  );
  assert.equal(codes(s.safeParse({ a: "x", b: 1.5 })), "invalid_type@b");
  assert.equal(codes(s.safeParse({ a: "x", b: 2 ** 60 })), "too_big@b");
  assert.equal(codes(s.safeParse([])), "invalid_type@");
  assert.equal(codes(s.safeParse(null)), "invalid_type@");
});

Deno.test("nullable, enum, literal, regex, record and capped arrays", () => {
  assert.equal(codes(z.string().nullable().safeParse(null)), "ok");
  assert.equal(codes(z.string().safeParse(null)), "invalid_type@");
  assert.equal(codes(z.enum(["x", "y"]).safeParse("y")), "ok");
  assert.equal(codes(z.enum(["x", "y"]).safeParse("z")), "invalid_value@");
  assert.equal(codes(z.literal("v1").safeParse("v2")), "invalid_value@");
  assert.equal(
    codes(z.string().regex(/^a+$/).safeParse("ab")),
    "invalid_format@",
  );
  const rec = z.record(z.string(), z.number());
  assert.equal(codes(rec.safeParse({ k: 1 })), "ok");
  assert.equal(codes(rec.safeParse({ k: "1" })), "invalid_type@k");
  assert.equal(codes(rec.safeParse([1])), "invalid_type@");
  const arr = z.array(z.boolean()).max(2);
  assert.equal(codes(arr.safeParse([true, false])), "ok");
  assert.equal(
    codes(arr.safeParse([true, 1, false])),
    "invalid_type@1 too_big@",
  );
  assert.equal(codes(z.number().safeParse(Infinity)), "invalid_type@");
});

Deno.test("an accepted value is returned as given, not copied", () => {
  const value = { a: "x" };
  const r = z.strictObject({ a: z.string() }).safeParse(value);
  assert.ok(r.success);
  assert.equal(r.data, value);
});
