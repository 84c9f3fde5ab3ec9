/**
 * Unit tests of rejected_config.ts: git's number parsing at its edges, the
 * every-entry rule against the value-in-force rule, subsections. Each key's
 * verdict is checked against real git in tests/core/facts/git_agreement_test.ts.
 * @module
 */
import assert from "node:assert/strict";
import { parseGitNumber, rejectedConfigKey } from "../../../../core/facts/git/rejected_config.ts";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";

const INT_MAX = 2n ** 31n - 1n;
const at = (text: string) => rejectedConfigKey(parseGitConfig(text));

Deno.test("parseGitNumber reads numbers as git's strtoimax and unit suffix do", () => {
  const cases: [string, bigint | null][] = [
    ["10", 10n],
    [" 5", 5n],
    ["+5", 5n],
    ["-7", -7n],
    ["0x10", 16n],
    ["010", 8n],
    ["1k", 1024n],
    ["2M", 2n * 1024n ** 2n],
    ["1g", 1024n ** 3n],
    ["5 ", null],
    ["09", null],
    ["k", null],
    ["", null],
    ["0x", null],
    ["3g", null],
    ["2147483648", null],
    ["-2147483648", null],
  ];
  for (const [text, want] of cases) assert.equal(parseGitNumber(text, INT_MAX), want, text);
  assert.equal(parseGitNumber("-1", 2n ** 64n - 1n, true), null, "unsigned: no minus anywhere");
});

Deno.test("rejectedConfigKey: every entry counts, except for the keys git looks up once", () => {
  assert.equal(at("[core]\nfileMode = maybe\n[core]\nfileMode = true\n"), "core.fileMode");
  assert.equal(at("[index]\nsparse = maybe\n[index]\nsparse = false\n"), null);
  assert.equal(at("[index]\nsparse = false\n[index]\nsparse = maybe\n"), "index.sparse");
  // A subsection is compared as written; a driver's keys under any name.
  assert.equal(at('[color "status"]\nadded = maybe\n'), "color.status.added");
  assert.equal(at('[color "Status"]\nadded = maybe\n'), null);
  assert.equal(at('[filter "lfs"]\nrequired = maybe\n'), "filter.<driver>.required");
  // Controls: good values and unknown keys.
  assert.equal(at("[core]\nabbrev = no\ncommentChar = auto\n[foo]\nbar = maybe\n"), null);
  assert.equal(at("[core]\nexcludesFile\n"), "core.excludesFile");
});
