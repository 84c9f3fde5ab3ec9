import assert from "node:assert/strict";
import {
  decodePublicKey,
  keyFingerprint,
  parsePublicKey,
  renderPublicKey,
} from "../../../core/trust/public_key.ts";
import { InputError } from "../../../core/errors.ts";

const RAW = Uint8Array.from({ length: 32 }, (_, i) => i * 7);

Deno.test("renderPublicKey() and decodePublicKey() round-trip 32 bytes", () => {
  const text = renderPublicKey(RAW);
  assert.match(text, /^ed25519:[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(decodePublicKey(text), RAW);
});

Deno.test("decodePublicKey() refuses other lengths, padding, other alphabets and non-canonical spellings", () => {
  const text = renderPublicKey(RAW);
  assert.equal(decodePublicKey(renderPublicKey(new Uint8Array(31))), null);
  assert.equal(decodePublicKey(`${text}=`), null);
  assert.equal(decodePublicKey(text.replace("ed25519:", "ed448:")), null);
  assert.equal(decodePublicKey(`${text.slice(0, -1)}+`), null);
  // The last character carries 2 unused bits; setting them is a second spelling.
  const last = text.at(-1)!;
  const bumped = String.fromCharCode(last.charCodeAt(0) + 1);
  assert.equal(decodePublicKey(text.slice(0, -1) + bumped), null);
});

Deno.test("parsePublicKey() takes the key from a file with comments, and refuses zero or two keys", () => {
  const text = renderPublicKey(RAW);
  assert.equal(parsePublicKey(`# alice\n\n${text} alice@laptop\r\n`), text);
  for (
    const bad of [
      "",
      "# only a comment\n",
      `${text}\n${text}\n`,
      "ed25519:short",
      "ssh-ed25519 AAAA",
    ]
  ) {
    assert.throws(
      () => parsePublicKey(bad),
      (e: unknown) => e instanceof InputError && e.code === "public_key_invalid",
    );
  }
});

Deno.test("parsePublicKey() errors never echo the text they were given", () => {
  const secret = "ed25519:SECRET_SECRET_SECRET";
  assert.throws(
    () => parsePublicKey(secret),
    (e: unknown) => !(e as Error).message.includes("SECRET"),
  );
});

Deno.test("keyFingerprint() is the sha256 of the raw key, and differs between keys", async () => {
  const a = await keyFingerprint(RAW);
  assert.match(a, /^sha256:[0-9a-f]{64}$/);
  assert.notEqual(a, await keyFingerprint(new Uint8Array(32)));
});
