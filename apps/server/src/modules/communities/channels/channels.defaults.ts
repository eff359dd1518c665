import type { Db } from '../../../platform/db.js';
import { newId } from '../../../platform/ids.js';
import { communityChannels } from './channels.table.js';

/** The channels every community starts with: `#general` (text) and `#announcements` (read-only for most). */
export async function insertDefaultChannels(tx: Db, communityId: string, now: Date): Promise<void> {
  await tx.insert(communityChannels).values([
    {
      id: newId(),
      communityId,
      name: 'general',
      topic: 'Talk about anything with the community.',
      kind: 'text',
      position: 1,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: newId(),
      communityId,
      name: 'announcements',
      topic: 'News from the team.',
      kind: 'announcements',
      position: 2,
      createdAt: now,
      updatedAt: now,
    },
  ]);
}
