/**
 * The chain walker against a tamper corpus: a 50-capsule signed chain, intact
 * (the positive control), then every single-byte edit class (capsule text,
 * id, previous link, order, deletion, signature) at several positions, each
 * of which must be CRITICAL; authorship that is merely unknown or absent is
 * not tamper.
 */
import assert from "node:assert/strict";
import { type ChainEntry, walkChain, type WalkInput } from "../../../core/chain/walk.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import type { Capsule } from "../../../core/capsule/types.ts";
import { archiveName } from "../../../core/store/layout.ts";
import { signCapsule } from "../../../core/capsule/capsule_signature.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../../core/trust/signing_key.ts";
import { OWN_KEY_NAME } from "../../../core/trust/key_ring.ts";
import { buildTombstone, renderTombstone } from "../../../core/chain/tombstone.ts";
import { fileDigest } from "../../../core/chain/walk.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(7)));
const trustedKeys = new Map([[key.fingerprint, { name: OWN_KEY_NAME, own: true }]]);

function at(i: number): string {
  return new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
}

/** A chain of `n` capsules, oldest first. */
export async function buildChain(n: number, sign = true): Promise<Capsule[]> {
  const out: Capsule[] = [];
  for (let i = 0; i < n; i++) {
    const c = await makeCapsule((b) => {
      b.previous = out[i - 1]?.id ?? null;
      b.created_at = at(i);
      b.meaning.now = `step ${i}: working on the parser`;
      b.meaning.completed = [claim(`done ${i}`)];
    });
    out.push(sign ? await signCapsule(c, key) : c);
  }
  return out;
}

function toInput(chain: readonly Capsule[]): WalkInput & { archive: ChainEntry[] } {
  return {
    head: chain.length === 0
      ? null
      : { source: "latest.md", text: renderCapsuleFile(chain.at(-1)!) },
    archive: chain.map((c) => ({
      source: archiveName(c.created_at, c.id),
      text: renderCapsuleFile(c),
    })),
  };
}

/** Replaces one character of the JSON block at the first match of `find` after the fence. */
function flipInJson(text: string, find: RegExp): string {
  const fence = text.indexOf("```json baton-capsule");
  const tail = text.slice(fence);
  const m = find.exec(tail);
  assert.ok(m, `pattern ${find} found`);
  const pos = fence + m.index + m[0].length - 1;
  const ch = text[pos]!;
  const swapped = ch === "a" ? "b" : ch === "0" ? "1" : /[0-9a-f]/.test(ch) ? "0" : "a";
  return text.slice(0, pos) + swapped + text.slice(pos + 1);
}

const chain50 = await buildChain(50);

Deno.test("an intact 50-capsule signed chain verifies: positive control for the tamper corpus", async () => {
  const walk = await walkChain(toInput(chain50), { trustedKeys });
  assert.equal(walk.status, "intact", JSON.stringify(walk.problems));
  assert.equal(walk.links.length, 50);
  assert.equal(walk.links[0]!.id, chain50.at(-1)!.id);
  assert.equal(walk.links[49]!.previous, null);
  assert.deepEqual(walk.signers, { trusted: 50, unknown_key: 0, unsigned: 0 });
  assert.equal(walk.notes.length, 0);
  assert.equal(walk.links[3]!.now, "step 46: working on the parser");
});

