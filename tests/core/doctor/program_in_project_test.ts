import assert from "node:assert/strict";
import { fileUrlPath, programInProject } from "../../../core/doctor/program_in_project.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("programInProject() names package runners, Deno tasks and project paths; passes programs outside it", async () => {
  await using tmp = await tempDir();
  const project = `${tmp.path}/project`;
  const outside = `${tmp.path}/outside`;
  await Deno.mkdir(`${project}/tools`, { recursive: true });
  await Deno.mkdir(outside);
  await Deno.writeTextFile(`${project}/tools/main.ts`, "x\n");
  await Deno.writeTextFile(`${outside}/main.ts`, "x\n");
  await Deno.symlink(project, `${outside}/link`);
  const at = (words: string[]) => programInProject(fs, words, project);
  for (
    const words of [
      ["/usr/bin/npx", "baton"],
      ["npm", "exec", "baton"],
      ["pnpm", "baton"],
      ["yarn", "baton"],
      ["bun", "run", "baton"],
      ["bunx", "baton"],
      ["C:\\tools\\npx.cmd", "baton"],
      ["deno", "task", "run", `${outside}/main.ts`],
      ["deno", "-q", "task", "baton"],
      ["deno", "run", "-A", "--config", "deno.json", `${outside}/main.ts`],
      ["deno", "run", "-A", "-c", "deno.json", `${outside}/main.ts`],
      ["deno", "run", "--import-map=map.json", `${outside}/main.ts`],
      ["deno", "run", "main.ts"],
      ["deno", "run", `file://${project}/tools/main.ts`],
      ["deno", "run", `${outside}/link/tools/main.ts`],
      ["deno", "run", `${outside}/gone/../../project/tools/main.ts`],
      [`${project}/tools/baton`],
      ["./baton"],
      ["sh", "tools/run.sh"],
    ]
  ) {
    assert.notEqual(await at(words), null, words.join(" "));
  }
  // Controls: programs and files outside the project, a bare program name (PATH).
  for (
    const words of [
      ["baton"],
      [`${outside}/baton`],
      ["deno", "run", "-A", "--v8-flags=--max-opt=2", `${outside}/main.ts`],
      ["deno", "run", `--config=${outside}/deno.json`, `file://${outside}/main.ts`],
      ["deno", "run", `${project}/../outside/main.ts`],
    ]
  ) {
    assert.equal(await at(words), null, words.join(" "));
  }
});

Deno.test("fileUrlPath() reads a file URL's path and leaves other words alone", () => {
  assert.equal(fileUrlPath("file:///a%20b/main.ts"), "/a b/main.ts");
  assert.equal(fileUrlPath("/a/main.ts"), "/a/main.ts");
});
