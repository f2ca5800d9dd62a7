import type { AppContext } from './app-context.js';
import { sort } from './list-commands.js';
import { LIST_COMMANDS } from './lists.js';
import type { ViewSpec } from './view.js';

/** Every RPC call: a list that can also be sorted slowest first. */
export const callsView: ViewSpec<AppContext> = { id: 'calls', title: 'Calls', commands: [...LIST_COMMANDS, sort] };
