export async function runTui(..._a: unknown[]): Promise<number> { return 0; }
