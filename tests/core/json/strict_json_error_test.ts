// Tests for core/json/strict_json_error.ts.

import assert from "node:assert/strict";
import { STRICT_JSON_ERROR_KINDS, StrictJsonError } from "../../../core/json/strict_json_error.ts";
import { EXIT, isCodedError } from "../../../core/errors.ts";

Deno.test("StrictJsonError is a SyntaxError with a stable code and exit status", () => {
  const e = new StrictJsonError({ kind: "comment", offset: 4, line: 2, column: 1 });
  assert.ok(e instanceof SyntaxError);
  assert.ok(isCodedError(e));
  assert.equal(e.name, "StrictJsonError");
  assert.equal(e.code, "invalid_json");
  assert.equal(e.exitCode, EXIT.usage.code);
  assert.equal(
    e.message,
    "Cannot parse JSON: comments are not allowed at byte 4 (line 2, column 1)",
  );
  assert.deepEqual(e.data, { kind: "comment", offset: 4, line: 2, column: 1 });
  assert.equal(e.limit, undefined);
});

Deno.test("StrictJsonError names the exceeded limit for bound kinds", () => {
  const e = new StrictJsonError({ kind: "too_deep", offset: 64, line: 1, column: 65, limit: 64 });
  assert.equal(
    e.message,
    "Cannot parse JSON: nesting is too deep (limit 64) at byte 64 (line 1, column 65)",
  );
  assert.deepEqual(e.toJSON(), {
    error: {
      code: "invalid_json",
      message: e.message,
      data: { kind: "too_deep", offset: 64, line: 1, column: 65, limit: 64 },
    },
  });
});

Deno.test("StrictJsonError messages follow the house message rules for every kind", () => {
  for (const kind of STRICT_JSON_ERROR_KINDS) {
    const { message } = new StrictJsonError({ kind, offset: 0, line: 1, column: 1 });
    assert.match(message, /^Cannot parse JSON: [a-zA-Z0-9 -]+ at byte 0 \(line 1, column 1\)$/);
    assert.doesNotMatch(message, /n't|\.$/);
  }
  assert.equal(new Set(STRICT_JSON_ERROR_KINDS).size, STRICT_JSON_ERROR_KINDS.length);
});
