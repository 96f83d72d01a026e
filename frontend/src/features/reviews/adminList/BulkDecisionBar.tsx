import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useDecideReviewsMutation } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import { RejectReviewDialog } from '../RejectReviewDialog';
import { bulkOutcomeMessage } from './bulkOutcome';

interface BulkDecisionBarProps {
  /** The reviews of the page shown, and those of them selected. */
  pageIds: string[];
  selected: string[];
  onSelect: (ids: string[]) => void;
}

/** Selects the page's reviews and approves or rejects the selected ones in one request. */
export function BulkDecisionBar({ pageIds, selected, onSelect }: BulkDecisionBarProps) {
  const [rejecting, setRejecting] = useState(false);
  const [decide, decision] = useDecideReviewsMutation();
  const dispatch = useAppDispatch();
  const allSelected = pageIds.length > 0 && selected.length === pageIds.length;

  const run = async (body: { decision: 'approve' | 'reject'; reason?: string }) => {
    const result = await decide({ bulkModerationDto: { ...body, ids: selected } });
    setRejecting(false);
    if (result.error) {
      dispatch(toastShown(errorMessage(result.error), 'error'));
      return;
    }
    const outcomes = result.data.results;
    const done = body.decision === 'approve' ? 'approved' : 'rejected';
    const allDone = outcomes.every((outcome) => outcome.success);
    dispatch(toastShown(bulkOutcomeMessage(outcomes, done), allDone ? 'success' : 'info'));
    onSelect([]);
  };

  return (
    <Box
      role="toolbar"
      aria-label="Selected reviews"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <FormControlLabel
        label="Select all on this page"
        control={
          <Checkbox
            checked={allSelected}
            indeterminate={selected.length > 0 && !allSelected}
            disabled={pageIds.length === 0}
            onChange={(event) => onSelect(event.target.checked ? pageIds : [])}
          />
        }
      />
      <Button
        variant="contained"
        color="success"
        disabled={selected.length === 0 || decision.isLoading}
        onClick={() => void run({ decision: 'approve' })}
      >
        Approve selected ({selected.length})
      </Button>
      <Button
        color="error"
        disabled={selected.length === 0 || decision.isLoading}
        onClick={() => setRejecting(true)}
      >
        Reject selected ({selected.length})
      </Button>
      <RejectReviewDialog
        title={`Reject ${selected.length === 1 ? 'this review' : `${selected.length} reviews`}?`}
        open={rejecting}
        busy={decision.isLoading}
        onReject={(reason) => void run({ decision: 'reject', reason })}
        onCancel={() => setRejecting(false)}
      />
    </Box>
  );
}
