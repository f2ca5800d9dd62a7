/**
 * The MCP server an agent's tool belongs to, by the name the agent gives the tool:
 * Claude Code's `mcp__<server>__<tool>` and `mcp__plugin_<plugin>_<server>__<tool>`
 * (Codex names MCP tools the first way too). A plugin's server is `<plugin>:<server>`,
 * split at the first `_` (a plugin's name has none; a server's may). Null for the
 * agent's own tools (`Bash`, `Read`, `shell`).
 */
export function mcpServerOf(tool: string): string | null {
  if (!tool.startsWith('mcp__')) return null;
  const end = tool.indexOf('__', 5);
  if (end <= 5) return null;
  const server = tool.slice(5, end);
  if (!server.startsWith('plugin_')) return server;
  const rest = server.slice('plugin_'.length);
  const cut = rest.indexOf('_');
  return cut <= 0 ? rest : `${rest.slice(0, cut)}:${rest.slice(cut + 1)}`;
}

/** The tool's own name, without its MCP server's prefix. */
export function mcpToolOf(tool: string): string {
  if (mcpServerOf(tool) === null) return tool;
  return tool.slice(tool.indexOf('__', 5) + 2);
}
