/**
 * Program records: the shared option matcher, the prefix convention over
 * every record's long options, and dangerous commands carried through
 * wrappers, substitutions, pipelines and nested strings.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { matchLong, parseOptions } from "../../../../../core/safety/command/programs/_options.ts";
import { PROGRAM_RECORDS } from "../../../../../core/safety/command/programs/records.ts";
import { GIT_SUBCOMMAND_OPTIONS } from "../../../../../core/safety/command/programs/git.ts";
import type { OptionSpec } from "../../../../../core/safety/command/programs/_record.ts";
import { scanSed } from "../../../../../core/safety/command/programs/_sed_script.ts";
import { DANGEROUS_CASES } from "../../../../testdata/command_cases.ts";

const q = (s: string): string => "'" + s.replace(/'/g, "'\\''") + "'";

/** One place a record's option can be given, with the words around it. */
interface Site {
  label: string;
  options: readonly OptionSpec[];
  build: (opt: string) => string;
}

function sites(): Site[] {
  const out: Site[] = [];
  for (const rec of PROGRAM_RECORDS) {
    if (rec.longMatch !== "prefix") continue;
    const name = rec.names[0]!;
    const tail = name === "sed" ? "p f" : name === "awk" ? "'{print}' f" : "f";
    out.push({ label: name, options: rec.options, build: (opt) => `${name} ${opt} ${tail}` });
  }
  // git's subcommands use parse-options (its own global options are exact).
  for (const [sub, options] of Object.entries(GIT_SUBCOMMAND_OPTIONS)) {
    out.push({ label: `git ${sub}`, options, build: (opt) => `git ${sub} ${opt} x` });
  }
  return out;
}

/** A value that makes each effect visible in the class. */
function valueFor(spec: OptionSpec): string {
  switch (spec.effect) {
    case "runs":
    case "pager":
      return q("rm -rf ~");
    case "writes":
      return "~/.bashrc";
    default:
      return "v1";
  }
}

function spellings(spec: OptionSpec, name: string): string[] {
  if (spec.arity === "none") return [`--${name}`];
  const v = valueFor(spec);
  return spec.arity === "value" ? [`--${name}=${v}`, `--${name} ${v}`] : [`--${name}=${v}`];
}

const key = (cmd: string): string => {
  const r = classifyCommand(cmd);
  return `${r.class} ${r.families.join(",")}`;
};

Deno.test("property: every long option of every prefix-matching record, abbreviated to any unambiguous prefix, classifies exactly like the full option", () => {
  const triples: { site: Site; spec: OptionSpec; full: string; prefix: string }[] = [];
  let ambiguous = 0;
  for (const site of sites()) {
    for (const spec of site.options) {
      for (const full of spec.long ?? []) {
        for (let n = 1; n < full.length; n++) {
          const prefix = full.slice(0, n);
          const hit = matchLong(site.options, prefix, "prefix");
          if (hit.kind === "one" && hit.spec === spec) triples.push({ site, spec, full, prefix });
          else if (hit.kind === "ambiguous") ambiguous++;
        }
      }
    }
  }
  assert.ok(triples.length > 1500, `${triples.length} abbreviations`);
  assert.ok(ambiguous > 100, `${ambiguous} ambiguous prefixes`);
  const differ: string[] = [];
  for (const { site, spec, full, prefix } of triples) {
    const long = spellings(spec, full);
    const short = spellings(spec, prefix);
    long.forEach((l, i) => {
      const a = site.build(l);
      const b = site.build(short[i]!);
      if (key(a) !== key(b)) differ.push(`${b} -> ${key(b)}; ${a} -> ${key(a)}`);
    });
  }
  assert.deepEqual(differ, []);
  // The effects are visible, so the comparison can fail: spot checks.
  assert.equal(key("sort --output=~/.bashrc f"), "dangerous persistence");
  assert.equal(key("sort --o=~/.bashrc f"), "dangerous persistence");
  assert.equal(key("git ls-remote --upload-pa='rm -rf ~' x"), "dangerous recursive_delete");
});

Deno.test("property: a long option given as a prefix of several options is at least review", () => {
  fc.assert(
    fc.property(fc.constantFrom(...sites()), fc.nat(), fc.nat(), (site, i, n) => {
      const names = site.options.flatMap((o) => o.long ?? []);
      if (names.length === 0) return true;
      const full = names[i % names.length]!;
      const prefix = full.slice(0, 1 + (n % full.length));
      if (matchLong(site.options, prefix, "prefix").kind !== "ambiguous") return true;
      return classifyCommand(site.build(`--${prefix}`)).class !== "read_only";
    }),
    { numRuns: 3000, seed: 11 },
  );
  // Positive and negative controls.
  assert.equal(classifyCommand("sort --c f").class, "review", "check or compress-program");
  assert.equal(classifyCommand("sort --ch f").class, "read_only", "check only");
});

