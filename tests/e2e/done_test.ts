/**
 * `baton done` through the real CLI in real repositories: gates, exit
 * codes, the force rules (a bad reason is refused before anything runs) and
 * the audit record.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

interface Line {
  gate?: string;
  status?: string;
  detail?: string;
  result?: string;
  audit?: string | null;
}

async function withRepo(config: string | null, body: (dir: string) => Promise<void>) {
  const dir = await makeRepo("baton-done-");
  try {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n" });
    await commitAll(dir, "init");
    if (config !== null) await writeFiles(dir, { ".baton/config.yaml": config });
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The gates and then the verdict, from `baton done --json`. */
const lines = (stdout: string): Line[] => {
  const j = JSON.parse(stdout);
  return [...j.gates, j.verdict];
};
const byGate = (ls: Line[]) => Object.fromEntries(ls.filter((l) => l.gate).map((l) => [l.gate, l]));

const PASSING = 'done:\n  tests: "true"\n  rules:\n    - { name: lint, run: "exit 0" }\n';

Deno.test("done passes (exit 0) when tests and rules pass and no placeholder is in the changed files", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, {
      "src/b.ts": "export const b = 2; // a todo list, lower case is an identifier\n",
      "NOTES.md": "TODO: prose may say this\n",
      "tests/fixtures/sample.ts": "// TODO fixture\n",
      "src/c.ts": "// FIXME kept on purpose baton-allow-placeholder\n",
    });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = lines(r.stdout);
    assert.equal(out.length, 4);
    const g = byGate(out);
    assert.deepEqual([g.tests!.status, g.rules!.status, g.placeholders!.status], [
      "pass",
      "pass",
      "pass",
    ]);
    assert.equal(out[3]!.result, "pass");
  });
});

Deno.test("done fails (exit 1) on a placeholder in changed source, naming path and line only", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n// TODO secret plan ghp_notreal\n" });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 1);
    const g = byGate(lines(r.stdout));
    assert.equal(g.placeholders!.status, "fail");
    assert.match(g.placeholders!.detail!, /src\/a\.ts:2 TODO/);
    assert.doesNotMatch(r.stdout, /secret plan/);
  });
});

Deno.test("without a tests command the gate is not_applicable with a warning, never a silent pass", async () => {
  await withRepo(null, async (dir) => {
    // A changed source file, so the placeholder gate checks something (a clean tree checks
    // nothing at all: exit 7, done_nothing_checked_test).
    await writeFiles(dir, { "src/b.ts": "export const b = 2;\n" });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(byGate(lines(r.stdout)).tests!.status, "not_applicable");
    assert.match(r.stderr, /warning: no tests command/);
  });
});

Deno.test("a failing tests command fails the gate; its output tail goes to stderr, redacted", async () => {
  await withRepo(
    'done:\n  tests: "echo token=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 >&2; exit 3"\n',
    async (dir) => {
      const r = await runBaton(["done", "--json"], { cwd: dir });
      assert.equal(r.code, 1);
      assert.equal(byGate(lines(r.stdout)).tests!.detail, "exit 3");
      assert.match(r.stderr, /last output of tests/);
      assert.doesNotMatch(r.stderr, /ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789/);
    },
  );
});

Deno.test("a failing command's output tail that starts inside a token shows none of it: the tail starts on a line; a token on a whole line is redacted (control)", async () => {
  const token = SAMPLES.github_pat!(new Rng(31)).secret;
  // The report keeps the output's last 16 KiB: this output puts that cut 10 characters into the
  // first token (its end, 30 characters, in no rule's shape), then a long line and a last one.
  const last = `last ${token}\n`;
  const filler = 16 * 1024 - (token.length - 10 + 1) - 1 - last.length;
  const script = [
    `printf 'key %s\\n' '${token}' >&2`,
    `head -c ${filler} /dev/zero | tr '\\000' a >&2`,
    `printf '\\n' >&2`,
    `printf '${last.replace("\n", "\\n")}' >&2`,
    "exit 3",
  ].join("\n");
  await withRepo('done:\n  tests: "sh check.sh"\n', async (dir) => {
    await writeFiles(dir, { "check.sh": script + "\n" });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(byGate(lines(r.stdout)).tests!.detail, "exit 3");
    assert.ok(!r.stderr.includes(token.slice(10)), "no part of the cut token is shown");
    assert.match(r.stderr, /last \[REDACTED:github_pat\]/, "control: the whole token, redacted");
  });
});

