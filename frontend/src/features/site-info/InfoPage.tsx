import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TitledPage } from '../../components/TitledPage';

export interface InfoSection {
  heading: string;
  /** Paragraphs, then an optional list. */
  paragraphs: readonly string[];
  items?: readonly string[];
}

/** A page of plain text in titled sections: About, Guidelines, Privacy, Terms. */
export function InfoPage({ title, sections }: { title: string; sections: readonly InfoSection[] }) {
  return (
    <TitledPage title={title}>
      {sections.map((section) => (
        <Stack component="section" key={section.heading} spacing={1.5} sx={{ maxWidth: '70ch' }}>
          <Typography variant="h5" component="h2">
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph}>{paragraph}</Typography>
          ))}
          {section.items && (
            <Typography component="ul" sx={{ pl: 3, my: 0 }}>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Typography>
          )}
        </Stack>
      ))}
    </TitledPage>
  );
}
