import assert from "node:assert/strict";
import { checkForceReason, type GateResult, judgeGates } from "../../../core/done/gate_report.ts";
import { InputError, UsageError } from "../../../core/errors.ts";

const gate = (
  g: GateResult["gate"],
  status: GateResult["status"],
  required = true,
): GateResult => ({
  gate: g,
  status,
  required,
  detail: "",
  duration_ms: 0,
  warning: status === "not_applicable" ? "nothing to run" : null,
});

Deno.test("the verdict passes only when every required gate passes or has nothing to check", () => {
  assert.equal(
    judgeGates([gate("tests", "pass"), gate("rules", "not_applicable")], false).result,
    "pass",
  );
  assert.equal(judgeGates([gate("tests", "fail"), gate("rules", "pass")], false).result, "fail");
  assert.equal(
    judgeGates([gate("tests", "fail", false), gate("rules", "pass")], false).result,
    "pass",
  );
  const forced = judgeGates([gate("tests", "fail"), gate("placeholders", "fail")], true);
  assert.deepEqual(forced, {
    result: "forced",
    failed_required: ["tests", "placeholders"],
    warnings: 0,
  });
  assert.equal(judgeGates([gate("tests", "not_applicable")], false).warnings, 1);
});

Deno.test("a force reason must be one non-blank line; --reason needs --force", () => {
  assert.equal(checkForceReason(false, undefined), null);
  assert.equal(checkForceReason(true, "  flaky test, see #12 "), "flaky test, see #12");
  assert.throws(() => checkForceReason(true, undefined), UsageError);
  assert.throws(() => checkForceReason(false, "why"), UsageError);
  for (
    const bad of ["a\nb", "a\rb", "a\u2028b", "a\u0085b", "   ", "", "a\u0007b", "x".repeat(501)]
  ) {
    assert.throws(() => checkForceReason(true, bad), InputError, JSON.stringify(bad.slice(0, 10)));
  }
});
