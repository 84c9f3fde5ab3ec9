import assert from "node:assert/strict";
import { parseGitConfig } from "../../../core/facts/git/parse_config.ts";
import { submoduleIgnore } from "../../../core/facts/submodule_ignore.ts";

const entries = (text: string) => parseGitConfig(text).entries;
const gm = entries('[submodule "lib"]\npath = vendor/lib\nignore = dirty\n');

Deno.test("submoduleIgnore: .gitmodules by the submodule's name, the configuration over it", () => {
  assert.equal(submoduleIgnore([], gm, "vendor/lib"), "dirty");
  assert.equal(
    submoduleIgnore(entries('[submodule "lib"]\nignore = all\n'), gm, "vendor/lib"),
    "all",
  );
  // Control: a name is matched by path, not by the section's name.
  assert.equal(submoduleIgnore([], gm, "lib"), "none");
  assert.equal(submoduleIgnore([], [], "vendor/lib"), "none");
});

Deno.test("submoduleIgnore: diff.ignoreSubmodules is the start a per-submodule setting replaces", () => {
  const all = entries("[diff]\nignoreSubmodules = all\n");
  assert.equal(submoduleIgnore(all, [], "x"), "all");
  assert.equal(submoduleIgnore(all, gm, "vendor/lib"), "dirty");
  assert.equal(
    submoduleIgnore([...all, ...entries('[submodule "lib"]\nignore = none\n')], gm, "vendor/lib"),
    "none",
  );
});

Deno.test("submoduleIgnore: a value git stops on is unknown; one .gitmodules git skips is skipped", () => {
  assert.equal(
    typeof submoduleIgnore(entries("[diff]\nignoreSubmodules = most\n"), [], "x"),
    "object",
  );
  assert.equal(
    typeof submoduleIgnore(entries('[submodule "lib"]\nignore = some\n'), gm, "vendor/lib"),
    "object",
  );
  const skipped = entries('[submodule "lib"]\npath = vendor/lib\nignore = all\nignore = bogus\n');
  assert.equal(submoduleIgnore([], skipped, "vendor/lib"), "all");
});

Deno.test("submoduleIgnore: inside a submodule shown without its untracked files, nested ones follow", () => {
  assert.equal(submoduleIgnore([], [], "x", false), "untracked");
  assert.equal(submoduleIgnore([], gm, "vendor/lib", false), "dirty");
  const none = entries('[submodule "lib"]\npath = vendor/lib\nignore = none\n');
  assert.equal(submoduleIgnore([], none, "vendor/lib", false), "none", "an explicit setting wins");
});
