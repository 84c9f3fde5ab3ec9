/**
 * The one typed contract every host integration implements: where its files
 * go for a scope, what each file holds, and how its hook config is shaped.
 * The install plan, uninstall and doctor work only through this contract,
 * so hosts never import each other. Pure types.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { BatonInvocation } from "../hook_command.ts";
import type { HookEvent, HostId } from "../ids.ts";
import type { HookSupport } from "../record.ts";

/** Project (the repository root) or user (the home directory and host overrides). */
export type InstallScope = "project" | "user";

/** The places and overrides a host resolves its locations from. */
export interface HostEnv {
  /** Repository root for the project scope, absolute, "/" separators. */
  projectRoot: string;
  /** Home directory, absolute. */
  home: string;
  /**
   * The folder the command runs in, absolute, "/" separators. A host that reads its config
   * folder in every folder from the project root down to where it starts (Codex) reads
   * those between too, when started here. Absent: the project root's only.
   */
  cwd?: string;
  /** Documented location overrides (CODEX_HOME, CLAUDE_CONFIG_DIR, XDG_CONFIG_HOME). */
  env: (name: string) => string | undefined;
  /**
   * Where baton records the files it wrote outside any git work tree (the
   * baton home; block_ledger.ts). Absent or null: no record is kept there.
   */
  recordDir?: string | null;
  /**
   * Why the baton home holds no such record here (its folder, or one above
   * it, that another user owns or can write to): content-free, for a note.
   */
  recordRefused?: string | null;
}

/** A canonical command prompt, rendered into each host's command format. */
export interface PromptSource {
  /** File stem and command name, e.g. `baton-handoff`. */
  name: string;
  /** One line. */
  description: string;
  /** Markdown body; it calls baton `baton` (the renderer says how to start it). */
  body: string;
}

/** What a host's files are made from. */
export interface HostContent {
  /** How baton is started (hook commands and prompts use it). */
  invocation: BatonInvocation;
  /** The canonical SKILL.md text. */
  skill: string;
  /** The canonical command prompts. */
  prompts: readonly PromptSource[];
  /**
   * This clone opted in to the mutation gate on this machine, so the project
   * scope registers the pre-tool hook (absent: not registered).
   */
  gate?: boolean;
}

/** How a host's JSON hook config is laid out. */
export interface HookConfigFormat {
  /**
   * `grouped`: event -> [{ matcher?, hooks: [handler] }] (Claude Code, Codex,
   * Gemini CLI); `flat`: event -> [handler] (Cursor, Copilot).
   */
  shape: "grouped" | "flat";
  /** Unit of the handler's `timeout` field. */
  timeoutUnit: "seconds" | "milliseconds";
  /** Top-level keys the file must have (Cursor: `"version": 1`); added when missing. */
  requiredRoot: Readonly<Record<string, number | string | boolean>>;
  /** The handler carries `"type": "command"`. */
  typeField: boolean;
  /** The handler carries `"name": "baton"` (Gemini CLI shows it). */
  nameField: boolean;
  /** Comments are allowed by the host (JSONC); comments in the file are kept either way. */
  comments: boolean;
}

/** One hook baton registers with a host. */
export interface HookSpec {
  /** baton's event. */
  event: HookEvent;
  /** The host's own event name (`PreCompact`, `sessionStart`, `PreCompress`). */
  native: string;
  /** Matcher for grouped shapes (e.g. `startup|resume|clear|compact`); absent means all. */
  matcher?: string;
  /** Seconds the host waits before cancelling the hook. */
  timeoutSeconds: number;
}

/** A whole file baton owns: it carries {@linkcode BATON_MARKER} and baton may replace or remove it. */
export interface OwnedFile {
  kind: "skill" | "command" | "plugin" | "rules";
  /** Absolute path. */
  path: string;
  content: string;
}

/**
 * Where a host keeps its permission allow list in the hook config's file and
 * how one entry reads: `prefix` + the command line's first words + `suffix`
 * (Claude Code: `Bash(` ... `:*)`, a prefix match at a word boundary).
 */
export interface AllowListFormat {
  /** Key path of the array (or, with `map`, the object), e.g. `["permissions", "allow"]`. */
  key: readonly string[];
  prefix: string;
  suffix: string;
  /**
   * The list is an object of pattern -> action, the last matching pattern
   * deciding (OpenCode's `permission.bash`): each entry's value is `allow`,
   * and each of `narrow` adds, right after it, the same command line with its
   * own suffix and action (a pattern for an output redirection that asks).
   */
  map?: {
    allow: string;
    narrow: readonly { suffix: string; action: string }[];
    /** Characters that are wildcards in a pattern: a command line holding one gets no entry. */
    wildcards: string;
  };
}

