/** The read-only verdict: given only to reading forms, never to unknown programs. */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../core/safety/command/classify.ts";

function isReadOnly(line: string): boolean {
  return classifyCommand(line).class === "read_only";
}

Deno.test("read-only verdict allows listing and showing git subcommands and refuses their mutating forms", () => {
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
    assert.equal(isReadOnly(ok), true, ok);
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
    assert.equal(isReadOnly(no), false, no);
  }
});

Deno.test("read-only verdict refuses writing forms of otherwise read-only tools", () => {
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
    assert.equal(isReadOnly(ok!), true, ok);
    assert.equal(isReadOnly(no!), false, no);
  }
  assert.equal(isReadOnly("node --version"), true);
  assert.equal(isReadOnly("node script.js"), false);
  assert.equal(isReadOnly("unknown-tool"), false, "unknown programs are never read-only");
});
