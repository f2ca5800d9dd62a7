/**
 * `gen_ai.provider.name` for a model, which the GenAI conventions require on a model
 * span. A recording does not say who served a model, so the family its name starts with
 * says it (`claude-…` is Anthropic's); a name of no known family is `_OTHER`, the
 * conventions' word for a value none of their well-known ones fits. A proxy or a cloud
 * in between (Bedrock, Vertex) cannot be told from the name: the maker is named.
 */
const FAMILIES: readonly [RegExp, string][] = [
  [/^claude/, 'anthropic'],
  [/^(gpt-|chatgpt|o[1-9](-|$)|text-embedding|davinci|babbage|codex)/, 'openai'],
  [/^(gemini|gemma|text-bison|chat-bison)/, 'gcp.gen_ai'],
  [/^(mistral|codestral|magistral|ministral|pixtral|devstral|open-mistral)/, 'mistral_ai'],
  [/^deepseek/, 'deepseek'],
  [/^grok/, 'x_ai'],
  [/^(command|embed-|rerank-)/, 'cohere'],
  [/^sonar/, 'perplexity'],
];

/** The provider of `model` (`anthropic`, `openai`, …), `_OTHER` when its family is not known or it has no name. */
export function providerOf(model: string | null): string {
  // A vendor prefix (`anthropic/claude-…`, `us.anthropic.claude-…`) is not the family.
  const name = (model ?? '')
    .toLowerCase()
    .replace(/^.*\//, '')
    .replace(/^([a-z]{2}\.)?[a-z]+\.(?=[a-z])/, '');
  for (const [family, provider] of FAMILIES) if (family.test(name)) return provider;
  return '_OTHER';
}
