import { preparedQuery } from '../prepared-query';

/** Inserts the message unless this user already sent one with the same client id; true when inserted. */
export const insertNewMessage = preparedQuery(
  10,
  (
    db,
    id: string,
    roomId: string,
    userId: string,
    clientId: string,
    content: string,
    createdAt: string,
    editedAt: string | null,
    replyToId: string | null,
    threadRootId: string | null,
    inRoom: boolean,
  ) =>
    db
      .insertInto('messages')
      .values({
        id,
        room_id: roomId,
        user_id: userId,
        client_id: clientId,
        content,
        created_at: createdAt,
        edited_at: editedAt,
        reply_to_id: replyToId,
        thread_root_id: threadRootId,
        in_room: inRoom,
      })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .returning('id'),
);
