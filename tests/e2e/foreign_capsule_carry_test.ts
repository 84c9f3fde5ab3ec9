/**
 * A capsule this machine signed is trusted wherever it is found, but it was
 * written for one repository: served in another (its `.baton/latest.md`
 * committed there, a copied archive, a re-served shared ref, then revive),
 * load says its commit is not in this repository. The first capture hook
 * there (stop, session end, pre-compact) wrote an automatic capsule on top
 * that carried its meaning forward under this machine's signature with
 * facts collected here, and from then on load showed the other project's
 * decisions and next action as this project's handoff, the warning gone.
 * The meaning of a capsule whose recorded commit is not in this repository
 * is not carried, as a capsule no trusted key signed is not, and a decision
 * it made, reached through the chain, is labelled as made in another
 * repository instead of counting as a trusted one. Real
 * repositories, the real CLI and hook; the capsule in its own repository
 * is still carried (control).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

const MEANING = "migrating the billing schema";
const DECISION = "drop the legacy ledger tables";

function payload(dir: string): string {
  return JSON.stringify({
    session_id: "s-foreign",
    cwd: dir,
    hook_event_name: "SessionEnd",
    transcript_path: "/dev/null",
  });
}

async function signedHandoff(): Promise<string> {
  const mine = await makeRepo();
  await writeFiles(mine, { "a.txt": "a\n" });
  await commitAll(mine, "mine");
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: mine,
    stdin: JSON.stringify({
      now: MEANING,
      decisions: [{ id: "ledger", text: DECISION, why: "unused" }],
      next_action: { description: "run the ledger drop", command: "./scripts/drop-ledger.sh" },
    }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  return mine;
}

Deno.test("a capture hook does not carry the meaning of this machine's capsule served in another repository", async () => {
  const mine = await signedHandoff();
  const other = await makeRepo();
  await writeFiles(other, {
    "b.txt": "b\n",
    ".baton/latest.md": await Deno.readTextFile(`${mine}/.baton/latest.md`),
  });
  await commitAll(other, "another project, with a capsule signed on this machine");
  const first = await runBaton(["load"], { cwd: other });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /is not in this repository/, "load says so before any hook");

  await writeFiles(other, { "b.txt": "b2\n" });
  const hook = await runBaton(["hook", "session-end", "--host", "claude-code", "--json"], {
    cwd: "/",
    stdin: payload(other),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);

  const after = await runBaton(["load"], { cwd: other });
  assert.equal(after.code, 0, after.stderr);
  assert.doesNotMatch(after.stdout, new RegExp(MEANING), after.stdout);
  assert.doesNotMatch(after.stdout, /drop-ledger/, after.stdout);
  assert.match(after.stdout, /not carried/, "the automatic capsule says why");
  // The decision is still in the chain below: it is labelled, not in force as this project's.
  const decided = after.stdout.split("\n").filter((l) => l.includes(DECISION));
  assert.ok(decided.length <= 1, after.stdout);
  for (const line of decided) assert.match(line, /written in another repository/, line);
});

Deno.test("a capture hook carries the meaning of this machine's capsule in its own repository (control)", async () => {
  const mine = await signedHandoff();
  await writeFiles(mine, { "a.txt": "a2\n" });
  const hook = await runBaton(["hook", "session-end", "--host", "claude-code", "--json"], {
    cwd: "/",
    stdin: payload(mine),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);
  const after = await runBaton(["load"], { cwd: mine });
  assert.equal(after.code, 0, after.stderr);
  assert.match(after.stdout, new RegExp(MEANING));
  assert.match(after.stdout, new RegExp(DECISION));
  assert.doesNotMatch(after.stdout, /is not in this repository|written in another repository/);
});

Deno.test("baton decisions labels a decision from this machine's capsule served in another repository; in its own it is unlabelled (control)", async () => {
  const mine = await signedHandoff();
  const own = await runBaton(["decisions"], { cwd: mine });
  assert.equal(own.code, 0, own.stderr);
  assert.match(own.stdout, new RegExp(DECISION));
  assert.doesNotMatch(own.stdout, /another repository|not signed/, "control: its own repository");

  const other = await makeRepo();
  await writeFiles(other, {
    "b.txt": "b\n",
    ".baton/latest.md": await Deno.readTextFile(`${mine}/.baton/latest.md`),
  });
  await commitAll(other, "another project, with a capsule signed on this machine");
  const r = await runBaton(["decisions"], { cwd: other });
  assert.equal(r.code, 0, r.stderr);
  const line = r.stdout.split("\n").find((l) => l.includes(DECISION));
  assert.ok(line !== undefined, r.stdout);
  assert.match(
    line,
    /written in another repository \(the commit or work tree it records is not here\)/,
  );
});

Deno.test("baton search marks a hit from this machine's capsule served in another repository; in its own it is unmarked (control)", async () => {
  const mine = await signedHandoff();
  const own = await runBaton(["search", "ledger", "--json"], { cwd: mine });
  assert.equal(own.code, 0, own.stderr);
  const ownHits: { elsewhere: boolean; signer: string }[] = JSON.parse(own.stdout).results;
  assert.ok(ownHits.length > 0 && ownHits.every((h) => !h.elsewhere && h.signer === "trusted"));

  const other = await makeRepo();
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "another project");
  await Deno.mkdir(`${other}/.baton/capsules`, { recursive: true });
  for (const e of Deno.readDirSync(`${mine}/.baton/capsules`)) {
    await Deno.copyFile(`${mine}/.baton/capsules/${e.name}`, `${other}/.baton/capsules/${e.name}`);
  }
  const r = await runBaton(["search", "ledger"], { cwd: other });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split("\n");
  assert.ok(lines.length > 0);
  for (const l of lines) assert.match(l, /\[another repository\]/, l);
});
