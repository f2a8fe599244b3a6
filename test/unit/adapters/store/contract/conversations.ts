/**
 * The `ConversationStore` contract: the agent's conversations by key.
 * Every driver runs it (see ./index.ts); `makeStore` must return a new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { ConversationStore } from '../../../../../app/ports/store.ts';
import { rejectsWith, type MakeStore, type Opened } from './helpers.ts';

/** Registers the ConversationStore contract tests for one driver. */
export function runConversationContract(name: string, makeStore: MakeStore<ConversationStore>): void {
  describe(`ConversationStore contract: ${name}`, () => {
    let store: Opened<ConversationStore>;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('conversations', () => {
      it('saves, replaces, reads back and deletes a conversation by key', async () => {
        assert.equal(await store.getConversation('discord:1234'), null);
        const first = [
          { role: 'user', content: 'What is new in quantum criticality?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c1',
                type: 'function',
                function: { name: 'search_arxiv', arguments: '{"topic":"quantum criticality"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: '{"paper_ids":["1111.2011"]}' },
          { role: 'assistant', content: 'See arXiv:1111.2011.' },
        ];
        await store.saveConversation('discord:1234', first);
        const read = await store.getConversation('discord:1234');
        assert.deepEqual(read?.messages, first);
        assert.ok(read && !Number.isNaN(Date.parse(read.updatedAt)));
        const second = [...first, { role: 'user', content: 'And the second one?' }];
        await store.saveConversation('discord:1234', second);
        assert.deepEqual((await store.getConversation('discord:1234'))?.messages, second);
        assert.equal(await store.getConversation('discord:9999'), null);
        assert.equal(await store.deleteConversation('discord:1234'), true);
        assert.equal(await store.deleteConversation('discord:1234'), false);
        assert.equal(await store.getConversation('discord:1234'), null);
        await rejectsWith(store.saveConversation('', []), 'INVALID_INPUT', /conversation id/);
        await rejectsWith(
          store.saveConversation('x', ['not an object' as unknown as Record<string, unknown>]),
          'INVALID_INPUT',
          /list of objects/,
        );
      });
    });
  });
}
