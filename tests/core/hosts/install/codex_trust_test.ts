import assert from "node:assert/strict";
import { codexTrustSteps } from "../../../../core/hosts/install/codex_trust.ts";
import { TestFs } from "../../../_helpers/fs.ts";

const fs = new TestFs();

async function withConfig(
  text: string | null,
  f: (configPath: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "baton-test-" });
  try {
    const configPath = `${dir}/config.toml`;
    if (text !== null) await Deno.writeTextFile(configPath, text);
    await f(configPath);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const PROJECT = '/work/my "odd" repo';
const trustedToml = `[projects."/work/my \\"odd\\" repo"]\ntrust_level = "trusted"\n`;

Deno.test("codexTrustSteps() project: trust done when config.toml trusts the project, the review always unknown", async () => {
  await withConfig(trustedToml, async (configPath) => {
    const steps = await codexTrustSteps(fs, { scope: "project", configPath, projectRoot: PROJECT });
    assert.deepEqual(steps.map((s) => [s.step, s.status]), [
      ["project_trust", "done"],
      ["hook_review", "unknown"],
    ]);
  });
});

Deno.test("codexTrustSteps() project: needed with no file, no entry or another level; the fix names the exact TOML key", async () => {
  for (
    const [text, why] of [
      [null, "no entry"],
      ["[projects]\n", "no entry"],
      [trustedToml.replace('"trusted"', '"untrusted"'), 'trust_level is "untrusted"'],
    ] as const
  ) {
    await withConfig(text, async (configPath) => {
      const [trust] = await codexTrustSteps(fs, {
        scope: "project",
        configPath,
        projectRoot: PROJECT,
      });
      assert.equal(trust!.status, "needed");
      assert.ok(trust!.explain.includes(why), trust!.explain);
      assert.ok(
        trust!.explain.includes('[projects."/work/my \\"odd\\" repo"] trust_level = "trusted"'),
      );
    });
  }
});

Deno.test("codexTrustSteps() says unknown for a config that does not parse, without quoting it; user scope has only the review", async () => {
  await withConfig("[projects\nSECRET-LOOKING = 1", async (configPath) => {
    const [trust] = await codexTrustSteps(fs, {
      scope: "project",
      configPath,
      projectRoot: PROJECT,
    });
    assert.equal(trust!.status, "unknown");
    assert.ok(!trust!.explain.includes("SECRET-LOOKING"));
    const user = await codexTrustSteps(fs, { scope: "user", configPath, projectRoot: PROJECT });
    assert.deepEqual(user.map((s) => s.step), ["hook_review"]);
  });
});
