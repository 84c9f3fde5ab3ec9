import assert from "node:assert/strict";
import fc from "fast-check";
import {
  addExcludes,
  excludePattern,
  removeExcludes,
} from "../../../../core/hosts/install/git_exclude.ts";
import { git, writeFiles } from "../../../_helpers/git.ts";
import { withRepo } from "../../../_helpers/temp_fs.ts";

const patterns = fc.uniqueArray(
  fc.stringMatching(/^[a-z._/-]{1,20}$/).map((p) => excludePattern(p)),
  { minLength: 1, maxLength: 5 },
);
const userText = fc.option(
  fc.array(fc.stringMatching(/^[a-z*/#. ]{0,20}$/), { maxLength: 5 }).map((ls) => ls.join("\n")),
);

Deno.test("removeExcludes() undoes addExcludes() byte for byte, a file baton created included (property)", () => {
  fc.assert(fc.property(userText, patterns, (text, ps) => {
    const added = addExcludes(text, ps);
    for (const p of ps) assert.ok(added.split("\n").includes(p));
    assert.equal(addExcludes(added, ps), added, "adding twice changes nothing");
    assert.equal(removeExcludes(added, ps), text);
  }));
});

Deno.test("removeExcludes() of some patterns keeps the others in the block, and leaves a text without a block alone", () => {
  const both = addExcludes("user-rule\n", ["/a", "/b"]);
  const one = removeExcludes(both, ["/a"])!;
  assert.ok(one.startsWith("user-rule\n"));
  assert.ok(one.includes("\n/b\n") && !one.includes("\n/a\n"));
  assert.equal(removeExcludes("plain\n", ["/a"]), "plain\n");
  // An unterminated block is not baton's to touch.
  const broken = both.replace("# <<< baton\n", "");
  assert.equal(addExcludes(broken, ["/c"]).endsWith("# <<< baton\n"), true);
  assert.equal(removeExcludes(broken, ["/a"]), broken);
});

Deno.test("excludePattern() makes git ignore exactly that path, special characters included", async () => {
  await withRepo(async (dir) => {
    const names = [
      "plain.txt",
      "star*.md",
      "q?.md",
      "[x].md",
      "#hash.md",
      "!bang.md",
      "sub/trail ",
    ];
    const near = ["starX.md", "qq.md", "x.md", "sub/plain.txt"];
    await writeFiles(dir, Object.fromEntries([...names, ...near].map((n) => [n, "x\n"])));
    await Deno.writeTextFile(
      `${dir}/.git/info/exclude`,
      addExcludes(null, names.map(excludePattern)),
    );
    const ignored = async (p: string) =>
      (await git(dir, ["check-ignore", "-q", "--no-index", p], { allowFail: true })).code === 0;
    for (const n of names) assert.ok(await ignored(n), `ignored: ${n}`);
    for (const n of near) assert.ok(!(await ignored(n)), `not ignored: ${n}`);
  });
});