Deno.test("a reason with a line break is refused before any gate runs; a valid force is audited", async () => {
  await withRepo('done:\n  tests: "touch ran.txt; exit 1"\n', async (dir) => {
    const bad = await runBaton(["done", "--force", "--reason", "one\ntwo"], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, "");
    assert.equal(await Deno.lstat(`${dir}/ran.txt`).catch(() => null), null, "nothing ran");
    const noReason = await runBaton(["done", "--force"], { cwd: dir });
    assert.equal(noReason.code, 2);
    // Control: the same command runs when the invocation is valid.
    const forced = await runBaton(
      ["done", "--json", "--force", "--reason", "known flaky, see #7"],
      {
        cwd: dir,
      },
    );
    assert.equal(forced.code, 0, forced.stderr);
    assert.ok((await Deno.lstat(`${dir}/ran.txt`)).isFile);
    const result = lines(forced.stdout).at(-1)!;
    assert.equal(result.result, "forced");
    // Kept in baton's private state, where no commit or checkout reaches it.
    assert.ok(String(result.audit).startsWith(`${dir}/.git/baton/done/`), String(result.audit));
    const audit = JSON.parse(await Deno.readTextFile(String(result.audit)));
    assert.equal(audit.reason, "known flaky, see #7");
    assert.deepEqual(audit.failed_required, ["tests"]);
    const log = await Deno.readTextFile(`${dir}/.baton/progress.md`);
    assert.match(log, /### NOTE: baton done --force: tests forced; reason: known flaky, see #7/);
    const verify = await runBaton(["progress", "verify"], { cwd: dir });
    assert.equal(verify.code, 0, verify.stdout + verify.stderr);
  });
});

Deno.test("force is refused when allow_force is false and when the config does not parse", async () => {
  await withRepo('done:\n  tests: "exit 1"\n  allow_force: false\n', async (dir) => {
    const r = await runBaton(["done", "--force", "--reason", "x"], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /allow_force is false/);
  });
  await withRepo("done:\n  tests: [1\n", async (dir) => {
    const r = await runBaton(["done", "--force", "--reason", "x"], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /line \d+, column \d+/);
    assert.match(r.stderr, /--force is refused/);
    const plain = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(plain.code, 1, "a broken config fails the gates that need it");
    assert.equal(byGate(lines(plain.stdout)).tests!.status, "fail");
  });
});

Deno.test("done prints a line per gate and the result for a person, and the same verdict as --json", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, { "src/a.ts": "// TODO later\n" });
    const r = await runBaton(["done"], { cwd: dir });
    assert.equal(r.code, 1);
    const text = r.stdout.trimEnd().split("\n");
    assert.equal(text.length, 6, r.stdout);
    assert.match(text[0]!, /^pass {2}tests +required {2}exit 0 \(/);
    // Each command the config names is shown under its gate: the file travels in commits.
    assert.equal(text[1], "      ran (from .baton/config.yaml): true");
    assert.match(text[2]!, /^pass {2}rules +required {2}1 rule\(s\) passed/);
    assert.equal(text[3], "      ran (from .baton/config.yaml): exit 0");
    assert.match(text[4]!, /^FAIL {2}placeholders +required {2}.*src\/a\.ts/);
    assert.equal(text[5], "done: FAIL: required gate placeholders failed");
    assert.ok(!r.stdout.includes("{"), "no JSON without --json");
  });
});

Deno.test("a change list git's environment hides is a failed placeholder gate, never a pass", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n// TODO unfinished\n" });
    // Control: read as git reads it, the placeholder is found.
    const plain = await runBaton(["done", "--json"], { cwd: dir });
    assert.match(byGate(lines(plain.stdout)).placeholders!.detail!, /src\/a\.ts:2 TODO/);
    // Another work tree moves what git compares: baton cannot list the changes.
    const moved = await runBaton(["done", "--json"], {
      cwd: dir,
      env: { GIT_WORK_TREE: `${dir}/other-tree` },
    });
    assert.equal(moved.code, 1, moved.stdout + moved.stderr);
    const g = byGate(lines(moved.stdout));
    assert.equal(g.placeholders!.status, "fail");
    assert.match(
      g.placeholders!.detail!,
      /changed files cannot be told: worktree: .*GIT_WORK_TREE/,
    );
    assert.doesNotMatch(g.placeholders!.detail!, /other-tree/);
  });
});

