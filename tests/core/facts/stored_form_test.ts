/**
 * The stored form against git: for each shape (core.autocrlf, `text`/`eol`
 * attributes, an index blob that already holds CRLF, binary content, an
 * untracked file) the digest baton computes before `git add` is the
 * sha256 of the blob `git add` then stores. Real git, real files.
 * @module
 */
import assert from "node:assert/strict";
import { readStoredForm } from "../../../core/facts/stored_form.ts";
import { sha256Id } from "../../../core/hash.ts";
import { git, GIT_ENV, makeRepo } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";

interface Shape {
  name: string;
  config?: [string, string][];
  attributes?: string;
  /** Committed content of `f.txt`; absent: the file is untracked. */
  committed?: string;
  /** Its content in the work tree. */
  now: string;
}

const SHAPES: Shape[] = [
  { name: "no conversion: CRLF kept", committed: "a\n", now: "a\r\nb\r\n" },
  {
    name: "core.autocrlf true, LF in the index: CRLF dropped",
    config: [["core.autocrlf", "true"]],
    committed: "a\n",
    now: "a\r\nb\r\n",
  },
  {
    name: "core.autocrlf true, CRLF in the index: CRLF kept",
    config: [["core.autocrlf", "true"]],
    committed: "a\r\n",
    now: "a\r\nb\r\n",
  },
  {
    name: "core.autocrlf input: CRLF dropped",
    config: [["core.autocrlf", "input"]],
    committed: "a\n",
    now: "a\r\n",
  },
  {
    name: "text attribute, CRLF in the index: converted all the same",
    attributes: "*.txt text\n",
    committed: "a\r\n",
    now: "a\r\nb\r\n",
  },
  { name: "eol=crlf attribute: stored with LF", attributes: "*.txt eol=crlf\n", now: "a\r\n" },
  {
    name: "core.autocrlf true, binary content: kept",
    config: [["core.autocrlf", "true"]],
    committed: "a\n",
    now: "a\r\n\0b\r\n",
  },
  { name: "untracked, core.autocrlf true", config: [["core.autocrlf", "true"]], now: "x\r\n" },
];

const fs = new TestFs();
const enc = new TextEncoder();

