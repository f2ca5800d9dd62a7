/** `--timeout SECONDS`: how long a network source may stay silent (no answer, no handshake, no progress) before it gives up. */
export const DEFAULT_TIMEOUT_S = 30;

/** `30s (timed out; --timeout 30)`: the phrase that ends every timeout message, naming the flag that sets it. */
export const timeoutPhrase = (seconds: number): string => `${seconds}s (timed out; --timeout ${seconds})`;
