// End to end: finalize redacts planted secrets from the draft and the facts
// and records them; load states the scan outcome; scan and redact on the
// command line. See: #3

import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("finalize redacts secrets in the draft and the facts, records them, and load states it", async () => {
  const rng = new Rng(31);
  const gh = SAMPLES.github_pat!(rng);
  const db = SAMPLES.database_url!(rng);
  const env = SAMPLES.env_secret!(rng);
  const branchToken = SAMPLES.npm_token!(rng);
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  await git(dir, ["checkout", "-q", "-b", `wip-${branchToken.secret}`]);
  const draft = JSON.stringify({
    now: "rotating credentials",
    completed: ["read the config", `pushed with ${gh.text}`],
    next_steps: [`connect with ${db.text}`],
    next_action: { description: "restart", command: `${env.text} ./restart.sh` },
  });
  const r = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: draft });
  assert.equal(r.code, 0, r.stderr);
  const file = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  for (const s of [gh, db, env, branchToken]) {
    assert.ok(!file.includes(s.core), "a planted secret reached the capsule file");
  }
  assert.ok(file.includes("- secret scan: passed (4 redacted)"));
  const show = JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: dir })).stdout);
  const c = show.capsule;
  assert.equal(c.sanitize.scan_status, "passed");
  assert.deepEqual(
    [...c.sanitize.redactions].sort((a: { field: string }, b: { field: string }) =>
      a.field < b.field ? -1 : 1
    ),
    [
      { field: "facts.branch", kind: "npm_token" },
      { field: "meaning.completed[1].text", kind: "github_pat" },
      { field: "meaning.next_action.command", kind: "env_secret" },
      { field: "meaning.next_steps[0].text", kind: "database_url" },
    ],
  );
  // Positive control: the markers are where the secrets were.
  assert.ok(c.meaning.completed[1].text.endsWith("[REDACTED:github_pat]"));
  assert.equal(c.facts.branch, "wip-[REDACTED:npm_token]");
  assert.ok(
    c.meaning.next_action.command.startsWith(env.text.replace(env.secret, "[REDACTED:env_secret]")),
  );
  const v = await runBaton(["validate", ".baton/latest.md"], { cwd: dir });
  assert.equal(v.code, 0, v.stdout);
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.ok(load.stdout.includes("Secret scan passed: 4 value(s) redacted"), load.stdout);
  assert.ok(!load.stdout.includes(gh.core));
  // The current branch is redacted like the recorded one: no leak, no false drift.
  assert.ok(!load.stdout.includes(branchToken.core));
  assert.ok(
    load.stdout.includes("branch: match (compared branch name: wip-[REDACTED:npm_token])"),
    load.stdout,
  );
});

Deno.test("baton scan exits 1 with kind and position only, 0 when clean; directories recurse without .git", async () => {
  const rng = new Rng(32);
  const s = SAMPLES.stripe_secret_key!(rng);
  const dir = (await tempDir("baton-scan-")).path;
  await Deno.mkdir(`${dir}/sub/.git`, { recursive: true });
  await Deno.writeTextFile(`${dir}/sub/config.yaml`, `stripe:\n  key: ${s.text}\n`);
  await Deno.writeTextFile(`${dir}/sub/.git/config`, `token = ${SAMPLES.github_pat!(rng).text}\n`);
  await Deno.writeTextFile(`${dir}/clean.txt`, "nothing here\n");
  await Deno.symlink(`${dir}/sub/config.yaml`, `${dir}/link.yaml`);
  const r = await runBaton(["scan", "--json", "."], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.ok(!r.stdout.includes(s.core));
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.findings, [{
    kind: "stripe_secret_key",
    path: "./sub/config.yaml",
    line: 2,
    column: 8,
    start: 15,
    end: 15 + s.secret.length,
  }]);
  assert.deepEqual(out.skipped, [
    { path: "./link.yaml", reason: "symlink" },
    { path: "./sub/.git", reason: "git directory" },
  ]);
  const plain = await runBaton(["scan", "sub/config.yaml"], { cwd: dir });
  assert.equal(plain.stdout, "sub/config.yaml:2:8: stripe_secret_key\n");
  const clean = await runBaton(["scan", "clean.txt", "-"], { cwd: dir, stdin: "all fine\n" });
  assert.equal(clean.code, 0);
  assert.equal(clean.stdout, "");
  const missing = await runBaton(["scan", "nope.txt"], { cwd: dir });
  assert.equal(missing.code, 3);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("baton redact replaces secrets and is byte-identical when nothing is found", async () => {
  const rng = new Rng(33);
  const s = SAMPLES.anthropic_api_key!(rng);
  const input = `{"role":"user","content":"key is ${s.text}"}\n`;
  const r = await runBaton(["redact"], { stdin: input });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '{"role":"user","content":"key is [REDACTED:anthropic_api_key]"}\n');
  assert.ok(r.stderr.includes("anthropic_api_key") && !r.stderr.includes(s.core));
  const again = await runBaton(["redact", "-"], { stdin: r.stdout });
  assert.equal(again.stdout, r.stdout);
  const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28, 0x0a, 0xe2, 0x82]);
  const raw = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "-A", new URL("../../main.ts", import.meta.url).pathname, "redact"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = raw.stdin.getWriter();
  await w.write(bytes);
  await w.close();
  const out = await raw.output();
  assert.equal(out.code, 0);
  assert.deepEqual(out.stdout, bytes);
  const json = await runBaton(["redact", "--json"], { stdin: input });
  assert.deepEqual(JSON.parse(json.stdout).redactions.map((x: { kind: string }) => x.kind), [
    "anthropic_api_key",
  ]);
});
