/**
 * Files written from downloaded or decoded content earlier in the same
 * text (`curl -o x; sh x`, `base64 -d > y; ./y`), by base name, and the
 * rule that running one — as the program, a script operand or a chmod
 * target — is download_exec or obfuscated_exec. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { interpreterName, SHELLS } from "./exec.ts";
import { isDecoder, isDownloader } from "./traits.ts";

/** Base names of produced files and what produced them. */
export type Produced = Map<string, "download" | "decode">;

/** Records files that a pipeline writes from downloaded or decoded content. */
export function noteProduced(produced: Produced, elements: Invocation[][]): void {
  const base = (t: string) => t.split(/[\\/]/).filter((x) => x !== "").pop() ?? t;
  let source: "download" | "decode" | null = null;
  for (const element of elements) {
    for (const inv of element) {
      if (isDownloader(inv)) source = "download";
      else if (source === null && isDecoder(inv)) source = "decode";
    }
    if (source === null) continue;
    for (const inv of element) {
      const out: string[] = [];
      inv.argv.forEach((a, i) => {
        if (/^(?:-o|-O|--output|--output-document|-OutFile)$/i.test(a) && inv.argv[i + 1]) {
          out.push(inv.argv[i + 1]!);
        }
        const m = a.match(/^(?:--output(?:-document)?=|-O)(.+)$/);
        if (m && !/^-/.test(m[1]!)) out.push(m[1]!);
        const url = a.match(/^https?:\/\/[^?#]*\/([^/?#]+)$/);
        if (url && inv.program === "wget") out.push(url[1]!);
      });
      if (inv.program === "tee") out.push(...inv.argv.filter((a) => !a.startsWith("-")));
      for (const r of inv.redirects) {
        if (/^(?:>|>>|>\||&>|&>>)$/.test(r.op) && r.target) out.push(r.target.text);
      }
      for (const o of out) if (!o.startsWith("/dev/")) produced.set(base(o), source);
    }
  }
}

/** A program, script or chmod target that is a file produced earlier from downloaded or decoded content. */
export function producedRunRule(produced: Produced, inv: Invocation, out: Findings): void {
  if (produced.size === 0) return;
  const base = (t: string) => t.split(/[\\/]/).filter((x) => x !== "").pop() ?? t;
  const runner = SHELLS.has(inv.program) || interpreterName(inv.program) !== null ||
    inv.program === "source" || inv.program === "." || inv.program === "chmod" ||
    inv.program === "iex" || inv.program === "invoke-expression";
  const targets = runner ? inv.argv.filter((a) => !a.startsWith("-") && !/^[+=ugoa]/.test(a)) : [];
  const hit = produced.get(inv.program) ??
    targets.map((t) => produced.get(base(t))).find((k) => k !== undefined);
  if (hit === "download") {
    out.dangerous("download_exec", "runs a file downloaded earlier in the same command");
  } else if (hit === "decode") {
    out.dangerous("obfuscated_exec", "runs a file decoded earlier in the same command");
  }
}
