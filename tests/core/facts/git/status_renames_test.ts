/**
 * statusRenames: the four rename keys walked in order as git status's
 * callback takes them (checked against git 2.39 in git_agreement_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";
import { statusRenames } from "../../../../core/facts/git/status_renames.ts";

const at = (text: string) => statusRenames(parseGitConfig(text));

Deno.test("statusRenames: defaults are renames on, no copies, a limit of 1000", () => {
  assert.deepEqual(at("").settings, { renames: true, copies: false, renameLimit: 1000 });
});

Deno.test("statusRenames: the first diff value wins; a status value always sets it", () => {
  assert.equal(at("[diff]\nrenameLimit = 2\nrenameLimit = 100\n").settings.renameLimit, 2);
  assert.equal(at("[diff]\nrenameLimit = 2\n[status]\nrenameLimit = 7\n").settings.renameLimit, 7);
  assert.equal(at("[status]\nrenameLimit = 7\nrenameLimit = 9\n").settings.renameLimit, 9);
  assert.equal(at("[diff]\nrenames = false\nrenames = copy\n").settings.renames, false);
  assert.equal(at("[diff]\nrenames = copies\n[status]\nrenames\n").settings.copies, false);
});

Deno.test("statusRenames: -1 is git's unset, so a later diff limit is read; other negatives mean the default", () => {
  assert.equal(at("[status]\nrenameLimit = -1\n[diff]\nrenameLimit = 2\n").settings.renameLimit, 2);
  assert.equal(
    at("[status]\nrenameLimit = -5\n[diff]\nrenameLimit = 2\n").settings.renameLimit,
    1000,
  );
  assert.equal(at("[status]\nrenameLimit = 0\n").settings.renameLimit, 32767);
  assert.equal(at("[diff]\nrenameLimit = 010\n").settings.renameLimit, 8);
});

Deno.test("statusRenames: diff entries git never parses are named, others are not", () => {
  const r = at(
    "[diff]\nrenameLimit = 3\nrenameLimit = zz\n[status]\nrenames\n[diff]\nrenames = x\n",
  );
  assert.deepEqual([...r.skipped].map((e) => e.value), ["zz", "x"]);
  assert.equal(at("[diff]\nrenameLimit = zz\n").skipped.size, 0);
});
