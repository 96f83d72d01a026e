import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

/**
 * The header's search box: finds services by name on /services?q=. A plain GET form, so it
 * works before the page is hydrated too; once it is, the app navigates without a reload.
 */
export function SiteSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(
      q ? `${paths.services.getHref()}?q=${encodeURIComponent(q)}` : paths.services.getHref(),
    );
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Find a service"
      action={paths.services.getHref()}
      method="get"
      onSubmit={submit}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        minHeight: 40,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.common.white, 0.15),
        '&:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.25) },
        order: { xs: 10, sm: 0 },
        // On phones, a row of its own but for the light/dark switch (SiteHeader).
        width: { xs: 'calc(100% - 52px)', sm: 200, lg: 240 },
        mb: { xs: 1, sm: 0 },
      })}
    >
      <label htmlFor={inputId} style={{ display: 'flex' }}>
        <SearchIcon aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          Find a service
        </Box>
      </label>
      <InputBase
        id={inputId}
        name="q"
        type="search"
        placeholder="Find a service"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ color: 'inherit', flex: 1, '& input': { py: 1 } }}
      />
    </Box>
  );
}
