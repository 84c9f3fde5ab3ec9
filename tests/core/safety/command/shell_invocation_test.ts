/** shellInvocation(): the shell text an argv runs, through wrappers and a shell's options. */
import assert from "node:assert/strict";
import { shellInvocation } from "../../../../core/safety/command/shell_invocation.ts";

Deno.test("shellInvocation(): a shell's -c text, through wrappers; a program run directly is null", () => {
  assert.deepEqual(shellInvocation(["bash", "-c", "a | b"]), {
    text: "a | b",
    pipefail: false,
    shell: "bash",
  });
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
      shell: "sh",
    },
  );
  assert.deepEqual(shellInvocation(["bash", "-euo", "pipefail", "-c", "a | b"]), {
    text: "a | b",
    pipefail: true,
    shell: "bash",
  });
  assert.deepEqual(shellInvocation(["busybox", "sh", "-c", "y"]), {
    text: "y",
    pipefail: false,
    shell: "sh",
  });
  assert.deepEqual(shellInvocation(["bash", "--rcfile", "rc", "--norc", "-c", "z"]), {
    text: "z",
    pipefail: false,
    shell: "bash",
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

Deno.test("shellInvocation(): -c's text is the first word that is no option; -n runs nothing; a later shell or a text option", () => {
  assert.deepEqual(shellInvocation(["bash", "-c", "-o", "pipefail", "a | b"]), {
    text: "a | b",
    pipefail: true,
    shell: "bash",
  });
  assert.deepEqual(shellInvocation(["sh", "-c", "--", "x"]), {
    text: "x",
    pipefail: false,
    shell: "sh",
  });
  assert.equal(shellInvocation(["sh", "-n", "-c", "x"]), "unjudged");
  assert.equal(shellInvocation(["sh", "-en", "script.sh"]), "unjudged");
  assert.deepEqual(shellInvocation(["sudo", "-u", "ci", "dash", "-c", "y"]), {
    text: "y",
    pipefail: false,
    shell: "dash",
  });
  assert.deepEqual(shellInvocation(["su", "-", "ci", "--command=z"]), {
    text: "z",
    pipefail: false,
    shell: "sh",
  });
  assert.equal(shellInvocation(["tcsh", "-fc", "a; b"]), "unjudged");
  assert.equal(shellInvocation(["powershell", "a; b"]), "unjudged");
  // Controls: a program run directly, a script file, a shell's name as a plain word.
  assert.equal(shellInvocation(["sudo", "npm", "test"]), null);
  assert.equal(shellInvocation(["sudo", "bash", "script.sh"]), null);
  assert.equal(shellInvocation(["grep", "-c", "bash", "file"]), null);
  assert.equal(shellInvocation(["fish", "script.fish"]), null);
});

Deno.test("shellInvocation(): a shell given no -c and no script reads its commands from its input: not judged (attack116)", () => {
  assert.equal(shellInvocation(["sh"]), "unjudged");
  assert.equal(shellInvocation(["bash", "-e"]), "unjudged");
  assert.equal(shellInvocation(["bash", "-s", "arg"]), "unjudged");
  assert.equal(shellInvocation(["env", "A=1", "dash", "-o", "errexit"]), "unjudged");
  // Controls: a script file is a program run directly; a shell's name among another program's
  // words (`ls /bin/sh`) runs nothing; -c text is read.
  assert.equal(shellInvocation(["bash", "-e", "./test.sh"]), null);
  assert.equal(shellInvocation(["ls", "-l", "/bin/sh"]), null);
  assert.equal(shellInvocation(["sudo", "bash"]), null);
  assert.deepEqual(shellInvocation(["sh", "-c", "x"]), { text: "x", pipefail: false, shell: "sh" });
});
