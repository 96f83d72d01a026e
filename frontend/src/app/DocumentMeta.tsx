import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { pageMetaOf } from './pageMeta';

/**
 * Keeps the document's `<title>` and meta description those of the page shown, as the app
 * navigates. The server writes them into a page it renders (entry-server.tsx).
 */
export function DocumentMeta() {
  const { title, description } = pageMetaOf(useMatches());
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
