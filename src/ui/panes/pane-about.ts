/** What the rest of the app knows of a pane without loading its code (each pane's `about.ts` is one). */
import type { Binding } from '../binding.js';

export interface PaneAbout {
  /** The pane's folder, its view's id, `pane.<id>` in the keymap. */
  id: string;
  /** Its tab's name. */
  title: string;
  /** What its number key's help says after the title: `Calls: every RPC call, both directions`. */
  about: string;
  /**
   * True when the pane is a list of store rows (records): its selection is kept across a
   * filter, follows new rows, and `:`, marks, links and problems move to rows in it. False
   * when it lists something of its own (Usage: table rows), its count given by its screen.
   */
  records: boolean;
  /**
   * Key bindings of the pane's own commands, by command name (`timeline.zoomIn`): the
   * keymap takes them in after its own, so they are in the one table (keys, footer, help,
   * docs) and its view declares the commands that run them.
   */
  keys?: Readonly<Record<string, Binding>>;
}
