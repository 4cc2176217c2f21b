import type { CataloguePart } from '@partsmith/contract';
import { useParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AddToCartForm } from '../../features/cart/components/add-to-cart-form.tsx';
import { PartPage } from '../../features/catalogue/components/part-page.tsx';
import { partPageMeta, partPageTitle } from '../../features/catalogue/components/part-page-head.ts';
import { partQuery, partQueryKey, usePart } from '../../lib/get-part.ts';
import { answersFor, type PageAnswers } from '../answers.server.ts';
import { loadedAnswer } from '../loaded-answer.ts';
import { pageMeta } from '../meta.ts';

/** Its title, description, canonical URL, Open Graph tags and Product data (part-page-head.ts). */
export const meta: MetaFunction<typeof loader> = ({ data, params }) => {
  const part = loadedAnswer<CataloguePart>(data?.answers, partQueryKey(params.partsId ?? ''));
  if (!part) return pageMeta(partPageTitle(undefined));
  return partPageMeta(part, data?.origin ?? window.location.origin);
};

/** The part, rendered with its page for everybody alike; a part that does not exist is a 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const answers = await answersFor(context, (client) =>
    client.prefetchQuery(partQuery(params.partsId ?? '')),
  );
  return { ...answers, origin: new URL(request.url).origin };
}

/** In the browser, the page asks for its own answers. */
export const clientLoader = (): PageAnswers & { origin?: string } => ({ answers: null });

/** /parts/:partsId: the catalogue's page of a part, from the same answer as its purchase page. */
export default function PartRoute() {
  const { partsId = '' } = useParams();
  return <PartPage part={usePart(partsId)} buy={(part) => <AddToCartForm part={part} />} />;
}
