/**
 * The decision view over long chains: stable ids, supersession, withdrawal,
 * restatement, and the briefing's decisions section built from it.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../core/safety/command/classify.ts";
import { type DecisionSource, foldDecisions } from "../../../core/chain/decisions.ts";
import type { Decision } from "../../../core/capsule/types.ts";
import { normalizeDraft } from "../../../core/capsule/normalize_draft.ts";
import { renderBriefing } from "../../../core/briefing/render_briefing.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

function d(id: string, text: string, extra: Partial<Decision> = {}): Decision {
  return { ...claim(text), id, why: null, status: "active", supersedes: null, ...extra };
}

function at(i: number): string {
  return new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
}

function src(i: number, decisions: Decision[]): DecisionSource {
  return {
    capsule_id: `sha256:${i.toString(16).padStart(64, "0")}`,
    created_at: at(i),
    trusted: true,
    decisions,
  };
}

Deno.test("200 capsules: every 10th supersedes the last, every 7th withdraws one, carried decisions keep their first capsule", () => {
  const chain: DecisionSource[] = [];
  const expectActive = new Map<string, number>(); // id -> capsule index that made it
  const superseded = new Map<string, string>();
  const withdrawn = new Set<string>();
  let version = 0;
  for (let i = 0; i < 200; i++) {
    const ds: Decision[] = [d("style", "tabs")]; // carried in every capsule
    if (i === 0) expectActive.set("style", 0);
    if (i % 10 === 0) {
      const id = `db-${version}`;
      ds.push(
        d(id, `storage v${version}`, { supersedes: version === 0 ? null : `db-${version - 1}` }),
      );
      if (version > 0) {
        expectActive.delete(`db-${version - 1}`);
        superseded.set(`db-${version - 1}`, id);
      }
      expectActive.set(id, i);
      version++;
    }
    ds.push(d(`n-${i}`, `note ${i}`));
    expectActive.set(`n-${i}`, i);
    if (i % 7 === 6) {
      ds.push(d(`n-${i - 3}`, "dropped", { status: "withdrawn", why: "not needed" }));
      expectActive.delete(`n-${i - 3}`);
      withdrawn.add(`n-${i - 3}`);
    }
    chain.push(src(i, ds));
  }
  const view = foldDecisions(chain);
  const active = view.filter((v) => v.status === "active");
  assert.deepEqual(new Set(active.map((v) => v.id)), new Set(expectActive.keys()));
  for (const v of active) assert.equal(v.made.created_at, at(expectActive.get(v.id)!), v.id);
  const style = view.find((v) => v.id === "style")!;
  assert.equal(style.last_stated.created_at, at(199));
  for (const [old, by] of superseded) {
    const v = view.find((x) => x.id === old)!;
    assert.equal(v.status, "superseded");
    assert.equal(v.superseded_by!.id, by);
  }
  for (const id of withdrawn) {
    const v = view.find((x) => x.id === id)!;
    assert.equal(v.status, "withdrawn");
    assert.equal(v.withdrawn!.reason, "not needed");
  }
  assert.equal(view.length, expectActive.size + superseded.size + withdrawn.size);
  // Active first, newest first.
  assert.equal(view[0]!.status, "active");
  assert.equal(view[0]!.made.created_at, at(199));
});

Deno.test("a superseded or withdrawn decision stays so when an old copy is restated", () => {
  const view = foldDecisions([
    src(1, [d("a", "use x")]),
    src(2, [d("b", "use y", { supersedes: "a" }), d("c", "log all")]),
    src(3, [d("c", "log all", { status: "withdrawn" })]),
    src(4, [d("a", "use x"), d("c", "log all")]),
  ]);
  assert.deepEqual(view.map((v) => [v.id, v.status]), [
    ["b", "active"],
    ["c", "withdrawn"],
    ["a", "superseded"],
  ]);
});

Deno.test("an id-less decision restated in a later capsule is the same decision (ids derived from text and capsule)", () => {
  const first = normalizeDraft({ decisions: ["Use SQLite"] }, at(1)).meaning.decisions;
  const later = normalizeDraft({ decisions: ["Use SQLite"] }, at(2)).meaning.decisions;
  assert.notEqual(first[0]!.id, later[0]!.id, "the capsule is part of a derived id");
  const view = foldDecisions([src(1, first), src(2, later)]);
  assert.equal(view.length, 1);
  assert.equal(view[0]!.id, first[0]!.id);
  assert.equal(view[0]!.made.created_at, at(1));
  // A model-chosen id with the same text stays its own decision (positive control).
  const named = foldDecisions([src(1, first), src(2, [d("mine", "Use SQLite")])]);
  assert.equal(named.length, 2);
});

Deno.test("the briefing's decisions come from the chain view when given, hiding superseded ones", async () => {
  const capsule = await makeCapsule((b) =>
    void (b.meaning.decisions = [d("b", "use y", { supersedes: "a" })])
  );
  const views = foldDecisions([
    src(1, [d("a", "use x"), d("keep", "keep this")]),
    src(2, [d("b", "use y", { supersedes: "a" })]),
  ]);
  const NO_PUB = { status: "unknown" as const, refs: [], reason: "x" };
  const r = renderBriefing({
    classify: classifyCommand,
    capsule,
    capped: [],
    drift: [],
    published: NO_PUB,
    age: "x",
    decisions: { views, capsules: 2, complete: false },
  });
  assert.match(r.text, /keep: keep this \(decided 2026-11-01 in capsule 000000000000\)/);
  assert.match(r.text, /b: use y/);
  assert.doesNotMatch(r.text, /use x/);
  assert.equal(r.withheld.superseded, 1);
  assert.match(r.text, /from the 2 most recent capsules/);
  // Without the view only the latest capsule's own decisions show (positive control).
  const own = renderBriefing({
    classify: classifyCommand,
    capsule,
    capped: [],
    drift: [],
    published: NO_PUB,
    age: "x",
  });
  assert.doesNotMatch(own.text, /keep this/);
});

Deno.test("an untrusted capsule that withdraws, supersedes or words an id before any trusted capsule stated it cannot stop or claim a later trusted decision of that id", () => {
  const theirs = (i: number, ds: Decision[]) => ({ ...src(i, ds), trusted: false });
  const view = foldDecisions([
    src(0, [d("keep", "a trusted decision")]),
    theirs(1, [
      d("db", "anything", { status: "withdrawn" }),
      d("auth", "anything", { status: "superseded" }),
      d("api", "rest"),
      d("api2", "graphql", { supersedes: "api" }),
    ]),
    src(2, [d("db", "use postgres"), d("auth", "use oauth"), d("api", "use grpc")]),
  ]);
  const byId = new Map(view.map((v) => [v.id, v]));
  const remade: [string, string][] = [["db", "use postgres"], ["auth", "use oauth"], [
    "api",
    "use grpc",
  ]];
  for (const [id, text] of remade) {
    const v = byId.get(id)!;
    assert.equal(v.status, "active", id);
    assert.equal(v.text, text);
    assert.equal(v.made.trusted, true, id);
    assert.equal(v.made.created_at, at(2));
  }
  // In force in a stranger's words: this machine's other words are its own decision, made
  // here; the same words restate the stranger's (control).
  const worded = foldDecisions([
    theirs(1, [d("db", "use mysql"), d("ci", "run on push")]),
    src(2, [d("db", "use postgres"), d("ci", "run on push")]),
  ]);
  const w = new Map(worded.map((v) => [v.id, v]));
  assert.equal(w.get("db")!.text, "use postgres");
  assert.equal(w.get("db")!.made.trusted, true);
  assert.equal(w.get("ci")!.made.trusted, false);
  assert.equal(w.get("ci")!.last_stated.trusted, true);
  // Controls: the same pre-emption by a trusted capsule stands (once withdrawn, a decision
  // stays so), and an untrusted restatement after it changes nothing.
  const mineFirst = foldDecisions([
    src(1, [d("db", "anything", { status: "withdrawn" })]),
    src(2, [d("db", "use postgres")]),
  ]);
  assert.equal(mineFirst.find((v) => v.id === "db")!.status, "withdrawn");
  const theirsAgain = foldDecisions([
    theirs(1, [d("db", "anything", { status: "withdrawn" })]),
    theirs(2, [d("db", "use postgres")]),
  ]);
  assert.equal(theirsAgain.find((v) => v.id === "db")!.status, "withdrawn");
});

Deno.test("an untrusted capsule cannot reword, supersede or withdraw a trusted decision, also once a trusted capsule sits on top; its own decisions fold as usual", () => {
  const mine = (i: number, ds: Decision[]) => src(i, ds);
  const theirs = (i: number, ds: Decision[]) => ({ ...src(i, ds), trusted: false });
  const chain: DecisionSource[] = [
    mine(0, [d("db", "use sqlite"), d("fmt", "json lines"), d("ci", "run on push")]),
    theirs(1, [
      d("db", "use sqlite", { status: "withdrawn", why: "nope" }),
      d("pg", "use postgres", { supersedes: "fmt" }),
      d("ci", "run never"),
      d("own", "their own decision"),
    ]),
    mine(2, [d("db", "use sqlite")]),
    theirs(3, [d("own", "their own decision", { status: "withdrawn" })]),
  ];
  const view = foldDecisions(chain);
  const byId = new Map(view.map((v) => [v.id, v]));
  assert.equal(byId.get("db")!.status, "active");
  assert.equal(byId.get("fmt")!.status, "active");
  assert.equal(byId.get("ci")!.text, "run on push");
  assert.deepEqual(byId.get("db")!.ignored.map((i) => i.action), ["withdrawn"]);
  assert.deepEqual(byId.get("fmt")!.ignored.map((i) => i.action), ["superseded"]);
  assert.deepEqual(byId.get("ci")!.ignored.map((i) => i.action), ["reworded"]);
  assert.equal(byId.get("pg")!.made.trusted, false);
  // An untrusted source may change what an untrusted source decided.
  assert.equal(byId.get("own")!.status, "withdrawn");
  // Positive control: the same changes from trusted capsules apply.
  const trustedAll = foldDecisions(chain.map((c) => ({ ...c, trusted: true })));
  const t = new Map(trustedAll.map((v) => [v.id, v]));
  assert.equal(t.get("db")!.status, "withdrawn");
  assert.equal(t.get("fmt")!.status, "superseded");
  assert.equal(t.get("ci")!.text, "run never");
});
