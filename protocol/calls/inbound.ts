import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';

/** The actions that decide an inbound call while its decision window is open (the first one wins). */
export const InboundDecisionKind = Type.Union([
  Type.Literal('answer'),
  Type.Literal('participants'),
  Type.Literal('offers'),
  Type.Literal('transfer'),
  Type.Literal('move'),
  Type.Literal('reject'),
]);
/** An action that decides an inbound call. */
export type InboundDecisionKind = Static<typeof InboundDecisionKind>;

/** The data of `call.incoming`: a number with `inboundMode: api` is called and waits for a decision. */
export const CallIncomingData = Type.Object({
  callId: Type.String(),
  from: Type.String(),
  to: Type.String(),
  numberId: Type.String(),
  assignedTo: Type.Union([Type.String(), Type.Null()]),
  decideBy: Timestamp,
});
/** The data of `call.incoming`. */
export type CallIncomingData = Static<typeof CallIncomingData>;
