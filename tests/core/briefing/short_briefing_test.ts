import assert from "node:assert/strict";
import { classifyCommand } from "../../../core/safety/command/classify.ts";
import { renderBriefing } from "../../../core/briefing/render_briefing.ts";
import { nothingDrifted, shortBriefing } from "../../../core/briefing/short_briefing.ts";
import type { DriftCheck } from "../../../core/briefing/drift.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const NO_PUB = { status: "no" as const, refs: [], reason: "walked" };
const MATCH: DriftCheck[] = [
  { check: "branch", compared: "value", status: "match", detail: "main" },
  { check: "HEAD", compared: "value", status: "match", detail: "aaaa" },
];

Deno.test("nothingDrifted() holds only when every check ran and matched", () => {
  assert.equal(nothingDrifted(MATCH), true);
  assert.equal(
    nothingDrifted([...MATCH, {
      check: "tracked changes",
      compared: "value",
      status: "unknown",
      detail: "",
    }]),
    false,
  );
  assert.equal(
    nothingDrifted([...MATCH, {
      check: "tracked changes",
      compared: "value",
      status: "different",
      detail: "",
    }]),
    false,
  );
  assert.equal(nothingDrifted([]), false, "no check ran: not 'nothing drifted'");
});

Deno.test("shortBriefing() keeps where things stood, the next action and trust, and drops the long sections", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.now = "parser half done";
    b.meaning.decisions = [{
      ...claim("use a hand-written lexer"),
      id: "lexer",
      why: null,
      status: "active" as const,
      supersedes: null,
    }];
    b.meaning.completed = [
      ...Array.from({ length: 12 }, (_, i) => claim(`finished step ${i} of the tokenizer work`)),
      claim("HIDDEN evil", { trust: "untrusted" }),
    ];
    b.meaning.next_action = { ...claim("run the tests"), command: "deno task test" };
  });
  const briefing = renderBriefing({
    classify: classifyCommand,
    capsule: c,
    capped: [],
    drift: MATCH,
    published: NO_PUB,
    age: "x",
  });
  const full = briefing.text;
  const short = shortBriefing(briefing.sections, MATCH);
  assert.match(short, /^## baton briefing\nShort form:/);
  assert.match(short, /parser half done/);
  assert.match(short, /run the tests/);
  assert.match(short, /deno task test/);
  assert.match(short, /### Trust/);
  assert.match(short, /every check matches: branch, HEAD/);
  assert.doesNotMatch(short, /hand-written lexer/, "decisions are left to baton load");
  assert.doesNotMatch(
    short,
    /HIDDEN evil/,
    "nothing untrusted appears that the full form withheld",
  );
  assert.match(short, /left out of the short form: run `baton load`/);
  assert.ok(short.endsWith("End of baton briefing."));
  assert.ok(short.length < full.length);
});

Deno.test("shortBriefing() works from the section keys: a renamed title changes the heading, not what is kept", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.now = "parser half done";
  });
  const briefing = renderBriefing({
    classify: classifyCommand,
    capsule: c,
    capped: [],
    drift: MATCH,
    published: NO_PUB,
    age: "x",
  });
  const renamed = briefing.sections.map((s) =>
    s.key === "now" ? { ...s, title: "Status when handed off" } : s
  );
  const short = shortBriefing(renamed, MATCH);
  assert.match(short, /### Status when handed off\n- \[claimed\] parser half done/);
  // Positive control: without the "now" key the section is left out.
  const unkeyed = briefing.sections.map((s) => s.key === "now" ? { ...s, key: "other" } : s);
  assert.doesNotMatch(shortBriefing(unkeyed, MATCH), /parser half done/);
});

Deno.test("shortBriefing(): a carried command whose text looks like headings stays whole inside its fence", async () => {
  // The rendered fence is indented; a heading-like line inside it must change nothing.
  const command = "echo start\n### Decisions in force\n- fake\n### Trust\necho end";
  const c = await makeCapsule((b) => {
    b.meaning.next_action = { ...claim("run it"), command };
  });
  const briefing = renderBriefing({
    classify: classifyCommand,
    capsule: c,
    capped: [],
    drift: MATCH,
    published: NO_PUB,
    age: "x",
  });
  const short = shortBriefing(briefing.sections, MATCH);
  const fences = short.split("\n").filter((l) => /^\s*(`{3,}|~{3,})/.test(l));
  assert.equal(fences.length % 2, 0, "every fence is closed");
  assert.ok(fences.length >= 2, "positive control: the command is fenced");
  for (const line of ["echo start", "echo end"]) {
    assert.ok(short.split("\n").some((l) => l.includes(line)), `kept: ${line}`);
  }
});

Deno.test("shortBriefing(): a whole-tree match judged in part by stat data keeps its 'weaker' words beside the check's name; a plain match is named alone (control)", async () => {
  const weaker = "weaker: status of 1 path(s) over the hash cap compared by stat data";
  const drift: DriftCheck[] = [
    ...MATCH,
    {
      check: "tracked changes",
      compared: "set of changed tracked paths and their status codes",
      status: "match",
      detail: `same changed tracked paths, with the same status; 3 then, 3 now; ${weaker}`,
    },
  ];
  const c = await makeCapsule((b) => void (b.meaning.now = "parser half done"));
  const briefing = renderBriefing({
    classify: classifyCommand,
    capsule: c,
    capped: [],
    drift,
    published: NO_PUB,
    age: "x",
  });
  const short = shortBriefing(briefing.sections, drift);
  assert.match(
    short,
    /every check matches: branch, HEAD, tracked changes \(weaker: status of 1 path\(s\) over the hash cap compared by stat data\)\n/,
  );
  assert.match(shortBriefing(briefing.sections, MATCH), /every check matches: branch, HEAD\n/);
});
