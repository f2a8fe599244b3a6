/**
 * The blob store: everything big that crosses from one activity to another (downloaded PDFs and
 * HTML, stored feeds and search pages) goes here, and only its key crosses Temporal. Keys are
 * content addresses (`<sha256>.<ext>`), so a retried or repeated write is the same write, and any
 * worker on any host reads what another wrote. Pure types and the key rules: workflows may import it.
 */

/** What a put returns: the key other activities read the blob by. */
export interface StoredBlob {
  key: string;
  bytes: number;
  sha256: string;
}

export interface BlobStore {
  /** Stores bytes under their content address; storing the same bytes again changes nothing. */
  put(data: Uint8Array, ext: BlobExt): Promise<StoredBlob>;
  /** The bytes of a blob; NOT_FOUND when no worker stored it. */
  get(key: string): Promise<Buffer>;
  has(key: string): Promise<boolean>;
  /**
   * A file on this host holding the blob, for tools that read files (the PDF sandbox). The
   * filesystem store hands out its own file; others write a temporary copy that `release` deletes.
   */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Where the blobs live, for `doctor` (a folder, or a database without its password). */
  describe(): string;
  /** The value last stored under a name (setRef), or null: how workers share one read (an announcement feed). */
  getRef(name: string): Promise<string | null>;
  /** Stores a short value under a name, replacing the old one (every writer stores the same content). */
  setRef(name: string, value: string): Promise<void>;
  /**
   * Takes the lease on `name` for `ms` unless another holder's lease is live; the holder taking it
   * again extends it. Returns the live holder after the attempt (`holder` itself when taken), so
   * concurrent readers of one thing agree on which of them reads it.
   */
  lease(name: string, holder: string, ms: number): Promise<string>;
  /** Gives the lease back (only when `holder` still has it). */
  releaseLease(name: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

/** gz: an arXiv e-print (a gzipped tar or .tex, as arXiv serves it). */
export const BLOB_EXTS = ['pdf', 'html', 'json', 'gz'] as const;
export type BlobExt = (typeof BLOB_EXTS)[number];

const KEY = /^([0-9a-f]{64})\.(pdf|html|json|gz)$/;

/** True for a blob key (`<64 hex>.<pdf|html|json|gz>`); old histories carried absolute file paths instead. */
export function isBlobKey(s: string): boolean {
  return KEY.test(s);
}

/** The sha256 and extension of a key; throws on anything else (keys come from activities, but check at the edge). */
export function parseBlobKey(key: string): { sha256: string; ext: BlobExt } {
  const m = KEY.exec(key);
  if (!m) throw new TypeError(`"${key}" is not a blob key (<sha256>.pdf|html|json|gz)`);
  return { sha256: m[1]!, ext: m[2] as BlobExt };
}
