import ForumIcon from '@mui/icons-material/Forum';
import InsightsIcon from '@mui/icons-material/Insights';
import BalanceIcon from '@mui/icons-material/Balance';
import UpdateIcon from '@mui/icons-material/Update';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { HomeSection } from './HomeSection';

interface Reason {
  title: string;
  text: string;
  icon: ReactNode;
}

const REASONS: readonly Reason[] = [
  {
    title: 'Expert Analysis',
    text: 'Our analysts test delivery times, handling and support so you know what to expect before you book.',
    icon: <InsightsIcon fontSize="large" />,
  },
  {
    title: 'Unbiased Reviews',
    text: 'No paid placements: every rating comes from real shippers and is moderated by the same rules for all.',
    icon: <BalanceIcon fontSize="large" />,
  },
  {
    title: 'Community Engagement',
    text: 'Share your experience, read what others went through and help every sender make a better choice.',
    icon: <ForumIcon fontSize="large" />,
  },
  {
    title: 'Updated Information',
    text: 'Prices, coverage and ratings change; our listings and averages are refreshed as new reviews arrive.',
    icon: <UpdateIcon fontSize="large" />,
  },
];

/** The four Why Choose Us blocks; the first leads to the services. */
export function WhyChooseUs() {
  return (
    <HomeSection id="why-choose-us" title="Why Choose Us">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {REASONS.map((reason, index) => (
          <Paper
            key={reason.title}
            variant="outlined"
            sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            <Box aria-hidden sx={{ color: 'primary.main' }}>
              {reason.icon}
            </Box>
            <Typography variant="h6" component="h3">
              {reason.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {reason.text}
            </Typography>
            {index === 0 && (
              <Button
                component={RouterLink}
                to={paths.services.getHref()}
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
              >
                Explore Services
              </Button>
            )}
          </Paper>
        ))}
      </Box>
    </HomeSection>
  );
}
