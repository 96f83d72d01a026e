import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { truncate } from '../../components/truncate';

interface ExpandableTextProps {
  text: string;
  /** Characters shown while collapsed. */
  previewLength: number;
}

/** Text cut to `previewLength` characters plus '...', with a Read More / Read Less toggle. */
export function ExpandableText({ text, previewLength }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = text.length > previewLength;

  return (
    <>
      <Typography id={textId} sx={{ whiteSpace: 'pre-line' }}>
        {expanded ? text : truncate(text, previewLength)}
      </Typography>
      {long && (
        <Button
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
          sx={{ px: 0, mt: 1 }}
        >
          {expanded ? 'Read Less' : 'Read More'}
        </Button>
      )}
    </>
  );
}
