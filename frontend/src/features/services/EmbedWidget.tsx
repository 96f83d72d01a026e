import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useId } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<iframe>` of the service's rating widget (GET /widget/services/:id), for its owner's site. */
export function widgetSnippet(origin: string, service: { _id: string; title: string }): string {
  return (
    `<iframe src="${origin}/widget/services/${service._id}" ` +
    `title="${attribute(`${service.title} on Service Critic`)}" ` +
    'width="320" height="150" style="border:0" loading="lazy"></iframe>'
  );
}

/** Embed: the widget's snippet to paste into another site, with a copy button. */
export function EmbedWidget({ service }: { service: { _id: string; title: string } }) {
  const dispatch = useAppDispatch();
  const hintId = useId();
  const snippet = widgetSnippet(window.location.origin, service);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      dispatch(toastShown('Embed code copied'));
    } catch {
      dispatch(toastShown('Select the embed code and copy it', 'info'));
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label={`Embed ${service.title}'s rating`}>
      <Typography component="h3" variant="subtitle2">
        Embed
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        Show this service&apos;s stars, score and number of reviews on your own site: paste this
        code into its page. Add <code>?theme=dark</code> or <code>?theme=light</code> to the address
        to fix its colours.
      </Typography>
      <TextField
        label="Embed code"
        value={snippet}
        multiline
        size="small"
        slotProps={{ htmlInput: { readOnly: true, 'aria-describedby': hintId } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Copy embed code
      </Button>
    </Stack>
  );
}
