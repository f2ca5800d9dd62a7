/** An environment switch (MCP_REPLAY_TUI_ASCII, MCP_REPLAY_TUI_DEBUG): on when set to anything but empty, `0` or `false`. */
export const isOn = (v: string | undefined): boolean => v !== undefined && v !== '' && v !== '0' && v !== 'false';
