import { Type, type Static } from 'typebox';

/** The one error body every failing response carries. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'A code from the error catalogue, e.g. not_found.' }),
      message: Type.String({ description: 'What went wrong, for a person.' }),
      param: Type.Optional(Type.String({ description: 'The request field or header at fault.' })),
      requestId: Type.String({ description: 'Id of this request (also in the request-id header).' }),
    }),
  },
  { $id: 'ErrorBody', title: 'ErrorBody' },
);
/** The one error body every failing response carries. */
export type ErrorBody = Static<typeof ErrorBody>;
