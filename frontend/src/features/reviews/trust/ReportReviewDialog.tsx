import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { ReasonDialog, type ReasonDialogState } from '../ReasonDialog';
import { REPORT_REASON_LABELS, type ReportReason } from './reportReasons';

const MIN_OTHER_LENGTH = 3;

interface ReportReviewDialogProps extends ReasonDialogState {
  onReport: (reason: ReportReason, text?: string) => void;
}

/** Asks why the review is reported; "Other" needs a few words. */
export function ReportReviewDialog({ onReport, ...dialog }: ReportReviewDialogProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const other = reason === 'other';
  return (
    <ReasonDialog
      {...dialog}
      title="Report this review"
      explanation="Moderators look at reported reviews. You can withdraw your report later."
      fieldLabel={other ? 'What is wrong' : 'Details (optional)'}
      minRows={2}
      required={other}
      validate={(text) =>
        other && text.length < MIN_OTHER_LENGTH ? 'Say in a few words what is wrong' : undefined
      }
      confirmLabel="Send report"
      confirmColor="error"
      onConfirm={(text) => onReport(reason, text || undefined)}
    >
      <RadioGroup
        aria-label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value as ReportReason)}
      >
        {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </ReasonDialog>
  );
}
