import assert from "node:assert/strict";
import {
  findForks,
  pushOutcome,
  remoteShareRef,
  shareRef,
} from "../../../core/share/share_plan.ts";

Deno.test("shareRef: ordinary branch names map to refs/baton/, unsafe ones are refused", () => {
  assert.equal(shareRef("main"), "refs/baton/main");
  assert.equal(shareRef("feat/a-b_c.1"), "refs/baton/feat/a-b_c.1");
  assert.equal(shareRef("a.locked/b"), "refs/baton/a.locked/b");
  for (
    const bad of [
      "",
      "a..b",
      "/a",
      "a/",
      "a.lock",
      "a.lock/b",
      "x/a.lock/b",
      ".hidden",
      "a/.b",
      "a b",
      "a:b",
      "a\u0000",
      "a~1",
      "x//y",
    ]
  ) {
    assert.equal(shareRef(bad), null, bad);
  }
  assert.equal(remoteShareRef("origin", "main"), "refs/baton-remotes/origin/main");
  assert.equal(remoteShareRef("../x", "main"), null);
});

Deno.test("findForks: a linear chain has none; two children of one capsule are one fork", () => {
  assert.deepEqual(findForks([{ id: "a", previous: null }, { id: "b", previous: "a" }]), []);
  assert.deepEqual(
    findForks([
      { id: "a", previous: null },
      { id: "c", previous: "a" },
      { id: "b", previous: "a" },
    ]),
    [{ previous: "a", children: ["b", "c"] }],
  );
});

Deno.test("pushOutcome reads git's porcelain lines for the shared ref only", () => {
  const ref = "refs/baton/main";
  assert.equal(pushOutcome(`To r\n \t${ref}:${ref}\t1234..5678\nDone\n`, ref), "pushed");
  assert.equal(pushOutcome(`To r\n*\t${ref}:${ref}\t[new reference]\nDone\n`, ref), "pushed");
  assert.equal(pushOutcome(`To r\n=\t${ref}:${ref}\t[up to date]\nDone\n`, ref), "up_to_date");
  assert.equal(
    pushOutcome(`To r\n!\t${ref}:${ref}\t[rejected] (non-fast-forward)\nDone\n`, ref),
    "rejected",
  );
  assert.equal(
    pushOutcome(`To r\n!\t${ref}:${ref}\t[remote rejected] (hook declined)\n`, ref),
    "failed",
  );
  assert.equal(pushOutcome(`To r\n \trefs/baton/other:refs/baton/other\t1..2\n`, ref), "failed");
  assert.equal(pushOutcome("", ref), "failed");
});
