import assert from "node:assert/strict";
import { renderDoctorText } from "../../../core/doctor/render_doctor.ts";

const checks = [
  { name: "store", outcome: "ok" as const, reason: "writable" },
  { name: "hosts", outcome: "info" as const, reason: "No host has baton installed" },
  {
    name: "host:codex",
    outcome: "warn" as const,
    reason: "Codex CLI (project): 2 problem(s); run baton install codex",
    detail: "a differs; b differs",
  },
];

Deno.test("renderDoctorText(): one line per check, details only with --verbose, cut only on a terminal", () => {
  const plain = renderDoctorText(checks, "degraded", { verbose: false, color: false, width: null });
  assert.equal(plain.split("\n").length, 5);
  assert.match(plain, /^info {2}hosts: No host has baton installed$/m);
  assert.match(plain, /baton is degraded here \(details: baton doctor --verbose\)\n$/);
  const verbose = renderDoctorText(checks, "degraded", { verbose: true, color: false, width: 40 });
  assert.match(verbose, /\n {8}a differs\n {8}b differs\n/);
  const narrow = renderDoctorText(checks, "degraded", { verbose: false, color: false, width: 40 });
  assert.match(narrow, /^warn {2}host:codex: Codex CLI \(project\): …$/m);
  assert.ok(!narrow.includes("\u001b"), "no colour unless asked");
  const coloured = renderDoctorText(checks, "degraded", { verbose: false, color: true, width: 80 });
  assert.ok(coloured.includes("\u001b[33mwarn\u001b[0m"));
});

Deno.test("renderDoctorText(): a reason or detail holding terminal control or a line break stays one visible line", () => {
  const hostile = [{
    name: "launcher",
    outcome: "warn" as const,
    reason: "x\u001b[2J\nok    store: fine\u202e",
    detail: "a\u0085ok    chain: fine; b\r\nc",
  }];
  const text = renderDoctorText(hostile, "degraded", { verbose: true, color: false, width: null });
  assert.equal(text.split("\n").length, 5, text);
  // deno-lint-ignore no-control-regex
  assert.ok(!/\u001b|\u202e|\u0085|\r/.test(text), text);
  assert.match(text, /^warn {2}launcher: x\u241b\[2J ⏎ ok {4}store: fine‹U\+202E›$/m);
  assert.match(text, /^ {8}a ⏎ ok {4}chain: fine$/m);
  // Control: plain words are printed as they are.
  assert.match(
    renderDoctorText(checks, "supported", { verbose: true, color: false, width: null }),
    /a differs/,
  );
});
