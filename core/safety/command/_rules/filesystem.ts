/**
 * File-system rules: recursive or forced deletion (POSIX rm, PowerShell
 * Remove-Item and its aliases, cmd's rd/del, find -delete, mv of a broad
 * target), permission blasts, and raw disk and device writes. Pure.
 * @module
 */
import { type Arg, type Findings, hasLong, hasShort, type Invocation } from "../invocation.ts";
import { reportWrite } from "../programs/effects.ts";
import {
  deviceKind,
  isBroadTarget,
  isCredentialDir,
  isSystemDataPath,
  isUnderHome,
} from "../paths.ts";

/** Wipe tools: shred, wipe, srm. Truncation to nothing, /dev/null copied over a file, Clear-Content. */
function wipeRule(inv: Invocation, out: Findings): void {
  const { program: p, argv } = inv;
  const files = targets(inv).filter((a) => deviceKind(a.text) === null);
  if ((p === "shred" || p === "wipe" || p === "srm") && files.length > 0) {
    return out.dangerous(
      "file_wipe",
      `${p}: overwrites files so their content cannot be recovered`,
    );
  }
  if (p === "truncate") {
    // getopt_long: --s, --si, --siz are --size.
    const size = argv.flatMap((a, i) =>
      /^(?:-s|--s(?:i(?:ze?)?)?)$/.test(a)
        ? [argv[i + 1] ?? ""]
        : a.match(/^(?:-s|--s(?:i(?:ze?)?)?=)(.*)$/)?.slice(1) ?? []
    );
    if (size.some((s) => /^(?:[<\/%-].*|0+[KMGTPEZY]?i?B?)$/i.test(s))) {
      return out.dangerous(
        "file_wipe",
        "truncate: empties or shortens files, losing their content",
      );
    }
  }
  if ((p === "cp" || p === "copy-item") && argv.includes("/dev/null") && files.length >= 1) {
    return out.dangerous("file_wipe", `${p}: copies /dev/null over a file, emptying it`);
  }
  if (p === "clear-content" || p === "clc") {
    return out.dangerous("file_wipe", "Clear-Content: empties files");
  }
}

function targets(inv: Invocation): Arg[] {
  let done = false;
  const out: Arg[] = [];
  for (const a of inv.args) {
    if (!done && a.text === "--") {
      done = true;
      continue;
    }
    if (done || !/^-/.test(a.text) || a.text === "-") out.push(a);
  }
  // PowerShell named parameters take values: -Path X, -LiteralPath X.
  return out;
}

function psTargets(inv: Invocation): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (/^-(?:path|literalpath|lp)$/i.test(a.text)) {
      const v = inv.args[i + 1];
      if (v) out.push(v);
      i++;
    } else if (/^-(?:include|exclude|filter)$/i.test(a.text)) i++;
    else if (!a.text.startsWith("-")) out.push(a);
  }
  return out;
}

function deleteRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (
    p === "rm" || p === "unlink" || p === "rmdir" || p === "shred" || p === "srm" ||
    p === "rimraf"
  ) {
    // `rm` is also a PowerShell alias of Remove-Item.
    const ps = hasLong(argv, "recurse", { prefix: 3 }) ||
      hasLong(argv, "force", { prefix: 2 }) && argv.some((a) => /^-[A-Z]/.test(a));
    // rimraf (npm's `rm -rf`, also through npx) deletes every operand's tree.
    const recursive = p === "rimraf" || hasShort(argv, "r") || hasShort(argv, "R") ||
      hasLong(argv, "recursive") || hasLong(argv, "recurse", { prefix: 3 });
    const force = hasShort(argv, "f") || hasLong(argv, "force");
    if (hasLong(argv, "no-preserve-root")) {
      return out.dangerous(
        "recursive_delete",
        "rm --no-preserve-root: deletes from the file-system root",
      );
    }
    const list = ps ? psTargets(inv) : targets(inv);
    if (recursive && (inv.wrappers.includes("xargs") || inv.wrappers.includes("parallel"))) {
      return out.dangerous("recursive_delete", `${p}: recursive deletion of paths read from stdin`);
    }
    if (recursive && list.some((a) => isUnderHome(a) || isCredentialDir(a.text))) {
      return out.dangerous(
        "recursive_delete",
        `${p}: recursive deletion of a directory under the home directory or of credentials`,
      );
    }
    if (recursive && list.some((a) => isSystemDataPath(a.text))) {
      return out.dangerous(
        "recursive_delete",
        `${p}: recursive deletion inside a system or service data directory`,
      );
    }
    if (recursive && list.some((a) => /(?:^|[\\/])\.git[\\/]?\*?$/.test(a.text))) {
      return out.dangerous("recursive_delete", `${p}: deletes a git repository and its history`);
    }
    if ((recursive || force || p === "shred") && list.some(isBroadTarget)) {
      return out.dangerous(
        "recursive_delete",
        `${p}: recursive or forced deletion of a broad target`,
      );
    }
    if (
      p === "rmdir" && (hasShort(argv, "s") || argv.some((a) => /^\/s$/i.test(a))) &&
      list.some(isBroadTarget)
    ) {
      return out.dangerous("recursive_delete", "rmdir /s: recursive deletion of a broad target");
    }
    return out.review(`${p}: deletes files`);
  }
  if (["remove-item", "ri", "del", "erase", "rd"].includes(p)) {
    const cmdStyle = argv.some((a) => /^\/[sq]$/i.test(a));
    const recursive = hasLong(argv, "recurse", { prefix: 3 }) || argv.some((a) => /^\/s$/i.test(a));
    const list = cmdStyle
      ? inv.args.filter((a) => !a.text.startsWith("/") || a.text.length > 2)
      : psTargets(inv);
    if (
      (recursive || hasLong(argv, "force", { prefix: 2 })) &&
      (list.length === 0 || list.some(isBroadTarget) ||
        recursive &&
          list.some((a) => isUnderHome(a) || isCredentialDir(a.text) || isSystemDataPath(a.text)))
    ) {
      return out.dangerous(
        "recursive_delete",
        `${p}: recursive or forced deletion of a broad target`,
      );
    }
    if (list.some(isBroadTarget) && (p === "del" || p === "erase")) {
      return out.dangerous("recursive_delete", `${p}: deletion of a broad target`);
    }
    return out.review(`${p}: deletes files`);
  }
  if (p === "mv" || p === "move-item" || p === "move") {
    const list = targets(inv);
    if (list.slice(0, -1).some(isBroadTarget)) {
      out.dangerous("recursive_delete", `${p}: moves a broad target away`);
    }
    return;
  }
  if (p === "rsync" && (hasLong(argv, "delete") || argv.some((a) => a.startsWith("--delete")))) {
    const list = targets(inv);
    if (list.length > 0 && isBroadTarget(list[list.length - 1]!)) {
      out.dangerous(
        "recursive_delete",
        "rsync --delete into a broad target deletes what the source lacks",
      );
    } else out.review("rsync --delete: deletes files at the destination");
  }
}

function permissionRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (p === "chmod") {
    const recursive = hasShort(argv, "R") || hasLong(argv, "recursive");
    const list = targets(inv);
    const mode = list[0]?.text ?? "";
    const rest = list.slice(1);
    if (/^(?:[ugoa]*\+[rwx]*s|[ugoa]*=[rwx]*s|[4-7][0-7]{3})$/.test(mode)) {
      out.dangerous("privilege_escalation", "chmod: sets a setuid/setgid bit");
    }
    const numeric = /^0?[0-7]{3,4}$/.test(mode);
    const worldWritable = numeric
      ? /[2367]$/.test(mode)
      : /^[ugo]*[ao][ugoa]*[+=][rwxXst]*w/.test(mode);
    if (recursive && worldWritable) {
      return out.dangerous("permission_blast", "chmod -R: makes a tree world-writable");
    }
    if (rest.some(isBroadTarget) && (recursive || worldWritable || numeric)) {
      return out.dangerous("permission_blast", "chmod of a broad target");
    }
    if (worldWritable) out.review("chmod: world-writable permissions");
    return out.review("chmod: changes permissions");
  }
  if (p === "chown" || p === "chgrp") {
    const recursive = hasShort(inv.argv, "R") || hasLong(inv.argv, "recursive");
    if (recursive && targets(inv).slice(1).some(isBroadTarget)) {
      return out.dangerous("permission_blast", `${p} -R of a broad target`);
    }
    return out.review(`${p}: changes ownership`);
  }
  if (p === "icacls" || p === "cacls") {
    const grant = argv.some((a) => /^\/grant/i.test(a));
    const everyone = argv.some((a) =>
      /^(?:\*?s-1-1-0|everyone|users|\*s-1-5-32-545|authenticated users):/i.test(a)
    );
    if (grant && (everyone || argv.some((a) => /^\/t$/i.test(a)))) {
      return out.dangerous("permission_blast", `${p}: grants broad access`);
    }
    return out.review(`${p}: changes access control`);
  }
  if (p === "setfacl" && (hasShort(argv, "R") || hasLong(argv, "recursive"))) {
    return out.dangerous("permission_blast", "setfacl -R: recursive access-control change");
  }
  if (p === "takeown" && argv.some((a) => /^\/r$/i.test(a))) {
    return out.dangerous("permission_blast", "takeown /r: takes ownership of a tree");
  }
}

const DISK_TOOLS = new Set([
  "mkfs",
  "mke2fs",
  "mkswap",
  "fdisk",
  "sfdisk",
  "cfdisk",
  "gdisk",
  "sgdisk",
  "parted",
  "wipefs",
  "blkdiscard",
  "diskpart",
  "clear-disk",
  "format-volume",
  "initialize-disk",
  "remove-partition",
  "flashrom",
  "zpool",
  "lvremove",
  "vgremove",
  "pvremove",
]);

