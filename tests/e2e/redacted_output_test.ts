/**
 * Every output path redacts: `preflight` (branch, changed and untracked
 * file names, text and --json) and error messages that name a path or a
 * value (missing draft, `scan` of a missing path, unknown command or host),
 * which also have their control characters neutralised. Real repositories,
 * real subprocesses; each test plants a token (generated at run time) and
 * checks the marker is there (positive control) and the token is not.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { tempDir } from "../_helpers/temp.ts";

const ESC = "\u001b";

function tokens(seed: number): { gh: string; gl: string } {
  const rng = new Rng(seed);
  return { gh: SAMPLES.github_pat!(rng).secret, gl: SAMPLES.gitlab_pat!(rng).secret };
}

async function repoWithSecretNames(): Promise<{ dir: string; gh: string; gl: string }> {
  const { gh, gl } = tokens(11);
  const dir = await makeRepo("baton-redacted-output-");
  await writeFiles(dir, { [`tracked-${gl}.txt`]: "a\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", `fix/${gh}`]);
  await writeFiles(dir, { [`tracked-${gl}.txt`]: "changed\n", [`new-${gl}.md`]: "x\n" });
  await writeFiles(dir, { [`esc-${ESC}[31mred.txt`]: "x\n" });
  return { dir, gh, gl };
}

Deno.test("preflight redacts the branch and the changed and untracked file names", async () => {
  const { dir, gh, gl } = await repoWithSecretNames();
  try {
    const text = await runBaton(["preflight"], { cwd: dir });
    assert.equal(text.code, 0, text.stderr);
    assert.ok(text.stdout.includes("fix/[REDACTED:github_pat]"), text.stdout);
    assert.ok(text.stdout.includes("tracked-[REDACTED:gitlab_pat].txt"), "changed file");
    assert.ok(text.stdout.includes("new-[REDACTED:gitlab_pat].md"), "untracked file");
    assert.ok(!text.stdout.includes(gh) && !text.stdout.includes(gl), "no token in the text");
    assert.ok(!text.stdout.includes(ESC), "no raw escape in the text");
    assert.ok(text.stdout.includes("esc-"), "positive control: the escape's file is listed");

    const json = await runBaton(["preflight", "--json"], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    assert.ok(!json.stdout.includes(gh) && !json.stdout.includes(gl), "no token in --json");
    assert.ok(!json.stdout.includes(ESC), "no raw escape in --json");
    const facts = JSON.parse(json.stdout).facts;
    assert.equal(facts.branch, "fix/[REDACTED:github_pat]");
    const paths = facts.changed_files.map((f: { path: string }) => f.path);
    assert.ok(paths.includes("tracked-[REDACTED:gitlab_pat].txt"), JSON.stringify(paths));
    assert.ok(paths.includes("new-[REDACTED:gitlab_pat].md"), JSON.stringify(paths));
    // Recorded in baton's escaped form: the control character as \xNN text.
    assert.ok(paths.includes("esc-\\x1b[31mred.txt"), JSON.stringify(paths));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("error messages naming a path or a value are redacted and neutralised", async () => {
  const { gh, gl } = tokens(12);
  const dir = (await tempDir("baton-redacted-errors-")).path;
  try {
    const cases: { args: string[]; kind: string }[] = [
      { args: ["scan", `${dir}/missing-${gl}\u202e\u009b31m`], kind: "gitlab_pat" },
      { args: ["redact", `${dir}/missing-${gl}`], kind: "gitlab_pat" },
      { args: ["finalize", "--draft", `${dir}/draft-${gh}.json`], kind: "github_pat" },
      { args: [`run-${gl}${ESC}[2J`], kind: "gitlab_pat" },
      { args: ["install", `host-${gl}${ESC}]0;title\u0007`], kind: "gitlab_pat" },
    ];
    for (const c of cases) {
      for (const json of [false, true]) {
        const r = await runBaton(json ? [...c.args, "--json"] : c.args, { cwd: dir });
        const label = `${c.args[0]} ${json ? "--json" : ""}`;
        assert.notEqual(r.code, 0, label);
        const out = r.stdout + r.stderr;
        assert.ok(
          out.includes(`[REDACTED:${c.kind}]`),
          `${label}: marker in ${JSON.stringify(out)}`,
        );
        assert.ok(!out.includes(gh) && !out.includes(gl), `${label}: token printed`);
        for (const ch of ["\u0007", ESC, "\u009b", "\u202e"]) {
          assert.ok(!out.includes(ch), `${label}: raw control printed`);
        }
        if (json) {
          const error = JSON.parse(r.stdout).error;
          assert.ok(error.message.includes(`[REDACTED:${c.kind}]`), label);
        }
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an error message keeps to one line", async () => {
  const dir = (await tempDir("baton-redacted-errors-")).path;
  try {
    const r = await runBaton(["scan", `${dir}/a\nbaton: all clear`], { cwd: dir });
    assert.notEqual(r.code, 0);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, JSON.stringify(r.stderr));
    assert.ok(r.stderr.includes(" ⏎ baton: all clear"), "positive control: the text is shown");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
