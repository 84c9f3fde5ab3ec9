import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import {
  renderMarkdownCommand,
  renderOpenCodePlugin,
  renderSkillFile,
  renderTomlCommand,
} from "../../../core/hosts/render_files.ts";
import { BATON_MARKER } from "../../../core/hosts/types.ts";
import { tempDir } from "../../_helpers/temp.ts";

const PROMPT = {
  name: "baton-resume",
  description: 'Load "the" briefing',
  body: "Run `baton load`.",
};
const ODD = ["/opt/my tools/baton's", "--flag=a\\b"];

Deno.test("renderTomlCommand() writes TOML that parses back to the prompt, whatever the invocation holds", () => {
  const toml = parseToml(renderTomlCommand(PROMPT, ODD));
  assert.equal(toml.description, PROMPT.description);
  assert.match(String(toml.prompt), /'\/opt\/my tools\/baton'\\''s' '--flag=a\\b'/);
  assert.match(String(toml.prompt), /\{\{args\}\}$/);
});

Deno.test("the rendered skill and commands state the invocation once and carry the marker", () => {
  const skill = renderSkillFile(
    "---\nname: baton\n---\n<!-- BEGIN INVOCATION -->\nold\n<!-- END INVOCATION -->\nbody\n",
    ["/x/baton"],
  );
  assert.ok(!skill.includes("\nold\n"));
  assert.ok(skill.includes(BATON_MARKER));
  const md = renderMarkdownCommand(PROMPT, ["/x/baton"], { frontMatter: null });
  assert.match(md, /^# Load "the" briefing\n\nRun baton as `\/x\/baton`/);
  assert.ok(md.includes(BATON_MARKER));
  assert.ok(
    !renderMarkdownCommand(PROMPT, ["baton"]).includes("Run baton as"),
    "plain baton needs no sentence",
  );
});

Deno.test("the OpenCode plugin runs baton's hook with a JSON payload on stdin, adds the briefing before compaction, and swallows a missing program", async () => {
  const dir = (await tempDir("baton-plugin-")).path;
  const recorder =
    'if [ "$1" = load ]; then echo "BRIEFING"; exit 0; fi; printf "%s\\n" "$@" > "$0.args"; cat > "$0.stdin"';
  const write = async (name: string, invocation: string[]) => {
    await Deno.writeTextFile(`${dir}/${name}`, renderOpenCodePlugin(invocation));
    return (await import(`file://${dir}/${name}`)).BatonPlugin;
  };
  const plugin = await write("ok.js", ["/bin/sh", "-c", recorder, `${dir}/rec`]);
  const hooks = await plugin({ directory: dir });
  const output = { context: [] as string[] };
  await hooks["experimental.session.compacting"]({ sessionID: "ses_1" }, output);
  assert.deepEqual(output.context, ["BRIEFING"], "the briefing joins the compaction context");
  assert.equal(await Deno.readTextFile(`${dir}/rec.args`), "hook\npre-compact\n--host\nopencode\n");
  assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/rec.stdin`)), {
    hook_event_name: "experimental.session.compacting",
    session_id: "ses_1",
    cwd: dir,
  });
  await hooks.event({ event: { type: "session.idle", properties: { sessionID: "ses_1" } } });
  assert.equal(await Deno.readTextFile(`${dir}/rec.args`), "hook\nstop\n--host\nopencode\n");
  const missing = await write("missing.js", [`${dir}/no-such-baton`]);
  const none = { context: [] as string[] };
  await (await missing({ directory: dir }))["experimental.session.compacting"]({}, none);
  assert.deepEqual(none.context, [], "nothing added when baton cannot run");
});
