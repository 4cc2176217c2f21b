import { data, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { INFO_TOPICS } from '@partsmith/contract/pages';
import { getInfoTopic } from '../../features/content/components/info-topics.ts';
import { NOT_FOUND_TITLE, pageMeta } from '../meta.ts';
import { InfoPage } from '../../features/content/components/info-page.tsx';

export default InfoPage;

export const meta: MetaFunction = ({ params }) => {
  const topic = getInfoTopic(params.topic);
  return pageMeta(topic ? `${topic.title} | Partsmith` : NOT_FOUND_TITLE);
};

/** A topic the shop has no page for is the 404 page, with its status. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!(INFO_TOPICS as readonly string[]).includes(params.topic ?? '')) {
    throw data(null, { status: 404 });
  }
  return null;
}

export const clientLoader = () => null;
