import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { kroner } from './format.js';

/** A page: its heading (focused when the page opens, so keyboard and screen reader users land on it). */
export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <div class="page-head">
        <h1 id="page-title" tabIndex={-1} ref={heading}>{props.title}</h1>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

/** An error message announced to screen readers. */
export function ErrorNote(props: { error: string | null }) {
  return props.error ? <p class="error" role="alert">{props.error}</p> : null;
}

/** Shown while the first load runs. */
export function Loading(props: { error?: string | null }) {
  return props.error ? <ErrorNote error={props.error} /> : <p class="muted" role="status">Loading…</p>;
}

/** A state as a coloured word: good, bad or in progress. */
export function State(props: { value: string; tone?: 'good' | 'bad' | 'busy' }) {
  const tone = props.tone ?? (/^(failed|bounced|undeliverable|rejected|expired|canceled|cancelled|disabled|no_answer|busy|suppressed)$/.test(props.value)
    ? 'bad'
    : /^(delivered|ended|completed|succeeded|active|opened|read|sent)$/.test(props.value)
      ? 'good'
      : 'busy');
  return <span class={`state ${tone}`}>{props.value}</span>;
}

/** A table with a caption for screen readers; `empty` is shown when there are no rows. */
export function Table(props: { caption: string; head: string[]; empty: string; children: ComponentChildren[] }) {
  if (props.children.length === 0) return <p class="muted">{props.empty}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">{props.caption}</caption>
        <thead><tr>{props.head.map((h) => <th scope="col">{h}</th>)}</tr></thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** Definitions: label and value pairs. */
export function Facts(props: { items: [string, ComponentChildren][] }) {
  return (
    <dl class="facts">
      {props.items.map(([k, v]) => (
        <div><dt>{k}</dt><dd>{v}</dd></div>
      ))}
    </dl>
  );
}

/** Newer and older buttons of a cursor-paged list; the cursors so far are kept by `useCursors`. */
export function Pager(props: { cursors: Cursors; page: { hasMore: boolean; nextCursor: string | null } }) {
  const { cursors, page } = props;
  const next = page.hasMore ? page.nextCursor : null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={cursors.list.length === 0} onClick={cursors.back}>Newer</button>
      <button type="button" disabled={!next} onClick={() => next && cursors.forward(next)}>Older</button>
    </nav>
  );
}

/** The cursors of the pages walked so far: the current one is the last. */
export interface Cursors {
  list: string[];
  current: string | undefined;
  back: () => void;
  forward: (cursor: string) => void;
  reset: () => void;
}

/** Cursor paging state for a list. */
export function useCursors(): Cursors {
  const [list, setList] = useState<string[]>([]);
  return {
    list,
    current: list[list.length - 1],
    back: () => setList(list.slice(0, -1)),
    forward: (cursor) => setList([...list, cursor]),
    reset: () => setList([]),
  };
}

/**
 * A horizontal bar chart in SVG (one series, values in øre), with the figures also as text: a chart for
 * the eye, the numbers for everyone.
 */
export function BarChart(props: { label: string; bars: { name: string; ore: number }[] }) {
  const max = Math.max(1, ...props.bars.map((b) => b.ore));
  const row = 28;
  const height = props.bars.length * row;
  if (props.bars.length === 0) return <p class="muted">Nothing spent this month.</p>;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 400 ${height}`} role="img" aria-label={props.label}>
        {props.bars.map((b, i) => (
          <g>
            <rect x={110} y={i * row + 6} width={Math.max(1, (b.ore / max) * 280)} height={row - 12} class="bar" />
            <text x={104} y={i * row + row / 2 + 4} text-anchor="end" class="bar-label">{b.name}</text>
          </g>
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {props.bars.map((b) => <li><span>{b.name}</span> <strong>{kroner(b.ore)}</strong></li>)}
        </ul>
      </figcaption>
    </figure>
  );
}

/** A text input with its label; `id` when the page has another field of the same name (default `f-<name>`). */
export function Field(props: { label: string; name: string; id?: string; value?: string; placeholder?: string; required?: boolean; type?: string; hint?: string; list?: string }) {
  const id = props.id ?? `f-${props.name}`;
  return (
    <p class="field">
      <label for={id}>{props.label}</label>
      <input id={id} name={props.name} type={props.type ?? 'text'} value={props.value} placeholder={props.placeholder} required={props.required} list={props.list}
        aria-describedby={props.hint ? `${id}-hint` : undefined} autocomplete="off" />
      {props.hint ? <small id={`${id}-hint`}>{props.hint}</small> : null}
    </p>
  );
}

/** A select with its label. */
export function Choice(props: { label: string; name: string; options: readonly (string | [string, string])[]; value?: string }) {
  const id = `f-${props.name}`;
  return (
    <p class="field">
      <label for={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value}>
        {props.options.map((o) => (Array.isArray(o) ? <option value={o[0]}>{o[1]}</option> : <option value={o}>{o || 'any'}</option>))}
      </select>
    </p>
  );
}

/** The fields of a submitted form as strings (empty ones left out). */
export function formValues(event: Event): Record<string, string> {
  event.preventDefault();
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(event.currentTarget as HTMLFormElement)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}

/** Pretty JSON for event data and the like. */
export function Json(props: { value: unknown }) {
  return <pre class="json">{JSON.stringify(props.value, null, 2)}</pre>;
}
