/**
 * Ink reads CI / CONTINUOUS_INTEGRATION when it is first imported and, if set, draws
 * nothing until exit (meant for build logs). The app only starts on a terminal, so
 * it is interactive whatever the environment says: clear them for this process
 * before Ink loads (shells on CI runners and some dev boxes export CI=true).
 */
export function claimTerminal(env: NodeJS.ProcessEnv = process.env): void {
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
}
