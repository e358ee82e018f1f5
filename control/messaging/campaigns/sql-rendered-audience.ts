import type { PendingQuery, Row } from 'postgres';
import type { Tx } from '../../../shared/db/database.js';
import type { PlainTemplate } from '../templates/plain-template.js';
import { TEMPLATE_OUTPUT_LIMIT } from '../templates/template-engine.js';
import { GSM7_BASIC_CHARACTERS } from '../sms/sms-units.js';
import { SMS_MAX_UNITS } from '../../../protocol/messaging/sms.js';

type Fragment = PendingQuery<Row[]>;

/** A plain template's text as an SQL expression over the contact `c`, and when a row needs JavaScript instead. */
export interface SqlRenderedText {
  text: Fragment;
  /** True for a contact whose values plainTemplate would not print (a number, a boolean, a property of a string). */
  inJs: Fragment;
}

// The contact's fields as a template sees them (contactScope), by the column they are read from.
const COLUMNS: Record<string, string> = { name: 'name', phone: 'phone', email: 'email', externalRef: 'external_ref' };

// Texts of only basic GSM-7 characters, as smsUnits counts them directly ('-' last: a range otherwise).
const GSM7_BASIC_SQL = `^[${GSM7_BASIC_CHARACTERS.replace('-', '')}-]*$`;

/**
 * The SQL form of a plain SMS template (plain-template.ts), or null when one of its outputs reaches what
 * the SQL form does not read (the contact or its attributes printed whole). It answers what
 * plainTemplate's render does for the same contact: a field or attribute printed as text, a null or
 * missing one as nothing, a name not under `contact` as nothing; a contact whose value plainTemplate
 * would not print is marked for JavaScript (inJs).
 */
export function sqlRenderedText(tx: Tx, template: PlainTemplate): SqlRenderedText | null {
  let text: Fragment = tx`${template.literals[0]!}::text`;
  let inJs: Fragment = tx`false`;
  for (let i = 0; i < template.paths.length; i++) {
    const path = template.paths[i]!;
    let value: Fragment;
    if (path[0] !== 'contact') value = tx`''`;
    else if (path.length === 1) return null;
    else if (path[1] === 'attributes') {
      if (path.length === 2) return null;
      const json = tx`c.attributes -> ${path[2]!}::text`;
      // A string prints; null or missing prints nothing; anything deeper than an attribute is a property of a value.
      value = path.length === 3 ? tx`(case jsonb_typeof(${json}) when 'string' then ${json} #>> '{}' else '' end)` : tx`''`;
      inJs = tx`${inJs} or coalesce(jsonb_typeof(${json}), 'null') not in (${path.length === 3 ? tx`'string', 'null'` : tx`'null'`})`;
    } else {
      const column = Object.hasOwn(COLUMNS, path[1]!) ? COLUMNS[path[1]!] : undefined;
      if (column === undefined) value = tx`''`;
      else if (path.length === 2) value = tx`coalesce(${tx(`c.${column}`)}, '')`;
      else {
        value = tx`''`;
        inJs = tx`${inJs} or ${tx(`c.${column}`)} is not null`;
      }
    }
    text = tx`${text} || ${value} || ${template.literals[i + 1]!}::text`;
  }
  return { text, inJs };
}

/** An audience query in two pieces: its select list (`id`, `address` and `suppressed` among them) and its from and where over contacts `c`. */
export interface AudienceQuery {
  columns: Fragment;
  from: Fragment;
}

/**
 * Renders, prices and stores an SMS campaign's audience in one statement, in the audience's order (the
 * contacts' seq): every contact whose text is basic GSM-7 is judged as the start judges it in JavaScript
 * (address missing, opted out, output limit, empty text, too many units, else pending at its units'
 * price, smsUnits' direct count) and stored; the others are returned with their positions for JavaScript
 * to render and judge (text beyond basic GSM-7, a value the SQL form does not print).
 */
export async function storeSqlRenderedSms<T extends Row>(tx: Tx, campaignId: string, audience: AudienceQuery, rendered: SqlRenderedText, smsUnitOre: number): Promise<Array<T & { position: number }>> {
  return tx<Array<T & { position: number }>>`
    with judged as (
      -- offset 0 keeps each contact's text computed once (a flattened subquery would compute it per use).
      select a.*, case
        when a.address is null then 'contact_address_missing'
        when a.suppressed then 'recipient_opted_out'
        when a.in_js or a.text !~ ${GSM7_BASIC_SQL} then null
        when a.length > ${TEMPLATE_OUTPUT_LIMIT} then 'template_limit_exceeded'
        when btrim(a.text, ${' \n\r'}) = '' then 'template_render_error'
        when a.units > ${SMS_MAX_UNITS} then 'too_many_units'
        else '' end as verdict
      from (
        select r.*, char_length(r.text) as length, case when char_length(r.text) <= 160 then 1 else ceil(char_length(r.text) / 153.0)::int end as units
        from (
          select (row_number() over (order by c.seq))::int - 1 as position, ${audience.columns}, ${rendered.text} as text, ${rendered.inJs} as in_js
          ${audience.from}
          offset 0
        ) r
        offset 0
      ) a
    ), stored as (
      insert into campaign_recipients (campaign_id, position, contact_id, address, state, skip_reason, content, price_ore)
      select ${campaignId}, j.position, j.id, j.address, case when j.verdict = '' then 'pending' else 'skipped' end, nullif(j.verdict, ''),
             case when j.verdict = '' then jsonb_build_object('text', j.text, 'encoding', 'gsm7', 'units', j.units) end,
             case when j.verdict = '' then j.units * ${smsUnitOre}::bigint else 0 end
      from judged j
      where j.verdict is not null
    )
    select j.* from judged j where j.verdict is null order by j.position`;
}
