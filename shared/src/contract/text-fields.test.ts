import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as contract from '../index.js';

/*
 * Every text field of every request refuses control characters (readableText): the walk below
 * finds each field of each request schema the contract exports and offers it text holding one.
 */

/** A zod schema's definition, as far as the walk reads it. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  out?: z.ZodMiniType;
  options?: z.ZodMiniType[];
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every field of `schema` by its path: object properties and list items, at any depth. */
function fieldsOf(schema: z.ZodMiniType, path: string): Array<[string, z.ZodMiniType]> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
        [`${path}.${key}`, field] as [string, z.ZodMiniType],
        ...fieldsOf(field, `${path}.${key}`),
      ]);
    case 'array':
      return def.element ? [[`${path}[]`, def.element], ...fieldsOf(def.element, `${path}[]`)] : [];
    case 'optional':
    case 'nullable':
    case 'default':
      return def.innerType ? fieldsOf(def.innerType, path) : [];
    // What a pipe takes in is checked by what comes out of it (a form's JSON, a trimmed code).
    case 'pipe':
      return def.out ? fieldsOf(def.out, path) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => fieldsOf(option, path));
    default:
      return [];
  }
}

const requestSchemas = Object.entries(contract).filter(
  (entry): entry is [string, z.ZodMiniType] =>
    /(Body|Field|Query|Row)Schema$/.test(entry[0]) && typeof entry[1] === 'object',
);

const CONTROLS = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f'];

/**
 * Fields that take some of them: a password is never shown nor kept as text (only its hash), and
 * signing in takes any that was set; a description is text with lines, each line checked.
 */
const TAKES = [
  { path: /\.password$/, controls: CONTROLS },
  { path: /\.description$/, controls: ['\n'] },
  // The shop's address and returns policy run over lines, as the seller writes them.
  { path: /\.(address|returnsPolicy)$/, controls: ['\n', '\r'] },
];

describe('every text field of every request', () => {
  it('finds the request schemas and their text fields', () => {
    expect(requestSchemas.length).toBeGreaterThan(50);
    const paths = requestSchemas.flatMap(([name, schema]) =>
      fieldsOf(schema, name).map(([path]) => path),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'productDataFieldSchema.name',
        'productUpdateFieldSchema.description',
        'addressAddBodySchema.address.street',
        'shopUpdateBodySchema.upiName',
        'counterDayCloseBodySchema.note',
        'sellerCancelOrderBodySchema.reason',
        'categoryDataFieldSchema.text',
      ]),
    );
  });

  for (const [name, schema] of requestSchemas) {
    it(`${name} refuses control characters in each of its fields`, () => {
      const accepted: string[] = [];
      for (const [path, field] of fieldsOf(schema, name)) {
        const takes = TAKES.find((rule) => rule.path.test(path))?.controls ?? [];
        for (const control of CONTROLS.filter((each) => !takes.includes(each))) {
          // Plain text, a list of it, and text in the shape of a URL and of an email address.
          const text = [
            `Asha${control}Rao`,
            `https://push.example.com/Asha${control}Rao`,
            `asha${control}rao@example.com`,
          ];
          for (const value of [...text, ...text.map((each) => [each])]) {
            if (field.safeParse(value).success) accepted.push(`${path} ${JSON.stringify(value)}`);
          }
        }
      }
      expect(accepted).toEqual([]);
    });
  }
});
