/**
 * environmentConfig(): GIT_CONFIG_COUNT's entries read as git reads them
 * (key names split and lower-cased, an empty value kept, order kept), and
 * every form git refuses or baton does not apply named with a reason.
 * @module
 */
import assert from "node:assert/strict";
import {
  countedConfigNames,
  environmentConfig,
  MAX_ENVIRONMENT_CONFIG_ENTRIES,
  parseConfigKey,
} from "../../../../core/facts/git/environment_config.ts";
import { readGitEnvironment } from "../../../../core/facts/git/git_environment.ts";

Deno.test("counted entries keep git's order, case rules and empty values", () => {
  const env = {
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "Remote.Up.Stream.URL",
    GIT_CONFIG_VALUE_0: "https://example.invalid/r.git",
    GIT_CONFIG_KEY_1: "core.excludesFile",
    GIT_CONFIG_VALUE_1: "",
  };
  assert.deepEqual(environmentConfig(env), {
    entries: [
      {
        section: "remote",
        subsection: "Up.Stream",
        key: "url",
        value: "https://example.invalid/r.git",
        line: 0,
      },
      { section: "core", subsection: null, key: "excludesfile", value: "", line: 0 },
    ],
  });
  // readGitEnvironment keeps the empty value (git takes it as set) and reads no more than the count.
  const vars: Record<string, string> = { ...env, GIT_CONFIG_KEY_2: "core.bare" };
  const read = readGitEnvironment((n) => vars[n]);
  assert.equal(read["GIT_CONFIG_VALUE_1"], "");
  assert.equal(read["GIT_CONFIG_KEY_2"], undefined);
  assert.deepEqual(environmentConfig(read), environmentConfig(env));
});

Deno.test("forms git refuses or baton does not apply have a reason", () => {
  const one = (k: string) => ({
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: k,
    GIT_CONFIG_VALUE_0: "v",
  });
  for (
    const env of [
      { GIT_CONFIG_COUNT: "-1" },
      { GIT_CONFIG_COUNT: " 1" },
      { GIT_CONFIG_COUNT: "1" },
      { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.autocrlf" },
      { GIT_CONFIG_COUNT: `${MAX_ENVIRONMENT_CONFIG_ENTRIES + 1}` },
      one("core"),
      one(".x"),
      one("core.9x"),
      one("co_re.x"),
      one("include.path"),
      one("includeIf.gitdir:/x/.path"),
      one("safe.directory"),
      one("core.worktree"),
      one("core.bare"),
    ]
  ) {
    assert.ok("reason" in environmentConfig(env), JSON.stringify(env));
  }
  // Controls: no count and a zero count are no entries.
  assert.deepEqual(environmentConfig({}), { entries: [] });
  assert.deepEqual(environmentConfig({ GIT_CONFIG_COUNT: "0" }), { entries: [] });
  assert.ok("entries" in environmentConfig(one("core.autocrlf")));
});

Deno.test("key names: git's characters, a subsection of any text but a newline", () => {
  assert.deepEqual(parseConfigKey("a-b.x-1"), { section: "a-b", subsection: null, key: "x-1" });
  assert.deepEqual(parseConfigKey("url.a=b c.insteadOf"), {
    section: "url",
    subsection: "a=b c",
    key: "insteadof",
  });
  assert.equal(parseConfigKey("url.a\nb.insteadOf"), null);
  assert.equal(parseConfigKey("core."), null);
  assert.deepEqual(countedConfigNames(""), []);
  assert.deepEqual(countedConfigNames(`${MAX_ENVIRONMENT_CONFIG_ENTRIES + 1}`), []);
});
