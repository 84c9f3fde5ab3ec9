/**
 * repositoryFormatProblem against git's rules for format versions and
 * extensions (the refusals themselves are checked against git in
 * tests/core/facts/git_agreement_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import { repositoryFormatProblem } from "../../../../core/facts/git/repository_format.ts";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";

function at(text: string) {
  return repositoryFormatProblem(parseGitConfig(text));
}

Deno.test("repository format: versions 0 and 1 with the extensions git reads are readable", () => {
  assert.equal(at(""), null);
  assert.equal(at("[core]\n\trepositoryformatversion = 0\n"), null);
  for (
    const ext of ["noop", "preciousObjects", "partialClone = origin", "worktreeConfig", "noop-v1"]
  ) {
    assert.equal(at(`[core]\n\trepositoryformatversion = 1\n[extensions]\n\t${ext}\n`), null, ext);
  }
  assert.equal(
    at("[core]\nrepositoryformatversion = 1\n[extensions]\nobjectformat = SHA1\n"),
    null,
  );
  // Version 0 ignores extensions it does not know, as git does.
  assert.equal(at("[core]\n\trepositoryformatversion = 0\n[extensions]\n\tfoo = 1\n"), null);
});

Deno.test("repository format: what git refuses or baton cannot read is a problem with a reason", () => {
  for (const v of ["2", "-1", "x"]) {
    assert.match(at(`[core]\n\trepositoryformatversion = ${v}\n`)!.reason, /FormatVersion/, v);
  }
  const unknown = at("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tfoo\n")!;
  assert.match(unknown.reason, /extensions\.foo/);
  assert.equal(unknown.refsReadable, false);
  // Version-1-only extensions in version 0: git 2.39 refuses noop-v1 and
  // objectFormat (sha1 too), newer gits refStorage as well.
  assert.match(at("[extensions]\n\trefStorage = reftable\n")!.reason, /refStorage/);
  for (const ext of ["objectFormat = sha256", "objectFormat = sha1", "noop-v1"]) {
    assert.match(at(`[extensions]\n\t${ext}\n`)!.reason, /only be set in a version 1/, ext);
  }
  const sha = at("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectFormat = sha256\n")!;
  assert.match(sha.reason, /SHA-256/);
  assert.equal(sha.refsReadable, true, "only the objects differ: HEAD is still read");
  assert.equal(
    at("[core]\nrepositoryformatversion = 1\n[extensions]\nrefstorage = files\n")?.refsReadable,
    false,
  );
});
