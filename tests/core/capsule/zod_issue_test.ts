import assert from "node:assert/strict";
import { z } from "zod";
import { describeZodIssue } from "../../../core/capsule/zod_issue.ts";

const Schema = z.strictObject({
  name: z.string().max(3),
  items: z.array(z.strictObject({ n: z.number() })).optional(),
  mode: z.enum(["a", "b"]).optional(),
});
const KNOWN = ["name", "items", "mode", "n"];

function describe(value: unknown): string {
  const r = Schema.safeParse(value);
  assert.ok(!r.success, "the value must be invalid");
  return describeZodIssue(r.error, KNOWN);
}

Deno.test("describeZodIssue() names the path and the kind of problem", () => {
  assert.equal(describe({ name: 1 }), 'wrong type at "name": expected string');
  assert.equal(describe({ name: "toolong" }), 'value too large at "name"');
  assert.equal(
    describe({ name: "a", mode: "c" }),
    'value not allowed at "mode": expected one of a, b',
  );
  assert.equal(
    describe({ name: "a", items: [{ n: "x" }] }),
    'wrong type at "items[0].n": expected number',
  );
  assert.match(
    describe({ name: "a", extra: 1 }),
    /^unknown field at top level \(1 unknown\); expected only: name, items/,
  );
});

Deno.test("describeZodIssue() never echoes an unknown key or a value from the input", () => {
  const secretKey = "sk-live-key-name";
  const text = describe({ name: "a", [secretKey]: "value-secret" });
  assert.ok(!text.includes(secretKey) && !text.includes("value-secret"), text);
  const nested = z.strictObject({ items: z.record(z.string(), z.number()) });
  const r = nested.safeParse({ items: { [secretKey]: "x" } });
  assert.ok(!r.success);
  const msg = describeZodIssue(r.error, ["items"]);
  assert.equal(msg, 'wrong type at "items.<field>": expected number');
});

Deno.test("describeZodIssue() answers an unknown field with the nearest known one, never the unknown name", () => {
  const text = describe({ name: "a", moed: "a" });
  assert.match(text, /did you mean "mode"\?/);
  assert.ok(!text.includes("moed"), text);
  // Positive control: nothing near, so the known fields are listed instead.
  assert.match(describe({ name: "a", zzzzzzzzzz: 1 }), /expected only: name, items, mode/);
});

Deno.test("describeZodIssue() describes a union by the form the value came closest to", () => {
  const Union = z.strictObject({
    list: z.array(z.union([z.string(), z.object({ text: z.string(), status: z.enum(["on"]) })])),
  });
  const r = Union.safeParse({ list: [{ text: "x", status: "" }] });
  assert.ok(!r.success);
  assert.equal(
    describeZodIssue(r.error, ["list"], ["text", "status"]),
    'value not allowed at "list[0].status": expected one of on',
  );
  // Control: a value of neither form is still described at the union's place.
  const r2 = Union.safeParse({ list: [7] });
  assert.ok(!r2.success);
  assert.match(describeZodIssue(r2.error, ["list"]), /"list\[0\]"/);
});
