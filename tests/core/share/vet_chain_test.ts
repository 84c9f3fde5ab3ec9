import assert from "node:assert/strict";
import {
  type ChainListing,
  type ListedEntry,
  listingBound,
  overLimit,
  refusedText,
  refusedTotal,
  vetListing,
} from "../../../core/share/vet_chain.ts";

const A = "20260101T000000.000Z-0000000a.md";
const B = "20260101T000001.000Z-0000000b.md";
const C = "20260101T000002.000Z-0000000c.md";

function blob(name: string, oid: string, size = 100, mode = "100644"): ListedEntry {
  return { mode, type: "blob", oid, size, name };
}

const FOLDER: ListedEntry = {
  mode: "040000",
  type: "tree",
  oid: "t",
  size: null,
  name: "capsules",
};

function listed(capsules: ListedEntry[], root: ListedEntry[] = [FOLDER]): ChainListing {
  return { kind: "listed", root, capsules };
}

Deno.test("vetListing(): new capsule-named regular files within the bound are candidates; the local chain's own are shared", () => {
  const v = vetListing(listed([blob(A, "1"), blob(B, "2")]), new Map([[A, "1"]]), 1000);
  assert.deepEqual(v.candidates, [{ name: B, oid: "2", size: 100 }]);
  assert.equal(v.shared, 1);
  assert.deepEqual(v.refused, {});
});

Deno.test("vetListing(): every odd shape is refused by kind, none read", () => {
  const v = vetListing(
    listed(
      [
        blob(A, "1"),
        blob(A, "2"),
        blob("notes.txt", "3"),
        blob("x\u001b]0;t\u0007.md", "3"),
        blob(B, "4", 100, "120000"),
        blob(C, "5", 100, "100755"),
        {
          mode: "040000",
          type: "tree",
          oid: "6",
          size: null,
          name: "20260101T000003Z-0000000d.md",
        },
        {
          mode: "160000",
          type: "commit",
          oid: "7",
          size: null,
          name: "20260101T000004Z-0000000e.md",
        },
        blob("20260101T000005Z-0000000f.md", "8", 1001),
        blob("20260101T000006Z-00000010.md", "9"),
      ],
      [FOLDER, FOLDER, blob("evil.sh", "3")],
    ),
    new Map([["20260101T000006Z-00000010.md", "other"]]),
    1000,
  );
  assert.deepEqual(v.candidates, []);
  assert.deepEqual(v.refused, {
    outside: 2,
    duplicate: 2,
    bad_name: 2,
    not_a_file: 4,
    too_large: 1,
    conflict: 1,
  });
  assert.equal(refusedTotal(v.refused), 12);
  assert.equal(
    refusedText(v.refused),
    "1 over the capsule size bound, 2 not capsule names, 4 not regular files, 2 duplicate names, 2 outside capsules/, 1 other content under a name this clone holds (its own kept)",
  );
});

Deno.test("vetListing(): a ref naming no commit is one refusal, a listing too long none (the caller's limit)", () => {
  assert.deepEqual(vetListing({ kind: "not_commit" }, new Map(), 10).refused, { not_a_chain: 1 });
  assert.deepEqual(vetListing({ kind: "too_many", listed: 5 }, new Map(), 10).refused, {});
});

Deno.test("overLimit(): the count and the summed bytes are both bounds; the listing bound leaves room above the local chain", () => {
  const c = [{ name: A, oid: "1", size: 10 }, { name: B, oid: "2", size: 10 }];
  assert.equal(overLimit(c, { maxCapsules: 2, maxBytes: 20 }), null);
  assert.equal(overLimit(c, { maxCapsules: 1, maxBytes: 20 })?.capsules, 2);
  assert.equal(overLimit(c, { maxCapsules: 2, maxBytes: 19 })?.bytes, 20);
  assert.equal(listingBound(100, { maxCapsules: 5, maxBytes: 1 }), 1129);
});
