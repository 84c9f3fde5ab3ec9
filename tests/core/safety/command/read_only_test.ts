/** isReadOnly(): the allow-list gives read-only only to reading forms, never to unknown programs. */
import assert from "node:assert/strict";
import type { Invocation } from "../../../../core/safety/command/invocation.ts";
import { isReadOnly } from "../../../../core/safety/command/read_only.ts";

function inv(line: string): Invocation {
  const [program, ...argv] = line.split(" ");
  return {
    program: program!,
    argv,
    args: [],
    redirects: [],
    wrappers: [],
    stdinText: [],
    pipeIn: false,
    pipeOut: false,
  };
}

Deno.test("isReadOnly() allows listing and showing git subcommands and refuses their mutating forms", () => {
  for (
    const ok of [
      "git status",
      "git branch",
      "git branch -a -v",
      "git branch --list x",
      "git reflog",
      "git reflog show",
      "git tag -l",
      "git stash list",
      "git remote -v",
      "git config --get a.b",
      "git clean -n",
      "git log -p",
    ]
  ) {
    assert.equal(isReadOnly(inv(ok)), true, ok);
  }
  for (
    const no of [
      "git branch -D x",
      "git branch -d x",
      "git branch new",
      "git reflog expire --all",
      "git reflog delete x",
      "git tag v1",
      "git tag -d v1",
      "git stash",
      "git stash drop",
      "git remote add o u",
      "git config a.b c",
      "git clean -f",
      "git diff --output=x",
      "git -c core.pager=sh log",
      "git push",
      "git commit",
    ]
  ) {
    assert.equal(isReadOnly(inv(no)), false, no);
  }
});

Deno.test("isReadOnly() refuses writing forms of otherwise read-only tools", () => {
  for (
    const [ok, no] of [
      ["find . -name x", "find . -delete"],
      ["sort f", "sort -o f f"],
      ["sed -n 1,5p f", "sed -i s/a/b/ f"],
      ["date +%F", "date -s 2020-01-01"],
      ["xxd f", "xxd -r f"],
      ["kubectl get pods", "kubectl delete pod x"],
      ["docker ps", "docker run x"],
      ["crontab -l", "crontab -"],
    ]
  ) {
    assert.equal(isReadOnly(inv(ok!)), true, ok);
    assert.equal(isReadOnly(inv(no!)), false, no);
  }
  assert.equal(isReadOnly(inv("node --version")), true);
  assert.equal(isReadOnly(inv("node script.js")), false);
  assert.equal(isReadOnly(inv("unknown-tool")), false, "unknown programs are never read-only");
});
