import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { isRegion, REGIONS, regionLabel } from '../../lib/regions';
import { categoryLabel, useServiceCategories } from './useServiceCategories';
import { SORT_OPTIONS, type ServiceQuery, type ServiceSort } from './serviceQuery';

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ServiceFiltersProps {
  query: ServiceQuery;
  /** Changes the query; `typing` marks search-box edits, which replace the history entry. */
  onChange: (changes: Partial<ServiceQuery>, typing?: boolean) => void;
}

/** Search box, category and region filters and sort order of the services page. */
export function ServiceFilters({ query, onChange }: ServiceFiltersProps) {
  const categories = useServiceCategories();
  const [text, setText] = useState(query.q);
  const searchTimer = useRef<number | undefined>(undefined);
  // The router moves the URL before React re-renders with it, so a search typed right after
  // another change must apply the onChange of the latest render, not the one typing began in.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // Back/forward (or a link) changes the URL's q: show it in the box.
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  const onSearchInput = (value: string) => {
    setText(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(
      () => latestOnChange.current({ q: value.trim(), page: 1 }, true),
      SEARCH_DEBOUNCE_MS,
    );
  };

  return (
    <Box
      role="search"
      aria-label="Search and filter services"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
        mb: 3,
      }}
    >
      <TextField
        label="Search services"
        type="search"
        value={text}
        onChange={(event) => onSearchInput(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Category"
        value={categories.includes(query.category) ? query.category : ''}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        onChange={(event) => onChange({ category: event.target.value, page: 1 })}
      >
        <MenuItem value="">All categories</MenuItem>
        {categories.map((category) => (
          <MenuItem key={category} value={category}>
            {categoryLabel(category)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Region"
        value={query.region}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        onChange={({ target: { value } }) =>
          onChange({ region: isRegion(value) ? value : '', page: 1 })
        }
      >
        <MenuItem value="">All regions</MenuItem>
        {REGIONS.map((region) => (
          <MenuItem key={region} value={region}>
            {regionLabel(region)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Sort by"
        value={query.sort}
        onChange={(event) => onChange({ sort: event.target.value as ServiceSort, page: 1 })}
      >
        {SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
