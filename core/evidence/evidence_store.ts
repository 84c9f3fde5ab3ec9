/**
 * Where evidence records live: `<private state dir>/evidence/<id>.json`
 * (see core/store/private_dir.ts), one file per record, written atomically
 * inside the state directory's real path (core/state_write.ts: a state
 * directory or evidence folder that is a symbolic link is refused before
 * anything is made where it leads). Ids are checked against {@linkcode EVIDENCE_ID} before they become a
 * path, so a cited id can never name another file. I/O through `WriteFs`.
 * @module
 */
import { FsNotFoundError, PathEscapeError, type ReadFs, type WriteFs } from "../fs.ts";
import { EVIDENCE_ID, type EvidenceRecord, MAX_EVIDENCE_BYTES } from "./evidence_record.ts";
import { parseEvidenceRecord } from "./evidence_record.ts";
import { checkInside, openStateDir } from "../state_write.ts";

/** The evidence directory under a private state directory. */
export function evidenceDir(stateDir: string): string {
  return `${stateDir}/evidence`;
}

/** Writes a record; returns its path. */
export async function writeEvidence(
  fs: WriteFs,
  stateDir: string,
  record: EvidenceRecord,
): Promise<string> {
  const dir = evidenceDir(stateDir);
  const real = await openStateDir(fs, stateDir);
  if ((await fs.lstat(dir))?.isSymlink === true) throw new PathEscapeError(dir, real);
  await fs.mkdirp(dir);
  await checkInside(fs, dir, real);
  const path = `${dir}/${record.id}.json`;
  const text = JSON.stringify(record, null, 2) + "\n";
  await fs.writeFileAtomic(path, new TextEncoder().encode(text), { within: `${real}/evidence` });
  return path;
}

/** Reads a record by id; null when the id is malformed, the file absent, too large or not a record. */
export async function readEvidence(
  fs: ReadFs,
  stateDir: string,
  id: string,
): Promise<EvidenceRecord | null> {
  if (!EVIDENCE_ID.test(id)) return null;
  const path = `${evidenceDir(stateDir)}/${id}.json`;
  const st = await fs.lstat(path);
  if (st === null || !st.isFile || st.size > MAX_EVIDENCE_BYTES) return null;
  try {
    return parseEvidenceRecord(await fs.readFile(path));
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
}
