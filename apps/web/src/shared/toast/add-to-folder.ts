/** The label that turns a toast action into "open the add-to-folder dialog" (spec section 2). */
export const ADD_TO_FOLDER_LABEL = 'Add to Folder';

type Opener = () => void;
let opener: Opener | null = null;

/**
 * The AI feature registers how its add-to-folder dialog opens; until then the action only closes the
 * toast. Returns the unregister function (for effects).
 */
export function registerAddToFolderDialog(open: Opener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

export function openAddToFolderDialog(): boolean {
  if (!opener) return false;
  opener();
  return true;
}
