import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A signing secret, read-only, with a Copy button. */
export function SecretField({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
      <TextField
        label="Signing secret"
        value={secret}
        size="small"
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
        sx={{ flex: 1, minWidth: 260 }}
      />
      <Button variant="outlined" onClick={() => void copy()} sx={{ minHeight: 40 }}>
        {copied ? 'Copied' : 'Copy secret'}
      </Button>
    </Box>
  );
}
