import { useEffect, useRef, useState } from 'preact/hooks';
import { api, need, problem } from '../api.js';
import { osloClock, osloTime } from '../format.js';
import { POLL_MS } from '../hooks.js';
import { ErrorNote, Json } from '../ui.js';

type Event = Awaited<ReturnType<typeof fetchAfter>>['data'][number];

async function fetchAfter(objectId: string, after: string | undefined) {
  return need(await api().GET('/v1/events', { params: { query: { objectId, limit: 100, ...(after ? { after } : {}) } } }));
}

/**
 * The event log of one object (a call, a message, a campaign) in order, every event with its time and
 * data. It polls the events API with the last event's id as the cursor, so new events are appended as
 * they happen without reloading the page.
 */
export function Timeline(props: { objectId: string; title?: string }) {
  const [events, setEvents] = useState<Event[]>([]);
  const [error, setError] = useState<string | null>(null);
  const cursor = useRef<string | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    cursor.current = undefined;
    setEvents([]);
    const poll = async () => {
      try {
        for (;;) {
          const page = await fetchAfter(props.objectId, cursor.current);
          if (stopped) return;
          if (page.data.length > 0) {
            cursor.current = page.nextCursor ?? cursor.current;
            setEvents((old) => [...old, ...page.data]);
          }
          if (!page.hasMore) break;
        }
        setError(null);
      } catch (err) {
        setError(problem(err));
      }
    };
    void poll();
    const timer = setInterval(() => document.visibilityState === 'visible' && void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [props.objectId]);
  return (
    <section aria-labelledby="timeline-h">
      <h2 id="timeline-h">{props.title ?? 'Timeline'}</h2>
      <ErrorNote error={error} />
      {events.length === 0 ? <p class="muted">No events yet.</p> : (
        <ol class="timeline" aria-live="polite">
          {events.map((e) => (
            <li data-type={e.type}>
              <details>
                <summary><time dateTime={e.occurred_at} title={osloTime(e.occurred_at)}>{osloClock(e.occurred_at)}</time> <strong>{e.type}</strong>{summary(e.data as Record<string, unknown>)}</summary>
                <Json value={e.data} />
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// A few telling fields of an event's data, shown on its line.
function summary(data: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['state', 'reason', 'endReason', 'kind', 'participantId', 'outcome', 'errorDesc', 'to']) {
    const v = data[key];
    if (typeof v === 'string' && v !== '') parts.push(`${key} ${v}`);
  }
  return parts.length > 0 ? ` — ${parts.slice(0, 3).join(', ')}` : '';
}
