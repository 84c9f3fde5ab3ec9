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
import { DEFAULT_BAND_THRESHOLDS } from "../../../../core/config/bands_section.ts";

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
  await using temp = await tempDir("baton-plugin-");
  const dir = temp.path;
  // The plugin asks for the band thresholds when it loads, concurrently with the hooks below:
  // that run answers apart, so it never races the recorded hook's arguments.
  const recorder = [
    'if [ "$1" = bands ]; then exit 1; fi',
    'if [ "$1" = load ]; then echo "BRIEFING"; exit 0; fi',
    'printf "%s\\n" "$@" > "$0.args"; cat > "$0.stdin"',
  ].join("; ");
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

Deno.test("the OpenCode plugin counts tool calls itself and starts baton only on the call that reaches a band", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-plugin-" }));
  try {
    // `bands --json` gives depth thresholds 3/5/7; a hook run is logged and prints an advisory
    // from the third call on, like a band reaching warn.
    const recorder = [
      'if [ "$1" = bands ]; then echo \'{"thresholds":{"depth":{"warn":3,"handoff":5,"hard":7}}}\'; exit 0; fi',
      'cat > "$0.stdin"; echo run >> "$0.runs"',
      'n=$(sed -n \'s/.*"tool_calls_since_prompt":\\([0-9]*\\).*/\\1/p\' "$0.stdin")',
      '[ "$n" -ge 3 ] && echo "ADVICE $n"; exit 0',
    ].join("; ");
    await Deno.writeTextFile(
      `${dir}/p.js`,
      renderOpenCodePlugin(["/bin/sh", "-c", recorder, `${dir}/rec`]),
    );
    const hooks = await (await import(`file://${dir}/p.js`)).BatonPlugin({ directory: dir });
    const runs = async () =>
      (await Deno.readTextFile(`${dir}/rec.runs`).catch(() => "")).split("\n").length - 1;
    const call = async () => {
      const output = { title: "t", output: "tool said", metadata: {} };
      await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_1", callID: "c" }, output);
      return output.output;
    };
    assert.equal(await call(), "tool said");
    assert.equal(await call(), "tool said");
    assert.equal(await runs(), 0, "no baton process below the first threshold");
    assert.equal(await call(), "tool said\n\nADVICE 3");
    assert.equal(await runs(), 1);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(`${dir}/rec.stdin`)), {
      hook_event_name: "tool.execute.after",
      session_id: "ses_1",
      cwd: dir,
      tool_calls_since_prompt: 3,
    });
    assert.equal(await call(), "tool said", "call 4: no band reached");
    assert.equal(await call(), "tool said\n\nADVICE 5", "call 5: handoff");
    assert.equal(await runs(), 2);
    await hooks["chat.message"]({ sessionID: "ses_1" }, { message: {}, parts: [] });
    assert.equal(await call(), "tool said", "a user message resets the count");
    assert.equal(await runs(), 3, "baton is told once that the new context is below warn");
    await call();
    assert.equal(await runs(), 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the OpenCode plugin falls back to the built-in depth thresholds when baton cannot say", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-plugin-" }));
  try {
    const recorder = 'if [ "$1" = bands ]; then exit 1; fi; cat > /dev/null; echo run >> "$0.runs"';
    await Deno.writeTextFile(
      `${dir}/p.js`,
      renderOpenCodePlugin(["/bin/sh", "-c", recorder, `${dir}/rec`]),
    );
    const hooks = await (await import(`file://${dir}/p.js`)).BatonPlugin({ directory: dir });
    const call = () =>
      hooks["tool.execute.after"]({ tool: "bash", sessionID: "s", callID: "c" }, { output: "" });
    for (let i = 1; i < DEFAULT_BAND_THRESHOLDS.depth.warn; i++) await call();
    await assert.rejects(Deno.stat(`${dir}/rec.runs`), Deno.errors.NotFound);
    await call();
    assert.equal(await Deno.readTextFile(`${dir}/rec.runs`), "run\n", "the built-in warn");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the OpenCode plugin asks baton's gate before a tool call only where deny records exist, and throws its refusal", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-plugin-" }));
  try {
    // Records the payload; refuses touch, allows anything else.
    const gate =
      'if [ "$1" = bands ]; then exit 0; fi; cat > "$0.stdin"; echo run >> "$0.runs"; grep -q touch "$0.stdin" && echo \'{"decision":"deny","reason":"baton: handed off; Run exactly: baton handoff resume"}\'; exit 0';
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
