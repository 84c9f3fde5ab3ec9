// Tests for core/json/canonical_json_error.ts.

import assert from "node:assert/strict";
import { CanonicalJsonError } from "../../../core/json/canonical_json_error.ts";
import { isCodedError } from "../../../core/errors.ts";

Deno.test("CanonicalJsonError carries a stable code, exit status and content-free data", () => {
  const e = new CanonicalJsonError("non_finite_number", 3);
  assert.ok(e instanceof TypeError);
  assert.ok(isCodedError(e));
  assert.equal(e.name, "CanonicalJsonError");
  assert.equal(e.message, "Cannot write canonical JSON: number is not finite (depth 3)");
  assert.deepEqual(e.data, { kind: "non_finite_number", depth: 3 });
  assert.deepEqual(e.toJSON(), {
    error: {
      code: "invalid_json_value",
      message: "Cannot write canonical JSON: number is not finite (depth 3)",
      data: { kind: "non_finite_number", depth: 3 },
    },
  });
});
