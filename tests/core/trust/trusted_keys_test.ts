import assert from "node:assert/strict";
import {
  addTrustedKey,
  checkKeyName,
  parseTrustedKeysFile,
  removeTrustedKey,
  renderTrustedKeysFile,
} from "../../../core/trust/trusted_keys.ts";
import { keyFingerprint, renderPublicKey } from "../../../core/trust/public_key.ts";
import { InputError, NotFoundError } from "../../../core/errors.ts";

const A = renderPublicKey(new Uint8Array(32).fill(1));
const B = renderPublicKey(new Uint8Array(32).fill(2));

Deno.test("addTrustedKey() and removeTrustedKey() keep names and keys unique", async () => {
  let keys = await addTrustedKey([], { name: "alice", publicKey: A, addedAt: "t" });
  keys = await addTrustedKey(keys, { name: "bob", publicKey: B, addedAt: "t" });
  assert.equal(keys[0]!.fingerprint, await keyFingerprint(new Uint8Array(32).fill(1)));
  const code = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      return (e as InputError).code;
    }
    return "no error";
  };
  assert.equal(
    await code(() => addTrustedKey(keys, { name: "carol", publicKey: A, addedAt: "t" })),
    "key_already_trusted",
  );
  assert.equal(
    await code(() =>
      addTrustedKey(keys, {
        name: "alice",
        publicKey: renderPublicKey(new Uint8Array(32).fill(3)),
        addedAt: "t",
      })
    ),
    "key_name_taken",
  );
  const own = await keyFingerprint(new Uint8Array(32).fill(3));
  assert.equal(
    await code(() =>
      addTrustedKey([], {
        name: "me",
        publicKey: renderPublicKey(new Uint8Array(32).fill(3)),
        addedAt: "t",
        ownFingerprint: own,
      })
    ),
    "key_is_own",
  );
  assert.deepEqual(removeTrustedKey(keys, "alice").map((k) => k.name), ["bob"]);
  assert.throws(() => removeTrustedKey(keys, "zed"), NotFoundError);
});

Deno.test("checkKeyName() refuses names that could confuse a listing or a shell", () => {
  for (const bad of ["", "this machine", "-rf", "a/b", "x".repeat(65), "é", "a\nb"]) {
    assert.throws(() => checkKeyName(bad), InputError, JSON.stringify(bad));
  }
  for (const good of ["alice", "bob@laptop", "ci.build-1", "A_9"]) {
    assert.equal(checkKeyName(good), good);
  }
});

Deno.test("parseTrustedKeysFile() round-trips, and refuses a damaged file rather than half-trusting it", async () => {
  const keys = await addTrustedKey([], { name: "alice", publicKey: A, addedAt: "t" });
  const text = renderTrustedKeysFile(keys);
  assert.deepEqual(await parseTrustedKeysFile(text), keys);
  const doc = JSON.parse(text);
  const damaged = [
    "{",
    JSON.stringify({ ...doc, schema: "other" }),
    JSON.stringify({ ...doc, keys: [{ ...doc.keys[0], fingerprint: `sha256:${"0".repeat(64)}` }] }),
    JSON.stringify({ ...doc, keys: [{ ...doc.keys[0], public_key: "ed25519:x" }] }),
    JSON.stringify({ ...doc, keys: [doc.keys[0], doc.keys[0]] }),
    JSON.stringify({ ...doc, keys: [{ ...doc.keys[0], name: "has space" }] }),
  ];
  for (const t of damaged) {
    await assert.rejects(
      () => parseTrustedKeysFile(t),
      (e: unknown) => e instanceof InputError && e.code === "trusted_keys_invalid",
      t.slice(0, 30),
    );
  }
});
