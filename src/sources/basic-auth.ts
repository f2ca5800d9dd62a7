/**
 * `https://user:pass@host/x`: the userinfo is sent as HTTP Basic auth. fetch refuses a
 * URL that carries credentials (and quotes it, password and all, in its error), so the
 * address is sent bare and the credentials as a header.
 */
export function withBasicAuth(url: URL): { url: URL; authorization: string | null } {
  if (!url.username && !url.password) return { url, authorization: null };
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  // The URL keeps userinfo percent-encoded; the header carries it as typed.
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return {
    url: bare,
    authorization: `Basic ${Buffer.from(`${decode(url.username)}:${decode(url.password)}`).toString('base64')}`,
  };
}
