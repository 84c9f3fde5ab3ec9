import assert from "node:assert/strict";
import { repositorySetVariables } from "../../../core/trust/repository_env.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();
const NAMES = ["BATON_HOST", "BATON_SESSION", "BATON_BRIEFING_REPEAT", "BATON_HASH_CAP_BYTES"];

Deno.test("repositorySetVariables names, for each variable, the first host file from the folder up to the root that names it", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  // Controls: files that name none of them, and one outside the root.
  await writeFiles(root, {
    "sub/keep.txt": "BATON_HOST=x is not a host file",
    ".claude/settings.json": '{"env":{"OTHER":"1"}}',
  });
  assert.equal((await repositorySetVariables(fs, root, `${root}/sub`, NAMES)).size, 0);
  await writeFiles(root, {
    "sub/.env": "BATON_BRIEFING_REPEAT=off\n",
    ".claude/settings.json": '{"env":{"BATON_HOST":"codex","BATON_SESSION":"s1"}}',
  });
  const found = await repositorySetVariables(fs, root, `${root}/sub`, NAMES);
  assert.deepEqual(Object.fromEntries(found), {
    BATON_BRIEFING_REPEAT: "sub/.env",
    BATON_HOST: ".claude/settings.json",
    BATON_SESSION: ".claude/settings.json",
  });
  // Only the names asked for are looked for; none asked, nothing read.
  assert.deepEqual([...(await repositorySetVariables(fs, root, root, ["BATON_HOST"])).keys()], [
    "BATON_HOST",
  ]);
  assert.equal((await repositorySetVariables(fs, root, root, [])).size, 0);
  // From the root, the file below it is not on the way up.
  assert.equal(
    (await repositorySetVariables(fs, root, root, NAMES)).has("BATON_BRIEFING_REPEAT"),
    false,
  );
});

Deno.test("repositorySetVariables counts an escaped spelling and a file too large to read whole as naming every variable", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await writeFiles(root, { ".gemini/settings.json": '{"env":{"BATON\\u005fHOST":"codex"}}' });
  assert.deepEqual(Object.fromEntries(await repositorySetVariables(fs, root, root, NAMES)), {
    BATON_HOST: ".gemini/settings.json",
  });
  await writeFiles(root, { ".gemini/settings.json": `{"x":"${"a".repeat(1024 * 1024)}"}` });
  assert.equal((await repositorySetVariables(fs, root, root, NAMES)).size, NAMES.length);
});

Deno.test("repositorySetVariables reads the .env files a Bun-built host loads from its folder (.env.local, .env.<mode>, .env.<mode>.local), not every .env name", async () => {
  // OpenCode is a Bun executable, and Bun loads these beside .env into the host's own
  // environment, which its plugins, and so baton, inherit.
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  // Control: names no host loads.
  await writeFiles(root, {
    ".env.example": "BATON_HOST=codex\n",
    ".env.sample": "BATON_HOST=codex\n",
  });
  assert.equal((await repositorySetVariables(fs, root, root, NAMES)).size, 0);
  const loaded = [
    ".env.local",
    ".env.development",
    ".env.production",
    ".env.test",
    ".env.development.local",
    ".env.production.local",
    ".env.test.local",
  ];
  for (const name of loaded) {
    await writeFiles(root, { [name]: "BATON_HASH_CAP_BYTES=1\n" });
    assert.deepEqual(Object.fromEntries(await repositorySetVariables(fs, root, root, NAMES)), {
      BATON_HASH_CAP_BYTES: name,
    });
    await Deno.remove(`${root}/${name}`);
  }
});

Deno.test("repositorySetVariables finds a name in any letter case (Windows reads environment names without regard to case)", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  // Control: another variable in lower case.
  await writeFiles(root, { ".claude/settings.json": '{"env":{"baton_other":"1"}}' });
  assert.equal((await repositorySetVariables(fs, root, root, NAMES)).size, 0);
  await writeFiles(root, {
    ".claude/settings.json": '{"env":{"baton_host":"codex","Baton\\u005fSession":"s"}}',
  });
  assert.deepEqual(Object.fromEntries(await repositorySetVariables(fs, root, root, NAMES)), {
    BATON_HOST: ".claude/settings.json",
    BATON_SESSION: ".claude/settings.json",
  });
});