/** A JSON hook config baton merges its entries into (the user's own keys stay as they are). */
export interface HookConfigFile {
  kind: "hooks";
  /** Absolute path. */
  path: string;
  format: HookConfigFormat;
  hooks: readonly HookSpec[];
  /**
   * The host's allow list in the same file, which gets one entry per baton
   * state command (absent: the host gets none; docs/hooks.md says why).
   */
  allow?: AllowListFormat;
}

/**
 * A rules or context file the host reads into its requests (a host without
 * hooks): baton owns only its marked block in it (see rules_block.ts), the
 * rest stays the user's.
 */
export interface RulesBlockFile {
  kind: "block";
  /** Absolute path. */
  path: string;
  /** The block's body (without its marker lines). */
  body: string;
}

/** One file of a host's install for a scope. */
export type DesiredFile = OwnedFile | HookConfigFile | RulesBlockFile;

/** The files of one host for one scope, and what the user should know. */
export interface HostLayout {
  files: DesiredFile[];
  /** One-line notes (a trust step the host asks for, a part left out and why). */
  notes: string[];
}

/** How far a host's hooks are confirmed (stated in each host record). */
export type { HookSupport };

/** A documented setting that turns a host's hooks (or baton's among them) off; doctor reports it. */
export type HookSwitch =
  & {
    /** Absolute path of the file holding the setting. */
    path: string;
    format: "json" | "toml";
    /** Key path, e.g. `["features", "hooks"]`. */
    key: readonly string[];
  }
  & (
    /** The value that means "hooks off". */
    | { off: boolean }
    /**
     * A list of hooks the host skips (Gemini CLI's `hooksConfig.disabled`): off for baton's when it
     * holds this name, which baton's hook entries carry, or one of their commands.
     */
    | { lists: string }
  );

/** A step the host asks of the user before it runs baton's hooks (Codex's trust steps). */
export interface TrustStep {
  step: string;
  /** `unknown`: baton cannot read where the host records it. */
  status: "done" | "needed" | "unknown";
  /** One sentence with the exact commands; never file content. */
  explain: string;
}

/** One host integration. */
export interface HostSpec {
  id: HostId;
  /** The host's name for people, e.g. "Claude Code". */
  label: string;
  hookSupport: HookSupport;
  /** One sentence doctor shows about the host's hooks (what runs, what is missing). */
  hookNote: string;
  /** The host's files for a scope. */
  layout(scope: InstallScope, env: HostEnv, content: HostContent): HostLayout;
  /** Settings that turn the host's hooks off, for a scope (none when the host has no such switch). */
  hookSwitches?(scope: InstallScope, env: HostEnv): HookSwitch[];
  /** What the user must still do before the host runs the hooks, as far as baton can tell. */
  trustSteps?(fs: ReadFs, scope: InstallScope, env: HostEnv): Promise<TrustStep[]>;
  /**
   * Other files the host runs hooks from in a scope, which baton never writes (a
   * repository's shared settings, beside the personal file baton installs into): a commit
   * can put a hook there that starts "baton" from anywhere, so doctor judges how each hook
   * there that looks like baton's starts it. None when the host reads no other file.
   */
  sharedHookFiles?(fs: ReadFs, scope: InstallScope, env: HostEnv): Promise<SharedHookFiles>;
  /**
   * JSON settings files whose `statusLine.command` the host runs for the line it shows under
   * every prompt (Claude Code): one starting "baton statusline" is judged like a hook, since a
   * commit can name a program it brought that prints any band. None when the host has none.
   */
  statusLineFiles?(scope: InstallScope, env: HostEnv): string[];
}

/** The files of {@linkcode HostSpec.sharedHookFiles}. */
export interface SharedHookFiles {
  files: SharedHookFile[];
  /**
   * A folder of them not listed in full (a commit filled it past the bound, or it cannot be
   * read), else null.
   */
  cut: string | null;
}

/** A hook config the host reads and baton does not write (see HostSpec.sharedHookFiles). */
export interface SharedHookFile {
  /** Absolute path. */
  path: string;
  format: HookConfigFormat;
  /** The handler keys that hold its command (the host's own, first present wins). */
  commandKeys: readonly string[];
  /**
   * The file's syntax: JSON (with comments), or TOML whose tables hold the same shape
   * (Codex's inline `[hooks]` of config.toml). @default {"json"}
   */
  syntax?: "json" | "toml";
}

/**
 * Text every file baton owns carries, so uninstall removes only its own files
 * and install never overwrites a file the user wrote.
 */
export const BATON_MARKER = "generated by baton install";
