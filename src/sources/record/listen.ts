/** Where the HTTP proxy listens: a host (an address or a name) and a port (0: any free one). */
export interface ListenAddress {
  host: string;
  port: number;
}

/** Loopback and a free port: only this machine can reach the proxy unless another address is asked for. */
export const DEFAULT_LISTEN: ListenAddress = { host: '127.0.0.1', port: 0 };

/**
 * `--listen`'s value: `HOST:PORT`, `[IPv6]:PORT`, `:PORT` or `PORT` (on loopback); a
 * message saying what is wrong when it is none of these.
 */
export function parseListen(text: string): ListenAddress | string {
  const trimmed = text.trim();
  const m = /^\d+$/.test(trimmed)
    ? [trimmed, undefined, '', trimmed]
    : /^(?:\[([^\]\s]+)\]|([^:\s]*)):(\d+)$/.exec(trimmed);
  if (!m) return `expected HOST:PORT (e.g. 127.0.0.1:8808, [::1]:8808 or :8808), not ${JSON.stringify(text)}`;
  const port = Number(m[3]);
  if (port > 65535) return `port ${port} is above 65535`;
  return { host: m[1] ?? (m[2] || DEFAULT_LISTEN.host), port };
}
