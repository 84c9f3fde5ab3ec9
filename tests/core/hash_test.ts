// Tests for core/hash.ts: known vectors for SHA-256, git blob ids and the
// digest id format.

import assert from "node:assert/strict";
import {
  gitBlobSha1Hex,
  isWellFormedDigest,
  SHA256_PREFIX,
  sha256Hex,
  sha256Id,
} from "../../core/hash.ts";

const utf8 = new TextEncoder();

Deno.test("sha256Hex() matches the FIPS 180-2 test vectors", async () => {
  assert.equal(
    await sha256Hex(""),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  assert.equal(
    await sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.equal(
    await sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
});

Deno.test("sha256Hex() hashes strings as UTF-8 and agrees with bytes", async () => {
  const text = "caf\u00e9 \ud83d\ude00";
  assert.equal(await sha256Hex(text), await sha256Hex(utf8.encode(text)));
  assert.notEqual(await sha256Hex("caf\u00e9"), await sha256Hex("cafe\u0301"));
});

Deno.test("sha256Hex() hashes only the bytes a view covers", async () => {
  const backing = utf8.encode("xxabcxx");
  assert.equal(await sha256Hex(backing.subarray(2, 5)), await sha256Hex("abc"));
});

Deno.test("sha256Hex() accepts views over a SharedArrayBuffer", async () => {
  const shared = new Uint8Array(new SharedArrayBuffer(3));
  shared.set(utf8.encode("abc"));
  assert.equal(await sha256Hex(shared), await sha256Hex("abc"));
});

Deno.test("sha256Id() prefixes the hex digest with sha256:", async () => {
  const id = await sha256Id("abc");
  assert.equal(
    id,
    `${SHA256_PREFIX}ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad`,
  );
  assert.ok(isWellFormedDigest(id));
});

Deno.test("gitBlobSha1Hex() matches git hash-object", async () => {
  // `printf '' | git hash-object --stdin` and `echo 'hello world' | git hash-object --stdin`
  assert.equal(await gitBlobSha1Hex(new Uint8Array()), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
  assert.equal(
    await gitBlobSha1Hex(utf8.encode("hello world\n")),
    "3b18e512dba79e4c8300dd08aeb37f8e728b8dad",
  );
  assert.equal(
    await gitBlobSha1Hex(utf8.encode("what is up, doc?")),
    "bd9dbf5aae1a3862dd1526723246b20206e5fc37",
  );
});

Deno.test("isWellFormedDigest() accepts only sha256: with 64 lowercase hex characters", () => {
  const hex = "0123456789abcdef".repeat(4);
  assert.equal(isWellFormedDigest(`sha256:${hex}`), true);
  for (
    const bad of [
      hex,
      `sha256:${hex.toUpperCase()}`,
      `SHA256:${hex}`,
      `sha256:${hex.slice(1)}`,
      `sha256:${hex}0`,
      `sha256:${hex.slice(1)}g`,
      `sha256: ${hex}`,
      `sha256:${hex}\n`,
      `sha1:${hex.slice(0, 40)}`,
      `sha512:${hex}${hex}`,
      "",
    ]
  ) {
    assert.equal(isWellFormedDigest(bad), false, JSON.stringify(bad));
  }
});
