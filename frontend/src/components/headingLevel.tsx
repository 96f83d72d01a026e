import { createContext, useContext, type ReactNode } from 'react';

type Level = 1 | 2 | 3 | 4 | 5;
type SubheadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The level of the heading that the content being rendered sits under (h2 unless said). */
const HeadingLevelContext = createContext<Level>(2);

/** Tells widgets inside that they sit under a heading of `level` (TitledPage: its h1). */
export function UnderHeading({ level, children }: { level: Level; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/**
 * The tag for a widget's own heading (a card's title): one level below the heading it sits
 * under, so headings go in order wherever the widget is shown.
 */
export function useSubheading(): SubheadingTag {
  return `h${useContext(HeadingLevelContext) + 1}` as SubheadingTag;
}
