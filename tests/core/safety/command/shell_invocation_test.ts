/** shellInvocation(): the shell text an argv runs, through wrappers and a shell's options. */
import assert from "node:assert/strict";
import { shellInvocation } from "../../../../core/safety/command/shell_invocation.ts";

Deno.test("shellInvocation(): a shell's -c text, through wrappers; a program run directly is null", () => {
  assert.deepEqual(shellInvocation(["bash", "-c", "a | b"]), { text: "a | b", pipefail: false });
  assert.deepEqual(
    shellInvocation([
      "env",
      "A=1",
      "-u",
      "B",
      "timeout",
      "-k",
      "5",
      "60",
      "nice",
      "-n",
      "2",
      "sh",
      "-ec",
      "x",
    ]),
    {
      text: "x",
      pipefail: false,
    },
  );
  assert.deepEqual(shellInvocation(["bash", "-euo", "pipefail", "-c", "a | b"]), {
    text: "a | b",
    pipefail: true,
  });
  assert.deepEqual(shellInvocation(["busybox", "sh", "-c", "y"]), { text: "y", pipefail: false });
  assert.deepEqual(shellInvocation(["bash", "--rcfile", "rc", "--norc", "-c", "z"]), {
    text: "z",
    pipefail: false,
  });
  assert.equal(
    shellInvocation(["bash", "script.sh"]),
    null,
    "a script file: the program's own status",
  );
  assert.equal(shellInvocation(["bash", "-o", "pipefail", "script.sh"]), null);
  assert.equal(shellInvocation(["npm", "test"]), null);
  assert.equal(shellInvocation(["env"]), null);
  assert.equal(shellInvocation(["env", "-S", "bash -c 'a|b'"]), "unjudged");
  assert.equal(shellInvocation(["bash", "--some-new-option", "-c", "a"]), "unjudged");
});
