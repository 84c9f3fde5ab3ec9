import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeBase64Url, encodeBase64Url } from "../../../core/trust/base64url.ts";

Deno.test("decodeBase64Url() inverts encodeBase64Url() for any bytes (property)", () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
    const text = encodeBase64Url(bytes);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.deepEqual(decodeBase64Url(text), bytes);
  }));
});

Deno.test("decodeBase64Url() refuses padding, the standard alphabet, impossible lengths and a second spelling", () => {
  assert.deepEqual(decodeBase64Url("AQID"), new Uint8Array([1, 2, 3]), "control");
  for (const bad of ["AQ==", "+/+/", "A", "AQIDB", "AR"]) {
    assert.equal(decodeBase64Url(bad), null, bad);
  }
  assert.deepEqual(decodeBase64Url("AQ"), new Uint8Array([1]));
});

Deno.test("encodeBase64Url() spells bytes as btoa does, in the url alphabet without padding (property)", () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
    const bin = String.fromCharCode(...bytes);
    const reference = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    assert.equal(encodeBase64Url(bytes), reference);
  }));
});
