/**
 * createAttributeLookup(): precedence of info/attributes, nested
 * .gitattributes and the global file; macros; last matching line wins.
 * @module
 */
import assert from "node:assert/strict";
import { createAttributeLookup } from "../../../../core/facts/worktree/attributes.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { git, makeRepo, writeFiles } from "../../../_helpers/git.ts";

Deno.test("attributes: deeper files win, info/attributes wins over all, global loses", async () => {
  const dir = (await tempDir("baton-attr-")).path;
  await writeFiles(dir, {
    "w/.gitattributes": "*.txt text\n*.c eol=crlf\n[attr]mine -text\n*.m mine\n",
    "w/sub/.gitattributes": "*.txt -text\n",
    "git/info/attributes": "keep.txt text=auto\n",
    "global": "*.g filter=lfs\n*.txt filter=x\n",
  });
  const look = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, {
    globalFile: `${dir}/global`,
  });
  assert.equal((await look.get("a.txt")).get("text"), true);
  assert.equal((await look.get("sub/a.txt")).get("text"), false, "deeper file wins");
  assert.equal((await look.get("sub/keep.txt")).get("text"), "auto", "info/attributes wins");
  assert.equal((await look.get("a.txt")).get("filter"), "x", "global applies when unset elsewhere");
  assert.equal((await look.get("x.c")).get("eol"), "crlf");
  assert.equal((await look.get("x.m")).get("text"), false, "a macro from the root file");
  assert.equal((await look.get("x.other")).size, 0, "control: nothing set");
});

Deno.test("attributes: a line with an invalid attribute name is dropped whole; a value after - or ! is dropped, the name kept", async () => {
  const dir = (await tempDir("baton-attr-")).path;
  await writeFiles(dir, {
    "w/.gitattributes":
      "a.txt text # note\nb.txt eol=lf [attr]m\n[attr]b@d -text\nc.txt b@d\nd.txt -eol=crlf !diff=x\ne.txt x-1.y_2\n",
  });
  const look = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, { globalFile: null });
  assert.equal((await look.get("a.txt")).size, 0, "a trailing comment drops the line");
  assert.equal((await look.get("b.txt")).size, 0, "[attr] inside a line drops it");
  assert.equal((await look.get("c.txt")).size, 0, "no macro of an invalid name");
  assert.equal((await look.get("d.txt")).get("eol"), false);
  assert.equal((await look.get("d.txt")).has("eol=crlf"), false);
  assert.equal((await look.get("e.txt")).get("x-1.y_2"), true, "control: a valid name");
});

Deno.test("attributes: a pattern that opens with U+FEFF (quoted, escaped or not) names that file, not the one without it (git check-attr)", async () => {
  const repo = await makeRepo("baton-attr-bom-");
  // Octal escapes of the mark's bytes, the mark itself inside quotes and unquoted; the plain
  // a.txt line first is the control (a later line for the same name would win).
  await writeFiles(repo, {
    ".gitattributes":
      'a.txt text\n"\\357\\273\\277a.txt" -text\n"\uFEFFb.txt" eol=crlf\nb.txt eol=lf\nc.txt text\n\uFEFFc.txt -text\n',
  });
  const names = ["\uFEFFa.txt", "a.txt", "\uFEFFb.txt", "b.txt", "\uFEFFc.txt", "c.txt"];
  const out = (await git(repo, ["check-attr", "-z", "text", "eol", "--", ...names])).stdout;
  const fields = out.split("\0");
  const want = new Map<string, Map<string, string>>(names.map((n) => [n, new Map()]));
  for (let i = 0; i + 2 < fields.length; i += 3) {
    want.get(fields[i]!)!.set(fields[i + 1]!, fields[i + 2]!);
  }
  assert.equal(want.get("\uFEFFa.txt")!.get("text"), "unset");
  const look = createAttributeLookup(new TestFs(), repo, `${repo}/.git`, { globalFile: null });
  const shown = (v: true | false | string | undefined) =>
    v === undefined ? "unspecified" : v === true ? "set" : v === false ? "unset" : v;
  for (const name of names) {
    const got = await look.get(name);
    for (const attr of ["text", "eol"]) {
      assert.equal(shown(got.get(attr)), want.get(name)!.get(attr), `${name} ${attr}`);
    }
  }
});

