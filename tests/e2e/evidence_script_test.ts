/**
 * A runner's exit status is its script's: `npm test` with `"test": "false
 * | cat"` exits 0 though the command failed. Through the real CLI with real
 * npm, deno and make: evidence reads package.json and deno.json before the
 * command runs, notes a script that hides a failure (in the script, in a
 * pre hook, in a script another script runs, or a missing one under
 * --if-present), finalize lowers the citation with the reason, and plain
 * scripts stay verified. make's recipes are not read: its record stays
 * verified and says so in the capsule, make -i is lowered.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { finalizeCitations } from "../_helpers/cited_facts.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

/**
 * The runs' environment: this test's deno first in PATH, so `deno task` runs whatever PATH the
 * suite was started with (CI starts it through toolchain/node_modules/.bin/deno, not on PATH).
 * The same PATH records the evidence and finalizes it (a record made under another is lowered).
 */
const ENV = {
  PATH: `${Deno.execPath().replace(/\/[^/]*$/, "")}:${Deno.env.get("PATH") ?? ""}`,
};

const PACKAGE = {
  scripts: {
    test: "true",
    piped: "false | cat",
    swallowed: "false || true",
    prehooked: "true",
    preprehooked: "false; true",
    outer: "npm run piped",
    chained: "npm run -s test && true",
  },
};

const DENO = { tasks: { hid: "false || true", fine: "true && true" } };

