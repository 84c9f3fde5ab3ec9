import assert from "node:assert/strict";
import { authorshipLine, describeAuthorship } from "../../../core/trust/authorship_line.ts";
import { OWN_KEY_NAME } from "../../../core/trust/key_ring.ts";
import type { Authorship } from "../../../core/trust/authorship_line.ts";

const FP = "sha256:" + "ab".repeat(32);
const a = (status: Authorship["status"], key_name: string | null = null): Authorship => ({
  status,
  fingerprint: status === "unsigned" ? null : FP,
  key_name,
  detail: "d",
});

Deno.test("authorshipLine() is silent for this machine's own key and names a teammate's", () => {
  assert.equal(authorshipLine(a("trusted", OWN_KEY_NAME)), null);
  assert.equal(authorshipLine(a("trusted", "alice")), 'Signed by the key trusted as "alice".');
});

Deno.test("authorshipLine() says nothing is verified for an unknown key, a bad signature, no signature", () => {
  const unknown = authorshipLine(a("unknown_key"))!;
  assert.match(
    unknown,
    /unknown key \(abababababababab\), neither this machine's key now nor one it trusts: nothing in it is verified/,
  );
  // A key unknown here may be this machine's own earlier one: where is not said.
  assert.doesNotMatch(unknown, /elsewhere/i);
  assert.match(authorshipLine(a("bad_signature"))!, /does not verify/);
  assert.match(authorshipLine(a("unsigned"))!, /^Unsigned/);
  assert.equal(authorshipLine(undefined), authorshipLine(a("unsigned")));
});

Deno.test("describeAuthorship() adds the key and, unless trusted, the cap", () => {
  assert.equal(describeAuthorship(a("trusted", "alice")), `trusted: d (key ${FP})`);
  assert.equal(
    describeAuthorship(a("unsigned")),
    "unsigned: d; verified and observed are capped to claimed",
  );
});

Deno.test("authorshipLine() with a keys problem never says where an untrusted capsule was written", () => {
  const fp = "sha256:" + "ab".repeat(32);
  const unknown = authorshipLine(
    { status: "unknown_key", fingerprint: fp, key_name: null, detail: "" },
    "no home",
  )!;
  assert.doesNotMatch(unknown, /elsewhere/);
  assert.match(unknown, /\(abababababababab\): nothing in it is verified\. .*\(no home\)/);
  const unsigned = authorshipLine(undefined, "no home")!;
  assert.doesNotMatch(unsigned, /elsewhere/);
  assert.equal(
    authorshipLine(
      { status: "trusted", fingerprint: fp, key_name: "this machine", detail: "" },
      "x",
    ),
    null,
    "a trusted capsule needs no line",
  );
});