/** The stored form of the repository at `dir`, with no system or user git config. */
function storedFormAt(dir: string) {
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  return readStoredForm(fs, repo, {
    homeDir: null,
    xdgConfigHome: null,
    gitEnvironment: { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" },
  });
}

for (const shape of SHAPES) {
  Deno.test(`stored form agrees with git add: ${shape.name}`, async () => {
    const dir = await makeRepo("baton-stored-form-");
    for (const [k, v] of shape.config ?? []) await git(dir, ["config", k, v]);
    if (shape.committed !== undefined) {
      // Committed as is (no conversion), so the index holds these bytes.
      await Deno.writeTextFile(`${dir}/f.txt`, shape.committed);
      await git(dir, ["-c", "core.autocrlf=false", "add", "f.txt"]);
      await git(dir, ["-c", "core.autocrlf=false", "commit", "-qm", "c"]);
    }
    // Attributes come after the commit, so the index keeps the committed bytes.
    if (shape.attributes !== undefined) {
      await Deno.writeTextFile(`${dir}/.gitattributes`, shape.attributes);
    }
    await Deno.writeFile(`${dir}/f.txt`, enc.encode(shape.now));
    const form = await storedFormAt(dir);
    assert.ok(form !== null);
    const bytes = await Deno.readFile(`${dir}/f.txt`);
    const got = await form("f.txt", bytes, await sha256Id(bytes));
    await git(dir, ["add", "f.txt"]);
    const blob = await new Deno.Command("git", {
      args: ["cat-file", "blob", ":f.txt"],
      cwd: dir,
      env: GIT_ENV,
      stdout: "piped",
    }).output();
    assert.deepEqual(got, {
      sha256: await sha256Id(blob.stdout),
      crlf: shape.now.includes("\r\n"),
    });
  });
}

Deno.test("stored form: a clean filter baton does not run is unknown, never the raw bytes", async () => {
  const dir = await makeRepo("baton-stored-form-");
  await git(dir, ["config", "filter.strip.clean", "tr -d x"]);
  await Deno.writeTextFile(`${dir}/.gitattributes`, "*.txt filter=strip\n");
  const form = await storedFormAt(dir);
  assert.ok(form !== null);
  const got = await form("f.txt", enc.encode("axb\n"), "sha256:unused");
  assert.ok("unknown" in got, JSON.stringify(got));
  // Control: a path the filter does not cover.
  const raw = enc.encode("axb\n");
  assert.deepEqual(await form("f.md", raw, await sha256Id(raw)), {
    sha256: await sha256Id(raw),
    crlf: false,
  });
});

Deno.test("stored form: an LFS file where git would not find git-lfs is unknown (git stores the content, not the pointer); found, it is the pointer git add stores", async () => {
  const dir = await makeRepo("baton-stored-form-");
  const bin = await Deno.makeTempDir({ prefix: "baton-stored-form-bin-" });
  try {
    // A stand-in for git-lfs's clean: the pointer of its input.
    await Deno.writeTextFile(
      `${bin}/git-lfs`,
      `#!/bin/sh\nt=$(mktemp)\ncat > "$t"\nprintf 'version https://git-lfs.github.com/spec/v1\\noid sha256:%s\\nsize %s\\n' "$(sha256sum < "$t" | cut -d' ' -f1)" "$(wc -c < "$t" | tr -d ' ')"\nrm -f "$t"\n`,
    );
    await Deno.chmod(`${bin}/git-lfs`, 0o755);
    await git(dir, ["config", "filter.lfs.clean", "git-lfs clean -- %f"]);
    await Deno.writeTextFile(`${dir}/.gitattributes`, "*.big filter=lfs\n");
    const content = enc.encode("large content\n");
    await Deno.writeFile(`${dir}/x.big`, content);
    const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
    for (
      const [path, found] of [["/usr/bin:/bin", false], [`${bin}:/usr/bin:/bin`, true]] as const
    ) {
      const form = await readStoredForm(fs, repo, {
        homeDir: null,
        xdgConfigHome: null,
        gitEnvironment: { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1", PATH: path },
      });
      assert.ok(form !== null);
      const got = await form("x.big", content, await sha256Id(content));
      // The oracle: what git add stores under the same PATH. The entry the last round added is
      // taken out first: its stat data matches the file, and once the index is written in a later
      // second than the file (a loaded machine) git add trusts it and runs no filter at all.
      await git(dir, ["rm", "-q", "--cached", "--ignore-unmatch", "x.big"]);
      await git(dir, ["add", "x.big"], { env: { PATH: path } });
      const blob = await new Deno.Command("git", {
        args: ["cat-file", "blob", ":x.big"],
        cwd: dir,
        env: GIT_ENV,
        stdout: "piped",
      }).output();
      const pointer = new TextDecoder().decode(blob.stdout).startsWith("version https://git-lfs");
      assert.equal(pointer, found, `control: git stores ${found ? "the pointer" : "the content"}`);
      if (found) {
        assert.deepEqual(got, { sha256: await sha256Id(blob.stdout), crlf: false });
      } else {
        assert.ok("unknown" in got, JSON.stringify(got));
        assert.match(got.unknown, /git-lfs/);
      }
    }
  } finally {
    await Deno.remove(bin, { recursive: true });
  }
});

Deno.test("stored form: GIT_INDEX_FILE naming another index is the one whose CRLF auto text keeps, as git add reads it", async () => {
  const dir = await makeRepo("baton-stored-form-index-");
  await git(dir, ["config", "core.autocrlf", "true"]);
  await Deno.writeTextFile(`${dir}/f.txt`, "a\nb\n");
  await git(dir, ["add", "f.txt"]);
  await git(dir, ["commit", "-qm", "lf"]);
  const alt = `${dir}/.git/alt-index`;
  await Deno.copyFile(`${dir}/.git/index`, alt);
  // The other index holds the file with CRLF (added unconverted).
  await Deno.writeTextFile(`${dir}/f.txt`, "a\r\nb\r\n");
  await git(dir, ["-c", "core.autocrlf=false", "add", "f.txt"], { env: { GIT_INDEX_FILE: alt } });
  await Deno.writeTextFile(`${dir}/f.txt`, "a\r\nb\r\nc\r\n");
  const bytes = await Deno.readFile(`${dir}/f.txt`);
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const blobOf = async (env: Record<string, string>) => {
    await git(dir, ["add", "f.txt"], { env });
    const out = await new Deno.Command("git", {
      args: ["cat-file", "blob", ":f.txt"],
      cwd: dir,
      env: { ...GIT_ENV, ...env },
      stdout: "piped",
    }).output();
    return await sha256Id(out.stdout);
  };
  for (const env of [{}, { GIT_INDEX_FILE: alt }, { GIT_INDEX_FILE: ".git/alt-index" }]) {
    const form = await readStoredForm(fs, repo, {
      homeDir: null,
      xdgConfigHome: null,
      gitEnvironment: { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1", ...env },
    });
    assert.ok(form !== null);
    const got = await form("f.txt", bytes, await sha256Id(bytes));
    const sha256 = await blobOf(env);
    assert.deepEqual(got, { sha256, crlf: true }, JSON.stringify(env));
  }
  // Control: the two indexes make git store different bytes.
  const lf = await sha256Id(new TextEncoder().encode("a\nb\nc\n"));
  assert.equal(await blobOf({}), lf);
  assert.notEqual(await blobOf({ GIT_INDEX_FILE: alt }), lf);
});
