/**
 * The decision window of an inbound call (docs/calls.md, Inbound calls): pure, time comes in as `at`.
 * The call machine keeps an `InboundWindow` in its context and asks these functions what a decision, the
 * window's deadline or the caller leaving does to it; whatever order those arrive in, exactly one of them
 * settles the window, and the number's routing runs at most once.
 */
import type { NumberRouting } from '../../../protocol/api/admin.js';
import type { InboundDecisionKind } from '../../../protocol/calls/inbound.js';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';

/** Where an inbound call's decision stands. */
export type InboundPhase = 'awaiting_decision' | 'decided' | 'routed' | 'ended';

/** What the routing does when it runs: the number's routing, or ending the call when it has none. */
export type RoutingAction = NumberRouting | { type: 'end' };

/** An inbound call's decision window, kept in the call's context (plain JSON: it persists with the snapshot). */
export interface InboundWindow {
  phase: InboundPhase;
  /** Epoch ms when the window closes; equal to the opening time for an `inboundMode: routing` number. */
  decideBy: number;
  /** The number's routing as it was when the call came in. */
  routing: NumberRouting | null;
  /** The action that decided, once decided. */
  decision: InboundDecisionKind | null;
  /** When the window was settled (decided, routed or the caller left). */
  settledAt: number | null;
}

/** A number's inbound settings, as the window needs them. */
export interface InboundSettings {
  inboundMode: 'api' | 'routing';
  decideWithinSeconds: number;
  routing: NumberRouting | null;
}

/** The result of a step: the window after it, and the routing to run now (at most once per call). */
export interface WindowStep {
  window: InboundWindow;
  runRouting: RoutingAction | null;
}

/** A decision's answer: accepted, or refused with a catalogue code (409). */
export type DecisionAnswer = { ok: true } | { ok: false; code: Extract<ErrorCode, 'call_already_decided' | 'call_already_routed' | 'call_ended'> };

/**
 * Opens the window of a call that came in at `at`. An `api` number waits `decideWithinSeconds` for a
 * decision (the caller hears ringing); a `routing` number is routed at once.
 */
export function openWindow(settings: InboundSettings, at: number): WindowStep {
  if (settings.inboundMode === 'routing') {
    return { window: { phase: 'routed', decideBy: at, routing: settings.routing, decision: null, settledAt: at }, runRouting: routingAction(settings.routing) };
  }
  const decideBy = at + settings.decideWithinSeconds * 1000;
  return { window: { phase: 'awaiting_decision', decideBy, routing: settings.routing, decision: null, settledAt: null }, runRouting: null };
}

/**
 * A decision arrives at `at`. It wins when the window is still open and `at` is before `decideBy`. A
 * decision at or after `decideBy` loses even when the deadline's timer has not fired yet (the timer may be
 * late; the deadline is not): the routing runs now, and the decision gets `call_already_routed`.
 */
export function decide(window: InboundWindow, kind: InboundDecisionKind, at: number): WindowStep & { answer: DecisionAnswer } {
  switch (window.phase) {
    case 'decided':
      return { window, runRouting: null, answer: { ok: false, code: 'call_already_decided' } };
    case 'routed':
      return { window, runRouting: null, answer: { ok: false, code: 'call_already_routed' } };
    case 'ended':
      return { window, runRouting: null, answer: { ok: false, code: 'call_ended' } };
    case 'awaiting_decision':
      if (at >= window.decideBy) return { ...deadlinePassed(window, at), answer: { ok: false, code: 'call_already_routed' } };
      return { window: { ...window, phase: 'decided', decision: kind, settledAt: at }, runRouting: null, answer: { ok: true } };
  }
}

/**
 * The deadline's timer fires (or a late decision finds the deadline passed): an open window is routed,
 * once. A firing before `decideBy` (a stale timer) and a firing on a settled window change nothing.
 */
export function deadlinePassed(window: InboundWindow, at: number): WindowStep {
  if (window.phase !== 'awaiting_decision' || at < window.decideBy) return { window, runRouting: null };
  return { window: { ...window, phase: 'routed', settledAt: at }, runRouting: routingAction(window.routing) };
}

/** The caller hangs up while the window is open: it closes with nothing decided and nothing routed. */
export function callerLeft(window: InboundWindow, at: number): WindowStep {
  if (window.phase !== 'awaiting_decision') return { window, runRouting: null };
  return { window: { ...window, phase: 'ended', settledAt: at }, runRouting: null };
}

/**
 * What an inbound decision sent after the call ended is told: call_already_routed when the number's routing
 * had run (the window's answer holds after the end too), call_ended otherwise (also for outbound calls: null).
 */
export function decisionAfterEnd(phase: InboundPhase | null): 'call_already_routed' | 'call_ended' {
  return phase === 'routed' ? 'call_already_routed' : 'call_ended';
}

/** Whether the caller is still only ringing: unanswered, unbilled, waiting for a decision. */
export function awaitingDecision(window: InboundWindow): boolean {
  return window.phase === 'awaiting_decision';
}

function routingAction(routing: NumberRouting | null): RoutingAction {
  return routing ?? { type: 'end' };
}
