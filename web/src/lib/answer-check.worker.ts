// The answer-check worker (src/lib/answer-check.ts): zod and the contract's schemas load and
// run here, off the main thread that paints the page and answers the visitor's input.
import { checkNamedAnswer, type AnswerName } from './answer-schemas.ts';

export interface AnswerCheckRequest {
  id: number;
  name: AnswerName;
  json: unknown;
}

self.onmessage = ({ data }: MessageEvent<AnswerCheckRequest>) => {
  self.postMessage({ id: data.id, ...checkNamedAnswer(data.name, data.json) });
};
