import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import {
  renderMarkdownCommand,
  renderOpenCodePlugin,
  renderSkillFile,
  renderTomlCommand,
} from "../../../../core/hosts/install/render_files.ts";
import { BATON_MARKER } from "../../../../core/hosts/install/types.ts";
import { tempDir } from "../../../_helpers/temp.ts";

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

Deno.test("the OpenCode plugin counts tool calls since the last user message and appends baton's band advisory to the tool output", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-plugin-" }));
  try {
    // Prints an advisory only from the third call on, like a band reaching warn.
    const recorder =
      'cat > "$0.stdin"; n=$(sed -n \'s/.*"tool_calls_since_prompt":\\([0-9]*\\).*/\\1/p\' "$0.stdin"); [ "$n" -ge 3 ] && echo "ADVICE $n"; exit 0';
    await Deno.writeTextFile(
      `${dir}/p.js`,
      renderOpenCodePlugin(["/bin/sh", "-c", recorder, `${dir}/rec`]),
    );
    const hooks = await (await import(`file://${dir}/p.js`)).BatonPlugin({ directory: dir });
    const call = async () => {
      const output = { title: "t", output: "tool said", metadata: {} };
      await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_1", callID: "c" }, output);
      return output.output;
    };
    assert.equal(await call(), "tool said");
    assert.equal(await call(), "tool said");
    assert.equal(await call(), "tool said\n\nADVICE 3");
    const sent = JSON.parse(await Deno.readTextFile(`${dir}/rec.stdin`));
    assert.deepEqual(sent, {
      hook_event_name: "tool.execute.after",
      session_id: "ses_1",
      cwd: dir,
      tool_calls_since_prompt: 3,
    });
    await hooks["chat.message"]({ sessionID: "ses_1" }, { message: {}, parts: [] });
    assert.equal(await call(), "tool said", "a user message resets the count");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the OpenCode plugin asks baton's gate before a tool call only where deny records exist, and throws its refusal", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-plugin-" }));
  try {
    // Records the payload; refuses touch, allows anything else.
    const gate =
      'cat > "$0.stdin"; echo run >> "$0.runs"; grep -q touch "$0.stdin" && echo \'{"decision":"deny","reason":"baton: handed off; Run exactly: baton handoff resume"}\'; exit 0';
    await Deno.writeTextFile(
      `${dir}/p.js`,
      renderOpenCodePlugin(["/bin/sh", "-c", gate, `${dir}/rec`]),
    );
    const hooks = await (await import(`file://${dir}/p.js`)).BatonPlugin({
      directory: dir,
      worktree: dir,
    });
    const before = (command: string) =>
      hooks["tool.execute.before"](
        { tool: "bash", sessionID: "ses_1", callID: "c" },
        { args: { command } },
      );
    // No .git/baton/enforce/denies: baton is not even started, whatever the call (deny
    // records where a commit could carry them count for nothing).
    await Deno.mkdir(`${dir}/.baton/enforce/denies`, { recursive: true });
    await before("touch x");
    await assert.rejects(Deno.stat(`${dir}/rec.runs`), Deno.errors.NotFound);
    await Deno.mkdir(`${dir}/.git/baton/enforce/denies`, { recursive: true });
    await before("git status");
    await assert.rejects(before("touch x"), /baton: handed off; Run exactly: baton handoff resume/);
    assert.equal(await Deno.readTextFile(`${dir}/rec.runs`), "run\nrun\n");
    assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/rec.stdin`)), {
      hook_event_name: "tool.execute.before",
      session_id: "ses_1",
      cwd: dir,
      tool_name: "bash",
      tool_input: { command: "touch x" },
    });
    // A baton that cannot run allows the call.
    await Deno.writeTextFile(`${dir}/q.js`, renderOpenCodePlugin([`${dir}/no-such-baton`]));
    const broken = await (await import(`file://${dir}/q.js`)).BatonPlugin({ directory: dir });
    await broken["tool.execute.before"]({ tool: "bash", sessionID: "s" }, {
      args: { command: "touch x" },
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
