import { Type, type Static } from 'typebox';
import { SimScript } from '../media/sim-script.js';
import { PhoneNumber, Timestamp } from './common.js';

/** A number of the simulated network's own range (+442079460000 to +442079460999). */
export const SimNetworkNumber = Type.String({ pattern: '^\\+442079460[0-9]{3}$', description: '+442079460xxx' });

/** POST /admin/v1/sim/phones: define (or redefine) a scripted phone on every media node. */
export const SimPhoneDefine = Type.Object(
  {
    number: PhoneNumber,
    script: SimScript,
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
/** POST /admin/v1/sim/phones body. */
export type SimPhoneDefine = Static<typeof SimPhoneDefine>;

/** A phone of the simulated network: built in, or defined through the admin API. */
export const SimPhone = Type.Object({
  object: Type.Literal('sim_phone'),
  number: Type.String(),
  script: SimScript,
  description: Type.String(),
  builtIn: Type.Boolean({ description: 'True for the built-in directory; a defined phone on the same number replaces it' }),
  definedAt: Type.Union([Timestamp, Type.Null()], { description: 'Null for built-in phones' }),
});
/** A phone of the simulated network. */
export type SimPhone = Static<typeof SimPhone>;

/** GET /admin/v1/sim/phones: every phone, by number. */
export const SimPhoneList = Type.Object({ object: Type.Literal('list'), data: Type.Array(SimPhone) });
/** GET /admin/v1/sim/phones. */
export type SimPhoneList = Static<typeof SimPhoneList>;

/** POST /admin/v1/sim/calls: a simulated phone calls a provisioned number. */
export const SimCallCreate = Type.Object({ from: SimNetworkNumber, to: PhoneNumber }, { additionalProperties: false });
/** POST /admin/v1/sim/calls body. */
export type SimCallCreate = Static<typeof SimCallCreate>;

/** The answer of POST /admin/v1/sim/calls: the call was offered to the inbound-call handling. */
export const SimCallOffered = Type.Object({
  id: Type.String({ description: 'sim_…' }),
  object: Type.Literal('sim_call'),
  from: Type.String(),
  to: Type.String(),
  state: Type.Literal('offered'),
});
/** The answer of POST /admin/v1/sim/calls. */
export type SimCallOffered = Static<typeof SimCallOffered>;
