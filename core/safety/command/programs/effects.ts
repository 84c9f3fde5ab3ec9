/**
 * The shared judgement of a record's options: every option with an effect
 * is reported by what it does — a command it runs is classified as a
 * command, a file it writes is judged by where it lands, and an
 * abbreviation matching several options is review. Pure.
 * @module
 */
import { type Arg, type Findings, type Invocation, literalArg } from "../invocation.ts";
import { deviceKind, isPersistencePath, isPrivilegePath } from "../paths.ts";
import type { OptionUse, ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** The argument holding an option's value (the attached part when attached). */
export function valueArg(inv: Invocation, use: OptionUse): Arg {
  const base = inv.args[use.valueIndex] ?? inv.args[use.index];
  const text = use.value ?? "";
  if (base === undefined) return literalArg(text);
  return { ...base, text };
}

/** Streams that writing to is only printing. */
const STD_STREAM = /^\/dev\/(?:stdout|stderr|fd\/[12]|null)$/;

/**
 * Reports a file an option or a script writes: review, and persistence
 * when the file runs code later (a shell rc file, a hook, a unit).
 */
export function reportWrite(program: string, file: Arg | null, out: Findings): void {
  if (file !== null && !file.dynamic && STD_STREAM.test(file.text)) return;
  if (file !== null && deviceKind(file.text) === "network") {
    out.dangerous("interpreter_primitives", `${program}: writes to a raw network connection`);
  }
  if (file !== null && isPersistencePath(file.text)) {
    out.dangerous("persistence", `${program}: writes a file that runs code later`);
  }
  if (file !== null && isPrivilegePath(file.text)) {
    out.dangerous(
      "privilege_escalation",
      `${program}: writes a privilege file (sudoers, passwd, shadow)`,
    );
  }
  out.review(`${program}: writes a file`);
}

/** Reports every option with an effect; returns true when one was found. */
export function judgeOptions(
  rec: ProgramRecord,
  inv: Invocation,
  parsed: ParsedOptions,
  out: Findings,
): boolean {
  const p = rec.names[0]!;
  let found = false;
  if (parsed.ambiguous > 0) {
    found = true;
    out.review(`${p}: an abbreviated option matches several options`);
  }
  for (const use of parsed.uses) {
    const effect = use.spec.effect;
    if (effect === undefined || use.negated) continue;
    found = true;
    switch (effect) {
      case "runs":
      case "pager":
        out.review(
          effect === "pager"
            ? `${p}: an option names a pager to run`
            : `${p}: an option runs a program`,
        );
        if (use.value !== null) out.executes(valueArg(inv, use), `${p} option`, "shell");
        break;
      case "writes":
        reportWrite(p, use.value === null ? null : valueArg(inv, use), out);
        break;
      case "network":
        out.review(`${p}: an option reaches another machine`);
        break;
      case "config":
        out.review(`${p}: an option loads configuration that can run programs`);
        break;
      case "state":
        out.review(`${p}: an option changes shared state`);
        break;
    }
  }
  return found;
}
