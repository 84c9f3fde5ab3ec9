/** Tests for parsePackedRefs(), including against a file git wrote. */
import assert from "node:assert/strict";
import { parsePackedRefs } from "../../../../core/facts/git/packed_refs.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";
import { readPackedRefs } from "../../../../core/facts/git/_ref_store.ts";
import { resolveRef } from "../../../../core/facts/git/resolve_ref.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { git } from "../../../_helpers/git.ts";
import { makeTwoCommitRepo, repoAt, revParse } from "../../../_helpers/git_fixtures.ts";

Deno.test("parsePackedRefs() keeps peeled values and rejects garbage lines", () => {
  const a = "a".repeat(40);
  const b = "b".repeat(40);
  const refs = parsePackedRefs(
    `# pack-refs with: peeled\n${a} refs/tags/v1\n^${b}\n${b} refs/heads/x\n`,
  );
  assert.deepEqual([...refs], [["refs/tags/v1", { oid: a, peeled: b }], ["refs/heads/x", {
    oid: b,
  }]]);
  assert.throws(() => parsePackedRefs("secret-looking garbage\n"), (e: unknown) => {
    assert.ok(e instanceof GitCorruptError);
    assert.ok(!e.message.includes("secret"));
    return true;
  });
});
Deno.test("parsePackedRefs() reads what git pack-refs writes, peeled tags included", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["tag", "-a", "-m", "t", "v1"]);
  await git(dir, ["pack-refs", "--all"]);
  const refs = parsePackedRefs(await Deno.readTextFile(`${dir}/.git/packed-refs`));
  assert.deepEqual(refs.get("refs/heads/main"), { oid: await revParse(dir, "main") });
  assert.deepEqual(refs.get("refs/tags/v1"), {
    oid: await revParse(dir, "v1"),
    peeled: await revParse(dir, "v1^{commit}"),
  });
});

/** Byte order of UTF-8, as git compares names. */
function bytesLess(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return x.length < y.length;
}

/**
 * The parser before it read the text in one pass (split lines, a regular expression per id),
 * with git's rules since (attack100: a header on the first line only, no other comment or
 * empty line, names in order under the `sorted` trait): the reference.
 */
function splitLinesParse(text: string): Map<string, { oid: string; peeled?: string }> | string {
  const oidRe = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
  const refs = new Map<string, { oid: string; peeled?: string }>();
  let last: { oid: string; peeled?: string } | null = null;
  let lastName: string | null = null;
  let sorted = false;
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") return `line ${i + 1}`;
    if (line.startsWith("#")) {
      if (i !== 0 || !line.startsWith("# pack-refs with:")) return `line ${i + 1}`;
      sorted = line.slice(17).split(" ").includes("sorted");
      continue;
    }
    if (line.startsWith("^")) {
      const peeled = line.slice(1).replace(/\r$/, "");
      if (last === null || !oidRe.test(peeled)) return `line ${i + 1}`;
      last.peeled = peeled;
      continue;
    }
    const space = line.indexOf(" ");
    const oid = line.slice(0, space);
    const name = line.slice(space + 1);
    if (space < 0 || !oidRe.test(oid) || name === "") return `line ${i + 1}`;
    if (sorted && lastName !== null && !bytesLess(lastName, name)) return `line ${i + 1}`;
    lastName = name;
    last = { oid };
    refs.set(name, last);
  }
  return refs;
}

function parsedOrLine(text: string): Map<string, { oid: string; peeled?: string }> | string {
  try {
    return parsePackedRefs(text);
  } catch (e) {
    if (!(e instanceof GitCorruptError)) throw e;
    return `line ${(e.data as { line: number }).line}`;
  }
}

