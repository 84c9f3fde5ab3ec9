import assert from "node:assert/strict";
import {
  BatonError,
  CapsuleInvalidError,
  errorObject,
  EXIT,
  InputError,
  isCodedError,
  LockBusyError,
  NotFoundError,
  safeWord,
  StorageError,
  UnavailableError,
  UsageError,
} from "../../core/errors.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

Deno.test("EXIT codes are distinct and each has a meaning", () => {
  const codes = Object.values(EXIT).map((e) => e.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const e of Object.values(EXIT)) assert.ok(e.meaning.length > 0);
});

Deno.test("each error class carries its code and exit code", () => {
  const cases: [BatonError, string, number][] = [
    [new UsageError("u"), "usage", EXIT.usage.code],
    [new InputError("i"), "invalid_input", EXIT.usage.code],
    [new InputError("i", "draft_invalid"), "draft_invalid", EXIT.usage.code],
    [new NotFoundError("n"), "not_found", EXIT.notFound.code],
    [new LockBusyError("l"), "lock_busy", EXIT.busy.code],
    [new StorageError("s"), "io_failed", EXIT.io.code],
    [new CapsuleInvalidError("c"), "capsule_invalid", EXIT.no.code],
    [new UnavailableError("x"), "unavailable", EXIT.unavailable.code],
  ];
  for (const [e, code, exit] of cases) {
    assert.deepEqual([e.code, e.exitCode, e.name], [code, exit, e.constructor.name]);
    assert.ok(isCodedError(e));
  }
});

Deno.test("toJSON() and errorObject() give code, message and data only (no cause, no stack)", () => {
  const cause = new Error("secret inner detail");
  const e = new StorageError("Cannot write", { cause, data: { path: "/r" } });
  assert.equal(e.cause, cause);
  assert.deepEqual(e.toJSON(), {
    error: { code: "io_failed", message: "Cannot write", data: { path: "/r" } },
  });
  assert.ok(!JSON.stringify(e).includes("secret inner detail"));
  assert.deepEqual(errorObject(new UsageError("u")), { code: "usage", message: "u" });
});

Deno.test("isCodedError() wants a string code, a numeric exit code and a message", () => {
  assert.ok(isCodedError({ code: "x", exitCode: 1, message: "m" }));
  for (
    const v of [null, "x", new Error("m"), { code: 1, exitCode: 1, message: "m" }, {
      code: "x",
      message: "m",
    }]
  ) {
    assert.ok(!isCodedError(v));
  }
});

const rng = new Rng(91);

Deno.test("safeWord() never cuts a token mid-run, and keeps short words whole", () => {
  const token = SAMPLES.openai_api_key!(rng).secret;
  const shown = safeWord(`--${token}`);
  assert.ok(!shown.includes(token.slice(0, 12)), shown);
  assert.equal(safeWord("instal"), '"instal"');
  assert.equal(safeWord("a b\u001b"), '"a b?"');
  // A long phrase is cut at the start of the run the limit falls in (positive control).
  const phrase = "aaaa bbbb cccc dddd eeee ffff gggg hhhhhhhhhhhh";
  assert.equal(safeWord(phrase), JSON.stringify("aaaa bbbb cccc dddd eeee ffff gggg …"));
});
