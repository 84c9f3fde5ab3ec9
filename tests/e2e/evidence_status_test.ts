/**
 * A command record whose exit status does not report every command it ran
 * (`false | cat`, `false || true`, `sh -c 'false; true'`) backs no verified
 * fact: its `exit 0` says nothing of the command that failed. Through the
 * real CLI: evidence notes it, finalize lowers the citation with the reason,
 * the briefing shows it claimed; simple commands joined by && stay verified.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { finalizeCitations } from "../_helpers/cited_facts.ts";

async function evidence(dir: string, argv: string[]) {
  const r = await runBaton(["evidence", "--json", ...argv], { cwd: dir });
  return { code: r.code, stderr: r.stderr, id: JSON.parse(r.stdout).id as string };
}

Deno.test("evidence whose exit status hides a failed command backs no verified fact", async () => {
  const dir = await makeRepo("baton-evidence-status-");
  try {
    const hidden = [
      ["--shell", "--", "false | cat"],
      ["--shell", "--", "false || true"],
      ["--shell", "--", "false & wait"],
      ["--", "sh", "-c", "false; true"],
      ["--", "bash", "-ec", "! false"],
      // set's words in order: pipefail is off again, or they are positional parameters.
      ["--", "bash", "-c", "set -o pipefail +o pipefail && false | true"],
      ["--", "bash", "-c", "set -- -o pipefail && false | true"],
      // A shell reading its commands from its input runs text no rule saw.
      ["--", "bash", "-c", "bash <<< 'false; true'"],
      ["--", "bash", "-c", "set -o pipefail && printf 'false; true' | sh"],
    ];
    const plain = [
      ["--shell", "--", "true && true 2>&1"],
      ["--", "true"],
      ["--", "sh", "-c", "true"],
      // sh -c is words to echo; set -o pipefail holds for the pipeline after it.
      ["--shell", "--", "echo sh -c"],
      ["--", "bash", "-c", "set -o pipefail && true | cat"],
      ["--", "bash", "-c", "set -e -o pipefail -o errexit && true | cat"],
      ["--", "sh", "/dev/null"],
      ["--shell", "--", "ls /bin/sh"],
    ];
    const facts = [];
    for (const argv of [...hidden, ...plain]) {
      const r = await evidence(dir, argv);
      assert.equal(r.code, 0, argv.join(" "));
      const noted = /does not report every command/.test(r.stderr);
      assert.equal(noted, hidden.includes(argv), `note: ${argv.join(" ")}`);
      facts.push({ text: `the check passes: ${argv.join(" ")}`, evidence: r.id });
    }
    const { trust, why } = await finalizeCitations(dir, facts);
    assert.deepEqual(trust, [...hidden.map(() => "claimed"), ...plain.map(() => "verified")]);
    hidden.forEach((_, i) => {
      assert.match(why(i) ?? "", /exit status does not report every command it ran/);
    });
    const briefing = (await runBaton(["load"], { cwd: dir })).stdout;
    assert.match(briefing, /- \[claimed\] the check passes: --shell -- false \| cat/);
    assert.match(briefing, /- \[verified\] the check passes: -- true/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