Deno.test("a tracked file whose change baton cannot tell (a clean filter) makes the placeholder gate fail as partial", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, { ".gitattributes": "*.dat filter=custom\n", "src/x.dat": "one\n" });
    await commitAll(dir, "filtered");
    const git = (args: string[]) => new Deno.Command("git", { args, cwd: dir }).output();
    await git(["config", "filter.custom.clean", "cat"]);
    await writeFiles(dir, { "src/x.dat": "two\n" });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    const g = byGate(lines(r.stdout));
    assert.equal(g.placeholders!.status, "fail", r.stdout);
    assert.match(g.placeholders!.detail!, /change scan is partial: .*not compared/);
    assert.equal(r.code, 1);
  });
});

Deno.test("a placeholder in a changed file whose listed name is escaped (a tab, a backslash) is found; a name that cannot be opened fails the gate, never passes unchecked", async () => {
  await withRepo(PASSING, async (dir) => {
    // Control: the same file under a plain name is found.
    await writeFiles(dir, { "src/plain.ts": "// TODO plan\n" });
    const plain = byGate(lines((await runBaton(["done", "--json"], { cwd: dir })).stdout));
    assert.match(plain.placeholders!.detail!, /src\/plain\.ts:1 TODO/);
    await Deno.remove(`${dir}/src/plain.ts`);

    await writeFiles(dir, { "src/tab\tname.ts": "// TODO plan\n" });
    await writeFiles(dir, { "src/back\\slash.ts": "// FIXME plan\n" });
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 1);
    const g = byGate(lines(r.stdout));
    assert.equal(g.placeholders!.status, "fail");
    assert.match(g.placeholders!.detail!, /src\/tab\\x09name\.ts:1 TODO/);
    assert.match(g.placeholders!.detail!, /src\/back\\\\slash\.ts:1 FIXME/);
    await Deno.remove(`${dir}/src/tab\tname.ts`);
    await Deno.remove(`${dir}/src/back\\slash.ts`);

    // A name that is not UTF-8 cannot be opened by its listed form: not scanned, so not a pass.
    const cmd = new Deno.Command("sh", {
      args: ["-c", 'printf "// TODO plan\\n" > "$(printf "$0/src/bad\\377.ts")"', dir],
    });
    assert.equal((await cmd.output()).code, 0);
    const bad = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(bad.code, 1);
    const gb = byGate(lines(bad.stdout));
    assert.equal(gb.placeholders!.status, "fail");
    assert.match(gb.placeholders!.detail!, /1 changed file\(s\) too large, unreadable or gone/);
  });
});

Deno.test("done quotes a placeholder's file name that is not a plain path: a name cannot report a TODO in a clean file", async () => {
  await withRepo(PASSING, async (dir) => {
    await writeFiles(dir, { "notes.ts:9 FIXME, src/a.ts": "// TODO finish\n" });
    const r = await runBaton(["done"], { cwd: dir });
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /1 placeholder\(s\): "notes\.ts:9 FIXME, src\/a\.ts":1 TODO/);
    assert.doesNotMatch(r.stdout, /src\/a\.ts:1 TODO/, "src/a.ts is clean");
    // Control: a plain path is printed as it is.
    await Deno.remove(`${dir}/notes.ts:9 FIXME, src/a.ts`);
    await writeFiles(dir, { "src/b.ts": "// TODO finish\n" });
    const plain = await runBaton(["done"], { cwd: dir });
    assert.match(plain.stdout, /1 placeholder\(s\): src\/b\.ts:1 TODO/);
  });
});

Deno.test("a secret in a command the config names is redacted in --json's ran and in a forced pass's record; the command's plain words stay (control)", async () => {
  const token = SAMPLES.github_pat!(new Rng(82)).secret;
  const config =
    `done:\n  tests: "GITHUB_TOKEN=${token} false"\n  rules:\n    - { name: lint, run: "exit 0" }\n`;
  await withRepo(config, async (dir) => {
    const r = await runBaton(["done", "--json"], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(!r.stdout.includes(token), "the token is not in --json");
    const g = JSON.parse(r.stdout).gates as { gate: string; ran?: string[] }[];
    const ran = Object.fromEntries(g.map((x) => [x.gate, x.ran]));
    assert.match(ran.tests![0]!, /^GITHUB_TOKEN=\[REDACTED:[a-z_]+\] false$/);
    assert.deepEqual(ran.rules, ["exit 0"]);
    const forced = await runBaton(["done", "--json", "--force", "--reason", "known"], { cwd: dir });
    assert.equal(forced.code, 0, forced.stderr);
    const audit = await Deno.readTextFile(String(JSON.parse(forced.stdout).verdict.audit));
    assert.ok(!audit.includes(token), "the token is not in the forced pass's record");
    assert.match(audit, /GITHUB_TOKEN=\[REDACTED/);
  });
});
