/**
 * Tests for programs/emacs.ts: Lisp on emacs's and emacsclient's command
 * line is judged as code (process, network, tree deletion, decoded eval,
 * credential files, shell strings); other Lisp and loaded files are review.
 * Commands are classified only, never run.
 * @module
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { judgeLisp } from "../../../../../core/safety/command/programs/emacs.ts";

Deno.test("redact92: Lisp that runs a process, fetches, deletes a tree or reads a key is dangerous in every option form (see: #21)", () => {
  const cases: [string, string][] = [
    [`emacs --batch --eval '(shell-command "make")'`, "interpreter_primitives"],
    [`emacs -batch -eval '(start-process "x" nil "make")'`, "interpreter_primitives"],
    [`emacs --batch --eval='(call-process "make")'`, "interpreter_primitives"],
    [
      `emacs --batch --execute '(make-process :name "x" :command (list "make"))'`,
      "interpreter_primitives",
    ],
    [`emacs-29.1 --batch --eval '(shell-command "make")'`, "interpreter_primitives"],
    [`emacsclient --eval '(async-shell-command "make")'`, "interpreter_primitives"],
    [`emacsclient -n -e '(message "a")' '(shell-command "make")'`, "interpreter_primitives"],
    [
      `emacs --batch --eval '(url-retrieve-synchronously "https://example.invalid/")'`,
      "interpreter_primitives",
    ],
    [`emacs --batch --eval '(delete-directory "/srv/data" t)'`, "recursive_delete"],
    [
      `emacs --batch --eval '(eval (read (base64-decode-string "KG1lc3NhZ2UgImEiKQ==")))'`,
      "obfuscated_exec",
    ],
    [`emacs --batch --eval '(insert-file-contents "~/.aws/credentials")'`, "credential_exposure"],
    [`emacs --batch --eval '(shell-command "rm -rf ~")'`, "recursive_delete"],
  ];
  for (const [command, family] of cases) {
    const c = classifyCommand(command);
    assert.equal(c.class, "dangerous", command);
    assert.ok(c.families.includes(family as never), `${command}: ${JSON.stringify(c.families)}`);
  }
});

Deno.test("redact92: other Lisp, loaded files and editing stay review, never read-only (see: #21)", () => {
  for (
    const command of [
      `emacs --batch --eval '(message "hi")'`,
      `emacs --batch --eval '(delete-file "build/x.elc")'`,
      `emacs --batch --eval '(delete-directory "build")'`,
      "emacs --batch -l build.el",
      "emacs -Q --batch -f batch-byte-compile foo.el",
      "emacs --script build.el",
      "emacsclient -e '(kill-emacs)'",
      "emacs README.md",
      "emacs -nw notes.txt",
    ]
  ) assert.equal(classifyCommand(command).class, "review", command);
});

Deno.test("judgeLisp hands the string a shell call runs to the command classifier", () => {
  const nested: string[] = [];
  const families: string[] = [];
  const out = {
    dangerous: (f: string) => families.push(f),
    review: () => {},
    nested: (t: string) => nested.push(t),
    executes: () => {},
  };
  judgeLisp(
    '(progn (shell-command "make \\"all\\"") (compile "make test"))',
    "emacs",
    out as never,
  );
  assert.deepEqual(nested, ['make "all"', "make test"]);
  assert.deepEqual(families, ["interpreter_primitives"]);
});
