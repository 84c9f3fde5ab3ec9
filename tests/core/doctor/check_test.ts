import assert from "node:assert/strict";
import { type DoctorCheck, doctorStatus } from "../../../core/doctor/check.ts";

const c = (outcome: DoctorCheck["outcome"]): DoctorCheck => ({ name: "x", outcome, reason: "r" });

Deno.test("doctorStatus(): any fail is unsupported, else any warn is degraded, else supported", () => {
  assert.equal(doctorStatus([]), "supported");
  assert.equal(doctorStatus([c("ok"), c("ok")]), "supported");
  assert.equal(doctorStatus([c("ok"), c("warn")]), "degraded");
  assert.equal(doctorStatus([c("warn"), c("fail"), c("ok")]), "unsupported");
});
