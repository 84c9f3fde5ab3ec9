/**
 * Words whose value the classifier cannot see: for every read-only case of
 * the labelled table whose program has an option that writes, runs or
 * reaches out, the same command with an unknown word right after the
 * program name (`$X`, `"$X"`, `$(x)`, a glob that can match `-o...`) is
 * never read_only; the same word after `--`, or a literal assigned earlier
 * in the line, keeps it read_only where the literal is harmless; programs
 * with no such option (cat, ls, head, grep) stay read_only.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { PROGRAM_RECORDS, recordFor } from "../../../../../core/safety/command/programs/records.ts";
import { hasDangerousWords } from "../../../../../core/safety/command/programs/unknown_words.ts";
import { NEGATIVE_CASES } from "../../../../testdata/command_cases.ts";

/** The table's read-only cases that are one plain command: [program, rest of the words]. */
function plainReadOnly(): [string, string][] {
  const out: [string, string][] = [];
  for (const [line, cls] of NEGATIVE_CASES) {
    if (cls !== "read_only" || /[;&|<>$`(){}\\\n'"*?[]/.test(line)) continue;
    const m = line.match(/^([a-z][a-z0-9.-]*)(?: (.*))?$/);
    if (m === null || recordFor(m[1]!) === undefined) continue;
    out.push([m[1]!, m[2] ?? ""]);
  }
  return out;
}

const UNKNOWN = ["$X", '"$X"', "${X:-}", "$(cat opts)", '"$(cat opts)"', "$((N))", "*", "[-]*"];
/** The same without arithmetic, which runs code a variable holds (`a[$(cmd)]`) in any program. */
const UNKNOWN_PLAIN = UNKNOWN.filter((w) => !w.startsWith("$(("));

Deno.test("property: an unknown word before the options of a program with a dangerous option is never read_only", () => {
  const cases = plainReadOnly().filter(([p]) => hasDangerousWords(recordFor(p)!));
  const programs = new Set(cases.map(([p]) => recordFor(p)!.names[0]));
  // The table reaches many such programs (git, find, sort, rg, sed, jq, tar's kin ...).
  assert.ok(programs.size >= 15, [...programs].join(" "));
  for (const [program, rest] of cases) {
    const base = `${program} ${rest}`.trim();
    assert.equal(classifyCommand(base).class, "read_only", base);
    for (const w of UNKNOWN) {
      const line = `${program} ${w} ${rest}`.trim();
      assert.notEqual(classifyCommand(line).class, "read_only", line);
    }
  }
});

Deno.test("an unknown word of a program with no dangerous option keeps it read_only", () => {
  const cases = plainReadOnly().filter(([p]) => !hasDangerousWords(recordFor(p)!));
  const programs = new Set(cases.map(([p]) => recordFor(p)!.names[0]));
  assert.ok(programs.has("ls") && programs.has("grep"), [...programs].join(" "));
  for (const [program, rest] of cases) {
    for (const w of UNKNOWN_PLAIN) {
      const line = `${program} ${w} ${rest}`.trim();
      // Other rules may still speak (`grep $X -n prod.env`: X may name a credential file).
      const { reasons } = classifyCommand(line);
      assert.ok(!reasons.some((r) => r.includes("may be an option")), line);
    }
    const line = `${program} "$X" ${rest}`.trim();
    // printenv's words are variable names: one not known here may be a secret's, as `${!X}`.
    if (program === "printenv") assert.equal(classifyCommand(line).class, "review", line);
    else if (!/\.env|secret|key/i.test(rest)) {
      assert.equal(classifyCommand(line).class, "read_only", line);
    }
  }
});

Deno.test("every record that can write or run is counted as having dangerous words; cat, ls, grep are not", () => {
  for (const rec of PROGRAM_RECORDS) {
    if (rec.options.some((o) => o.effect !== undefined)) assert.ok(hasDangerousWords(rec));
  }
  for (const name of ["find", "git", "sort", "rg", "uniq", "sed", "jq"]) {
    assert.ok(hasDangerousWords(recordFor(name)!), name);
  }
  for (const name of ["cat", "ls", "head", "wc", "grep"]) {
    assert.ok(recordFor(name) === undefined || !hasDangerousWords(recordFor(name)!), name);
  }
});

Deno.test("find: a test's value that looks like a test takes no value of its own", () => {
  // `-size` is the name matched here, so "$X" stands alone: X=-delete deletes every file.
  for (
    const line of [
      'find . -name -size "$X"',
      'find . -path -newer "$X"',
      'find . -iname -perm "$X"',
      'find . -name -name "$X"',
    ]
  ) {
    assert.notEqual(classifyCommand(line).class, "read_only", line);
  }
  // Controls: the value of a real test, and a value named like a test before a literal.
  for (
    const line of [
      'find . -size "$X" -name x',
      "find . -name -size -type f",
      'find . -name -x -newer "$F"',
    ]
  ) {
    assert.equal(classifyCommand(line).class, "read_only", line);
  }
});

Deno.test("controls: after --, as a quoted option value, a literal first character, or assigned a literal", () => {
  for (
    const line of [
      'sort -- "$F"',
      "sort -- $F",
      'sort -k "$KEY" f',
      'sort ./"$F"',
      'git log -- "$FILE"',
      'git diff --stat -- "$P"',
      'rg -e "$WORD" src',
      'find . -name "$WORD"',
      'X=-n; sort "$X" f',
      "sort data/*.txt",
    ]
  ) {
    assert.equal(classifyCommand(line).class, "read_only", line);
  }
  for (
    const line of [
      'X=-o/tmp/out; sort "$X" f',
      "sort -k $KEY f",
      'git -C "$D" log',
      'find "$DIR" -name x',
      "find . -name *.txt",
    ]
  ) {
    assert.notEqual(classifyCommand(line).class, "read_only", line);
  }
});