Deno.test("a runner whose script hides a failure backs no verified fact", async () => {
  const dir = await makeRepo("baton-evidence-script-");
  try {
    await writeFiles(dir, {
      "package.json": JSON.stringify(PACKAGE),
      "deno.json": JSON.stringify(DENO),
      "Makefile": "check:\n\t-false\n\ttrue\n",
    });
    await commitAll(dir);
    const hidden = [
      ["npm", "run", "piped"],
      ["npm", "run", "swallowed"],
      ["npm", "run", "prehooked"],
      ["npm", "run", "outer"],
      ["npm", "run", "absent", "--if-present"],
      ["deno", "task", "hid"],
      ["make", "-i", "check"],
    ];
    const plain = [
      ["npm", "test"],
      ["npm", "run", "chained"],
      ["deno", "task", "fine"],
      ["make", "check"],
    ];
    const facts = [];
    for (const argv of [...hidden, ...plain]) {
      const r = await runBaton(["evidence", "--json", "--", ...argv], { cwd: dir, env: ENV });
      assert.equal(r.code, 0, `${argv.join(" ")}: ${r.stderr}`);
      const noted = /backs no verified fact/.test(r.stderr);
      assert.equal(noted, hidden.includes(argv), `note: ${argv.join(" ")}`);
      // npm prints the script it runs; baton's own lines never do.
      const own = r.stderr.split("\n").filter((l) => l.startsWith("baton:")).join("\n");
      assert.ok(!/false|cat/.test(own), "no script text is echoed");
      facts.push({
        text: `the check passes: ${argv.join(" ")}`,
        evidence: JSON.parse(r.stdout).id,
      });
    }
    const { trust, why } = await finalizeCitations(dir, facts, ENV);
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    const reasons = hidden.map((_, i) => why(i) ?? "");
    for (const i of [0, 1, 2, 3, 5]) assert.match(reasons[i]!, /does not report every command/);
    assert.match(reasons[4]!, /was not in package\.json or deno\.json/);
    assert.match(reasons[6]!, /make was given -i/);
    const capsule = JSON.parse(
      extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
    );
    const summaries = capsule.evidence.map((e: { summary: string }) => e.summary) as string[];
    assert.equal(summaries.filter((s) => /make's, its recipes were not read/.test(s)).length, 1);
    const briefing = (await runBaton(["load"], { cwd: dir, env: ENV })).stdout;
    assert.match(briefing, /- \[claimed\] the check passes: npm run piped/);
    assert.match(briefing, /- \[verified\] the check passes: npm test/);
    // The briefing prints make's outcome with what it covers, in the shape baton writes.
    assert.match(
      briefing,
      /exit 0 in \d+\.\d s at [0-9a-f]{12}; the status is make's, its recipes were not read/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * Records `argv` in `dir` (or a folder in it) and finalizes a fact citing
 * each: the trust each fact kept and the reason a lowered one was given.
 */
async function citeEach(
  dir: string,
  runs: { argv: string[]; cwd?: string }[],
): Promise<{ trust: string[]; why: (i: number) => string | undefined }> {
  const facts = [];
  for (const { argv, cwd } of runs) {
    const r = await runBaton(["evidence", "--json", "--", ...argv], {
      cwd: cwd === undefined ? dir : `${dir}/${cwd}`,
      env: ENV,
    });
    assert.equal(r.code, 0, `${argv.join(" ")}: ${r.stderr}`);
    facts.push({ text: `the check passes: ${argv.join(" ")}`, evidence: JSON.parse(r.stdout).id });
  }
  return await finalizeCitations(dir, facts, ENV);
}

Deno.test("make's options are read as make reads them: -e takes no value, a long option's prefix, MAKEFLAGS= (attack116)", async () => {
  const dir = await makeRepo("baton-evidence-make-");
  try {
    await writeFiles(dir, { "Makefile": "check:\n\tfalse\nok:\n\ttrue\n" });
    await commitAll(dir);
    // Each exits 0 though the recipe failed: make ignored its error.
    const hidden = [
      ["make", "-e", "-i", "check"],
      ["make", "--ignore-e", "check"],
      ["make", "MAKEFLAGS=i", "check"],
    ];
    const plain = [["make", "-e", "ok"], ["make", "--jobs=2", "--no-print-directory", "ok"]];
    const { trust, why } = await citeEach(dir, [...hidden, ...plain].map((argv) => ({ argv })));
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    hidden.forEach((_, i) => assert.match(why(i) ?? "", /make was given -i/));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a runner named later among a program's words is judged by its script (attack116)", async () => {
  const dir = await makeRepo("baton-evidence-later-");
  try {
    await writeFiles(dir, {
      "package.json": JSON.stringify({ scripts: { test: "false || true", ok: "true" } }),
    });
    await commitAll(dir);
    // Each runs npm test, whose script exits 0 when its command failed.
    const hidden = [
      ["npx", "npm", "test"],
      ["npm", "exec", "--", "npm", "test"],
      ["bash", "-c", "set -o pipefail && true | xargs npm test"],
    ];
    const plain = [["npx", "npm", "run", "ok"], ["echo", "npm", "test"]];
    const { trust, why } = await citeEach(dir, [...hidden, ...plain].map((argv) => ({ argv })));
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    hidden.forEach((_, i) => assert.match(why(i) ?? "", /does not report every command/));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("npm settings that move its shell are found where npm reads them (attack116)", async () => {
  const dir = await makeRepo("baton-evidence-npmrc-");
  try {
    // /bin/true as the script shell: every script exits 0, "false" too.
    await writeFiles(dir, {
      "w/package.json": JSON.stringify({ workspaces: ["ws"], scripts: { test: "true" } }),
      "w/.npmrc": "script-shell=/bin/true\n",
      "w/ws/package.json": JSON.stringify({ name: "ws", scripts: { test: "false" } }),
      "q/package.json": JSON.stringify({ scripts: { test: "false" } }),
      "q/.npmrc": '"script-shell"=/bin/true\n',
      "u/package.json": JSON.stringify({ scripts: { test: "false", ok: "true" } }),
      "u/.npmrc": "userconfig=./more.npmrc\n",
      "u/more.npmrc": "script-shell=/bin/true\n",
      "plain/package.json": JSON.stringify({ scripts: { test: "false", ok: "true" } }),
    });
    await commitAll(dir);
    const hidden = [
      // In a workspace, npm reads the root's .npmrc.
      { argv: ["npm", "test"], cwd: "w/ws" },
      { argv: ["npm", "test"], cwd: "q" },
      { argv: ["npm", "test"], cwd: "u" },
      { argv: ["env", "npm_config_script_shell=/bin/true", "npm", "test"], cwd: "plain" },
      { argv: ["sh", "-c", "NPM_CONFIG_SCRIPT_SHELL=/bin/true npm test"], cwd: "plain" },
    ];
    const plain = [
      { argv: ["npm", "run", "ok"], cwd: "plain" },
      { argv: ["env", "npm_config_loglevel=silent", "npm", "run", "ok"], cwd: "plain" },
    ];
    const { trust, why } = await citeEach(dir, [...hidden, ...plain]);
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    hidden.forEach((_, i) => assert.match(why(i) ?? "", /was moved to another folder/));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("npm restart runs restart, or stop and start, with their hooks (attack116)", async () => {
  const dir = await makeRepo("baton-evidence-restart-");
  try {
    await writeFiles(dir, {
      "a/package.json": JSON.stringify({ scripts: { restart: "false || true" } }),
      "b/package.json": JSON.stringify({ scripts: { stop: "true", start: "false; true" } }),
      "c/package.json": JSON.stringify({ scripts: { stop: "true", start: "true" } }),
    });
    await commitAll(dir);
    const hidden = [{ argv: ["npm", "restart"], cwd: "a" }, { argv: ["npm", "restart"], cwd: "b" }];
    const plain = [{ argv: ["npm", "restart"], cwd: "c" }];
    const { trust, why } = await citeEach(dir, [...hidden, ...plain]);
    assert.deepEqual(trust, ["claimed", "claimed", "verified"]);
    hidden.forEach((_, i) => assert.match(why(i) ?? "", /does not report every command/));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task where a nearer package.json has a script of the task's name: both are judged", async () => {
  const dir = await makeRepo("baton-evidence-deno-near-");
  try {
    // deno 2 takes sub/package.json as the configuration in sub: its test runs there, not the
    // root deno.json's task (which baton read alone before).
    await writeFiles(dir, {
      "deno.json": JSON.stringify({ tasks: { test: "true" } }),
      "sub/package.json": JSON.stringify({ scripts: { test: "false || true", fine: "true" } }),
    });
    await commitAll(dir);
    const { trust, why } = await citeEach(dir, [
      { argv: ["deno", "task", "test"], cwd: "sub" },
      { argv: ["deno", "task", "test"] },
      { argv: ["deno", "task", "fine"], cwd: "sub" },
    ]);
    assert.deepEqual(trust, ["claimed", "verified", "verified"]);
    assert.match(why(0) ?? "", /does not report every command/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("npm's option prefixes, commands spelled otherwise and deno's hooks are judged as they run (evidence116)", async () => {
  const dir = await makeRepo("baton-evidence-spelled-");
  try {
    const hides = "false || true";
    await writeFiles(dir, {
      // npm takes --prefi for --prefix: it runs sub's script, not the root's.
      "p/package.json": JSON.stringify({ scripts: { test: "true" } }),
      "p/sub/package.json": JSON.stringify({ scripts: { test: hides } }),
      // --script-shel=/bin/true is --script-shell: "false" is never run.
      "s/package.json": JSON.stringify({ scripts: { test: "false", ok: "true" } }),
      "n/package.json": JSON.stringify({ scripts: { test: hides, ok: "true" } }),
      "d/deno.json": JSON.stringify({ tasks: { check: hides, fine: "true && true" } }),
      // deno task's package.json fallback runs pretest and posttest too.
      "h/package.json": JSON.stringify({
        scripts: { pretest: hides, test: "true", preok: "true", ok: "true" },
      }),
      // npm explore runs its command in node_modules/pkg.
      "e/package.json": JSON.stringify({ scripts: { test: "true" } }),
      "e/node_modules/pkg/package.json": JSON.stringify({
        name: "pkg",
        version: "1.0.0",
        scripts: { test: hides },
      }),
    });
    await commitAll(dir);
    const hidden = [
      { argv: ["npm", "test", "--prefi=sub"], cwd: "p" },
      { argv: ["npm", "run", "test", "--prefi", "sub"], cwd: "p" },
      { argv: ["npm", "test", "--script-shel=/bin/true"], cwd: "s" },
      { argv: ["npm", "--script-shel=/bin/true", "test"], cwd: "s" },
      { argv: ["npm", "run", "--", "test"], cwd: "n" },
      { argv: ["npm", "tes"], cwd: "n" },
      { argv: ["deno", "run", "check"], cwd: "d" },
      { argv: ["deno", "-q", "task", "check"], cwd: "d" },
      { argv: ["deno", "task", "test"], cwd: "h" },
      { argv: ["npm", "explore", "pkg", "--", "npm", "test"], cwd: "e" },
    ];
    const plain = [
      { argv: ["npm", "-s", "test"], cwd: "p" },
      { argv: ["npm", "run", "--", "ok"], cwd: "n" },
      { argv: ["deno", "run", "fine"], cwd: "d" },
      { argv: ["deno", "task", "ok"], cwd: "h" },
      { argv: ["ls", "make"], cwd: "d" },
    ];
    await Deno.writeTextFile(`${dir}/d/make`, "");
    const { trust, why } = await citeEach(dir, [...hidden, ...plain]);
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    [0, 1, 2, 3, 5, 9].forEach((i) => assert.match(why(i) ?? "", /was moved to another folder/));
    [4, 6, 7, 8].forEach((i) => assert.match(why(i) ?? "", /does not report every command/));
    // `ls make` lists a file: the capsule does not say its status is make's.
    const capsule = JSON.parse(
      extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
    );
    const summaries = capsule.evidence.map((e: { summary: string }) => e.summary) as string[];
    assert.ok(!summaries.some((s) => /make's/.test(s)), summaries.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