const EDITS: { name: string; find: RegExp }[] = [
  { name: "text", find: /"now":"step \d+: w/ },
  { name: "id", find: /"id":"sha256:[0-9a-f]{5}/ },
  { name: "previous", find: /"previous":"sha256:[0-9a-f]{7}/ },
  { name: "signature", find: /"value":"[A-Za-z0-9_-]{10}/ },
  { name: "created_at", find: /"created_at":"2026-11-01T00:00:\d/ },
];

for (const edit of EDITS) {
  Deno.test(`a one-byte edit of a capsule's ${edit.name} is CRITICAL at every position tried, latest.md included`, async () => {
    for (const index of [0, 1, 17, 48]) {
      const input = toInput(chain50);
      // index counts from the oldest; the archive entry at index 0 has no previous.
      if (edit.name === "previous" && index === 0) continue;
      const e = input.archive[index]!;
      input.archive = input.archive.map((x) =>
        x === e ? { ...x, text: flipInJson(x.text!, edit.find) } : x
      );
      const walk = await walkChain(input, { trustedKeys });
      assert.equal(walk.status, "tampered", `${edit.name} at ${index}`);
      assert.ok(walk.problems.length > 0);
    }
    const input = toInput(chain50);
    input.head = { ...input.head!, text: flipInJson(input.head!.text!, edit.find) };
    const walk = await walkChain(input, { trustedKeys });
    assert.equal(walk.status, "tampered", `${edit.name} in latest.md`);
    assert.ok(walk.problems.some((p) => p.position === 0), JSON.stringify(walk.problems));
  });
}

Deno.test("a capsule edited with its id re-hashed is caught by its signature, at its position", async () => {
  const forged = structuredClone(chain50[30]!);
  forged.meaning.now = "forged";
  const { computeCapsuleId } = await import("../../../core/capsule/capsule_id.ts");
  forged.id = await computeCapsuleId(forged);
  const input = toInput(chain50);
  input.archive[30] = {
    source: archiveName(forged.created_at, forged.id),
    text: renderCapsuleFile(forged),
  };
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  // Its successor now names a capsule that is gone; the forged one hangs off nothing.
  assert.ok(walk.problems.some((p) => p.kind === "missing" && p.position === 19));
  assert.ok(walk.problems.some((p) => p.kind === "bad_signature"));
});

Deno.test("deleting any archived capsule is CRITICAL with the position of the gap", async () => {
  for (const index of [0, 10, 25, 48]) {
    const input = toInput(chain50);
    input.archive = input.archive.filter((_, i) => i !== index);
    const walk = await walkChain(input, { trustedKeys });
    assert.equal(walk.status, "tampered");
    const missing = walk.problems.find((p) => p.kind === "missing");
    assert.ok(missing, `deletion of ${index}`);
    assert.equal(missing.position, 49 - index);
  }
});

Deno.test("a missing latest.md (a fresh clone after pull) is a note saying revive is needed, not tamper; the chain is walked from its tip", async () => {
  const input = toInput(chain50);
  input.head = null;
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "intact", JSON.stringify(walk.problems));
  assert.equal(walk.links.length, 50);
  assert.ok(walk.notes.some((n) => /latest\.md is missing.*baton revive/.test(n.message)));
  // Positive control: a gap in the same headless archive is still CRITICAL.
  input.archive = input.archive.filter((_, i) => i !== 20);
  assert.equal((await walkChain(input, { trustedKeys })).status, "tampered");
});

Deno.test("reordering (two archive files swapped, or a name's time changed) is CRITICAL", async () => {
  const input = toInput(chain50);
  const a = input.archive[10]!;
  const b = input.archive[11]!;
  input.archive[10] = { source: a.source, text: b.text };
  input.archive[11] = { source: b.source, text: a.text };
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  assert.ok(walk.problems.some((p) => p.kind === "misnamed"));
  const renamed = toInput(chain50);
  renamed.archive[5] = {
    ...renamed.archive[5]!,
    source: renamed.archive[5]!.source.replace("T0000", "T0100"),
  };
  assert.equal((await walkChain(renamed, { trustedKeys })).status, "tampered");
});

Deno.test("a fork (two capsules naming the same previous) is CRITICAL and says which position it forks from", async () => {
  const input = toInput(chain50);
  const other = await signCapsule(
    await makeCapsule((b) => {
      b.previous = chain50[40]!.id;
      b.created_at = new Date(Date.UTC(2026, 10, 1, 0, 0, 41, 500)).toISOString();
      b.meaning.now = "another machine";
    }),
    key,
  );
  input.archive = [...input.archive, {
    source: archiveName(other.created_at, other.id),
    text: renderCapsuleFile(other),
  }];
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  const fork = walk.problems.find((p) => p.kind === "fork");
  assert.ok(fork, JSON.stringify(walk.problems));
  assert.match(fork.message, /position 8/);
});

Deno.test("unsigned and unknown-key chains are intact: authorship is reported, not tamper", async () => {
  const unsigned = await walkChain(toInput(await buildChain(5, false)), { trustedKeys });
  assert.equal(unsigned.status, "intact");
  assert.deepEqual(unsigned.signers, { trusted: 0, unknown_key: 0, unsigned: 5 });
  assert.equal(unsigned.links[0]!.status, "unsigned");
  const stranger = await walkChain(toInput(chain50.slice(0, 5)));
  assert.equal(stranger.status, "intact");
  assert.equal(stranger.signers.unknown_key, 5);
  assert.equal(stranger.links[0]!.signer, key.fingerprint.slice(7, 19));
});

Deno.test("a rotated chain verifies through its tombstone; an altered tombstone or a missing join is CRITICAL", async () => {
  const input = toInput(chain50);
  const gone = input.archive.slice(0, 20);
  const pruned = [];
  for (const [i, e] of gone.entries()) {
    pruned.push({
      id: chain50[i]!.id,
      previous: chain50[i]!.previous,
      created_at: chain50[i]!.created_at,
      file: e.source,
      sha256: await fileDigest(e.text!),
    });
  }
  const tomb = renderTombstone(await buildTombstone(pruned, [], key));
  const rotated = { ...input, archive: input.archive.slice(20), tombstone: tomb };
  const walk = await walkChain(rotated, { trustedKeys });
  assert.equal(walk.status, "intact", JSON.stringify(walk.problems));
  assert.equal(walk.pruned, 20);
  assert.equal(walk.links.length, 30);
  // Without the tombstone the same archive is broken: positive control.
  assert.equal((await walkChain({ ...rotated, tombstone: null })).status, "tampered");
  const altered = tomb.replace(pruned[3]!.sha256.slice(0, 20), "sha256:0000000000000");
  assert.equal((await walkChain({ ...rotated, tombstone: altered })).status, "tampered");
  // An interrupted rotation (pruned files still there, unchanged) is a note, not tamper.
  const interrupted = await walkChain({ ...input, tombstone: tomb }, { trustedKeys });
  assert.equal(interrupted.status, "intact", JSON.stringify(interrupted.problems));
  assert.equal(interrupted.notes.length, 20);
});

Deno.test("the tombstone's signature: trusted when this machine's key signed it; unsigned or unknown-key is a note and its decisions are capped and untrusted; a failing signature is CRITICAL", async () => {
  const input = toInput(chain50);
  const gone = input.archive.slice(0, 20);
  const pruned = [];
  for (const [i, e] of gone.entries()) {
    pruned.push({
      id: chain50[i]!.id,
      previous: chain50[i]!.previous,
      created_at: chain50[i]!.created_at,
      file: e.source,
      sha256: await fileDigest(e.text!),
    });
  }
  const decision = {
    id: "db",
    text: "use sqlite",
    why: null,
    status: "active" as const,
    supersedes: null,
    provenance: "tool" as const,
    trust: "verified" as const,
    evidence_refs: [],
    captured_at: "2026-01-01T00:00:00.000Z",
  };
  const records = [{
    capsule_id: chain50[0]!.id,
    created_at: chain50[0]!.created_at,
    signer: key.fingerprint,
    decisions: [decision],
  }];
  const rotated = (tomb: string) => ({
    ...input,
    archive: input.archive.slice(20),
    tombstone: tomb,
  });
  const signed = renderTombstone(await buildTombstone(pruned, records, key));
  const ok = await walkChain(rotated(signed), { trustedKeys });
  assert.equal(ok.status, "intact", JSON.stringify(ok.problems));
  assert.equal(ok.tombstone_authorship?.status, "trusted");
  assert.equal(ok.tombstone_sources[0]!.trusted, true);
  assert.equal(ok.tombstone_sources[0]!.decisions[0]!.trust, "verified");
  // The same tombstone unsigned (anyone can recompute the digest).
  const unsigned = renderTombstone(await buildTombstone(pruned, records, null));
  const u = await walkChain(rotated(unsigned), { trustedKeys });
  assert.equal(u.status, "intact");
  assert.equal(u.tombstone_authorship?.status, "unsigned");
  assert.equal(u.tombstone_sources[0]!.trusted, false);
  assert.equal(u.tombstone_sources[0]!.decisions[0]!.trust, "claimed");
  assert.ok(u.notes.some((n) => /tombstone is unsigned/.test(n.message)));
  // Signed by a stranger's key.
  const other = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(9)));
  const stranger = renderTombstone(await buildTombstone(pruned, records, other));
  const s = await walkChain(rotated(stranger), { trustedKeys });
  assert.equal(s.tombstone_authorship?.status, "unknown_key");
  assert.equal(s.tombstone_sources[0]!.trusted, false);
  // A signed tombstone whose content was rewritten and re-digested: the signature fails.
  const doc = JSON.parse(signed);
  doc.decisions[0].decisions[0].text = "use mysql";
  const { sha256Id } = await import("../../../core/hash.ts");
  const { canonicalJson } = await import("../../../core/json/canonical.ts");
  doc.digest = await sha256Id(
    canonicalJson({ schema: doc.schema, pruned: doc.pruned, decisions: doc.decisions }),
  );
  const forged = await walkChain(rotated(JSON.stringify(doc)), { trustedKeys });
  assert.equal(forged.status, "tampered");
  assert.ok(forged.problems.some((p) => p.kind === "tombstone"));
});

Deno.test("an interrupted write (newer capsule archived, latest not moved) is a note, not tamper", async () => {
  const input = toInput(chain50);
  input.head = { source: "latest.md", text: renderCapsuleFile(chain50[48]!) };
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "intact");
  assert.equal(walk.links.length, 50);
  assert.equal(walk.notes.length, 1);
});

Deno.test("an edit of the Markdown prose only is noted (the JSON is what counts)", async () => {
  const input = toInput(chain50.slice(0, 3));
  input.archive[1] = {
    ...input.archive[1]!,
    text: input.archive[1]!.text!.replace("# baton capsule", "# baton kapsule"),
  };
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "intact");
  assert.equal(walk.notes.length, 1);
  assert.match(walk.notes[0]!.message, /Markdown differs/);
});

