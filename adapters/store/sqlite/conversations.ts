/** Research agent conversations on SQLite: one row per conversation, its messages as a JSON array. */
import { checkConversationId } from '../alert-rows.ts';
import type Database from 'better-sqlite3';
import { AppError } from '../../../domain/errors.ts';
import type { Conversation, ConversationMessage } from '../../../app/ports/store.ts';

/** Longest conversation key (`discord:<snowflake>`, `cli:<session>` are far shorter). */

/** Statements over the conversations table (migration 5). */
export function createConversationTable(db: Database.Database) {
  const s = {
    get: db.prepare<[string], { messages_json: string; updated_at: string }>(
      'SELECT messages_json, updated_at FROM conversations WHERE id = ?',
    ),
    put: db.prepare<[string, string, string]>(
      'INSERT INTO conversations (id, messages_json, updated_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET messages_json = excluded.messages_json, updated_at = excluded.updated_at',
    ),
    del: db.prepare<[string]>('DELETE FROM conversations WHERE id = ?'),
  };
  return {
    get(id: string): Conversation | null {
      const r = s.get.get(checkConversationId(id));
      return r
        ? { id, messages: JSON.parse(r.messages_json) as ConversationMessage[], updatedAt: r.updated_at }
        : null;
    },
    save(id: string, messages: ConversationMessage[]): void {
      checkConversationId(id);
      if (
        !Array.isArray(messages) ||
        messages.some((m) => typeof m !== 'object' || m === null || Array.isArray(m))
      ) {
        throw new AppError('INVALID_INPUT', `conversation ${id}: messages must be a list of objects`);
      }
      s.put.run(id, JSON.stringify(messages), new Date().toISOString());
    },
    delete(id: string): boolean {
      return s.del.run(checkConversationId(id)).changes > 0;
    },
  };
}
