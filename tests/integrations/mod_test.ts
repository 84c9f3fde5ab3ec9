/**
 * Every host folder under integrations/ holds exactly the expected file set,
 * generated from the canonical texts, and each host's files come from one
 * contract (skill + commands + hooks or plugin).
 */
import assert from "node:assert/strict";
import { HOSTS } from "../../core/hosts/install/hosts.ts";
import { HOST_IDS } from "../../core/hosts/ids.ts";
import { fullRecord } from "../../core/hosts/full_records.ts";
import { integrationFiles } from "../_tools/gen_docs.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...await listFiles(`${dir}/${e.name}`, `${prefix}${e.name}/`));
    else out.push(`${prefix}${e.name}`);
  }
  return out.sort();
}

Deno.test("every host folder has the expected file set, with the generated content", async () => {
  const wanted = integrationFiles();
  for (const id of HOST_IDS) {
    const expected = Object.keys(wanted).filter((p) => p.startsWith(`integrations/${id}/`))
      .map((p) => p.slice(`integrations/${id}/`.length)).sort();
    assert.deepEqual(await listFiles(`${ROOT}integrations/${id}`), expected, id);
    for (const rel of expected) {
      assert.equal(
        await Deno.readTextFile(`${ROOT}integrations/${id}/${rel}`),
        wanted[`integrations/${id}/${rel}`],
        `${id}/${rel} is fresh`,
      );
    }
  }
});

Deno.test("every host gets the skill, and command files or a note saying why not, and hooks or a plugin when it has them", () => {
  const content = {
    invocation: ["baton"],
    skill: "",
    prompts: [{ name: "p", description: "d", body: "b" }],
  };
  for (const id of HOST_IDS) {
    for (const scope of ["project", "user"] as const) {
      const layout = HOSTS[id].layout(scope, {
        projectRoot: "/p",
        home: "/h",
        env: () => undefined,
      }, content);
      const kinds = layout.files.map((f) => f.kind);
      assert.ok(kinds.includes("skill"), `${id} ${scope} skill`);
      assert.ok(
        kinds.includes("command") || layout.notes.some((n) => /command|prompt/i.test(n)),
        `${id} ${scope} commands or a reason`,
      );
      const hooks = HOSTS[id].hookSupport;
      // A host whose only hook is the gate (Crush) has a hook file only where the gate is registered.
      const gateOnly = fullRecord(id).install.hooks.every((e) => e === "pre-tool");
      // A config carrying only permission entries (OpenCode's opencode.json) registers no hook.
      const hookFiles = layout.files.filter((f) => f.kind === "hooks" && f.hooks.length > 0);
      assert.equal(hookFiles.length > 0, hooks === "hooks" && !gateOnly, `${id} ${scope} hooks`);
      if (hooks === "hooks" && gateOnly && scope === "project") {
        const gated = HOSTS[id].layout(scope, {
          projectRoot: "/p",
          home: "/h",
          env: () => undefined,
        }, { ...content, gate: true });
        assert.ok(gated.files.some((f) => f.kind === "hooks"), `${id} gate hooks`);
      }
      assert.equal(kinds.includes("plugin"), hooks === "plugin", `${id} ${scope} plugin`);
      const root = scope === "project" ? "/p/" : "/h/";
      for (const f of layout.files) assert.ok(f.path.startsWith(root), `${f.path} under ${root}`);
    }
  }
});
