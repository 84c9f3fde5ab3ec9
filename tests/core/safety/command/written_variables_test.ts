/**
 * Tests of the names a command writes with values the classifier cannot know
 * (loop variables, read, mapfile, printf -v, getopts, unset, declare -n).
 */
import assert from "node:assert/strict";
import {
  loopSingleValue,
  loopVariables,
  mayAssign,
  writtenVariables,
} from "../../../../core/safety/command/written_variables.ts";

Deno.test("loopVariables() names the variable of a for or select header, nothing else", () => {
  assert.deepEqual(loopVariables(["for", "X", "in", "rm"]), ["X"]);
  assert.deepEqual(loopVariables(["select", "choice", "in", "a", "b"]), ["choice"]);
  assert.deepEqual(loopVariables(["for", "((i=0;i<3;i++))"]), []);
  assert.deepEqual(loopVariables(["case", "X", "in"]), []);
});

Deno.test("writtenVariables() names what read writes, skipping option values except -a's", () => {
  assert.deepEqual(writtenVariables("read", ["-r", "-p", "prompt", "X", "Y"]), ["X", "Y"]);
  assert.deepEqual(writtenVariables("read", ["-rp", "prompt", "X"]), ["X"]);
  assert.deepEqual(writtenVariables("read", ["-a", "ARR"]), ["ARR"]);
  assert.deepEqual(writtenVariables("read", ["-t5", "X"]), ["X"]);
  assert.deepEqual(writtenVariables("read", ["-r"]), ["REPLY"]);
});

Deno.test("writtenVariables() names printf -v, mapfile, getopts, unset and declare -n targets", () => {
  assert.deepEqual(writtenVariables("printf", ["-v", "X", "%s", "rm"]), ["X"]);
  assert.deepEqual(writtenVariables("printf", ["%s", "-v"]), []);
  assert.deepEqual(writtenVariables("mapfile", ["-t", "LINES"]), ["LINES"]);
  assert.deepEqual(writtenVariables("readarray", []), ["MAPFILE"]);
  assert.deepEqual(writtenVariables("getopts", ["ab:", "opt"]), ["opt"]);
  assert.deepEqual(writtenVariables("unset", ["-v", "A", "B"]), ["A", "B"]);
  assert.deepEqual(writtenVariables("declare", ["-n", "R=target"]), ["R"]);
  // Controls: a plain declare and other programs write nothing unknown.
  assert.deepEqual(writtenVariables("declare", ["R=target"]), []);
  assert.deepEqual(writtenVariables("echo", ["X"]), []);
});

Deno.test("mayAssign() tells eval text that may set a name from text that only reads it", () => {
  for (
    const text of [
      "X=rm",
      "read X",
      "for X in rm; do :; done",
      ": ${X:=rm}",
      "X+=m",
      "printf -v X rm",
    ]
  ) {
    assert.equal(mayAssign(text, "X"), true, text);
  }
  for (const text of ["$X -rf /", "echo ${X} ${#X} ${!X}", "XY=1", "echo $XY", "echo hi"]) {
    assert.equal(mayAssign(text, "X"), false, text);
  }
});

Deno.test("loopSingleValue() gives the one plain word of a for loop, nothing for any other list", () => {
  assert.equal(loopSingleValue(["for", "f", "in", "~/.ssh/id_rsa"]), "~/.ssh/id_rsa");
  assert.equal(loopSingleValue(["for", "d", "in", "/"]), "/");
  for (
    const header of [
      ["for", "f", "in", "a", "b"],
      ["for", "f", "in", "*.env"],
      ["for", "f", "in", "$X"],
      ["for", "f", "in", "'a b'"],
      ["for", "f"],
      ["select", "f", "in", "a"],
    ]
  ) {
    assert.equal(loopSingleValue(header), null, header.join(" "));
  }
});

Deno.test("loopSingleValue() takes a sensitive word from a list of several, nothing when none is", () => {
  const sensitive = (w: string) => w.includes(".ssh");
  assert.equal(
    loopSingleValue(["for", "f", "in", "a", "~/.ssh/id_rsa"], sensitive),
    "~/.ssh/id_rsa",
  );
  assert.equal(loopSingleValue(["for", "f", "in", "a", "b"], sensitive), null);
  assert.equal(loopSingleValue(["for", "f", "in", "a", '"~/.ssh/x"'], sensitive), null);
});
