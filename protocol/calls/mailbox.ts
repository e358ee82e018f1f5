import { Type, type Static } from 'typebox';

/**
 * Messages of a call's mailbox (`cmd.<partition>.<callId>`) and the actor's replies. Media events
 * (protocol/media/media-event.ts) travel in the same mailbox in their own shape.
 */

/** Ids that also form a bus subject token (`reply.<id>`): letters, digits, `_` and `-`. */
export const MessageId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' });

/** Reply subjects are `reply.<sender's inbox>.<message id>` (`reply.<message id>` from senders before the inboxes). */
export const ReplySubject = Type.String({ pattern: '^reply\\.(?:[A-Za-z0-9_-]{1,64}\\.)?[A-Za-z0-9_-]{1,128}$' });

/** A durable timer's firing, as the host mails it to the actor that asked for the timer. */
export const TimerFiring = Type.Object({
  timerId: Type.String({ minLength: 1, maxLength: 128 }),
  /** The deadline (epoch ms) the timer was set for; a firing of an older setting is dropped. */
  fireAt: Type.Integer(),
});
/** A durable timer's firing. */
export type TimerFiring = Static<typeof TimerFiring>;

/** A message to a call's actor: the machine gets `{ type, at, ...payload }`. */
export const ActorMessage = Type.Object({
  /** Unique per message; also the bus msgId, so a republished message is dropped as a duplicate. */
  id: Type.String({ minLength: 1, maxLength: 200 }),
  callId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  type: Type.String({ minLength: 1, maxLength: 100 }),
  payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** Where the actor's reply goes (core bus subject); absent for events nobody waits on. */
  replyTo: Type.Optional(ReplySubject),
  /** Epoch ms of the event; the host sets its own clock's time when absent. */
  at: Type.Optional(Type.Integer()),
  /** Present on durable timer firings. */
  timer: Type.Optional(TimerFiring),
});
/** A message to a call's actor. */
export type ActorMessage = Static<typeof ActorMessage>;

/** Message type that creates a call's actor (idempotent by callId). */
export const ACTOR_CREATE = 'actor.create';
/** Payload of `actor.create`: the machine kind of the registry and the machine's input. */
export const ActorCreatePayload = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 64 }),
  input: Type.Optional(Type.Unknown()),
});
/** Payload of `actor.create`. */
export type ActorCreatePayload = Static<typeof ActorCreatePayload>;

/**
 * Message type asking for the stored reply of an already-sent message (what a retried send does when
 * the mailbox dropped its message as a duplicate); answered without changing the actor.
 */
export const ACTOR_REPLAY = 'actor.replay';
/** Payload of `actor.replay`. */
export const ActorReplayPayload = Type.Object({ messageId: Type.String({ minLength: 1, maxLength: 200 }) });
/** Payload of `actor.replay`. */
export type ActorReplayPayload = Static<typeof ActorReplayPayload>;

/**
 * Message type the host sends an actor after one of its messages failed for good (answered with an error
 * and recorded): a machine may record the failure, e.g. a command that becomes a failed command.
 */
export const ACTOR_MESSAGE_FAILED = 'actor.message.failed';
/** Payload of `actor.message.failed`. */
export const ActorMessageFailedPayload = Type.Object({
  messageId: Type.String(),
  messageType: Type.String(),
  /** The failed message's `commandId`, when it carried one. */
  commandId: Type.Optional(MessageId),
  /** The catalogue code the sender was answered with. */
  code: Type.String(),
});
/** Payload of `actor.message.failed`. */
export type ActorMessageFailedPayload = Static<typeof ActorMessageFailedPayload>;

/**
 * An actor's answer to a message, published on the message's `replyTo` after the transition committed.
 * `status` follows HTTP; failures carry `body.error = { code, message }` with a catalogue code.
 */
export const ActorReply = Type.Object({
  id: Type.String(),
  status: Type.Integer({ minimum: 100, maximum: 599 }),
  body: Type.Unknown(),
  /** True when answered from the stored outcome of an earlier delivery. */
  replayed: Type.Optional(Type.Boolean()),
});
/** An actor's answer to a message. */
export type ActorReply = Static<typeof ActorReply>;
