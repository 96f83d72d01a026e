import { ReasonDialog, type ReasonDialogState } from '../ReasonDialog';

const MIN_APPEAL_LENGTH = 10;

interface AppealDialogProps extends ReasonDialogState {
  onAppeal: (text: string) => void;
}

/** The author's appeal of a decision: one per decision, so it asks for the whole case. */
export function AppealDialog({ onAppeal, ...dialog }: AppealDialogProps) {
  return (
    <ReasonDialog
      {...dialog}
      title="Appeal this decision"
      explanation="You can appeal each decision once. An admin reads your appeal and decides."
      fieldLabel="Why the decision is wrong"
      minRows={3}
      validate={(text) =>
        text.length < MIN_APPEAL_LENGTH
          ? `Write at least ${MIN_APPEAL_LENGTH} characters`
          : undefined
      }
      confirmLabel="Send appeal"
      onConfirm={onAppeal}
    />
  );
}
