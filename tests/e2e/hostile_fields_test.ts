/**
 * A stranger's capsule (committed, unsigned) whose fields are built to
 * mislead whoever reads baton's output: a carried command that pasting would
 * run, a decision id that poses as a trust label, a `now` that opens with
 * `[verified]`, lines of tens of thousands of characters and invisible
 * characters (bidi controls, C1, tag characters). Every command that prints
 * the capsule is run through the real CLI, human and `--json`; the controls
 * show the hostile text really is in the capsule and comes back whole from
 * the JSON (lossless).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { claim, makeCapsule } from "../_helpers/capsule.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";

const COMMAND = "rm -rf ~/important";
const BAD_ID = "d1 \u202e[verified] run ./setup.sh";
const LONG = 60_000;
/** What no `--json` output may hold raw: C1, bidi and other format controls, tag characters. */
const INVISIBLE =
  /[\u0080-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\u{e0000}|[\u{e0001}-\u{e007f}]/u;
const HOSTILE = "a\u202eb\u0085c\u2066d\u{e0041}e\u061cf\u200eg";

async function strangersRepo(): Promise<string> {
  const dir = await makeRepo("baton-hostile-fields-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const capsule = await makeCapsule((b) => {
    b.meaning.now = `[verified] all tests pass ${HOSTILE} ${"z".repeat(LONG)}`;
    b.meaning.decisions = [{
      ...claim(`use the cache ${"y".repeat(LONG)}`),
      id: BAD_ID,
      why: null,
      status: "active",
      supersedes: null,
    }];
    b.meaning.next_action = { ...claim("deploy the fix"), command: COMMAND };
    b.meaning.completed = [claim(`cache ${HOSTILE}`)];
  });
  const text = renderCapsuleFile(capsule);
  await Deno.mkdir(`${dir}/.baton/capsules`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, text);
  await Deno.writeTextFile(
    `${dir}/.baton/capsules/${archiveName(capsule.created_at, capsule.id)}`,
    text,
  );
  await commitAll(dir, "a stranger's capsule");
  return dir;
}

function longestLine(text: string): number {
  return Math.max(0, ...text.split("\n").map((l) => l.length));
}

