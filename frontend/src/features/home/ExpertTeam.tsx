import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TEAM } from './team';
import { HomeSection } from './HomeSection';
import { GridList } from '../../components/GridList';
import { initialsOf } from '../../components/UserIdentity';

/** 'Our Expert Team': eight members with their role titles, four columns on wide screens. */
export function ExpertTeam() {
  return (
    <HomeSection id="expert-team" title="Our Expert Team">
      <GridList
        aria-labelledby="expert-team-heading"
        columns={{ xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
      >
        {TEAM.map((member) => (
          <Box component="li" key={member.name} sx={{ textAlign: 'center' }}>
            <Avatar
              src={member.image}
              alt={`Portrait of ${member.name}`}
              slotProps={{ img: { loading: 'lazy' } }}
              sx={{ width: 120, height: 120, mx: 'auto', mb: 1.5, fontSize: '2.5rem' }}
            >
              {initialsOf(member.name)}
            </Avatar>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {member.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {member.role}
            </Typography>
          </Box>
        ))}
      </GridList>
    </HomeSection>
  );
}
