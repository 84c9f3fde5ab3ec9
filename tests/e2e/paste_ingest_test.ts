/**
 * The paste-only path end to end: the instructions, a hand-written model
 * answer, ingest, and the briefing that says its facts were never
 * machine-checked. See: #4.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { DRAFT_TEMPLATE } from "../../core/capsule/draft_template.ts";

const FENCE = "`".repeat(3);
const DRAFT = {
  now: "The parser handles nested lists; error recovery is next.",
  completed: ["Split the tokenizer into lexer.ts and parser.ts"],
  verified_facts: [
    {
      text: "All parser tests pass",
      provenance: "test",
      trust: "verified",
      evidence_refs: ["t:1"],
    },
  ],
  hypotheses: [{ text: "The slowdown comes from backtracking", trust: "verified" }],
  decisions: [{ id: "no-regex", text: "Hand-written lexer, no regexes", why: "speed" }],
  next_action: { description: "Add error recovery", command: "deno test parser_test.ts" },
  pointers: ["src/parser.ts"],
};
const ANSWER = [
  "Sure! Here is the handoff in the requested format.",
  "",
  `${FENCE}json`,
  JSON.stringify(DRAFT, null, 2),
  FENCE,
  "",
  "Let me know if you want anything changed. {not json, just prose}",
  "",
].join("\n");

interface Claimish {
  trust: string;
  provenance: string;
}

function allClaims(meaning: Record<string, unknown>): Claimish[] {
  const out: Claimish[] = [];
  for (const v of Object.values(meaning)) {
    if (Array.isArray(v)) out.push(...v.filter((x) => typeof x === "object" && x !== null));
    else if (typeof v === "object" && v !== null) out.push(v as Claimish);
  }
  return out;
}

Deno.test("paste prints every draft field a chat can fill, one JSON block, and that nothing is verified", async () => {
  const r = await runBaton(["paste"]);
  assert.equal(r.code, 0);
  const skeleton = JSON.parse(r.stdout.split("\n").find((l) => l.startsWith("{"))!);
  for (const field of Object.keys(DRAFT_TEMPLATE)) {
    if (field === "verified_facts" || field === "fold") continue;
    assert.ok(field in skeleton, `field ${field} is shown`);
  }
  assert.match(r.stdout, /exactly one fenced/);
  assert.match(r.stdout, /nothing you write will be marked verified/);
  assert.match(r.stderr, /baton ingest/, "what the person does next goes to stderr");
  const json = JSON.parse((await runBaton(["paste", "--json"])).stdout);
  assert.equal(json.text, r.stdout);
  // The skeleton inside the instructions is itself a valid draft: ingest takes it.
  const dir = await makeRepo();
  const ingest = await runBaton(["ingest", "-", "--json"], { cwd: dir, stdin: r.stdout });
  assert.equal(ingest.code, 0, ingest.stderr);
  assert.equal(JSON.parse(ingest.stdout).block.kind, "bare");
});

Deno.test("paste round trip: a model's answer ingested becomes a capsule whose facts were unavailable and whose claims are at most claimed", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "src/parser.ts": "export {};\n" });
  await commitAll(dir, "init");
  await writeFiles(dir, { "answer.md": ANSWER });
  const r = await runBaton(["ingest", "../answer.md", "--json"], { cwd: `${dir}/src` });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.path, `${dir}/.baton/latest.md`, "stored at the repository root");
  assert.equal(out.trigger, "paste");
  assert.equal(out.facts, "unavailable");
  assert.deepEqual(out.block, { kind: "fenced", line: 4, trailingCommas: false });
  assert.ok(out.downgrades >= 3, `downgrades: ${out.downgrades}`);

  const c = JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: dir })).stdout).capsule;
  assert.equal(c.facts.status, "unavailable");
  assert.equal(c.facts_collected_at_ingest, false);
  const claims = allClaims(c.meaning);
  assert.ok(claims.length >= 5);
  for (const claim of claims) {
    assert.ok(["claimed", "inferred", "untrusted"].includes(claim.trust), JSON.stringify(claim));
    assert.ok(["user", "assistant", "model_inference"].includes(claim.provenance));
  }
  assert.ok(c.downgrades.some((d: { field: string }) => d.field === "verified_facts[0]"));

  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /trigger paste/);
  assert.match(load.stdout, /Its facts were never machine-checked when it was written/);
  assert.doesNotMatch(load.stdout, /\[verified\]/);
  assert.match(load.stdout, /\[claimed\] All parser tests pass/);
});

Deno.test("ingest --with-facts attaches facts labelled as collected at ingest time", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const r = await runBaton(["ingest", "-", "--with-facts", "--json"], { cwd: dir, stdin: ANSWER });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).facts, "collected_at_ingest");
  const c = JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: dir })).stdout).capsule;
  assert.equal(c.facts.status, "collected");
  assert.equal(c.facts_collected_at_ingest, true);
  const load = await runBaton(["load"], { cwd: dir });
  assert.match(
    load.stdout,
    /never machine-checked when it was written; facts shown were collected at ingest time/,
  );
});

Deno.test("ingest refuses two different draft blocks, a malformed block and an answer without JSON, without echoing content", async () => {
  const dir = await makeRepo();
  const other = JSON.stringify({ now: "a different SECRET-ish draft" });
  const cases: { stdin: string; code: string; message: RegExp }[] = [
    {
      stdin: `${ANSWER}\nOr:\n${FENCE}json\n${other}\n${FENCE}\n`,
      code: "answer_ambiguous",
      message: /2 different blocks look like drafts \(lines 4, \d+\)/,
    },
    {
      stdin: `Here:\n${FENCE}json\n{"now": 'SECRET-ish' }\n${FENCE}\n`,
      code: "invalid_json",
      message: /line 3/,
    },
    { stdin: "I could not write the handoff, sorry.", code: "answer_no_json", message: /no JSON/ },
    {
      stdin: `${FENCE}json\n{"now": "x", "facts": {"head": "SECRET-ish"}}\n${FENCE}`,
      code: "draft_invalid",
      message: /line 2/,
    },
  ];
  for (const c of cases) {
    const r = await runBaton(["ingest", "--json"], { cwd: dir, stdin: c.stdin });
    assert.equal(r.code, 2, c.code);
    const err = JSON.parse(r.stdout).error;
    assert.equal(err.code, c.code);
    assert.match(err.message, c.message);
    assert.ok(!r.stdout.includes("SECRET") && !r.stderr.includes("SECRET"), c.code);
  }
  const twice = await runBaton(["ingest", "--json"], {
    cwd: dir,
    stdin: `${ANSWER}\nAgain:\n${FENCE}json\n${JSON.stringify(DRAFT)}\n${FENCE}\n`,
  });
  assert.equal(
    twice.code,
    0,
    `positive control: the same block twice is not ambiguous: ${twice.stderr}`,
  );
});