/**
 * A partitioner's listing forms, which read the table and exit without
 * writing: `fdisk -l`/`-x`, sfdisk's print commands (`-l`, `-d`, `-J`, `-V`,
 * `-s`, `-g`, `-F`, `-T`), `gdisk -l`, `parted -l` and a parted script of
 * `print` alone (with `unit` and its value).
 */
function listsPartitions(p: string, argv: readonly string[]): boolean {
  const shorts = argv.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  if (p === "fdisk" || p === "gdisk") {
    return /[lx]/.test(shorts) || argv.some((a) => /^--list(?:-details)?$/.test(a));
  }
  if (p === "sfdisk") {
    return /[ldJVsgFT]/.test(shorts) ||
      argv.some((a) =>
        /^--(?:list|dump|json|verify|show-size|show-geometry|list-free|list-types)$/.test(a)
      );
  }
  if (p === "parted") {
    if (argv.some((a) => a === "-l" || a === "--list")) return true;
    const words = argv.filter((a) => !a.startsWith("-")).slice(1);
    return words.length > 0 &&
      words.every((w, i) =>
        /^(?:print|p|unit)$/.test(w) || (words[i - 1] === "unit" && /^[a-z%]+$/i.test(w))
      ) && words.some((w) => w === "print" || w === "p");
  }
  return false;
}

function diskRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (p === "dd") {
    const of = argv.find((a) => a.toLowerCase().startsWith("of="));
    if (of !== undefined) {
      const kind = deviceKind(of.slice(3));
      if (kind === "disk" || kind === "other") {
        return out.dangerous("disk_write", "dd: writes raw data to a device");
      }
      if (kind === null) {
        // A start-up or privilege file written by dd is what any other writer makes it.
        const arg = inv.args.find((a) => a.text === of);
        return reportWrite("dd", arg === undefined ? null : { ...arg, text: of.slice(3) }, out);
      }
    }
    return;
  }
  if (DISK_TOOLS.has(p) || /^mkfs\./.test(p) || /^mkdosfs$|^mkntfs$|^newfs/.test(p)) {
    if (p === "zpool" && !["destroy", "labelclear", "create"].includes(argv[0] ?? "")) return;
    if (listsPartitions(p, argv)) {
      return out.review(`${p}: lists partition tables (a raw read of the disk)`);
    }
    return out.dangerous("disk_write", `${p}: formats, partitions or wipes a disk`);
  }
  if (p === "format" && argv.some((a) => /^[a-z]:$/i.test(a))) {
    return out.dangerous("disk_write", "format: formats a drive");
  }
  if (p === "diskutil" && /^(?:erase|zero|random|secure|partition|reformat)/i.test(argv[0] ?? "")) {
    return out.dangerous("disk_write", "diskutil: erases or repartitions a disk");
  }
  if (p === "diskutil" && argv[0] === "apfs" && /^delete/i.test(argv[1] ?? "")) {
    return out.dangerous("disk_write", "diskutil apfs: deletes a container or volume");
  }
  if (
    p === "hdparm" &&
    argv.some((a) => /^--(?:security-erase|trim-sector|write-sector|make-bad)/.test(a))
  ) {
    return out.dangerous("disk_write", "hdparm: erases or writes disk sectors");
  }
  if (
    p === "cryptsetup" &&
    /^(?:luksformat|erase|luksErase)$/i.test(argv.find((a) => !a.startsWith("-")) ?? "")
  ) {
    return out.dangerous("disk_write", "cryptsetup: destroys the keys of an encrypted volume");
  }
  if (p === "zfs" && argv[0] === "destroy") {
    return out.dangerous("disk_write", "zfs destroy: deletes a dataset");
  }
  if (p === "mdadm" && hasLong(argv, "zero-superblock")) {
    return out.dangerous("disk_write", "mdadm --zero-superblock");
  }
  if (
    (p === "vssadmin" && /^delete$/i.test(argv[0] ?? "")) ||
    (p === "wbadmin" && /^delete$/i.test(argv[0] ?? ""))
  ) {
    return out.dangerous("disk_write", `${p} delete: destroys backups and shadow copies`);
  }
  if (p === "bcdedit" && argv.some((a) => /^\/(?:delete|set|deletevalue)$/i.test(a))) {
    return out.dangerous("disk_write", "bcdedit: changes the boot configuration");
  }
  if (p === "cipher" && argv.some((a) => /^\/w/i.test(a))) {
    return out.dangerous("disk_write", "cipher /w: wipes free space");
  }
  if (["cp", "tee", "pv", "install", "cat"].includes(p)) {
    const devs = targets(inv).filter((a) => deviceKind(a.text) === "disk");
    if (devs.length > 0 && p !== "cat") {
      return out.dangerous("disk_write", `${p}: writes to a block device`);
    }
  }
}

/** Deletion, permission and disk rules. */
export function filesystemRule(inv: Invocation, out: Findings): void {
  wipeRule(inv, out);
  deleteRule(inv, out);
  permissionRule(inv, out);
  diskRule(inv, out);
}