Deno.test("repositorySetVariables searches every folder up from one reached through a symbolic link (a host's cwd is its logical path)", async () => {
  await using t = await tempDir();
  const base = await Deno.realPath(t.path);
  await writeFiles(base, { "real/sub/keep.txt": "x" });
  await Deno.symlink(`${base}/real`, `${base}/link`);
  const root = `${base}/link`;
  // Control: nothing names it.
  assert.equal((await repositorySetVariables(fs, root, `${root}/sub`, NAMES)).size, 0);
  await writeFiles(base, { "real/sub/.env": "BATON_HOST=codex\n" });
  assert.deepEqual(
    Object.fromEntries(await repositorySetVariables(fs, root, `${root}/sub`, NAMES)),
    { BATON_HOST: "sub/.env" },
  );
  // The same through the real path.
  assert.deepEqual(
    Object.fromEntries(await repositorySetVariables(fs, `${base}/real`, `${root}/sub`, NAMES)),
    { BATON_HOST: "sub/.env" },
  );
});

Deno.test("repositorySetVariables reads Qwen Code's local settings and the project configs OpenCode and Kilo keep in their own folders", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  // Control: a settings file of no host.
  await writeFiles(root, { ".qwen/other.json": '{"env":{"BATON_HOST":"codex"}}' });
  assert.equal((await repositorySetVariables(fs, root, root, NAMES)).size, 0);
  for (
    const file of [
      ".qwen/settings.local.json",
      ".opencode/opencode.jsonc",
      ".kilo/kilo.json",
      "kilo.jsonc",
    ]
  ) {
    await writeFiles(root, { [file]: '{"env":{"BATON_HOST":"codex"}}' });
    assert.deepEqual(
      Object.fromEntries(await repositorySetVariables(fs, root, root, ["BATON_HOST"])),
      { BATON_HOST: file },
    );
    await Deno.remove(`${root}/${file}`);
  }
});

Deno.test("repositorySetVariables counts a key whose colon follows a JSONC comment (hosts that read settings as JSONC strip it), and a comment opener inside a string opens nothing", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const homeSet = async (text: string) => {
    await writeFiles(root, { ".qwen/settings.json": text });
    return (await repositorySetVariables(fs, root, root, ["HOME", "GIT_DIR"], "as-key")).has(
      "HOME",
    );
  };
  // Controls: a mention (a reference, a URL beside it) sets nothing; the plain key does.
  assert.equal(await homeSet('{"env":{"PATH":"$HOME/bin","URL":"http://h/x"}}'), false);
  assert.equal(await homeSet('{"env":{"HOME":"/tmp/x"}}'), true);
  // Gemini CLI and Qwen Code strip comments before JSON.parse: each sets HOME.
  assert.equal(await homeSet('{"env":{"HOME"/**/:"/tmp/x"}}'), true);
  assert.equal(await homeSet('{"env":{"HOME" // a note\n : "/tmp/x"}}'), true);
  assert.equal(await homeSet('{"env":{"\\u0048OME" /* x */ : "/tmp/x"}}'), true);
  // A /* inside a value is not a comment's start that runs over the key.
  assert.equal(await homeSet('{"a":"/*","env":{"HOME"/**/:"/tmp/x"}}'), true);
  assert.equal(await homeSet('{"a":"q\\"/*","env":{"HOME"/**/:"/tmp/x"}}'), true);
});

