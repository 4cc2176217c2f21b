import { data, type MetaFunction } from 'react-router';
import { NOT_FOUND_TITLE, pageMeta } from '../meta.ts';
import { NotFoundPage } from '../../features/content/components/not-found-page.tsx';

export const meta: MetaFunction = () => pageMeta(NOT_FOUND_TITLE);

/** Any path no page has: the 404 page, with its status. */
export const loader = () => data(null, { status: 404 });

/** In the browser, nothing to ask the server. */
export const clientLoader = () => null;

export default NotFoundPage;