Deno.test("attributes: binary macro and unspecify (!attr)", async () => {
  const dir = (await tempDir("baton-attr-")).path;
  await writeFiles(dir, { "w/.gitattributes": "* text\n*.png binary\n*.raw !text\n" });
  const look = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, { globalFile: null });
  assert.equal((await look.get("i.png")).get("text"), false);
  assert.equal((await look.get("i.raw")).has("text"), false);
  assert.equal((await look.get("i.txt")).get("text"), true, "control");
});

Deno.test("attributes: the system file loses to every other source and may define macros", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await writeFiles(dir, {
    "sys": "[attr]crlfy text eol=crlf\n*.a crlfy\n*.b eol=crlf\n*.c eol=crlf\n",
    "global": "*.b eol=lf\n",
    "w/.gitattributes": "*.c -text\n",
  });
  const look = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, {
    globalFile: `${dir}/global`,
    systemFile: `${dir}/sys`,
  });
  const a = await look.get("x.a");
  assert.equal(a.get("text"), true, "a macro from the system file");
  assert.equal(a.get("eol"), "crlf");
  assert.equal((await look.get("x.b")).get("eol"), "lf", "global wins");
  assert.equal((await look.get("x.c")).get("text"), false, "the repository's file wins");
  assert.equal((await look.get("x.c")).get("eol"), "crlf", "what no other file sets stays");
  // Control: without the system file none of it applies.
  const none = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, {
    globalFile: `${dir}/global`,
  });
  assert.equal((await none.get("x.a")).get("eol"), undefined);
});

Deno.test("attributes: a link is never followed; a missing or linked file falls back to the index's, a directory reads as empty", async () => {
  const dir = (await tempDir("baton-attr-")).path;
  await writeFiles(dir, {
    "outside": "*.txt eol=crlf\n",
    "w/real/.gitattributes": "*.txt eol=lf\n",
    "w/info/.gitattributes": "*.txt eol=lf\n",
    "git/info/attributes": "",
  });
  await Deno.symlink(`${dir}/outside`, `${dir}/w/.gitattributes`);
  await Deno.mkdir(`${dir}/w/isdir/.gitattributes`, { recursive: true });
  const asked: string[] = [];
  const index = (path: string) => {
    asked.push(path);
    const text = path === ".gitattributes" || path === "isdir/.gitattributes" ||
        path === "gone/.gitattributes"
      ? "*.txt text\n"
      : null;
    return Promise.resolve(text === null ? null : new TextEncoder().encode(text));
  };
  const look = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, { globalFile: null });
  // The root file is a link: not followed (no eol=crlf from outside), the index's applies.
  const root = await look.get("a.txt", index);
  assert.equal(root.get("eol"), undefined, "the link's target is never read");
  assert.equal(root.get("text"), true, "the index's copy applies");
  assert.equal(
    (await look.get("gone/a.txt", index)).get("text"),
    true,
    "a missing one: the index's",
  );
  // A regular file in the work tree wins over the index (it is not asked for it).
  assert.equal((await look.get("real/a.txt", index)).get("eol"), "lf");
  assert.equal(asked.includes("real/.gitattributes"), false);
  // A directory named info keeps its own file ($GIT_DIR/info/attributes is another source).
  assert.equal((await look.get("info/a.txt", index)).get("eol"), "lf");
  // A directory in place of the file reads as empty: no fallback.
  assert.equal(asked.includes("isdir/.gitattributes"), false);
  await look.get("isdir/a.txt", index);
  assert.equal(asked.includes("isdir/.gitattributes"), false, "a directory is no fallback");
  // Without an index reader, a link is still not followed.
  const bare = createAttributeLookup(new TestFs(), `${dir}/w`, `${dir}/git`, { globalFile: null });
  assert.equal((await bare.get("a.txt")).size, 0);
});
