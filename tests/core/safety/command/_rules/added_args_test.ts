/**
 * Arguments xargs adds, against the real xargs: a list file in the tree
 * makes `xargs -a list sort` write with -o and `xargs uniq` write its
 * second operand, so neither is read_only; forms whose added words cannot
 * change the verdict (wc, after `--`, find's paths) stay read_only.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";

/** [the list file's lines, the command run in the directory]. */
const FORMS: readonly [string[], string][] = [
  [["-o", "out.txt", "in.txt"], "xargs -a list sort"],
  [["in.txt", "out.txt"], "xargs -a list uniq"],
  [["in.txt", "out.txt"], "cat list | xargs uniq"],
  [["-o", "out.txt", "in.txt"], "xargs sort < list"],
  [["-o", "out.txt", "in.txt"], "xargs -a list wc -l"],
  [["-o", "out.txt", "in.txt"], "xargs -a list sort --"],
  [["-o", "out.txt", "in.txt"], "xargs -a list cat"],
  // A `--` that is an option's value (sort -T takes it as a directory) ends nothing.
  [["-o", "out.txt", "in.txt"], "xargs -a list sort -T --"],
  [["-o", "out.txt", "in.txt"], "xargs -a list sort -T tmp --"],
  // With -I the input stands where {} does, before the `--`.
  [["-oout.txt"], "xargs -a list -I{} sort {} in.txt --"],
  // A path with a blank (the tree holds 'in.txt -o out.txt') is split by xargs into options;
  // with -print0 and xargs -0 it stays one path.
  [[], "find . -name '*.txt' | xargs sort"],
  [[], "find . -name '*.txt' -print0 | xargs -0 sort"],
  // The text shows no script: xargs gives sed its script (one word: xargs honours quotes).
  [['"w out.txt"', "in.txt"], "xargs -a list sed -n --"],
  [['"w out.txt"', "in.txt"], "xargs -a list sed -n 1p --"],
];

Deno.test("xargs: every fed form called read_only writes nothing under the real xargs", async () => {
  const dir = await Deno.makeTempDir();
  try {
    let wrote = 0;
    for (const [lines, command] of FORMS) {
      await Deno.writeTextFile(`${dir}/in.txt`, "b\na\n");
      await Deno.writeTextFile(`${dir}/in.txt -o out.txt`, "c\n");
      await Deno.writeTextFile(`${dir}/list`, lines.join("\n") + "\n");
      await Deno.remove(`${dir}/out.txt`).catch(() => {});
      await new Deno.Command("sh", {
        args: ["-c", command],
        cwd: dir,
        clearEnv: true,
        env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: dir },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).output();
      const written = await Deno.stat(`${dir}/out.txt`).then(() => true, () => false);
      const cls = classifyCommand(command).class;
      if (written) wrote++;
      assert.ok(!(written && cls === "read_only"), `${command} wrote out.txt`);
      // Positive control: the forms that cannot write stay read_only.
      if (!written) assert.equal(cls, "read_only", command);
    }
    // The oracle can fail: the real xargs made sort and uniq write.
    assert.equal(wrote, 8, `${wrote} forms wrote`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("xargs: paths find prints, a shell's -c parameters and -- are no options", () => {
  for (
    const c of [
      "find src -type f -print0 | xargs -0 sort",
      "find src -type f -print0 | xargs --null -r sort",
      "xargs -a list jq . --",
      "xargs -a list sed -e 1p --",
      "git ls-files | xargs wc -l",
      "git ls-files -z | xargs -0 grep -n TODO",
      "xargs -a list sort --",
    ]
  ) {
    assert.equal(classifyCommand(c).class, "read_only", c);
  }
  for (
    const c of [
      "git ls-files | xargs sort",
      "find . -printf '%f\\n' | xargs sort",
      "fd -e ts | xargs rg TODO",
      "cat refs.txt | xargs git log",
      "cat list | xargs find",
      "find . -name '*.txt' | xargs uniq",
      "find . -name '*.txt' | xargs sort",
      "find . -name '*.txt' -print0 | xargs sort",
      "find . -print0 -ls | xargs -0 sort",
      "xargs -a list jq -n --",
      "xargs -a list yq --",
    ]
  ) {
    assert.equal(classifyCommand(c).class, "review", c);
  }
});
