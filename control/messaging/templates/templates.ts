import type { Clock } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { cursorSeq, pageOf } from '../../../shared/db/page.js';
import type {
  MessageChannelName,
  MessageTemplate,
  TemplateCreate,
  TemplateDeleted,
  TemplatePage,
  TemplatePageQuery,
  TemplateUpdate,
} from '../../../protocol/messaging/template.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { ownerProfile, visibleTo } from '../../accounts/profile-scope.js';
import { compilePart, renderPart, renderPlainPart, type CompiledPart, type TemplateScope } from './template-engine.js';
import type { PlainTemplate } from './plain-template.js';
import type { MessageParts, TemplateRules } from '../message-channel.js';

/** A template as stored. */
export interface TemplateRow {
  id: string;
  seq: number;
  company_id: string;
  profile_id: string;
  mode: 'live' | 'test';
  channel: MessageChannelName;
  name: string;
  subject: string | null;
  body: string | null;
  html: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}

/** The parts of a template. */
type Parts = MessageParts;

/** A template's parts rendered for one contact. */
export type RenderedParts = Parts;

/** A template parsed once, rendered for each contact (a campaign renders its whole audience with one). */
export interface CompiledTemplate {
  channel: MessageChannelName;
  render(scope: TemplateScope): Promise<RenderedParts>;
  /** The same parts at once when every part renders without liquidjs (plain-template.ts); undefined otherwise. */
  renderNow(scope: TemplateScope): RenderedParts | undefined;
  /** The body's plain form (plain-template.ts), or null when it has none or uses more of Liquid. */
  plainBody: PlainTemplate | null;
}

/** Parses every part of a stored template (a template saved before a limit changed may fail here too). */
export function compileTemplate(row: Pick<TemplateRow, 'channel' | 'subject' | 'body' | 'html'>): CompiledTemplate {
  const compiled: Record<keyof Parts, CompiledPart | null> = {
    subject: row.subject === null ? null : compilePart(row.subject, 'subject'),
    body: row.body === null ? null : compilePart(row.body, 'body'),
    html: row.html === null ? null : compilePart(row.html, 'html'),
  };
  const one = (name: keyof Parts, scope: TemplateScope) => (compiled[name] === null ? null : renderPart(compiled[name], scope, name));
  const now = (name: keyof Parts, scope: TemplateScope) => (compiled[name] === null ? null : renderPlainPart(compiled[name], scope, name));
  return {
    channel: row.channel,
    async render(scope) {
      return { subject: await one('subject', scope), body: await one('body', scope), html: await one('html', scope) };
    },
    plainBody: compiled.body?.plain ?? null,
    renderNow(scope) {
      const parts = { subject: now('subject', scope), body: now('body', scope), html: now('html', scope) };
      return parts.subject === undefined || parts.body === undefined || parts.html === undefined ? undefined : (parts as RenderedParts);
    },
  };
}

/** The template rules of a channel by its name (the API asks the channel registry). */
export type TemplateRulesFor = (channel: MessageChannelName) => TemplateRules;

// The parts checked by the channel's rules, then parsed.
function checkParts(rules: TemplateRules, channel: MessageChannelName, parts: Parts): void {
  rules.checkParts(parts);
  compileTemplate({ channel, ...parts });
}

/** Creates a template of the caller's profile; every part must parse (template_syntax_error naming the line). */
export async function createTemplate(db: Db, clock: Clock, caller: KeyPrincipal, input: TemplateCreate, rulesFor: TemplateRulesFor): Promise<MessageTemplate> {
  const profileId = await ownerProfile(db, caller, input.profileId);
  const parts: Parts = { subject: input.subject ?? null, body: input.body ?? null, html: input.html ?? null };
  checkParts(rulesFor(input.channel), input.channel, parts);
  const now = clock.now();
  const [row] = await db<TemplateRow[]>`
    insert into templates (id, company_id, profile_id, mode, channel, name, subject, body, html, created_at_ms, updated_at_ms)
    values (${newId('tpl', clock)}, ${caller.companyId}, ${profileId}, ${caller.mode}, ${input.channel}, ${input.name},
            ${parts.subject}, ${parts.body}, ${parts.html}, ${now}, ${now})
    returning *`;
  return templateView(row!);
}

/** One template row the caller can see, or not_found (param names where the id came from). */
export async function findTemplate(db: Db, caller: KeyPrincipal, id: string, param?: string): Promise<TemplateRow> {
  const [row] = await db<TemplateRow[]>`select * from templates where id = ${id} and ${visibleTo(db, caller, 'templates')}`;
  if (!row) throw new SentralError('not_found', { message: 'No such template.', ...(param ? { param } : {}) });
  return row;
}

/** The caller's templates, oldest first. */
export async function listTemplates(db: Db, caller: KeyPrincipal, query: TemplatePageQuery): Promise<TemplatePage> {
  const limit = query.limit ?? 50;
  const visible = visibleTo(db, caller, 'templates', query.profileId);
  const afterSeq = query.after === undefined ? 0 : await cursorSeq(db<{ seq: number }[]>`select seq from templates where id = ${query.after} and ${visible}`, 'template', 'after');
  const rows = await db<TemplateRow[]>`
    select * from templates where ${visible} and seq > ${afterSeq}
      and ${query.channel === undefined ? db`true` : db`channel = ${query.channel}`}
    order by seq limit ${limit + 1}`;
  return pageOf(rows, limit, templateView);
}

/** Changes a template's name or parts (checked and parsed like a new one's). */
export async function updateTemplate(db: Db, clock: Clock, caller: KeyPrincipal, id: string, patch: TemplateUpdate, rulesFor: TemplateRulesFor): Promise<MessageTemplate> {
  const current = await findTemplate(db, caller, id);
  const parts: Parts = {
    subject: patch.subject === undefined ? current.subject : patch.subject,
    body: patch.body === undefined ? current.body : patch.body,
    html: patch.html === undefined ? current.html : patch.html,
  };
  checkParts(rulesFor(current.channel), current.channel, parts);
  const [row] = await db<TemplateRow[]>`
    update templates set name = ${patch.name ?? current.name}, subject = ${parts.subject}, body = ${parts.body}, html = ${parts.html},
      updated_at_ms = ${clock.now()}
    where id = ${id} returning *`;
  return templateView(row!);
}

/** Deletes a template (campaigns keep the copy they were started with). */
export async function deleteTemplate(db: Db, caller: KeyPrincipal, id: string): Promise<TemplateDeleted> {
  const [row] = await db<{ id: string }[]>`delete from templates where id = ${id} and ${visibleTo(db, caller, 'templates')} returning id`;
  if (!row) throw new SentralError('not_found', { message: 'No such template.' });
  return { id: row.id, object: 'template', deleted: true };
}

/** A template as the API shows it. */
export function templateView(row: TemplateRow): MessageTemplate {
  return {
    id: row.id,
    object: 'template',
    profileId: row.profile_id,
    channel: row.channel,
    name: row.name,
    subject: row.subject,
    body: row.body,
    html: row.html,
    mode: row.mode,
    createdAt: new Date(row.created_at_ms).toISOString(),
    updatedAt: new Date(row.updated_at_ms).toISOString(),
  };
}
