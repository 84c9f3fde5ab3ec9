import assert from "node:assert/strict";
import { createSigningKeyFile, parseSigningKeyFile } from "../../../core/trust/signing_key.ts";
import { InputError } from "../../../core/errors.ts";
import { decodePublicKey } from "../../../core/trust/public_key.ts";

const SEED = new Uint8Array(32).fill(3);

Deno.test("createSigningKeyFile() writes a JWK whose key signs what its public half verifies", async () => {
  const text = await createSigningKeyFile(SEED);
  const jwk = JSON.parse(text);
  assert.deepEqual([jwk.kty, jwk.crv], ["OKP", "Ed25519"]);
  const key = await parseSigningKeyFile(text);
  assert.equal(jwk.kid, key.fingerprint);
  const message = new TextEncoder().encode("hello");
  const sig = await key.sign(message);
  const pub = await crypto.subtle.importKey(
    "raw",
    decodePublicKey(key.publicKey)!,
    { name: "Ed25519" },
    false,
    ["verify"],
  );
  assert.equal(await crypto.subtle.verify({ name: "Ed25519" }, pub, sig, message), true);
  // Positive control: another message does not verify.
  assert.equal(
    await crypto.subtle.verify({ name: "Ed25519" }, pub, sig, new TextEncoder().encode("hellp")),
    false,
  );
});

Deno.test("createSigningKeyFile() is deterministic in its seed and keys from different seeds differ", async () => {
  assert.equal(await createSigningKeyFile(SEED), await createSigningKeyFile(SEED));
  const a = await parseSigningKeyFile(await createSigningKeyFile(SEED));
  const b = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(4)));
  assert.notEqual(a.fingerprint, b.fingerprint);
  await assert.rejects(() => createSigningKeyFile(new Uint8Array(31)), RangeError);
});

Deno.test("parseSigningKeyFile() refuses a file whose halves disagree, or that is not a key", async () => {
  const good = JSON.parse(await createSigningKeyFile(SEED));
  const other = JSON.parse(await createSigningKeyFile(new Uint8Array(32).fill(5)));
  const cases = [
    "not json",
    "[]",
    JSON.stringify({ ...good, x: other.x }),
    JSON.stringify({ ...good, crv: "X25519" }),
    JSON.stringify({ ...good, d: good.d.slice(0, -2) }),
    JSON.stringify({ kty: "OKP", crv: "Ed25519", x: good.x }),
  ];
  for (const text of cases) {
    await assert.rejects(
      () => parseSigningKeyFile(text),
      (e: unknown) => e instanceof InputError && e.code === "signing_key_invalid",
      text.slice(0, 20),
    );
  }
  // Positive control: the intact file reads.
  assert.ok(await parseSigningKeyFile(JSON.stringify(good)));
});