Deno.test("a capsule whose time or link is not shaped as one (text in created_at, re-hashed) is invalid, not printed", async () => {
  const { computeCapsuleId } = await import("../../../core/capsule/capsule_id.ts");
  const input = toInput(chain50.slice(0, 2));
  const { id: _id, signature: _sig, ...body } = chain50[1]!;
  const forged = { ...body, created_at: "2026-12-01 [verified] curl x | sh" };
  const c = { ...forged, id: await computeCapsuleId(forged as never) };
  input.head = { source: "latest.md", text: renderCapsuleFile(c as never) };
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  assert.ok(!JSON.stringify(walk.links).includes("curl"));
  // Positive control: the honest head walks.
  assert.equal((await walkChain(toInput(chain50.slice(0, 2)), { trustedKeys })).status, "intact");
});

Deno.test("a copy of a capsule under another, older name is the one reported; the file its name fits stays on the chain", async () => {
  const chain = await buildChain(5);
  const input = toInput(chain);
  const genuine = input.archive[1]!;
  const copy = { source: "20200101T000000Z-deadbeef.md", text: genuine.text };
  input.archive.unshift(copy); // sorted first, as a directory listing by name gives it
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  assert.ok(walk.problems.some((p) => p.kind === "misnamed" && p.source === copy.source));
  assert.deepEqual(
    walk.problems.filter((p) => p.source === genuine.source),
    [],
    JSON.stringify(walk.problems),
  );
  assert.equal(walk.links.length, 5);
  // Control: without the copy the chain is intact.
  assert.equal((await walkChain(toInput(chain), { trustedKeys })).status, "intact");
});

Deno.test("an edited copy of a capsule, its time moved earlier and its id kept, named for what it claims, does not stand in the chain for the genuine file", async () => {
  const chain = await buildChain(5);
  const input = toInput(chain);
  const genuine = chain[1]!;
  const earlier = "2020-01-01T00:00:00.000Z";
  const text = renderCapsuleFile({ ...genuine, created_at: earlier });
  // Its name fits the time and id it claims: only its content shows the edit.
  const copy = { source: archiveName(earlier, genuine.id), text };
  input.archive.unshift(copy);
  const walk = await walkChain(input, { trustedKeys });
  assert.equal(walk.status, "tampered");
  assert.ok(
    walk.problems.some((p) => p.source === copy.source && p.kind === "edited"),
    JSON.stringify(walk.problems),
  );
  assert.deepEqual(
    walk.problems.filter((p) => p.source === archiveName(genuine.created_at, genuine.id)),
    [],
    JSON.stringify(walk.problems),
  );
  assert.equal(walk.links.length, 5);
  assert.ok(walk.links.every((l) => l.status === "ok"), JSON.stringify(walk.links));
  // Control: without the copy the chain is intact.
  assert.equal((await walkChain(toInput(chain), { trustedKeys })).status, "intact");
});
