/** Tests for parseGitConfig() with git config --list as the oracle. */
import assert from "node:assert/strict";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";
import {
  getConfigBool,
  getConfigValue,
  listConfigSubsections,
} from "../../../../core/facts/git/config_lookup.ts";
import { GitConfigSyntaxError } from "../../../../core/facts/git/errors.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";

const TRICKY = [
  "# leading comment",
  "[core]",
  "\tfileMode = false",
  "\tbare",
  '\teditor = "vim  -u ; x" # quoted comment chars stay',
  "\tpager = less   -R   ; trailing comment",
  '\twhitespace = a\\tb\\nc \\\\ \\" end',
  "\tlong = first \\",
  "  second",
  "\tempty =",
  '[remote "Origin \\"Q\\" \\\\ x"]',
  "\turl = https://user:ghp_secret@github.com/x/y.git",
  "[Section.SubDotted]",
  "\tKey = 1",
  "[sec] inline = yes",
  "[CORE]",
  "\tFILEMODE = true\r",
  "\tcrlf = value\r",
  '[x "Case"]',
  '\tk = ""',
  "",
].join("\n");

async function gitList(text: string): Promise<[string, string | null][]> {
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/cfg`, text);
  const out = (await git(dir, ["config", "-f", "cfg", "--null", "--list"])).stdout;
  return out.split("\0").filter((s) => s !== "").map((item) => {
    const nl = item.indexOf("\n");
    return nl < 0 ? [item, null] : [item.slice(0, nl), item.slice(nl + 1)];
  });
}

function flatten(text: string): [string, string | null][] {
  return parseGitConfig(text).entries.map((e) => [
    e.subsection === null ? `${e.section}.${e.key}` : `${e.section}.${e.subsection}.${e.key}`,
    e.value,
  ]);
}

Deno.test("parseGitConfig() agrees with git config --list on tricky quoting, escapes and comments", async () => {
  const ours = flatten(TRICKY);
  assert.deepEqual(ours, await gitList(TRICKY));
  // Spot checks that the oracle comparison covers what matters.
  const c = parseGitConfig(TRICKY);
  assert.equal(getConfigValue(c, "core.editor"), "vim  -u ; x");
  assert.equal(getConfigValue(c, "core.pager"), "less   -R");
  assert.equal(getConfigValue(c, "core.long"), "first   second");
  assert.equal(getConfigValue(c, "core.bare"), null);
  assert.equal(getConfigBool(c, "core.fileMode", false), true, "later CORE.FILEMODE wins");
  assert.deepEqual(listConfigSubsections(c, "remote"), ['Origin "Q" \\ x']);
  assert.equal(getConfigValue(c, "section.subdotted.key"), "1");
  assert.equal(getConfigValue(c, "x.case.k"), undefined, "subsections are case-sensitive");
  assert.equal(getConfigValue(c, "x.Case.k"), "");
});

Deno.test("parseGitConfig() rejects what git rejects, giving only the line number", async () => {
  const bad = [
    '[core]\n\tx = "unterminated\n',
    "[core]\n\tx = bad \\q escape\n",
    "[core\n",
    '[remote "x]\n',
    "[core]\n\t9key = v\n",
  ];
  for (const text of bad) {
    assert.throws(() => parseGitConfig(text), (e: unknown) => {
      assert.ok(e instanceof GitConfigSyntaxError);
      assert.ok(e instanceof SyntaxError);
      assert.equal(e.code, "git_config_invalid");
      assert.ok(!e.message.includes("unterminated\n"));
      return true;
    }, JSON.stringify(text));
    const dir = await makeRepo();
    await Deno.writeTextFile(`${dir}/cfg`, text);
    const r = await git(dir, ["config", "-f", "cfg", "--list"], { allowFail: true });
    assert.notEqual(r.code, 0, `git should reject too: ${JSON.stringify(text)}`);
  }
  assert.throws(() => parseGitConfig('[a]\n b = 1\n c = "x\n'), (e: unknown) => {
    assert.ok(e instanceof GitConfigSyntaxError);
    assert.equal(e.data.line, 3);
    return true;
  });
});

Deno.test("parseGitConfig() skips a key before any section, as git does", () => {
  assert.deepEqual(flatten("key = outside\n[a]\nb = 1\n"), [["a.b", "1"]]);
});
