import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MAX_REVIEW_SEARCH_LENGTH } from '../../lib/reviewFiltersParam';

interface ReviewSearchBoxProps {
  /** The text searched for now ('' for none); a new one starts the box again. */
  value: string;
  onSearch: (q: string) => void;
}

/** A search within one service's reviews: sent on Enter or with its button, emptied to end it. */
export function ReviewSearchBox({ value, onSearch }: ReviewSearchBoxProps) {
  const [text, setText] = useState(value);
  const [searched, setSearched] = useState(value);
  if (searched !== value) {
    setSearched(value);
    setText(value);
  }
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search these reviews"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      sx={{ flex: '1 1 14rem', maxWidth: { sm: '22rem' } }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        label="Search reviews"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // Emptying the box (or its clear button) ends the search at once.
          if (event.target.value === '' && value !== '') onSearch('');
        }}
        slotProps={{
          htmlInput: { maxLength: MAX_REVIEW_SEARCH_LENGTH },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label="Search">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
