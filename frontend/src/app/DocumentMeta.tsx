import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext, useMatches } from 'react-router-dom';
import { pageMetaOf, pendingPageMetaOf } from './pageMeta';

/**
 * Keeps the document's `<title>` and meta description those of the page shown, as the app
 * navigates. The server writes them into a page it renders (entry-server.tsx).
 */
export function DocumentMeta() {
  const matches = useMatches();
  // While the first page's loaders run (a shell the server sent, or a page the browser renders
  // alone), meta made from their data would read as if there were none ("Service not found").
  const pending = useContext(UNSAFE_DataRouterStateContext)?.initialized === false;
  const { title, description } = (pending ? pendingPageMetaOf : pageMetaOf)(matches);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
