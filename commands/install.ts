/**
 * `baton install HOST...`: writes the skill, the command files and the hook
 * entries for agent hosts, merging into existing configs without touching
 * anything of the user's.
 * @module
 */
import type { Command } from "./_cli/command.ts";
import { HOST_IDS } from "../core/hosts/ids.ts";
import { runHostPlans, SCOPE_FLAGS } from "./_cli/hosts_args.ts";

/** The install command. */
export const installCommand: Command = {
  name: "install",
  category: "setup",
  summary: "Install baton's skill, commands and hooks into agent hosts",
  description: [
    `For each host (${
      HOST_IDS.join(", ")
    }, or all) writes the baton skill, the host's command files and its hook entries: session start loads the briefing, pre-compaction and session end write a capsule. Hook commands call this baton by absolute path.`,
    "Existing configs are parsed and merged in place (comments, order and unrelated settings kept) and written atomically, with a one-time backup beside them (.baton-backup); a config that cannot be parsed stops the install before anything is written, and a file baton did not write is never overwritten: a file carrying baton's marker is rewritten only when this clone's record (or the baton home's, outside git) holds its exact text, else it is left with a note (a marker anyone can copy proves nothing). Nothing is written through a symbolic link that leads outside the repository (project scope) or the home directory (user scope), nor, in a repository, through a symbolic link git tracks (a host config or a folder on its way: a commit chose where it leads): such a path stops the install before any write (exit 5).",
    "Files installed into a git repository are listed in one marked block of .git/info/exclude, so git status and capsule facts never show them; a file git already tracks cannot be hidden so, and a change to one is named in a note. Running install again changes nothing. Hosts whose hook formats are unconfirmed get the skill and command files only.",
  ].join("\n\n"),
  usage: "HOST...",
  maxPositionals: 16,
  examples: [
    "baton install claude-code",
    "baton install codex cursor --user",
    "baton install all --dry-run",
    "baton install gemini --json",
  ],
  flags: [...SCOPE_FLAGS],
  run: (args, io) => runHostPlans(args, io, { action: "install" }),
};
