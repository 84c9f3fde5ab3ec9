/**
 * formatCheckStop(): the values git's check of a repository's format dies
 * on, entry by entry, and the ones it takes.
 * @module
 */
import assert from "node:assert/strict";
import { formatCheckStop } from "../../../../core/facts/git/format_check.ts";
import { parseGitConfig } from "../../../../core/facts/git/parse_config.ts";

const at = (text: string) => formatCheckStop(parseGitConfig(text));

Deno.test("formatCheckStop(): every checked key with a value git rejects, or none where one is needed, is named", () => {
  assert.equal(at("[core]\n\trepositoryformatversion = x\n"), "core.repositoryFormatVersion");
  assert.equal(at("[core]\n\trepositoryformatversion\n"), "core.repositoryFormatVersion");
  assert.equal(at("[core]\n\tbare = maybe\n"), "core.bare");
  assert.equal(at("[core]\n\tworktree\n"), "core.worktree");
  assert.equal(at("[extensions]\n\tpreciousObjects = maybe\n"), "extensions.preciousObjects");
  assert.equal(at("[extensions]\n\tworktreeConfig = maybe\n"), "extensions.worktreeConfig");
  assert.equal(at("[extensions]\n\tpartialClone\n"), "extensions.partialClone");
  assert.equal(at("[extensions]\n\tobjectFormat = bogus\n"), "extensions.objectFormat");
  // Each entry counts, a good later one too.
  assert.equal(at("[core]\n\tbare = maybe\n\tbare = false\n"), "core.bare");
});

Deno.test("formatCheckStop(): what git takes is no stop", () => {
  assert.equal(
    at(
      "[core]\n\trepositoryformatversion = 1\n\tbare = false\n\tworktree = ../w\n" +
        "[extensions]\n\tpreciousObjects\n\tworktreeConfig = true\n\tpartialClone = origin\n" +
        "\tobjectFormat = sha256\n\tnoop = whatever\n",
    ),
    null,
  );
  assert.equal(at("[core]\n\tfileMode = maybe\n"), null, "not read by the format check");
});
