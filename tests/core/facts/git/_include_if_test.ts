/**
 * includeIfMatches(): gitdir, gitdir/i and onbranch conditions as git
 * evaluates them; unknown conditions never include.
 * @module
 */
import assert from "node:assert/strict";
import { includeIfMatches, includeIfUnexpandable } from "../../../../core/facts/git/_include_if.ts";

const ctx = {
  gitDir: "/home/u/work/proj/.git",
  branch: "feature/x",
  home: "/home/u",
  configDir: "/home/u",
};

Deno.test("includeIfMatches() gitdir: a trailing slash means everything below", () => {
  assert.equal(includeIfMatches("gitdir:~/work/", ctx), true);
  assert.equal(includeIfMatches("gitdir:~/other/", ctx), false, "control");
  assert.equal(includeIfMatches("gitdir:proj/.git", ctx), true, "relative: any depth");
  assert.equal(includeIfMatches("gitdir:./work/", ctx), true, "./ is the config file's directory");
  assert.equal(includeIfMatches("gitdir:/home/*/work/proj/.git", ctx), true);
  assert.equal(includeIfMatches("gitdir:/home/*/proj/.git", ctx), false, "* stops at /");
});

Deno.test("includeIfMatches() gitdir/i folds case; onbranch globs the branch; others never match", () => {
  assert.equal(includeIfMatches("gitdir/i:~/WORK/", ctx), true);
  assert.equal(includeIfMatches("gitdir:~/WORK/", ctx), false, "control: case kept");
  assert.equal(includeIfMatches("onbranch:feature/", ctx), true);
  assert.equal(includeIfMatches("onbranch:main", ctx), false);
  assert.equal(includeIfMatches("onbranch:main", { ...ctx, branch: null }), false);
  assert.equal(includeIfMatches("hasconfig:remote.*.url:https://x/**", ctx), false);
  assert.equal(includeIfMatches("hasconfig:user.name:x", ctx), false, "an unknown key");
});

Deno.test("includeIfMatches() hasconfig:remote.*.url globs every remote URL of the cascade", () => {
  const urls = { ...ctx, remoteUrls: ["git@host:a/b.git", "https://x/team/repo.git"] };
  assert.equal(includeIfMatches("hasconfig:remote.*.url:https://x/**", urls), true);
  assert.equal(includeIfMatches("hasconfig:remote.*.url:https://x/*", urls), false, "* stops at /");
  assert.equal(includeIfMatches("hasconfig:remote.*.url:git@host:*/*.git", urls), true);
  assert.equal(includeIfMatches("hasconfig:remote.*.url:https://y/**", urls), false);
});

Deno.test("includeIfMatches() gitdir: also tries the git directory with links resolved", () => {
  const linked = { ...ctx, gitDir: "/link/proj/.git", realGitDir: "/home/u/work/proj/.git" };
  assert.equal(includeIfMatches("gitdir:~/work/", linked), true);
  assert.equal(includeIfMatches("gitdir:~/work/", { ...linked, realGitDir: null }), false);
});

Deno.test("includeIfMatches() gitdir:./ puts the config file's directory in literally, as git's prefix", () => {
  const at = (configDir: string, gitDir: string) => ({ ...ctx, configDir, gitDir });
  assert.equal(includeIfMatches("gitdir:./w/", at("/h/[ab]", "/h/[ab]/w/p/.git")), true);
  assert.equal(includeIfMatches("gitdir:./w/", at("/h/[ab]", "/h/a/w/p/.git")), false, "no class");
  assert.equal(includeIfMatches("gitdir:./w/", at("/h/*", "/h/x/w/p/.git")), false, "no star");
  assert.equal(includeIfMatches("gitdir:./*/", at("/h", "/h/x/p/.git")), true, "the rest globs");
  assert.equal(
    includeIfMatches("gitdir:./../h/w/", at("/h", "/h/w/p/.git")),
    false,
    "not resolved",
  );
  assert.equal(includeIfMatches("gitdir:./w/", at("/", "/w/p/.git")), true, "the root");
});

Deno.test("includeIfMatches() globs as git's wildmatch: glued stars stay in a component, classes, one byte a ?", () => {
  assert.equal(includeIfMatches("onbranch:fea**x", ctx), false, "glued: one star");
  assert.equal(includeIfMatches("onbranch:feature/**x", ctx), true);
  assert.equal(includeIfMatches("gitdir:/home/u/wo**", ctx), false, "glued: stops at /");
  assert.equal(includeIfMatches("gitdir:/home/u/**", ctx), true, "after a slash: crosses it");
  assert.equal(includeIfMatches("gitdir:/home/[[:alpha:]]/work/", ctx), true);
  assert.equal(includeIfMatches("gitdir:/home/[[:bogus:]]/work/", ctx), false);
  assert.equal(includeIfMatches("onbranch:feature[!a]x", ctx), false, "a bracket never takes /");
  const accented = { ...ctx, branch: "bé", gitDir: "/h/é/.git" };
  assert.equal(includeIfMatches("onbranch:b?", accented), false, "? is one byte");
  assert.equal(includeIfMatches("onbranch:b??", accented), true);
  assert.equal(includeIfMatches("gitdir/i:/h/É/", accented), false, "only ASCII folds");
  assert.equal(includeIfMatches("gitdir/i:/H/é/", accented), true);
  assert.equal(includeIfMatches("gitdir:~", { ...ctx, gitDir: "/home/u" }), true, "~ alone");
});

Deno.test("includeIfUnexpandable() names gitdir: patterns from another user's home or git's prefix", () => {
  assert.equal(includeIfUnexpandable("gitdir:~alice/work/"), true);
  assert.equal(includeIfUnexpandable("gitdir/i:%(prefix)/x/"), true);
  assert.equal(includeIfUnexpandable("gitdir:~/work/"), false);
  assert.equal(includeIfUnexpandable("gitdir:~"), false);
  assert.equal(includeIfUnexpandable("onbranch:~alice"), false);
  assert.equal(includeIfMatches("gitdir:~u/work/", ctx), false, "never matched");
});
