/**
 * The tar record against the real tar: every form the classifier calls
 * read-only (a listing of a named archive file) leaves the directory and the
 * archive as they were when the real tar runs it, and the forms that
 * extract, write a state file or change the archive are not read-only.
 * Skipped where tar is not installed. No form here runs a program: the
 * listing forms that would (-z, -I) are judged by name only.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

/** tar's argv: forms the classifier has a verdict on (all on the plain archive a.tar). */
const FORMS: readonly string[][] = [
  ["-tf", "a.tar"],
  ["-tvf", "a.tar"],
  ["tf", "a.tar"],
  ["tvf", "a.tar", "a.txt"],
  ["--list", "-f", "a.tar"],
  ["--list", "--file=a.tar", "--verbose"],
  ["-t", "-f", "a.tar", "-v"],
  ["-tfa.tar"],
  ["-xf", "a.tar"],
  ["xf", "a.tar"],
  ["-tf", "a.tar", "-x"],
  ["-tf", "a.tar", "--volno-file=v"],
  ["-tf", "a.tar", "-g", "snap"],
  ["-tf", "a.tar", "--delete", "a.txt"],
  ["-rf", "a.tar", "b.txt"],
];

/** The directory's names, sorted, and the archive's bytes, as one string. */
async function snapshot(dir: string): Promise<string> {
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  const tar = await Deno.readFile(`${dir}/a.tar`).catch(() => new Uint8Array());
  return `${names.sort().join(",")}|${Array.from(tar).join(",")}`;
}

Deno.test({
  name:
    "tar: every form called read_only leaves the directory and archive alone under the real tar",
  ignore: !programRuns("tar", ["--version"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const run = (args: string[]) =>
        new Deno.Command("tar", {
          args,
          cwd: dir,
          clearEnv: true,
          env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output();
      let wrote = 0;
      for (const argv of FORMS) {
        for await (const e of Deno.readDir(dir)) {
          await Deno.remove(`${dir}/${e.name}`, { recursive: true });
        }
        await Deno.writeTextFile(`${dir}/a.txt`, "hello\n");
        await Deno.writeTextFile(`${dir}/b.txt`, "world\n");
        await run(["-cf", "a.tar", "a.txt"]);
        await Deno.remove(`${dir}/a.txt`);
        const before = await snapshot(dir);
        await run(argv);
        const changed = (await snapshot(dir)) !== before;
        if (changed) wrote++;
        const cls = classifyCommand(`tar ${argv.join(" ")}`).class;
        assert.ok(!(changed && cls === "read_only"), `tar ${argv.join(" ")}: wrote, ${cls}`);
        // Positive control: the listings are read_only.
        if (argv.includes("-tf") && argv.length === 2) assert.equal(cls, "read_only");
      }
      // The oracle can fail: several forms really extract, write or change the archive.
      assert.ok(wrote >= 3, `${wrote} forms wrote`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
