/**
 * Codex's project-trust note, through the real CLI (`install codex`,
 * `doctor`): `$CODEX_HOME/config.toml` is read only when it is a regular
 * file (a folder there was reported as "no entry", a thing baton did not
 * find; a FIFO would hold install forever), a `trust_level` value is printed
 * only in the shape Codex writes (a terminal escape in it reached the
 * terminal), and the repository's path is neutralised in the note while the
 * TOML entry to add stays exact (control characters as TOML escapes).
 * Controls: a regular config with a plain level is named as before.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const ESC = "\u001b";

async function doctorCodex(repo: string, env: Record<string, string>): Promise<string> {
  const d = await runBaton(["doctor"], { cwd: repo, env });
  const line = d.stdout.split("\n").filter((l) => /codex/i.test(l)).join("\n");
  return line;
}

Deno.test("codex trust note: a config.toml that is not a regular file is unknown, never 'no entry'; a FIFO does not hold install", async () => {
  await using t = await tempDir("baton-ctn-");
  const repo = `${t.path}/repo`;
  await git(t.path, ["init", "-q", repo]);
  const home = `${t.path}/home`;
  await Deno.mkdir(`${home}/.codex/config.toml`, { recursive: true });
  const env = { HOME: home, CODEX_HOME: `${home}/.codex`, DENO_DIR };
  const r = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /Codex project trust: unknown \(.*config\.toml: it is not a regular file\)/,
  );
  assert.doesNotMatch(r.stdout, /no entry/);
  await Deno.remove(`${home}/.codex/config.toml`);
  const mk = await new Deno.Command("mkfifo", { args: [`${home}/.codex/config.toml`] }).output();
  assert.ok(mk.success);
  const f = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.equal(f.code, 0, f.stderr);
  assert.match(f.stdout, /it is not a regular file/);
  // Control: a regular file with no entry for the project.
  await Deno.remove(`${home}/.codex/config.toml`);
  await Deno.writeTextFile(`${home}/.codex/config.toml`, 'model = "m"\n');
  const c = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.match(c.stdout, /Codex project trust: needed \(no entry in /);
});

Deno.test("codex trust note: a config.toml larger than the read bound is unknown, never 'no entry' for an entry past the bound", async () => {
  await using t = await tempDir("baton-ctn-");
  const repo = `${t.path}/repo`;
  await git(t.path, ["init", "-q", repo]);
  const home = `${t.path}/home`;
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  const env = { HOME: home, CODEX_HOME: `${home}/.codex`, DENO_DIR };
  // Comment lines filling exactly the 4 MiB baton reads, then the project's entry: the part
  // read parses, and the entry is in the part that was not.
  const line = `#${"x".repeat(1022)}\n`;
  const filler = line.repeat(4 * 1024);
  const entry = `[projects."${repo}"]\ntrust_level = "trusted"\n`;
  await Deno.writeTextFile(`${home}/.codex/config.toml`, filler + entry);
  const r = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /no entry/, r.stdout);
  assert.match(r.stdout, /Codex project trust: unknown \(.*config\.toml: it is larger than/);
  // Control: the same entry in a small config is found.
  await Deno.writeTextFile(`${home}/.codex/config.toml`, entry);
  const c = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.match(c.stdout, /Codex project trust: done/);
});

Deno.test("codex trust note: trust_level and the project path are printed neutralised; the entry to add stays exact", async () => {
  await using t = await tempDir("baton-ctn-");
  const repo = `${t.path}/re${ESC}[2Jpo`;
  await git(t.path, ["init", "-q", repo]);
  const home = `${t.path}/home`;
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  const env = { HOME: home, CODEX_HOME: `${home}/.codex`, DENO_DIR };
  const key = repo.replaceAll(ESC, "\\u001B");
  await Deno.writeTextFile(
    `${home}/.codex/config.toml`,
    `[projects."${key}"]\ntrust_level = "x\\u001b]0;owned\\u0007 trusted"\n`,
  );
  const r = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!r.stdout.includes(ESC), JSON.stringify(r.stdout));
  assert.match(r.stdout, /trust_level is a value Codex does not write/);
  // The entry to add names the same path, escaped as TOML reads it.
  assert.ok(r.stdout.includes(`[projects."${key}"] trust_level = "trusted"`), r.stdout);
  assert.ok(!(await doctorCodex(repo, env)).includes(ESC));
  // Control: a plain level is named.
  await Deno.writeTextFile(
    `${home}/.codex/config.toml`,
    `[projects."${key}"]\ntrust_level = "untrusted"\n`,
  );
  const u = await runBaton(["install", "codex"], { cwd: repo, env });
  assert.match(u.stdout, /trust_level is "untrusted"/);
});
