/** Tests for the config lookups, with git config --get / --type=bool as the oracle. */
import assert from "node:assert/strict";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";
import {
  getConfigBool,
  getConfigEntries,
  getConfigValue,
  listConfigSubsections,
  parseConfigBool,
} from "../../../../core/facts/git/config_lookup.ts";
import { GitConfigSyntaxError } from "../../../../core/facts/git/errors.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";

const TEXT = [
  "[core]",
  "\tbare",
  "\ta = yes",
  "\tb = Off",
  "\tc = 0",
  "\td = 17",
  "\te =",
  "\tf = maybe",
  '[remote "origin"]',
  "\turl = one",
  "\tURL = two",
  '[remote "Origin"]',
  "\turl = three",
  "[remote.dotted]",
  "\turl = four",
  "",
].join("\n");

Deno.test("getConfigValue() and getConfigEntries() match git config --get and --get-all", async () => {
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/cfg`, TEXT);
  const config = parseGitConfig(TEXT);
  for (
    const name of [
      "remote.origin.url",
      "REMOTE.Origin.URL",
      "remote.dotted.url",
      "core.a",
      "core.missing",
    ]
  ) {
    const r = await git(dir, ["config", "-f", "cfg", "--get-all", name], { allowFail: true });
    const want = r.code === 0 ? r.stdout.trimEnd().split("\n") : [];
    assert.deepEqual(getConfigEntries(config, name).map((e) => e.value), want, name);
    assert.equal(
      getConfigValue(config, name),
      want.length === 0 ? undefined : want[want.length - 1],
      name,
    );
  }
  assert.deepEqual(listConfigSubsections(config, "Remote"), ["origin", "Origin", "dotted"]);
});

Deno.test("getConfigBool() and parseConfigBool() read booleans as git --type=bool does", async () => {
  const dir = await makeRepo();
  await Deno.writeTextFile(`${dir}/cfg`, TEXT);
  const config = parseGitConfig(TEXT);
  for (const key of ["bare", "a", "b", "c", "d", "e"]) {
    const want = (await git(dir, ["config", "-f", "cfg", "--type=bool", `core.${key}`])).stdout
      .trim();
    assert.equal(String(getConfigBool(config, `core.${key}`, false)), want, key);
  }
  assert.equal(getConfigBool(config, "core.absent", true), true);
  const bad = await git(dir, ["config", "-f", "cfg", "--type=bool", "core.f"], { allowFail: true });
  assert.notEqual(bad.code, 0);
  assert.throws(() => getConfigBool(config, "core.f", false), GitConfigSyntaxError);
  assert.equal(parseConfigBool("maybe"), null);
});
