/**
 * finderSelection() and the rule built on it: a find or fd shown on the
 * terminal prints names only (the real find is the oracle: its output holds
 * no byte of the files it names), and every way the names reach a reader
 * (an -exec, fd -x, a pipe to xargs, a substitution, a compound's pipe)
 * keeps a credential selection dangerous.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { finderSelection } from "../../../../../core/safety/command/programs/finders.ts";
import type { Invocation } from "../../../../../core/safety/command/invocation.ts";

function inv(program: string, argv: string[]): Invocation {
  return {
    program,
    argv,
    args: [],
    redirects: [],
    wrappers: [],
    stdinText: [],
    pipeIn: false,
    pipeOut: false,
  };
}

Deno.test("finderSelection() reads find's roots, name tests and -exec programs, and fd's pattern, -e and -x", () => {
  assert.deepEqual(
    finderSelection(inv("find", ["-L", "a", "b", "-path", "*/.ssh/*", "-o", "-iname", "x"])),
    { names: ["*/.ssh/*", "x"], roots: ["a", "b"], runs: [] },
  );
  assert.deepEqual(
    finderSelection(inv("find", ["-name", "k", "-execdir", "head", "{}", "+", "-ok", "rm", ";"])),
    { names: ["k"], roots: ["."], runs: ["head", "rm"] },
  );
  assert.deepEqual(
    finderSelection(inv("fd", ["--extension=key", "-t", "f", "id", "~", "src", "-X", "cat"])),
    { names: ["id", "*.key"], roots: ["~", "src"], runs: ["cat"] },
  );
  // fd takes every word after -x as the command: `{}` and `~` there are not roots.
  assert.deepEqual(finderSelection(inv("fd", ["pem", "-x", "cat", "{}", "~"])), {
    names: ["pem"],
    roots: ["."],
    runs: ["cat"],
  });
  assert.equal(finderSelection(inv("ls", ["-R", "~"])), null);
});

const NAMES = ["id_rsa", "*.pem", ".env", ".pgpass", "*.key", ".netrc", "id_ed25519"];
const ROOTS = ["~", ".", "/", "~/proj", "$HOME"];

Deno.test("property: a name search shown on the terminal is never dangerous; each reader of its names makes it dangerous", () => {
  fc.assert(
    fc.property(fc.constantFrom(...NAMES), fc.constantFrom(...ROOTS), (name, root) => {
      const find = `find ${root} -name '${name}'`;
      assert.notEqual(classifyCommand(find).class, "dangerous", find);
      assert.notEqual(classifyCommand(`fd -g '${name}' ${root}`).class, "dangerous");
      for (
        const read of [
          `${find} -exec cat {} +`,
          `${find} -print0 | xargs -0 cat`,
          `${find} | while read f; do cat "$f"; done`,
          `cat $(${find})`,
          `tar czf /tmp/k.tgz \`${find}\``,
          `(${find}) | xargs cat`,
          `while true; do ${find}; done | xargs cat`,
          // (a `$HOME` inside the double-quoted -c string too: review71)
          `bash -c "${find}" | xargs cat`,
          `fd -g '${name}' ${root} -x cat`,
        ]
      ) {
        assert.equal(classifyCommand(read).class, "dangerous", read);
      }
    }),
    { numRuns: 60 },
  );
});

Deno.test("the real find shown on the terminal prints the names, not the content; -exec cat prints the content", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-finders-" });
  try {
    const secret = "MADE-UP-KEY-MATERIAL-7f3a";
    await Deno.mkdir(`${dir}/.ssh`);
    await Deno.writeTextFile(`${dir}/.ssh/server.pem`, `${secret}\n`);
    const run = async (args: string[]) => {
      const out = await new Deno.Command("find", { args, stdout: "piped", stderr: "null" })
        .output();
      return new TextDecoder().decode(out.stdout);
    };
    const names = await run([dir, "-name", "*.pem"]);
    assert.ok(names.includes("server.pem"));
    assert.ok(!names.includes(secret), "a name search printed file content");
    assert.equal(classifyCommand(`find ${dir} -name '*.pem'`).class, "read_only");
    // Positive control: the same selection given to cat prints the key, and is dangerous.
    const read = await run([dir, "-name", "*.pem", "-exec", "cat", "{}", ";"]);
    assert.ok(read.includes(secret));
    assert.equal(classifyCommand(`find ${dir} -name '*.pem' -exec cat {} \\;`).class, "dangerous");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
