import assert from "node:assert/strict";
import { HOST_ENV_FILES, repositoryOffSwitch } from "../../../core/enforce/repo_off_switch.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("repositoryOffSwitch names a host env file from the folder up to the root that names the variable", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await writeFiles(root, { "a/b/keep.txt": "x", ".gemini/settings.json": "{}" });
  // Controls: files that do not name it, and one outside the root.
  assert.equal(await repositoryOffSwitch(fs, root, `${root}/a/b`), null);
  for (const name of HOST_ENV_FILES) {
    await writeFiles(root, { [`a/${name}`]: "X=1\nBATON_ENFORCE=off\n" });
    assert.equal(await repositoryOffSwitch(fs, root, `${root}/a/b`), `a/${name}`);
    assert.equal(await repositoryOffSwitch(fs, root, root), null, "a/ is below the root");
    await Deno.remove(`${root}/a/${name}`);
  }
});

Deno.test("repositoryOffSwitch finds the name spelled with the escapes JSON and TOML decode, and counts a file too large to read whole", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const cases: Record<string, string> = {
    ".claude/settings.json": '{"env":{"BATON\\u005FENFORCE":"off"}}',
    ".codex/config.toml": '[shell_environment_policy.set]\n"BATON\\U0000005FENFORCE" = "off"\n',
    ".gemini/settings.json": `{"x":"${"a".repeat(1024 * 1024)}"}`,
  };
  for (const [name, text] of Object.entries(cases)) {
    // Control: the same file naming another variable, small enough to read whole.
    await writeFiles(root, { [name]: text.replace("ENFORCE", "OTHER").slice(0, 4096) });
    assert.equal(await repositoryOffSwitch(fs, root, root), null, `control ${name}`);
    await writeFiles(root, { [name]: text });
    assert.equal(await repositoryOffSwitch(fs, root, root), name);
    await Deno.remove(`${root}/${name}`);
  }
});

Deno.test("repositoryOffSwitch reads every JSON file in .github/hooks/ (Copilot loads them all; baton's own is baton.json)", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const entry = (env: Record<string, string>) =>
    JSON.stringify({
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: "baton", env }] },
    });
  // Control: hook files that set other variables.
  await writeFiles(root, {
    ".github/hooks/baton.json": entry({ OTHER: "1" }),
    ".github/hooks/notes.txt": "BATON_ENFORCE=off is not read from here",
  });
  assert.equal(await repositoryOffSwitch(fs, root, root), null);
  for (const name of ["baton.json", "z-team.json"]) {
    await writeFiles(root, { [`.github/hooks/${name}`]: entry({ BATON_ENFORCE: "off" }) });
    assert.equal(await repositoryOffSwitch(fs, root, root), `.github/hooks/${name}`);
    await Deno.remove(`${root}/.github/hooks/${name}`);
  }
});

Deno.test("repositoryOffSwitch reads every project hook config a host record names (where baton's own hook entry is)", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const { HOST_RECORDS } = await import("../../../core/hosts/records.ts");
  const files = HOST_RECORDS.flatMap((r) => {
    const hook = r.install.hookFile;
    // The file sits in the host's project folder (Crush's crush.json at the root).
    return hook === null ? [] : [[r.id, [`${r.install.projectDir}/${hook.path}`, hook.path]]];
  }) as [string, string[]][];
  assert.ok(files.length > 5, "control: the records name hook files");
  // Crush also loads a hidden .crush.json before crush.json.
  files.push(["crush (hidden)", [".crush.json"]]);
  for (const [id, candidates] of files) {
    const text = '{"hooks":{"PreToolUse":[{"command":"BATON_ENFORCE=off baton hook"}]}}';
    for (const c of candidates) await writeFiles(root, { [c]: text });
    assert.notEqual(await repositoryOffSwitch(fs, root, root), null, `${id}: ${candidates}`);
    for (const c of candidates) await Deno.remove(`${root}/${c}`);
    assert.equal(await repositoryOffSwitch(fs, root, root), null, `control ${id}`);
  }
});

Deno.test("repositoryOffSwitch reads regular files only: a committed link to a device or a FIFO is neither read nor counted (it could block the read)", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await Deno.symlink("/dev/zero", `${root}/.env`);
  assert.equal(await repositoryOffSwitch(fs, root, root), null, "a device is not read");
  // Control: a link to a regular file is followed (a host follows it too).
  await writeFiles(root, { "real.env": "BATON_ENFORCE=off\n" });
  await Deno.remove(`${root}/.env`);
  await Deno.symlink(`${root}/real.env`, `${root}/.env`);
  assert.equal(await repositoryOffSwitch(fs, root, root), ".env");
});
