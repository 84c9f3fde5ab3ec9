/**
 * isGitLfsDriver: which `lfs` driver commands are Git LFS's own, with git's
 * choice of `process` over `clean` (convert.c apply_filter).
 * @module
 */
import assert from "node:assert/strict";
import { filterRunsCommand, isGitLfsDriver } from "../../../../core/facts/git/lfs_command.ts";

Deno.test("Git LFS's own commands, as `git lfs install` writes them and older spellings", () => {
  for (
    const clean of [
      "git-lfs clean -- %f",
      "git-lfs clean %f",
      "git lfs clean -- %f",
      "  git-lfs  clean\t--  %f ",
    ]
  ) {
    assert.equal(isGitLfsDriver(undefined, clean), true, clean);
  }
  for (
    const process of [
      "git-lfs filter-process",
      "git-lfs filter-process --skip",
      "git lfs filter-process",
    ]
  ) {
    assert.equal(isGitLfsDriver(process, undefined), true, process);
    // git runs process whatever clean says.
    assert.equal(isGitLfsDriver(process, "tr a-z A-Z"), true, process);
  }
});

Deno.test("another program, other arguments, a process that is not Git LFS's or empty: not Git LFS", () => {
  const cases: [string | null | undefined, string | null | undefined][] = [
    [undefined, "tr a-z A-Z"],
    [undefined, "/usr/bin/git-lfs clean -- %f"],
    [undefined, "git-lfs smudge -- %f"],
    [undefined, "git-lfs clean -- %f --extra"],
    [undefined, "git-lfs"],
    [undefined, "git lfs"],
    [undefined, ""],
    [undefined, null],
    [undefined, undefined],
    ["", "git-lfs clean -- %f"],
    ["cat", "git-lfs clean -- %f"],
    ["git-lfs clean -- %f", undefined],
    [null, "git-lfs clean -- %f"],
  ];
  for (const [process, clean] of cases) {
    assert.equal(isGitLfsDriver(process, clean), false, `${process} / ${clean}`);
  }
});

Deno.test("filterRunsCommand: the last process when set (empty runs none), else the last clean", () => {
  const runs: [string | null | undefined, string | null | undefined][] = [
    [undefined, "tr a-z A-Z"],
    ["git-lfs filter-process", undefined],
    ["git-lfs filter-process", ""],
  ];
  for (const [p, c] of runs) assert.equal(filterRunsCommand(p, c), true, `${p} / ${c}`);
  const idle: [string | null | undefined, string | null | undefined][] = [
    ["", "tr a-z A-Z"],
    [undefined, ""],
    [undefined, undefined],
    [null, "tr a-z A-Z"],
  ];
  for (const [p, c] of idle) assert.equal(filterRunsCommand(p, c), false, `${p} / ${c}`);
});