/** Places that carry a command: wrappers, substitutions, pipelines and strings that are run. */
const CARRIERS: readonly ((c: string) => string)[] = [
  (c) => `sudo ${c}`,
  (c) => `env A=1 ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `timeout 5 ${c}`,
  (c) => `nohup ${c}`,
  (c) => `command ${c}`,
  (c) => `echo $(${c})`,
  // Backticks do not nest unescaped: an inner one gets $( ) instead.
  (c) => c.includes("`") ? `echo $(${c})` : `echo \`${c}\``,
  (c) => `x=$(${c})`,
  (c) => `cat <(${c})`,
  (c) => `ls | ${c}`,
  (c) => `${c} | cat`,
  (c) => `true && ${c}`,
  (c) => `bash -c ${q(c)}`,
  (c) => `sh -c ${q(c)}`,
  (c) => `eval ${q(c)}`,
  (c) => `su -c ${q(c)}`,
  (c) => `ssh host ${q(c)}`,
  (c) => `watch ${q(c)}`,
  (c) => `env -S ${q(c)}`,
  (c) => `find . -exec sh -c ${q(c)} \\;`,
  (c) => `xargs sh -c ${q(c)}`,
  (c) => `git -c alias.x=${q("!" + c)} x`,
  (c) => `git -c core.pager=${q(c)} log`,
  (c) => `git grep --open-files-in-pa=${q(c)} x`,
  (c) => `git ls-remote --upload-pa=${q(c)} .`,
  (c) => `echo x | sed -e${q("1e " + c)}`,
  (c) => `sed --expression=${q("1e " + c)} f`,
  (c) => `tar -xf a.tar --to-command=${q(c)}`,
  (c) => `tar -cf a.tar --checkpoint-action=exec=${q(c)} .`,
  (c) => `rsync -e ${q(c)} a b:c`,
  (c) => `zip -TT ${q(c)} a.zip f`,
  (c) => `man -P ${q(c)} ls`,
  (c) => `less --lesskey-src=k +${q("!" + c)} f`,
  (c) => `docker exec box sh -c ${q(c)}`,
  (c) => `kubectl exec pod -- sh -c ${q(c)}`,
  (c) => `awk ${q(`BEGIN { system(${JSON.stringify(c)}) }`)}`,
  (c) => `python3 -c ${q(`import os; os.system(${JSON.stringify(c)})`)}`,
  (c) => `PAGER=${q(c)} git log`,
  (c) => `f() { ${c}; }; f`,
];

Deno.test("property: a dangerous command carried by any chain of wrappers, substitutions, pipelines and nested strings never comes out read_only", () => {
  const dangerous = DANGEROUS_CASES.map(([c]) => c).filter((c) => !c.includes("\n"));
  fc.assert(
    fc.property(
      fc.constantFrom(...dangerous),
      fc.array(fc.constantFrom(...CARRIERS), { minLength: 1, maxLength: 3 }),
      (bad, chain) => {
        const text = chain.reduce((c, carry) => carry(c), bad);
        return classifyCommand(text).class !== "read_only";
      },
    ),
    { numRuns: 1500, seed: 5 },
  );
  // Control: the carriers that only pass a command through keep a harmless one read_only,
  // so "not read_only" above is not given for free.
  for (const carry of [CARRIERS[6]!, CARRIERS[11]!, CARRIERS[13]!, CARRIERS[14]!]) {
    assert.equal(classifyCommand(carry("ls")).class, "read_only", carry("ls"));
  }
});

Deno.test("parseOptions() reads clusters, attached and separate values, -- and git's --no-", () => {
  const syntax = {
    longMatch: "prefix" as const,
    longNegation: true,
    options: [
      { long: ["file"], short: "f", arity: "value" as const },
      { long: ["quiet"], short: "n", arity: "none" as const },
      { long: ["in-place"], short: "i", arity: "optional" as const },
      { long: ["ext-diff"], arity: "none" as const },
    ],
  };
  const p = parseOptions(syntax, ["-nf", "s.sed", "-i.bak", "--no-ext-diff", "x", "--", "--file"]);
  assert.deepEqual(
    p.uses.map((u) => [u.name, u.value, u.negated]),
    [["n", null, false], ["f", "s.sed", false], ["i", ".bak", false], ["ext-diff", null, true]],
  );
  assert.deepEqual(p.operands.map((o) => o.text), ["x", "--file"]);
  const stop = parseOptions({ ...syntax, stopAtOperand: true }, ["sub", "-n"]);
  assert.deepEqual(stop.operands.map((o) => o.text), ["sub", "-n"]);
  assert.equal(parseOptions(syntax, ["--fi=x"]).uses[0]?.name, "file");
  assert.equal(parseOptions({ ...syntax, longMatch: "exact" }, ["--fi=x"]).uses.length, 0);
});

Deno.test("scanSed() finds commands, writes and reads in every construct, and says when it cannot read a script", () => {
  assert.deepEqual(scanSed("1e id\n$e uname -a").runs, ["id", "uname -a"]);
  assert.deepEqual(scanSed("/a/,/b/{s/x/y/gw out\n}").writes, ["out"]);
  assert.deepEqual(scanSed("s|a|b|w ~/.bashrc").writes, ["~/.bashrc"]);
  assert.deepEqual(scanSed("y/abc/xyz/;W log").writes, ["log"]);
  assert.deepEqual(scanSed("1r /etc/passwd").reads, ["/etc/passwd"]);
  assert.equal(scanSed("s/a/b/e").runsInput, true);
  assert.equal(scanSed("e").runsInput, true);
  assert.equal(scanSed("s/a\\/e/b/").runsInput, false, "an escaped delimiter is not the end");
  assert.equal(scanSed("\\,x,p").unparsed, false);
  assert.equal(scanSed("s/a/b").unparsed, true);
  assert.equal(scanSed("1k").unparsed, true, "an unknown command");
  // Plain scripts have no effects.
  for (
    const s of [
      "p",
      "1,5p",
      "s/a/b/g",
      "/x/d",
      "$!N;P;D",
      ":a;N;$!ba;s/\\n/ /g",
      "a\\\nhi",
      "y/ab/ba/",
    ]
  ) {
    const fx = scanSed(s);
    assert.deepEqual([fx.runs, fx.writes, fx.runsInput, fx.unparsed], [[], [], false, false], s);
  }
});
