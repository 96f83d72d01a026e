import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';

interface EditedMarkProps {
  /** When the text was last edited; nothing is shown without it. */
  editedAt?: string;
  /** How many earlier versions were kept. */
  versionCount: number;
  /** The dialog listing the versions (rendered once first opened: it may be loaded lazily). */
  renderVersions: (open: boolean, onClose: () => void) => ReactNode;
}

/** "Edited <date>" on an edited text (a review, a reply), and its earlier versions for anyone. */
export function EditedMark({ editedAt, versionCount, renderVersions }: EditedMarkProps) {
  // Undefined until first opened: the dialog is not rendered, nor loaded, before.
  const [open, setOpen] = useState<boolean>();
  if (!editedAt || versionCount === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Edited <time dateTime={editedAt}>{formatDate(editedAt)}</time> ·{' '}
      <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setOpen(true)}>
        Earlier versions ({versionCount})
      </Button>
      {open !== undefined && (
        <Suspense fallback={null}>{renderVersions(open, () => setOpen(false))}</Suspense>
      )}
    </Typography>
  );
}
