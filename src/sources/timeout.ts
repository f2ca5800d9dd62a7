/** `--timeout SECONDS`: how long a network source may stay silent (no answer, no handshake, no progress) before it gives up. */
export const DEFAULT_TIMEOUT_S = 30;

/** The longest a Node timer waits (2^31 − 1 ms, ~24.8 days): a longer one fires at once, after a TimeoutOverflowWarning. */
export const MAX_TIMEOUT_S = (2 ** 31 - 1) / 1000;

/** `30s (timed out; --timeout 30)`: the phrase that ends every timeout message, naming the flag that sets it. */
export const timeoutPhrase = (seconds: number): string => `${seconds}s (timed out; --timeout ${seconds})`;
