/**
 * Mutations of JSON texts for the scanners' property tests (util/json.ts, util/json-members.ts): a few
 * characters dropped or inserted at random places, drawn from JSON's own punctuation and the bytes that
 * trip scanners, so that most mutants are almost JSON.
 */
import fc from "fast-check";

export const JSON_ALPHABET = ' \t\r\n{}[]:,"\\/-+.0123456789eEbfnrtuaAlsx\u0000\u001f\u007f\u00e9\u2028\ufeff';

export interface Mutation {
  at: number;
  drop: number;
  insert: string;
}

export const mutations = fc.array(fc.record({ at: fc.nat(), drop: fc.nat({ max: 3 }), insert: fc.string({ unit: fc.constantFrom(...JSON_ALPHABET), maxLength: 3 }) }), { maxLength: 3 });

/** `text` with each mutation applied in turn. */
export function mutated(text: string, applied: Mutation[]): string {
  let out = text;
  for (const { at, drop, insert } of applied) {
    const where = out.length === 0 ? 0 : at % (out.length + 1);
    out = out.slice(0, where) + insert + out.slice(where + drop);
  }
  return out;
}
