/**
 * A saved index on disk: a fixed header, then the payload (store/snapshot.ts).
 * The header is the magic, the key the file was written for, the payload's length and
 * its SHA-256 (~70 ms per 100 MiB here): a flipped byte or a cut anywhere, header
 * included, fails the check, and the file is deleted before anything is restored.
 * Read by index-cache.ts, written by index-write.ts.
 */
export const MAGIC = Buffer.from('MRTIDX\x00\x02', 'latin1');
export const KEY_AT = 8;
export const LENGTH_AT = 40;
export const HASH_AT = 48;
/** A multiple of 8: the payload's typed arrays stay aligned for views in place. */
export const CACHE_HEADER_BYTES = 80;

/** The header of an index for `key` whose payload is `length` bytes with SHA-256 `digest`. */
export function headerOf(key: string, length: number, digest: Buffer): Buffer {
  const header = Buffer.alloc(CACHE_HEADER_BYTES);
  MAGIC.copy(header, 0);
  Buffer.from(key, 'hex').copy(header, KEY_AT);
  header.writeBigUInt64LE(BigInt(length), LENGTH_AT);
  digest.copy(header, HASH_AT);
  return header;
}
