/**
 * The tar record against the real tar: no form is read-only, the forms that
 * extract, write a state file or change the archive are not, and even a
 * listing of an archive named `x.tar` runs the decompressor found on PATH
 * when its content is compressed (a harmless stand-in that leaves a mark).
 * Skipped where tar is not installed.
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
        // A listing runs the decompressor found on PATH (see the test below): review, not read_only.
        if (argv.includes("-tf") && argv.length === 2) assert.equal(cls, "review");
      }
      // The oracle can fail: several forms really extract, write or change the archive.
      assert.ok(wrote >= 3, `${wrote} forms wrote`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "tar: listing x.tar whose content is gzip runs the gzip found first on PATH, so not read_only",
  ignore: !programRuns("tar", ["--version"]) || !programRuns("gzip", ["--version"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/a.txt`, "hello\n");
      const made = await new Deno.Command("tar", {
        args: ["-czf", "x.tar", "a.txt"],
        cwd: dir,
        stdout: "null",
        stderr: "null",
      }).output();
      assert.ok(made.success);
      // A stand-in gzip first on PATH: it leaves a mark, then does what gzip does.
      await Deno.mkdir(`${dir}/bin`);
      const realGzip = new TextDecoder().decode(
        (await new Deno.Command("sh", { args: ["-c", "command -v gzip"], stdout: "piped" })
          .output()).stdout,
      ).trim();
      await Deno.writeTextFile(
        `${dir}/bin/gzip`,
        `#!/bin/sh\necho ran > "${dir}/mark"\nexec ${realGzip} "$@"\n`,
        { mode: 0o755 },
      );
      await new Deno.Command("tar", {
        args: ["-tf", "x.tar"],
        cwd: dir,
        clearEnv: true,
        env: { PATH: `${dir}/bin:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}` },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).output();
      // The oracle: the real tar ran the program it found on PATH for a name it was not given.
      assert.equal(await Deno.readTextFile(`${dir}/mark`).catch(() => ""), "ran\n");
      assert.equal(classifyCommand("tar -tf x.tar").class, "review");
      assert.equal(classifyCommand("tar --list --file=x.tar").class, "review");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