Deno.test("parsePackedRefs() reads every line as the line-splitting parser did, errors at the same line", () => {
  const a = "0123456789abcdef0123456789abcdef01234567";
  const pieces = [
    `${a} refs/heads/main`,
    `${a} refs/tags/v1\r`,
    `^${a}`,
    `^${a}\r`,
    "^",
    "^\r",
    `${a}  refs/two spaces`,
    `${a} `,
    `${a}`,
    `${a.toUpperCase()} refs/heads/upper`,
    `${a.slice(1)} refs/heads/short`,
    `${a}${"0".repeat(24)} refs/heads/sha256`,
    "# pack-refs with: peeled fully-peeled sorted ",
    "#",
    "",
    "\r",
    "garbage",
    `${a}\trefs/heads/tab`,
    `${a} refs/heads/\u00e9`,
    `${a} refs/heads/\uffe9`,
    `${a} refs/heads/\u{1f600}`,
    "# pack-refs with: peeled",
    "# other",
  ];
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let round = 0; round < 3000; round++) {
    const lines: string[] = [];
    for (let k = next(6); k >= 0; k--) lines.push(pieces[next(pieces.length)]!);
    const text = lines.join("\n") + (next(2) === 0 ? "\n" : "");
    assert.deepEqual(parsedOrLine(text), splitLinesParse(text), JSON.stringify(text));
  }
  // Positive control: the generator makes both outcomes.
  assert.equal(typeof parsedOrLine(`${a} refs/heads/main\n`), "object");
  assert.equal(parsedOrLine(`${a} refs/heads/main\ngarbage\n`), "line 2");
});

Deno.test("parsePackedRefs() refuses what git refuses or cannot look up: a comment past the header, an empty line, names out of the sorted order", async () => {
  const dir = await makeTwoCommitRepo();
  await git(dir, ["pack-refs", "--all"]);
  const head = await revParse(dir, "main");
  const written = await Deno.readTextFile(`${dir}/.git/packed-refs`);
  assert.ok(parsePackedRefs(written).has("refs/heads/main"), "control: git's own file reads");
  const header = "# pack-refs with: peeled fully-peeled sorted \n";
  const shapes: [string, string][] = [
    [`${header}${head} refs/heads/main\n# a comment\n`, "main"],
    [`# hello\n${head} refs/heads/main\n`, "main"],
    [`${head} refs/heads/main\n\n`, "main"],
    // Under the sorted trait git's binary search misses alpha here.
    [
      `${header}${head} refs/heads/zeta\n${head} refs/heads/main\n${head} refs/heads/alpha\n`,
      "alpha",
    ],
  ];
  for (const [text, name] of shapes) {
    await Deno.writeTextFile(`${dir}/.git/packed-refs`, text);
    const r = await git(dir, ["rev-parse", "--verify", "-q", `refs/heads/${name}`], {
      allowFail: true,
    });
    assert.notEqual(r.stdout.trim(), head, `git resolves ${name} in ${JSON.stringify(text)}`);
    assert.throws(() => parsePackedRefs(text), GitCorruptError, JSON.stringify(text));
  }
  // Controls: the same names sorted, and unsorted without the trait (git sorts them itself).
  for (
    const text of [
      `${header}${head} refs/heads/alpha\n${head} refs/heads/main\n${head} refs/heads/zeta\n`,
      `# pack-refs with: peeled\n${head} refs/heads/zeta\n${head} refs/heads/main\n`,
    ]
  ) {
    await Deno.writeTextFile(`${dir}/.git/packed-refs`, text);
    assert.equal(await revParse(dir, "refs/heads/main"), head);
    assert.equal(parsePackedRefs(text).get("refs/heads/main")?.oid, head);
  }
});

Deno.test("readPackedRefs() reads a sorted packed-refs git wrote with branch names that are not UTF-8 (their order is in bytes, lost in decoding); names in order keep being checked (control)", async () => {
  const dir = await makeTwoCommitRepo();
  // git takes any byte over 0x7f in a ref name: \200 and \201 both decode to U+FFFD, and
  // \200x sorts before \303\251x (é) in bytes but after it as decoded text.
  const made = await new Deno.Command("sh", {
    args: [
      "-c",
      `git branch "$(printf 'b\\200')" && git branch "$(printf 'b\\201')" && git branch "$(printf 'c\\200x')" && git branch "$(printf 'c\\303\\251x')" && git pack-refs --all`,
    ],
    cwd: dir,
  }).output();
  assert.equal(made.code, 0, new TextDecoder().decode(made.stderr));
  const head = await revParse(dir, "main");
  const fs = new TestFs();
  const repo = await repoAt(dir);
  const refs = await readPackedRefs(fs, repo);
  assert.equal(refs.get("refs/heads/main")?.oid, head);
  assert.equal((await resolveRef(fs, repo, "HEAD"))?.oid, head);
  // control: a valid name put after the last one, out of order, is still refused
  const text = await Deno.readTextFile(`${dir}/.git/packed-refs`);
  assert.ok(text.trimEnd().endsWith("refs/heads/main"));
  assert.throws(() => parsePackedRefs(`${text}${head} refs/heads/a\n`), GitCorruptError);
});
