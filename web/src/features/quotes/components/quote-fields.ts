import {
  Id,
  PriceField,
  QuantityField,
  QuoteAnswerBody,
  QuoteRequestBody,
} from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';

/** An empty box reads as "missing": 'Quantity is Required', not a number error. */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The contract's quote request as its form fills it: each line's quantity as typed. Loaded with
 * zod when the form is first focused or checked (lazyZodResolver), not with the page. Each part
 * is one line by construction (the form has no way to add a part twice).
 */
export const QuoteRequestFields = QuoteRequestBody.extend({
  lines: z
    .array(z.object({ partId: Id, quantity: z.preprocess(blankIsMissing, QuantityField) }), {
      message: 'Ask about at least one part',
    })
    .min(1, 'Ask about at least one part'),
});

/** The contract's answer to a quote as the admin's form fills it: each unit price as typed. */
export const QuoteAnswerFields = QuoteAnswerBody.extend({
  lines: z
    .array(z.object({ partId: Id, unitPrice: z.preprocess(blankIsMissing, PriceField) }), {
      message: 'Give a unit price for every line',
    })
    .min(1, 'Give a unit price for every line'),
});