Deno.test("repositorySetVariables reaches the root's files from a folder 128 levels down, and from deeper counts every name as named", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const at = (n: number) => `${root}/${Array(n).fill("d").join("/")}`;
  await Deno.mkdir(at(300), { recursive: true });
  // Control: nothing names it yet, 127 levels down.
  assert.equal((await repositorySetVariables(fs, root, at(127), ["HOME"], "as-key")).size, 0);
  await writeFiles(root, { ".claude/settings.json": '{"env":{"HOME":"/tmp/x"}}' });
  assert.deepEqual(
    Object.fromEntries(await repositorySetVariables(fs, root, at(127), ["HOME"], "as-key")),
    { HOME: ".claude/settings.json" },
  );
  // From 300 levels down (the search there grows with the square of the depth): named, and
  // never cut short on the open side as the old bound of 256 folders was.
  await Deno.remove(`${root}/.claude`, { recursive: true });
  const deep = await repositorySetVariables(fs, root, at(300), ["HOME", "BATON_HOST"], "as-key");
  assert.deepEqual([...deep.keys()].sort(), ["BATON_HOST", "HOME"]);
});

Deno.test("repositorySetVariables reads at most 1 MiB in one search: past it every name counts as named, however many files each under the file cap a commit carries", async () => {
  // The real file system is synchronous, so no hook budget can stop a search while it runs:
  // 24 files of a little under 1 MiB (one blob in git) kept the gate scanning past the
  // host's hook timeout (5 s as installed), and the host ran the call an open deny blocked.
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  let read = 0;
  const counting = new (class extends TestFs {
    override async readRange(path: string, offset: number, length: number) {
      const bytes = await super.readRange(path, offset, length);
      read += bytes.length;
      return bytes;
    }
  })();
  // Control: small host files that name nothing are read whole, and name nothing.
  await writeFiles(root, { ".env": "PORT=8080\n", ".github/hooks/a.json": '{"hooks":{}}' });
  assert.equal((await repositorySetVariables(counting, root, root, ["HOME"], "as-key")).size, 0);
  assert.equal(read, "PORT=8080\n".length + '{"hooks":{}}'.length);
  const big = `${"\\u0041/".repeat(1024 * 1024 / 8 - 1)}\n`;
  for (let i = 0; i < 24; i++) await writeFiles(root, { [`.github/hooks/h${i}.json`]: big });
  read = 0;
  const found = await repositorySetVariables(
    counting,
    root,
    root,
    ["HOME", "USERPROFILE"],
    "as-key",
  );
  assert.deepEqual([...found.keys()].sort(), ["HOME", "USERPROFILE"]);
  assert.ok(read <= 1024 * 1024 + 1, `read ${read} bytes`);
  // Control: a file that sets it, read before the bound, is still the one named.
  await writeFiles(root, { ".env": "HOME=/tmp/x\n" });
  assert.equal(
    (await repositorySetVariables(fs, root, root, ["HOME"], "as-key")).get("HOME"),
    ".env",
  );
});

Deno.test("repositorySetVariables lists at most 257 entries of a folder whose every file a host loads: past 256 the folder names every variable, so the rest need not be read", async () => {
  // 50,000 empty files in .github/hooks (one blob in git) cost about 0.8 s per search to list
  // here, several searches per gate call, on a synchronous file system no budget can stop.
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  let largest = 0;
  const counting = new (class extends TestFs {
    override async readDir(path: string, limit?: number) {
      const entries = await super.readDir(path, limit);
      largest = Math.max(largest, entries.length);
      return entries;
    }
  })();
  const files: Record<string, string> = {};
  for (let i = 0; i < 600; i++) files[`.github/hooks/h${i}.txt`] = "";
  await writeFiles(root, files);
  assert.deepEqual(
    [...(await repositorySetVariables(counting, root, root, ["HOME"], "as-key")).keys()],
    ["HOME"],
  );
  assert.ok(largest <= 257, `listed ${largest}`);
  // Control: 256 entries are read and name nothing.
  for (let i = 256; i < 600; i++) await Deno.remove(`${root}/.github/hooks/h${i}.txt`);
  assert.equal((await repositorySetVariables(counting, root, root, ["HOME"], "as-key")).size, 0);
});
