/**
 * export and paste --resume, the halves pasted into chat tools, say when the latest capsule was
 * written in another repository, as load's header and show do. This machine's capsule from one
 * project, copied into another and made current there (revive), was exported as this
 * project's: 'Facts of baton capsule …, collected …' and its meaning with no word of where it
 * came from. The control is the same capsule exported in its own repository.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { capsuleCopiedElsewhere } from "../_helpers/elsewhere_capsule.ts";

const WARNING = /WARNING: it was written in another repository/;

Deno.test("export and paste --resume say a capsule was written in another repository; in its own they do not (control)", async () => {
  const { mine, other } = await capsuleCopiedElsewhere(
    "baton-export-elsewhere-",
    () =>
      Promise.resolve({
        now: "migrating the billing schema",
        decisions: [{ id: "db", text: "use postgres in production" }],
      }),
  );

  for (const [dir, elsewhere] of [[other, true], [mine, false]] as const) {
    const meaning = await runBaton(["export", "--meaning"], { cwd: dir });
    assert.equal(meaning.code, 0, meaning.stderr);
    assert.match(meaning.stdout, /migrating the billing schema/);
    assert.equal(WARNING.test(meaning.stdout), elsewhere, meaning.stdout);
    const facts = await runBaton(["export", "--facts"], { cwd: dir });
    assert.equal(facts.code, 0, facts.stderr);
    assert.equal(
      /^Facts as baton capsule \w+ records them, .*collected in another repository, not this one\./
        .test(facts.stdout),
      elsewhere,
      facts.stdout,
    );
    assert.equal(/^Facts of baton capsule \w+, collected /.test(facts.stdout), !elsewhere);
    const paste = await runBaton(["paste", "--resume"], { cwd: dir });
    assert.equal(paste.code, 0, paste.stderr);
    assert.equal(WARNING.test(paste.stdout), elsewhere, paste.stdout);
  }
});