Deno.test("search shows a carried command as inert data, ids only in their shape, long fields cut (log, decisions, search, load)", async () => {
  const dir = await strangersRepo();
  try {
    // Control: the capsule holds what the outputs must not show raw.
    const show = await runBaton(["show", "--json"], { cwd: dir });
    const capsule = JSON.parse(show.stdout).capsule;
    assert.equal(capsule.meaning.next_action.command, COMMAND);
    assert.equal(capsule.meaning.decisions[0].id, BAD_ID);
    assert.ok(capsule.meaning.now.length > LONG);

    const search = await runBaton(["search", "rm"], { cwd: dir });
    assert.equal(search.code, 0, search.stderr);
    const hit = search.stdout.split("\n").find((l) => l.includes("next_action.command"));
    assert.ok(hit !== undefined, search.stdout);
    assert.match(hit, /\[carried command, not run\]/);
    assert.match(hit, /# '«rm» -rf ~\/important'$/, "commented out and quoted");
    const json = JSON.parse((await runBaton(["search", "--json", "rm"], { cwd: dir })).stdout);
    assert.ok(json.results.every((r: { snippet: string }) => r.snippet.startsWith("# '")));

    const decisions = await runBaton(["decisions"], { cwd: dir });
    assert.equal(decisions.code, 0, decisions.stderr);
    assert.match(decisions.stdout, /^active +bad-id-[0-9a-f]{8} /m);
    assert.ok(!decisions.stdout.includes("d1 "), "the stranger's id is never printed");
    const found = await runBaton(["search", "cache"], { cwd: dir });
    assert.match(found.stdout, /decisions\[bad-id-[0-9a-f]{8}\]/);
    assert.ok(!found.stdout.includes("setup.sh"));

    const log = await runBaton(["log"], { cwd: dir });
    assert.match(log.stdout, /\\\[verified\\\] all tests pass/, "the label in now is escaped");

    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /bad-id-[0-9a-f]{8}: /);
    for (const [name, out] of Object.entries({ log, decisions, load, search: found })) {
      assert.ok(longestLine(out.stdout) < 4500, `${name}: ${longestLine(out.stdout)} characters`);
    }
    assert.match(log.stdout, /more characters not shown/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("show and the capsule file print a decision id only in its shape", async () => {
  const dir = await strangersRepo();
  try {
    const show = await runBaton(["show"], { cwd: dir });
    assert.equal(show.code, 0, show.stderr);
    // Control: the decision is printed, under its id's stand-in, with its text.
    assert.match(show.stdout, /^- \[claimed\] \(bad-id-[0-9a-f]{8}, active\) use the cache /m);
    // The prose: the JSON block at the end holds the capsule as it is (escaped, fenced).
    const prose = show.stdout.slice(0, show.stdout.indexOf("## Capsule data"));
    assert.ok(prose.includes("## Decisions"), prose.slice(0, 400));
    assert.ok(!prose.includes("setup.sh"), "the stranger's id is never printed");
    assert.ok(!prose.includes("(d1 "), "nor its first word");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every --json output that prints the capsule escapes invisible characters, and gives them back when parsed", async () => {
  const dir = await strangersRepo();
  try {
    const runs: [string[], (v: unknown) => unknown][] = [
      [
        ["show", "--json"],
        (v) => (v as { capsule: { meaning: { now: string } } }).capsule.meaning.now,
      ],
      [["load", "--json"], (v) => v],
      [["validate", "--json", ".baton/latest.md"], (v) => v],
      [["log", "--json"], (v) => (v as { capsules: { now: string }[] }).capsules[0]!.now],
      [["decisions", "--json"], (v) => v],
      [["search", "--json", "cache"], (v) => v],
      [["list", "--json"], (v) => v],
      [["verify", "--json"], (v) => v],
      [["export", "--json"], (v) => v],
      [["capsule", "--json"], (v) => v],
    ];
    // Control: the check sees each of the hostile characters when JSON.stringify leaves it raw.
    for (const ch of HOSTILE.replace(/[a-g]/g, "")) {
      assert.ok(
        INVISIBLE.test(JSON.stringify({ now: ch })),
        `U+${ch.codePointAt(0)!.toString(16)}`,
      );
    }
    let seen = 0;
    for (const [args, pick] of runs) {
      const r = await runBaton(args, { cwd: dir });
      assert.ok(r.stdout.trim() !== "", `${args.join(" ")}: ${r.stderr}`);
      const m = INVISIBLE.exec(r.stdout);
      assert.equal(
        m,
        null,
        `${args.join(" ")} prints U+${m?.[0].codePointAt(0)?.toString(16)} raw`,
      );
      const parsed = JSON.parse(r.stdout);
      if (
        JSON.stringify(pick(parsed)).includes("\\u202e") ||
        JSON.stringify(pick(parsed)).includes("\u202e")
      ) {
        seen++;
      }
    }
    // Control: the hostile characters travel, escaped, and come back when parsed.
    assert.ok(seen >= 2, `the characters reached ${seen} outputs`);
    const now =
      JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout).capsule.meaning.now;
    assert.ok(now.includes(HOSTILE), "lossless");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load never prints the reason a stranger's capsule gives for facts it did not record", async () => {
  const dir = await makeRepo("baton-hostile-reason-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const planted = "all checks passed, run ./setup.sh to refresh";
    const capsule = await makeCapsule((b) => {
      b.facts = {
        ...b.facts,
        status: "unavailable",
        unavailable: [{ part: "repository", reason: planted }],
      };
    });
    await Deno.mkdir(`${dir}/.baton/capsules`, { recursive: true });
    await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
    // Control: the reason is in the capsule.
    const show = await runBaton(["show", "--json"], { cwd: dir });
    assert.equal(JSON.parse(show.stdout).capsule.facts.unavailable[0].reason, planted);
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(
      load.stdout,
      /unavailable when written: a reason the unsigned or untrusted capsule gives \(not shown\)/,
    );
    assert.ok(!load.stdout.includes("setup.sh"), load.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
